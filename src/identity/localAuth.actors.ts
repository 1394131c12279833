/**
 * The local-authentication actors (spec §7): the login setup, the login, change-password and logout calls over the
 * app's one ApiClient (form-encoded, XSRF header added by the client, never retried). The machines never import
 * this module (lint forbids it); the view that starts a machine provides these actors.
 */
import { fromPromise } from 'xstate';
import { authBaseOf, type ApiClient } from '../api/client';
import { atPath } from '../shared/contracts/endpoint';
// The routes typed as their endpoints: the login page's first script carries no TypeBox (contracts README "Budgets").
import {
  changePassword,
  getLoginSetup,
  login,
  loginWithSecurityKey,
  logout,
} from '../shared/contracts/shell';
import {
  bearerCookie,
  parseSetup,
  readLoginResult,
  type ChangePasswordCredentials,
  type LocalAuthEndpoints,
  type LoginCredentials,
  type LoginResult,
  type LoginSetup,
} from './localAuth';
import { getSecurityKey, type SecurityKeyStep } from './securityKeys';

/** `auth/<path>` for a path setting of the appliance (`/login` → `auth/login`): where `atPath` puts the descriptor. */
const underAuth = (path: string) => `auth/${path.replace(/^\/+/, '')}`;

/**
 * The actors of the local login, change-password and logout machines. `returnTo` (the page the user first asked
 * for) goes to the server as `?return_to=`, which carries it through first access and answers it as the
 * redirect_uri of the login that issues the session. The login's and the password change's paths follow the
 * appliance's settings (`authLoginPath`, `authChangePasswordPath`): the descriptors are placed there with `atPath`,
 * as the appliance registers them.
 */
export function createLocalAuthActors(
  api: ApiClient,
  endpoints: Pick<LocalAuthEndpoints, 'authBase'> & Partial<LocalAuthEndpoints>,
  returnTo?: string | null,
) {
  const query = returnTo ? { return_to: returnTo } : undefined;
  const loginPath = underAuth(endpoints.authLoginPath ?? '/login');
  // Never retried: a repeated attempt would count twice against the lockout, or act twice.
  const once = { ...authBaseOf(endpoints.authBase), retries: 0, credentials: 'include' } as const;
  return {
    loadSetup: fromPromise<LoginSetup>(async ({ signal }) => {
      const res = await api.call(getLoginSetup, {}, { ...authBaseOf(endpoints.authBase), signal });
      return parseSetup(res.data);
    }),
    /** The password step, form-encoded (the contract's `form`); an empty one-time code is not sent. */
    login: fromPromise<LoginResult, LoginCredentials>(async ({ input }) => {
      const { username, password, otp } = input;
      const res = await api.call(
        atPath(login, loginPath),
        { query, body: { username, password, ...(otp ? { otp } : {}) } },
        once,
      );
      return readLoginResult(res.data);
    }),
    /**
     * The security-key step: the browser's prompt with the step's options, then `POST {login}/webauthn` with the
     * ticket and the key's answer (JSON). A prompt that fails rejects with a SecurityKeyPromptError.
     */
    useSecurityKey: fromPromise<LoginResult, SecurityKeyStep>(async ({ input }) => {
      const credential = await getSecurityKey(input.publicKey);
      const res = await api.call(
        atPath(loginWithSecurityKey, `${loginPath.replace(/\/+$/, '')}/webauthn`),
        { query, body: { ticket: input.ticket, credential } },
        once,
      );
      return readLoginResult(res.data);
    }),
    changePassword: fromPromise<LoginResult, ChangePasswordCredentials>(async ({ input }) => {
      const path = underAuth(endpoints.authChangePasswordPath ?? '/change_password');
      const res = await api.call(
        atPath(changePassword, path),
        {
          query,
          body: {
            username: input.username,
            password: input.password,
            new_password: input.newPassword,
            ...(input.otp ? { otp: input.otp } : {}),
          },
        },
        once,
      );
      return readLoginResult(res.data);
    }),
    /** `POST {authBase}/logout` (an empty form): deletes the session and its cookies; answers the login page to go to. */
    localLogout: fromPromise<LoginResult>(async () => {
      const res = await api.call(logout, {}, once);
      return readLoginResult(res.data);
    }),
  };
}

/** Writes the bearer cookie into the document (bearer mode). */
export function storeBearerToken(token: string, doc: Document = document): void {
  doc.cookie = bearerCookie(token, doc.location?.protocol === 'https:');
}
