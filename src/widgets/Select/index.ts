export { Select, SELECT_REQUIRED_TEXT } from './Select';
export type { SelectProps, SelectOption } from './Select';
