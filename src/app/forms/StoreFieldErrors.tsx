/**
 * Connects the store's field errors (put there by the one error handler, spec §8) to every form input: the widgets
 * and any page's own inputs read them with `useServerFieldError(name)` from `src/widgets/Field`. A value change of a
 * marked field dispatches `fieldValueChanged`, which lifts the mark (§4 forced-invalid).
 */
import { useCallback, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/createStore';
import { fieldValueChanged } from '../../store/slices/fieldErrors.slice';
// The hook's own module, not the Field barrel: every page loads this, and Field.tsx brings its styles along.
import { ServerFieldErrorsProvider } from '../../widgets/Field/useServerFieldError';

export function StoreFieldErrors({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const errors = useAppSelector((s) => s.fieldErrors);
  const clear = useCallback((name: string) => dispatch(fieldValueChanged({ name })), [dispatch]);
  return (
    <ServerFieldErrorsProvider errors={errors} onValueChange={clear}>
      {children}
    </ServerFieldErrorsProvider>
  );
}
