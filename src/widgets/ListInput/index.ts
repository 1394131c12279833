export { ListInput, CONFIRM_TEXT, REMOVE_ALL_CONFIRM_MS } from './ListInput';
export type { ListInputProps } from './ListInput';
