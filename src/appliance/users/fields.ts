/** The rules of an account's fields the schema cannot say: the Users page's and a configuration document's. */
import { isEmail } from '../../lib/validation/validators';
import type { ErrorItem } from '../http/errors';

/** A real calendar day `YYYY-MM-DD` (an account's last day). */
export const validDay = (s: string) =>
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** The rules of an account's fields the schema cannot say (the Users page's and a configuration document's). */
export function accountFieldErrors(body: { email?: string; expires_at?: string | null }): ErrorItem[] {
  // The e-mail address is optional: empty, or a valid address (§5).
  if (body.email && !isEmail(body.email))
    return [{ loc: ['body', 'email'], msg: 'value is not a valid email address', type: 'value_error.email' }];
  if (body.expires_at && !validDay(body.expires_at))
    return [{ loc: ['body', 'expires_at'], msg: 'invalid date format', type: 'value_error.date' }];
  return [];
}
