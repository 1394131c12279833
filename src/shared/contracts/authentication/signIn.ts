/**
 * Signing in, under the auth base (`{api}auth` by default; src/appliance/auth/routes.ts, serviceAuthRoutes.ts):
 * the sign-in methods and steps, passwords and their change, security-key sign-in, tokens, SSH's check and
 * OpenID Connect.
 */
import { type Static, Type } from '@sinclair/typebox';
import { SIGNUP_MODES } from '../../signupPolicy';
import { endpoint } from '../endpoint';
import * as routes from '../routes';
import { nullable, stringEnum } from '../fields';
import { idParams } from './shared';

/** The longest password of a local account (the appliance's policy, src/appliance/auth/passwords.ts). */
export const PASSWORD_MAX_LENGTH = 256;

/** The shortest password of a local account (the appliance's policy, src/appliance/auth/passwords.ts). */
export const PASSWORD_MIN_LENGTH = 10;

// src/appliance/providers/signin.ts). The login's and the password change's paths follow the appliance's settings
// (`authLoginPath`, `authChangePasswordPath`): both sides place these descriptors there with `atPath` (endpoint.ts).

/** A sign-in takes longer names than an account may have (a provider's, an e-mail address). */
const SIGN_IN_NAME_MAX = 128;

const OTP_MAX = 16;

const signInUsername = Type.String({
  minLength: 1,
  maxLength: SIGN_IN_NAME_MAX,
  description: 'The account’s name.',
});

const signInPassword = Type.String({ maxLength: PASSWORD_MAX_LENGTH });

const signInOtp = Type.String({
  maxLength: OTP_MAX,
  description: 'The authenticator app’s one-time code, when the account has one.',
});

/** `?return_to=`: the page first asked for, answered as the redirect_uri of the login that issues the session. */
export const returnToQuery = Type.Object(
  {
    return_to: Type.Optional(
      Type.String({
        maxLength: 2048,
        description:
          'The page to land on after signing in (a local path or an allowed origin; `/` otherwise).',
      }),
    ),
  },
  { additionalProperties: false },
);

/** A way to log in the setup offers (spec §7 login_methods): the form, or an OpenID provider's button. */
export const loginMethod = Type.Object({
  type: stringEnum(['form_login', 'otp_login', 'oauth']),
  provider: Type.Optional(Type.String({ description: 'The provider’s name on its button (`oauth`).' })),
  login_url: Type.Optional(Type.String({ description: 'Where its button goes (`oauth`).' })),
});

export type LoginMethodAnswer = Static<typeof loginMethod>;

export const loginSetup = Type.Object({
  login_methods: Type.Array(loginMethod),
  isOffline: Type.Boolean({ description: 'The identity service does not answer its readiness check now.' }),
  login_logo: nullable(Type.String({ description: 'The custom logo’s address, if any.' })),
  login_background: nullable(Type.String({ description: 'The custom background’s address, if any.' })),
  login_title: nullable(Type.String({ description: 'The custom title (none: the screen keeps its own).' })),
  signup: stringEnum(SIGNUP_MODES, { description: 'Who may sign up (the list of domains stays private).' }),
});

export type LoginSetupAnswer = Static<typeof loginSetup>;

export const getLoginSetup = endpoint({
  ...routes.getLoginSetup,
  response: loginSetup,
  summary: 'How one may log in, whether the identity service answers, and the login screen’s custom look',
});

/** The login, the password change and the logout answer where the browser goes next. */
const redirectAnswer = Type.Object({
  data: Type.Object({
    redirect_uri: Type.String({ description: 'The page to go to next.' }),
  }),
});

export const loginAnswer = Type.Object({
  data: Type.Object({
    redirect_uri: Type.String({
      description: 'The page to go to: the one asked for, or the password change on first access.',
    }),
    access_token: Type.Optional(
      Type.String({ description: 'Bearer mode only: the session’s token (no session cookie then).' }),
    ),
  }),
});

export type LoginAnswer = Static<typeof loginAnswer>;

export const loginBody = Type.Object(
  { username: signInUsername, password: signInPassword, otp: Type.Optional(signInOtp) },
  { additionalProperties: false },
);

