/**
 * "Your account": the signed-in account's own sign-ins, sessions and authenticator app
 * (`{api}users/me/...`). Its security keys are in securityKeys.ts.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { loginRecord, secondFactor, securityKeySummary } from './users';

/** `GET {api}users/me/sign-ins`: the signed-in account's sign-ins, sessions and second factors. */
export const mySignIns = Type.Object({
  password_changed_at: Type.Union([Type.Number(), Type.Null()]),
  second_factors: Type.Array(secondFactor),
  security_keys: Type.Array(securityKeySummary),
  data: Type.Array(loginRecord),
  last_login: Type.Union([Type.Number(), Type.Null()]),
  failed_since_last_login: Type.Integer({ minimum: 0 }),
  active_sessions: Type.Integer({ minimum: 0 }),
});

export type MySignIns = Static<typeof mySignIns>;

/** `GET {api}users/me/second-factors/totp/new`: a new authenticator secret, its otpauth URI and QR code. */
export const totpEnrolment = Type.Object({ secret: Type.String(), uri: Type.String(), qr: Type.String() });

export type TotpEnrolment = Static<typeof totpEnrolment>;

/** `PUT {api}users/me/second-factors/totp`: a code of the new secret confirms it. */
export const totpConfirmBody = Type.Object(
  {
    secret: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Z2-7]+=*$' }),
    code: Type.String({ minLength: 1, maxLength: 16 }),
  },
  { additionalProperties: false },
);

export type TotpConfirmBody = Static<typeof totpConfirmBody>;

export const totpConfirmed = Type.Object({ second_factors: Type.Array(secondFactor) });

/** `GET {api}users/me/security-keys`. */
export const mySecurityKeys = Type.Object({ data: Type.Array(securityKeySummary) });

export const getMySignIns = endpoint({
  method: 'GET',
  path: 'users/me/sign-ins',
  response: mySignIns,
  summary: 'Your recent sign-ins, open sessions, password age and second factors',
});

export const newTotp = endpoint({
  method: 'GET',
  path: 'users/me/second-factors/totp/new',
  response: totpEnrolment,
  summary: 'A new authenticator-app secret with its otpauth URI and QR code (kept by nobody until confirmed)',
});

export const confirmTotp = endpoint({
  method: 'PUT',
  path: 'users/me/second-factors/totp',
  body: totpConfirmBody,
  response: totpConfirmed,
  summary: 'Turn on two-factor with a code of the new secret',
});
