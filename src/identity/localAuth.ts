/**
 * The appliance's local authentication (spec §3, §7, §8): the login setup, the login and change-password calls
 * (form-encoded, XSRF header added by the ApiClient) and the meaning of their 401 codes. The machines only see the
 * actors built here, provided by the view.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';

export type LoginMethod =
  { type: 'form_login' } | { type: 'otp_login' } | { type: 'oauth'; provider: string; login_url: string };

export interface LoginSetup {
  loginMethods: LoginMethod[];
  isOffline: boolean;
  logo: string | null;
  background: string | null;
  title: string | null;
}

export const DEFAULT_SETUP: LoginSetup = {
  loginMethods: [{ type: 'form_login' }],
  isOffline: false,
  logo: null,
  background: null,
  title: null,
};

/** Third-party sign-in services (spec §3), with their display names. */
export const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  x: 'X',
  twitter: 'Twitter',
  azure: 'Entra ID',
  auth0: 'Auth0',
};
export const providerName = (provider: string) => PROVIDER_NAMES[provider] ?? provider;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** Reads the setup response defensively: unknown method types are dropped, bad fields become defaults. */
export function parseSetup(raw: unknown): LoginSetup {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const methods: LoginMethod[] = [];
  for (const m of Array.isArray(r.login_methods) ? r.login_methods : []) {
    const e = (m && typeof m === 'object' ? m : {}) as Record<string, unknown>;
    if (e.type === 'form_login' || e.type === 'otp_login') methods.push({ type: e.type });
    else if (e.type === 'oauth' && str(e.provider) && str(e.login_url))
      methods.push({ type: 'oauth', provider: String(e.provider), login_url: String(e.login_url) });
  }
  return {
    loginMethods: methods.length ? methods : DEFAULT_SETUP.loginMethods,
    isOffline: r.isOffline === true,
    logo: str(r.login_logo),
    background: str(r.login_background),
    title: str(r.login_title),
  };
}

/** The `detail.code` of a local-auth 401, or null for any other failure. */
export function localAuthCode(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 401) return null;
  const detail = (error.data as { detail?: unknown } | undefined)?.detail;
  const code = detail && typeof detail === 'object' ? (detail as { code?: unknown }).code : undefined;
  const n = typeof code === 'number' ? code : typeof code === 'string' ? Number(code) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/** §8 login 401 codes. */
export const LOCAL_AUTH_CODES = {
  invalidOtp: 2,
  otpRequired: 3,
  otpSecretMissing: 4,
  invalidPassword: 6,
  samePassword: 7,
} as const;

export const localAuthMessages = {
  usernameRequired: 'Please enter your username.',
  completeAllFields: 'Please complete all fields.',
  invalidOtp: 'The one-time code is not valid. Please try again.',
  otpRequired: 'Enter the one-time code from your authenticator app.',
  otpSecretMissing:
    'Two-factor authentication is not set up for this account yet. Contact your administrator.',
  wrongCredentials: 'Wrong username or password.',
  invalidPassword: 'The current password is not valid.',
  samePassword: 'The new password cannot be the same as the current one.',
  offline: 'The identity service looks offline. Please try again later.',
} as const;

/** Message of a failure that is not one of the known 401 codes (§8 by status), for an error toast. */
export function genericErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'network')
      return 'The server could not be reached. Check your connection and try again.';
    if (error.kind === 'timeout' || error.kind === 'canceled') return error.message;
    const detail = (error.data as { detail?: unknown } | undefined)?.detail;
    if (typeof detail === 'string' && detail) return detail;
    switch (error.status) {
      case 401:
        return 'You are not authenticated.';
      case 403:
        return 'You do not have permission to do this.';
      case 404:
        return 'The resource does not exist.';
      case 400:
      case 409:
      case 422:
        return 'Validation error.';
      case 500:
        return 'There was an error processing the request.';
      default:
        return error.rawText || error.message;
    }
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

export interface LocalAuthEndpoints {
  authBase: string;
  authLoginPath: string;
  authChangePasswordPath: string;
}

export interface LoginResult {
  redirectUri: string | null;
  accessToken: string | null;
}

const join = (base: string, path: string) => base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');

function readLoginResult(data: unknown): LoginResult {
  const d = (data && typeof data === 'object' ? data : {}) as {
    data?: { redirect_uri?: unknown };
    access_token?: unknown;
  };
  const inner = (d.data ?? {}) as { redirect_uri?: unknown; access_token?: unknown };
  return {
    redirectUri: str(inner.redirect_uri),
    accessToken: str(d.access_token) ?? str(inner.access_token),
  };
}

export interface LoginCredentials {
  username: string;
  password: string;
  otp: string;
}
export interface ChangePasswordCredentials extends LoginCredentials {
  newPassword: string;
}

function form(entries: Record<string, string>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(entries)) if (v !== '' || k !== 'otp') body.set(k, v);
  return body;
}

/**
 * The actors of the local login and change-password machines, over the app's ApiClient. `returnTo` (the page the
 * user first asked for) goes to the server as `?return_to=`, which carries it through first access and answers it
 * as the redirect_uri of the login that issues the session.
 */
export function createLocalAuthActors(
  api: ApiClient,
  endpoints: LocalAuthEndpoints,
  returnTo?: string | null,
) {
  const withReturnTo = (url: string) => (returnTo ? `${url}?return_to=${encodeURIComponent(returnTo)}` : url);
  return {
    loadSetup: fromPromise<LoginSetup>(async ({ signal }) => {
      const res = await api.get(join(endpoints.authBase, 'setup'), { signal });
      return parseSetup(res.data);
    }),
    login: fromPromise<LoginResult, LoginCredentials>(async ({ input }) => {
      // Never retried: a repeated login attempt would count twice against the lockout.
      const res = await api.post(
        withReturnTo(join(endpoints.authBase, endpoints.authLoginPath)),
        form({ ...input }),
        {
          retries: 0,
          credentials: 'include',
        },
      );
      return readLoginResult(res.data);
    }),
    changePassword: fromPromise<LoginResult, ChangePasswordCredentials>(async ({ input }) => {
      const body = form({
        username: input.username,
        password: input.password,
        new_password: input.newPassword,
        otp: input.otp,
      });
      const res = await api.post(
        withReturnTo(join(endpoints.authBase, endpoints.authChangePasswordPath)),
        body,
        {
          retries: 0,
          credentials: 'include',
        },
      );
      return readLoginResult(res.data);
    }),
  };
}

/** §9 bearer cookie lifetime: 1 hour. */
export const BEARER_MAX_AGE_S = 3600;
export const BEARER_COOKIE_NAME = 'auth-bearer';

/** Bearer mode (spec §7): keeps the access token in the `auth-bearer` cookie for one hour. */
export function bearerCookie(token: string, secure: boolean): string {
  return `${BEARER_COOKIE_NAME}=${encodeURIComponent(token)}; Max-Age=${BEARER_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Writes the bearer cookie into the document. */
export function storeBearerToken(token: string, doc: Document = document): void {
  doc.cookie = bearerCookie(token, doc.location?.protocol === 'https:');
}