export type LoginBody = Static<typeof loginBody>;

export const login = endpoint({
  ...routes.login,
  query: returnToQuery,
  body: loginBody,
  response: loginAnswer,
  summary:
    'Sign in to the console: a session (cookie), or a 401 asking for the one-time code or the security key',
});

/** The browser's answer to a security-key prompt (a serialised PublicKeyCredential; its fields are checked). */
export const webAuthnCredential = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  description: 'The browser’s PublicKeyCredential as JSON (base64url strings for its bytes).',
});

export const securityKeyLoginBody = Type.Object(
  {
    ticket: Type.String({
      minLength: 1,
      maxLength: 128,
      description: 'The ticket of the password step’s 401.',
    }),
    credential: webAuthnCredential,
  },
  { additionalProperties: false },
);

export const loginWithSecurityKey = endpoint({
  ...routes.loginWithSecurityKey,
  query: returnToQuery,
  body: securityKeyLoginBody,
  response: loginAnswer,
  summary: 'Finish a sign-in with the security key (after the password step’s 401)',
});

export const changePasswordBody = Type.Object(
  {
    username: signInUsername,
    password: signInPassword,
    new_password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
    otp: Type.Optional(signInOtp),
  },
  { additionalProperties: false },
);

export type ChangePasswordBody = Static<typeof changePasswordBody>;

export const changePassword = endpoint({
  ...routes.changePassword,
  query: returnToQuery,
  body: changePasswordBody,
  response: redirectAnswer,
  summary: 'Change your password with the current one (first access too); every session of the account ends',
});

export const logout = endpoint({
  ...routes.logout,
  response: redirectAnswer,
  summary: 'Sign out: the session ends and its cookies are cleared',
});

export const tokenAnswer = Type.Object({
  access_token: Type.String({ description: 'Send it as `Authorization: Bearer <access_token>`.' }),
  token_type: stringEnum(['Bearer']),
  expires_in: Type.Integer({ minimum: 0, description: 'Seconds the token lasts at most.' }),
});

export const issueToken = endpoint({
  method: 'POST',
  path: 'auth/token',
  body: loginBody,
  form: true,
  response: tokenAnswer,
  summary: 'A bearer token for a program (no cookie, no XSRF header)',
});

export const sshAuthenticate = endpoint({
  method: 'POST',
  path: 'auth/internal/ssh-auth',
  body: Type.Object(
    {
      username: signInUsername,
      password: signInPassword,
      rhost: Type.Optional(
        Type.String({
          maxLength: 255,
          pattern: '^[A-Za-z0-9.:%_-]*$',
          description: 'sshd’s PAM_RHOST: the SSH client’s address (a host name only with `UseDNS yes`).',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  status: 204,
  summary: 'The SSH helper’s password check (this machine only, with the helper’s secret)',
});

export const oidcStart = endpoint({
  method: 'GET',
  path: 'auth/oidc/:id/start',
  params: idParams,
  query: returnToQuery,
  redirect: {
    status: 303,
    description:
      'To the provider’s sign-in page; to the login page with the failure notice when it is unavailable.',
  },
  summary: 'Start signing in to the console through an OpenID provider',
});

export const oidcCallback = endpoint({
  method: 'GET',
  path: 'auth/oidc/:id/callback',
  params: idParams,
  // What the provider sends back; it may add parameters of its own (`session_state`, `scope`, …).
  query: Type.Object(
    {
      state: Type.Optional(
        Type.String({ description: 'The state the sign-in started with (this browser’s).' }),
      ),
      code: Type.Optional(Type.String({ description: 'The authorization code.' })),
      iss: Type.Optional(Type.String({ description: 'The provider’s issuer.' })),
      error: Type.Optional(Type.String({ description: 'Why the provider did not sign the user in.' })),
      error_description: Type.Optional(Type.String()),
    },
    { additionalProperties: true },
  ),
  redirect: {
    status: 303,
    description:
      'To the page first asked for, signed in; to the login page with the failure notice when the sign-in fails.',
  },
  summary: 'The OpenID provider’s answer: the console’s session, then the page first asked for',
});
