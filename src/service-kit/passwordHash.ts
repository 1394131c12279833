/**
 * Password hashing of both embedded services: argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane), a
 * verification that tells a corrupt stored hash apart from a wrong password, and a dummy check that spends the
 * same time when there is no account, so timing does not reveal which accounts exist.
 *
 * The cost is the `passwordHashCost` setting (`RAMPART_PASSWORD_HASH_COST`), applied by each service at start. A
 * hash names its own parameters (`$argon2id$v=19$m=…,t=…,p=…$`), so a hash made at one cost verifies at the other.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashCost } from '../../config';

/** `algorithm` 2 = Argon2id (a const enum upstream, which isolated modules cannot inline). */
const ARGON2_ID = 2;
/** Memory (KiB), passes and lanes of each cost. `minimal` is the least argon2id allows: for test runs only. */
export const PASSWORD_HASH_COSTS: Record<
  PasswordHashCost,
  { memoryCost: number; timeCost: number; parallelism: number }
> = {
  owasp: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  minimal: { memoryCost: 64, timeCost: 1, parallelism: 1 },
};

let cost: PasswordHashCost = 'owasp';

/** The part of a pino/Fastify logger the start-up warning goes to. */
export interface HashCostLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

/**
 * Sets the cost of new hashes (and of the dummy check) from the service's configuration; a cost below the OWASP
 * baseline is logged as a warning, since it is meant for test runs and makes stolen hashes cheap to crack.
 */
export function applyPasswordHashCost(next: PasswordHashCost, log: HashCostLog): void {
  cost = next;
  if (next !== 'owasp')
    log.warn(
      { passwordHashCost: next, ...PASSWORD_HASH_COSTS[next] },
      'password hashing is below the OWASP baseline (RAMPART_PASSWORD_HASH_COST): for test runs only',
    );
}

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
  return hash(password, { algorithm: ARGON2_ID, ...PASSWORD_HASH_COSTS[cost] });
}

const dummies = new Map<PasswordHashCost, Promise<string>>();
/** A hash of a random password at the current cost, made once; verifying against it costs what a real check costs. */
export function dummyHash(): Promise<string> {
  let dummy = dummies.get(cost);
  if (!dummy) {
    dummy = hashPassword(randomBytes(18).toString('base64url'));
    dummies.set(cost, dummy);
  }
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
