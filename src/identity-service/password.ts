/** The password policy of sign-up and settings (hashing is the shared argon2id of service-kit). */
import { passwordProblem } from '../service-kit/passwordPolicy';
import { MSG, uiText, type UiText } from './text';

export {
  applyPasswordHashCost,
  burnPasswordCheck,
  hashPassword,
  verifyPassword,
} from '../service-kit/passwordHash';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * The policy message for `password`, or null when it may be used: Kratos' length messages, 4000031 when it is built
 * on the e-mail address, 4000005 with the reason of the shared policy (too weak, too common).
 */
export function passwordPolicy(password: string, email: string): UiText | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH)
    return uiText(MSG.passwordMinLength, { min_length: PASSWORD_MIN_LENGTH, actual_length: length });
  if (length > PASSWORD_MAX_LENGTH)
    return uiText(MSG.passwordMaxLength, { max_length: PASSWORD_MAX_LENGTH, actual_length: length });
  const mail = email.trim();
  const problem = passwordProblem(password, mail ? [mail, mail.split('@')[0] ?? ''] : []);
  if (!problem) return null;
  if (problem.code === 'user_name') return uiText(MSG.passwordTooSimilar);
  return uiText(MSG.passwordPolicy, { reason: problem.reason });
}

/** The spec §5 e-mail pattern, shared with the console's validators. */
export { EMAIL_PATTERN } from '../shared/email';
export const EMAIL_MAX_LENGTH = 320;
