export { TextInput, INFO_HINT_MS, REQUIRED_TEXT } from './TextInput';
export type { TextInputProps, TextInputState } from './TextInput';
