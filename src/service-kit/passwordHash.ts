/**
 * Password hashing of both embedded services: argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane), a
 * verification that tells a corrupt stored hash apart from a wrong password, and a dummy check that spends the
 * same time when there is no account, so timing does not reveal which accounts exist.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** `algorithm` 2 = Argon2id (a const enum upstream, which isolated modules cannot inline). */
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The part of a pino/Fastify logger the check writes to. */
export interface HashCheckLog {
  error(fields: Record<string, unknown>, message: string): void;
}

/** Whose hash is checked: named in the log line when the stored hash is corrupt (the hash itself never is). */
export interface HashOwner {
  account: string | number;
  log: HashCheckLog;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

let dummy: Promise<string> | null = null;
/** A hash of a random password, made once; verifying against it costs what a real check costs. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummy;
}

/** Spends one verification's time on a password that has no account to check against. */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verify(await dummyHash(), password);
}

/**
 * True when `password` matches `stored`. A stored value that is not an argon2 hash (truncated, edited, another
 * scheme) cannot match anything: the caller sees a wrong password, and the log gets an error naming the account so
 * an operator can reset it. The dummy check keeps such a refusal as slow as a real one.
 */
export async function verifyPassword(stored: string, password: string, owner: HashOwner): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    owner.log.error(
      { account: owner.account },
      'stored password hash is corrupt; the account cannot sign in',
    );
    await burnPasswordCheck(password);
    return false;
  }
}
