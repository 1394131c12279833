/**
 * The lockout policy (`{api}config/lockout`), its simulator over the recorded failures and the lock queue
 * (`{api}auth/lockouts`, under the auth base).
 */
import { type Static, Type } from '@sinclair/typebox';
import { SIGN_IN_SERVICES } from '../../signIns';
import { endpoint } from '../endpoint';
import { epochMs, stringEnum } from '../fields';
import { SERVICE_IDS } from './services';

export const LOCKOUT_LIMITS = {
  attempts: { minimum: 1, maximum: 100 },
  window_seconds: { minimum: 1, maximum: 86400 },
  duration_seconds: { minimum: 1, maximum: 86400 },
} as const;

export const ALLOW_LIST_MAX = 100;

const lockoutRule = (attempts: { minimum: number; maximum: number }) =>
  Type.Object(
    {
      attempts: Type.Integer(attempts),
      window_seconds: Type.Integer(LOCKOUT_LIMITS.window_seconds),
    },
    { additionalProperties: false },
  );

const lockoutBase = {
  attempts: Type.Integer(LOCKOUT_LIMITS.attempts),
  window_seconds: Type.Integer(LOCKOUT_LIMITS.window_seconds),
  duration_seconds: Type.Integer(LOCKOUT_LIMITS.duration_seconds),
};

const accountRule = lockoutRule({ minimum: 1, maximum: 1000 });

const sourceRule = Type.Unsafe<{ attempts: number; window_seconds: number } | null>({
  anyOf: [{ type: 'null' }, lockoutRule({ minimum: 1, maximum: 10000 })],
});

const allowList = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: ALLOW_LIST_MAX });

/** `PUT {api}config/lockout`: the (account, address) rule; the other parts are optional (absent keeps them). */
export const lockoutPolicyBody = Type.Object(
  {
    ...lockoutBase,
    account: Type.Optional(accountRule),
    source: Type.Optional(sourceRule),
    allow_list: Type.Optional(allowList),
  },
  { additionalProperties: false },
);

export type LockoutPolicyBody = Static<typeof lockoutPolicyBody>;

/** `GET {api}config/lockout`: the whole policy. */
export const lockoutPolicy = Type.Object({
  ...lockoutBase,
  /** Per-account rule (failures of one name from every address). */
  account: accountRule,
  /** Per-source rule (failures from one address over every name); null when off. */
  source: sourceRule,
  /** Networks (CIDR, IPv4 or IPv6) never locked. */
  allow_list: Type.Array(Type.String()),
});

export type LockoutPolicy = Static<typeof lockoutPolicy>;

/** A safe-apply confirmation window (a stricter policy is kept only when an admin confirms it in time). */
export const confirmation = Type.Object({
  id: Type.String(),
  service: Type.String(),
  changes: Type.Array(Type.String()),
  deadline: epochMs(),
  seconds_left: Type.Number(),
});

/** The answer of `PUT {api}config/lockout`: the policy and, when it was stricter, its confirmation window. */
export const savedLockoutPolicy = Type.Composite([
  lockoutPolicy,
  Type.Object({ confirmation: Type.Union([confirmation, Type.Null()]) }),
]);

const signInService = stringEnum(SIGN_IN_SERVICES);

/** A lock of the queue (`GET {auth}/lockouts`). */
export const lockoutEntry = Type.Object({
  /** Null: an address refused for every name (per-source rule). */
  username: Type.Union([Type.String(), Type.Null()]),
  /** Client address the lock applies to; null = every address (per-name ceiling). */
  source: Type.Union([Type.String(), Type.Null()]),
  /** One lock for every entry point; this is the service that saw most of its failures (null when none is known). */
  service: Type.Union([signInService, Type.Null()]),
  /** Every service whose failures count toward the lock, most failures first. */
  services: Type.Array(Type.Object({ service: signInService, failures: Type.Integer({ minimum: 0 }) })),
  locked_until: Type.String(),
  seconds_left: Type.Integer({ minimum: 1 }),
});

export type LockoutEntry = Static<typeof lockoutEntry>;

export const lockouts = Type.Object({ data: Type.Array(lockoutEntry) });

export const lockoutNameParams = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 320 }) },
  { additionalProperties: false },
);

export const lockoutAddressParams = Type.Object(
  { address: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

/** `POST {api}users/lockout-simulation`: a candidate policy. */
export const lockoutSimulationBody = Type.Object(lockoutBase, { additionalProperties: false });

export type LockoutSimulationBody = Static<typeof lockoutSimulationBody>;

/** Who a candidate policy would have locked over the last days' recorded failures. */
export const lockoutSimulation = Type.Object({
  since: epochMs(),
  failures: Type.Integer({ minimum: 0 }),
  locks: Type.Array(
    Type.Object({
      username: Type.String(),
      source: Type.String(),
      service: stringEnum(SERVICE_IDS),
      locked_at: epochMs(),
    }),
  ),
});

export type LockoutSimulation = Static<typeof lockoutSimulation>;

export const getLockoutPolicy = endpoint({
  method: 'GET',
  path: 'config/lockout',
  response: lockoutPolicy,
  summary: 'The lockout policy',
});

export const putLockoutPolicy = endpoint({
  method: 'PUT',
  path: 'config/lockout',
  body: lockoutPolicyBody,
  response: savedLockoutPolicy,
  summary: 'Change the lockout policy (a stricter one waits for a confirmation)',
});

export const simulateLockoutPolicy = endpoint({
  method: 'POST',
  path: 'users/lockout-simulation',
  body: lockoutSimulationBody,
  response: lockoutSimulation,
  summary: 'Whom a candidate lockout policy would have locked over the recorded failures',
});

/** The lock queue lives under the auth base, which is `{api}auth` by default (the console's paths assume it). */
export const getLockouts = endpoint({
  method: 'GET',
  path: 'auth/lockouts',
  response: lockouts,
  summary: 'Names and addresses refused now, with the time left',
});

export const unlockName = endpoint({
  method: 'DELETE',
  path: 'auth/lockouts/:name',
  params: lockoutNameParams,
  status: 204,
  summary: 'Lift every lock of a name and forget its failures',
});

export const unlockSource = endpoint({
  method: 'DELETE',
  path: 'auth/lockouts/source/:address',
  params: lockoutAddressParams,
  status: 204,
  summary: 'Forget the failures of an address locked for every name',
});
