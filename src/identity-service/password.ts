/** Password hashing (argon2id) and the password policy of sign-up and settings. */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { passwordProblem } from '../service-kit/passwordPolicy';
import { MSG, uiText, type UiText } from './text';

/** OWASP argon2id baseline: 19 MiB, 2 passes, 1 lane. `algorithm` 2 = Argon2id (a const enum upstream). */
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Spends the same time as a real check when the account does not exist, so timing does not reveal accounts. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

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
