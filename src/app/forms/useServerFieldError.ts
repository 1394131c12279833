/**
 * The server field error of one input, for pages that build their own inputs: `{ error, clear }` (see
 * `src/widgets/Field/useServerFieldError.tsx`). It lives with the widgets, which use it too; the store feeds it
 * through `StoreFieldErrors`, mounted once for the whole app in `AppProviders`.
 */
export {
  useServerFieldError,
  FIELD_NAME_ATTRIBUTE,
  type ServerFieldError,
} from '../../widgets/Field/useServerFieldError';
