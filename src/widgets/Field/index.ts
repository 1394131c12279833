export { Field } from './Field';
export type { FieldProps, FieldIds } from './Field';
