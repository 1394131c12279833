/** Password hashing (argon2id, OWASP parameters) and the generated one-time initial password. */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id = 2 (`Algorithm` is a const enum, which isolated modules cannot inline).
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Password policy of local accounts. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/**
 * A hash of a random password, verified for unknown users so that a login for a name that does not exist takes as
 * long as one for a name that does (no user enumeration by timing).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(18).toString('base64url'));
  return dummy;
}

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
