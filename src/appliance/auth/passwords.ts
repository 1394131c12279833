/** Local account passwords: the shared argon2id hashing, the local password policy and the initial password. */
import crypto from 'node:crypto';

export {
  applyPasswordHashCost,
  burnPasswordCheck,
  dummyHash,
  hashPassword,
  verifyPassword,
} from '../../service-kit/passwordHash';

/** Password policy of local accounts. */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/contracts/authentication';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** A random password of `length` characters from an unambiguous alphabet (no 0/O, 1/l/I). */
export function generatePassword(length = 20): string {
  let out = '';
  while (out.length < length) {
    const b = crypto.randomBytes(1)[0];
    // Rejection sampling keeps the distribution uniform.
    if (b < 256 - (256 % ALPHABET.length)) out += ALPHABET[b % ALPHABET.length];
  }
  return out;
}
