/**
 * The session's lifetime under the auth base (`{api}auth` by default; src/appliance/auth/sessionRoutes.ts): its
 * status, extension and re-authentication.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import * as routes from '../routes';
import { PASSWORD_MAX_LENGTH } from './signIn';

/** The session's times: ISO strings and seconds, so clocks that differ do not matter. */
export const sessionStatus = Type.Object({
  username: Type.String(),
  expires_at: Type.String({ description: 'When the session ends (idle or absolute end, the sooner).' }),
  expires_in_seconds: Type.Integer({ minimum: 0 }),
  absolute: Type.Boolean({ description: 'The end is the absolute one: extending cannot move it.' }),
  absolute_expires_at: Type.String(),
  idle_timeout_seconds: Type.Integer(),
  warn_seconds: Type.Integer({ description: 'How long before the end the console warns.' }),
  authenticated_at: Type.String({ description: 'The last sign-in or re-authentication.' }),
  reauth_max_age_seconds: Type.Integer(),
});

export type SessionStatus = Static<typeof sessionStatus>;

export const getSession = endpoint({
  ...routes.getSession,
  response: sessionStatus,
  summary: 'The session’s times (the console’s heartbeat: reading it is not activity)',
});

export const extendSession = endpoint({
  ...routes.extendSession,
  response: sessionStatus,
  summary: 'Stay signed in: the idle timer starts again (never past the absolute end)',
});

export const reauthenticate = endpoint({
  ...routes.reauthenticate,
  body: Type.Object(
    {
      password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH })),
      otp: Type.Optional(Type.String({ maxLength: 16 })),
    },
    { additionalProperties: false },
  ),
  response: sessionStatus,
  summary: 'Your password or one-time code again, for sensitive changes (counted like a sign-in)',
});
