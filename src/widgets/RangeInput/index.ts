export { RangeInput } from './RangeInput';
export type { RangeInputProps } from './RangeInput';
