export { Field } from './Field';
export type { FieldProps, FieldIds } from './Field';
export {
  FIELD_NAME_ATTRIBUTE,
  FOCUS_DELAY_MS,
  ServerFieldErrorsProvider,
  focusFirstMarked,
  useServerFieldError,
  type ServerFieldError,
} from './useServerFieldError';
