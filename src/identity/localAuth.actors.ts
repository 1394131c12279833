/**
 * The local-authentication actors (spec §7): the login setup, the login, change-password and logout calls over the
 * app's one ApiClient (form-encoded, XSRF header added by the client, never retried). The machines never import
 * this module (lint forbids it); the view that starts a machine provides these actors.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import { joinPath } from '../shared/paths';
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

function form(entries: Record<string, string>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(entries)) if (v !== '' || k !== 'otp') body.set(k, v);
  return body;
}

/**
 * The actors of the local login, change-password and logout machines. `returnTo` (the page the user first asked
 * for) goes to the server as `?return_to=`, which carries it through first access and answers it as the
 * redirect_uri of the login that issues the session.
 */
export function createLocalAuthActors(
  api: ApiClient,
  endpoints: Pick<LocalAuthEndpoints, 'authBase'> & Partial<LocalAuthEndpoints>,
  returnTo?: string | null,
) {
  const withReturnTo = (url: string) => (returnTo ? `${url}?return_to=${encodeURIComponent(returnTo)}` : url);
  // Never retried: a repeated attempt would count twice against the lockout, or act twice.
  const once = { retries: 0, credentials: 'include' } as const;
  return {
    loadSetup: fromPromise<LoginSetup>(async ({ signal }) => {
      const res = await api.get(joinPath(endpoints.authBase, 'setup'), { signal });
      return parseSetup(res.data);
    }),
    login: fromPromise<LoginResult, LoginCredentials>(async ({ input }) => {
      const url = withReturnTo(joinPath(endpoints.authBase, endpoints.authLoginPath ?? '/login'));
      const res = await api.post(url, form({ ...input }), once);
      return readLoginResult(res.data);
    }),
    /**
     * The security-key step: the browser's prompt with the step's options, then `POST {login}/webauthn` with the
     * ticket and the key's answer (JSON). A prompt that fails rejects with a SecurityKeyPromptError.
     */
    useSecurityKey: fromPromise<LoginResult, SecurityKeyStep>(async ({ input }) => {
      const credential = await getSecurityKey(input.publicKey);
      const login = (endpoints.authLoginPath ?? '/login').replace(/\/+$/, '');
      const url = withReturnTo(joinPath(endpoints.authBase, `${login}/webauthn`));
      const res = await api.post(url, { ticket: input.ticket, credential }, once);
      return readLoginResult(res.data);
    }),
    changePassword: fromPromise<LoginResult, ChangePasswordCredentials>(async ({ input }) => {
      const body = form({
        username: input.username,
        password: input.password,
        new_password: input.newPassword,
        otp: input.otp,
      });
      const path = endpoints.authChangePasswordPath ?? '/change_password';
      const res = await api.post(withReturnTo(joinPath(endpoints.authBase, path)), body, once);
      return readLoginResult(res.data);
    }),
    /** `POST {authBase}/logout`: deletes the session and its cookies; answers the login page to go to. */
    localLogout: fromPromise<LoginResult>(async () => {
      const res = await api.post(joinPath(endpoints.authBase, 'logout'), new URLSearchParams(), once);
      return readLoginResult(res.data);
    }),
  };
}

/** Writes the bearer cookie into the document (bearer mode). */
export function storeBearerToken(token: string, doc: Document = document): void {
  doc.cookie = bearerCookie(token, doc.location?.protocol === 'https:');
}
