/**
 * Server-marked field errors (spec §4 "forced-invalid", §8 "the first field-located item highlights the input named
 * by the joined location"): the app provides the marked fields (`ServerFieldErrorsProvider`, fed by the store's
 * fieldErrors slice); an input reads the mark for its name with `useServerFieldError(name)`, shows it under itself
 * and calls `clear()` when the user changes its value (the mark lasts until then). The provider moves focus to the
 * first marked input on the page after the §9 focus delay.
 *
 * The widgets know no store: any page's own inputs can use this hook the same way (name the control with `name`, or
 * `data-field-name` when the control's name differs from the server's field name).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';

/** §9 focus delay: the first marked input receives focus 50 ms after the marks arrive. */
export const FOCUS_DELAY_MS = 50;

/** The attribute naming a control after the server's field, when its `name` differs (e.g. `new_password`). */
export const FIELD_NAME_ATTRIBUTE = 'data-field-name';

interface ServerFieldErrorsValue {
  errors: Readonly<Record<string, string>>;
  clear: (name: string) => void;
}

const noErrors: ServerFieldErrorsValue = { errors: {}, clear: () => {} };
const ServerFieldErrorsContext = createContext<ServerFieldErrorsValue>(noErrors);

export interface ServerFieldError {
  /** The server's message for this field, while it is marked. */
  error: string | undefined;
  /** Clears the mark (call it when the value changes). */
  clear: () => void;
}

export function useServerFieldError(name: string | undefined): ServerFieldError {
  const { errors, clear } = useContext(ServerFieldErrorsContext);
  const error = name ? errors[name] : undefined;
  const clearThis = useCallback(() => {
    if (name && error !== undefined) clear(name);
  }, [clear, error, name]);
  return { error, clear: clearThis };
}

const fieldNameOf = (el: Element) => el.getAttribute(FIELD_NAME_ATTRIBUTE) ?? el.getAttribute('name');

/** Focuses the first control, in document order, named after a marked field. */
export function focusFirstMarked(names: ReadonlySet<string>, root: ParentNode = document): boolean {
  const candidates = root.querySelectorAll<HTMLElement>(`[${FIELD_NAME_ATTRIBUTE}], [name]`);
  for (const el of candidates) {
    const name = fieldNameOf(el);
    if (!name || !names.has(name)) continue;
    if ((el as HTMLInputElement).type === 'hidden' || (el as HTMLInputElement).disabled) continue;
    el.focus();
    return true;
  }
  return false;
}

export function ServerFieldErrorsProvider({
  errors,
  onValueChange,
  children,
}: {
  errors: Readonly<Record<string, string>>;
  /** The user changed the value of a marked field: the mark goes. */
  onValueChange: (name: string) => void;
  children: ReactNode;
}) {
  const seen = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const names = new Set(Object.keys(errors));
    const fresh = [...names].some((n) => !seen.current.has(n));
    seen.current = names;
    if (!fresh) return;
    const timer = setTimeout(() => focusFirstMarked(names), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [errors]);
  const value = useMemo(() => ({ errors, clear: onValueChange }), [errors, onValueChange]);
  return <ServerFieldErrorsContext.Provider value={value}>{children}</ServerFieldErrorsContext.Provider>;
}
