/**
 * The account forms' field checks as Formik `validate` functions: required fields and a pattern, which is all the
 * login and change-password forms need (a schema library would add about 10 KB to the login page's first script).
 * Each field reports its first failing check; `trim` checks the value without surrounding spaces, as typed codes
 * and names often carry them.
 */
export type Check = (value: string) => string | undefined;

export const required =
  (message: string, options: { trim?: boolean } = {}): Check =>
  (value) =>
    (options.trim ? value.trim() : value) === '' ? message : undefined;

export const matches =
  (pattern: RegExp, message: string, options: { trim?: boolean } = {}): Check =>
  (value) =>
    pattern.test(options.trim ? value.trim() : value) ? undefined : message;

export function fieldChecks<V extends object>(rules: { [K in keyof V]?: Check[] }): (values: V) => {
  [K in keyof V]?: string;
} {
  return (values) => {
    const errors: { [K in keyof V]?: string } = {};
    for (const key of Object.keys(rules) as Array<keyof V>) {
      const raw = values[key];
      const value = typeof raw === 'string' ? raw : '';
      for (const check of rules[key] ?? []) {
        const error = check(value);
        if (error) {
          errors[key] = error;
          break;
        }
      }
    }
    return errors;
  };
}
