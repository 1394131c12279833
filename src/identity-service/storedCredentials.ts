/**
 * What a stored credential's `config` column must hold, per credential type. Rows are checked when read, so a
 * corrupt row (edited by hand, cut short, from a broken migration) stops the request with a clear error naming the
 * identity and the credential type instead of failing somewhere deep in a flow, or worse, reading as "no second
 * factor". The checks are structural: the flows that use a credential still judge its content.
 */

/** A stored credential that does not have the shape of its type. The message names no secret. */
export class CorruptCredentialError extends Error {
  constructor(
    readonly identityId: string,
    readonly credentialType: string,
  ) {
    super(`stored ${credentialType} credential of identity ${identityId} is corrupt`);
    this.name = 'CorruptCredentialError';
  }
}

type Check = (value: Record<string, unknown>) => boolean;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const listOf = (v: unknown, item: Check) => Array.isArray(v) && v.every((x) => isRecord(x) && item(x));
const optionalNumber = (v: unknown) => v === undefined || typeof v === 'number';

const CHECKS: Record<string, Check> = {
  password: (c) => typeof c.hashed_password === 'string',
  totp: (c) => typeof c.totp_url === 'string' && optionalNumber(c.last_time_step),
  lookup_secret: (c) => listOf(c.recovery_codes, (code) => typeof code.code === 'string'),
  oidc: (c) => listOf(c.providers, (p) => typeof p.provider === 'string' && typeof p.subject === 'string'),
  webauthn: (c) =>
    typeof c.user_handle === 'string' &&
    listOf(
      c.credentials,
      (k) =>
        typeof k.id === 'string' &&
        typeof k.public_key === 'string' &&
        typeof k.alg === 'number' &&
        typeof k.sign_count === 'number',
    ),
};

/** Parses and checks a `config` column; throws CorruptCredentialError when it is not valid for `type`. */
export function readCredentialConfig(
  identityId: string,
  type: string,
  json: string,
): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new CorruptCredentialError(identityId, type);
  }
  const check = CHECKS[type];
  if (!isRecord(value) || (check && !check(value))) throw new CorruptCredentialError(identityId, type);
  return value;
}
