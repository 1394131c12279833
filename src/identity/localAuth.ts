/**
 * The appliance's local authentication (spec §3, §7, §8), the neutral part: the login setup and its parsing, the
 * credentials and results of the login and change-password calls, the meaning of their 401 codes and the messages
 * the screens show for them. The machines import this module; the calls themselves are the actors in
 * `localAuth.actors.ts`, provided by the view.
 */
import { localAuthCodeMessages } from '../api/localAuthCodeMessages';
import { BEARER_COOKIE } from '../shared/http';
import type { SignupMode } from '../shared/signupPolicy';
import type { LoginAnswer, LoginMethodAnswer } from '../shared/contracts/authentication';
import type { SecurityKeyStep } from './securityKeys';

/** A way to log in, as the screen uses it: an `oauth` method always has its provider and address. */
export type LoginMethod =
  | { type: Exclude<LoginMethodAnswer['type'], 'oauth'> }
  | ({ type: 'oauth' } & Required<Pick<LoginMethodAnswer, 'provider' | 'login_url'>>);

export interface LoginSetup {
  loginMethods: LoginMethod[];
  isOffline: boolean;
  logo: string | null;
  background: string | null;
  title: string | null;
  /** Who may sign up with the identity service; `closed` hides the sign-up links (the service refuses anyway). */
  signup: SignupMode;
}

export const DEFAULT_SETUP: LoginSetup = {
  loginMethods: [{ type: 'form_login' }],
  isOffline: false,
  logo: null,
  background: null,
  title: null,
  signup: 'open',
};

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * Reads the setup's answer (`getLoginSetup`) defensively: unknown method types are dropped, bad fields become
 * defaults (an appliance of another version may answer differently).
 */
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
    // Type-only import above: the login page's first load carries no more of the policy than these two words.
    signup: r.signup === 'closed' || r.signup === 'domains' ? r.signup : 'open',
  };
}

/** The `detail.code` of a local-auth 401 (an ApiError's status and body), or null for any other failure. */
export function localAuthCode(error: unknown): number | null {
  if (!error || typeof error !== 'object') return null;
  const { status, data } = error as { status?: unknown; data?: unknown };
  if (status !== 401) return null;
  const detail = (data as { detail?: unknown } | undefined)?.detail;
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
  /** The security key's answer was refused; the answer carries a fresh key step. */
  securityKeyRefused: 8,
  /** The security-key step is used or too old: the password is asked for again. */
  securityKeyExpired: 9,
} as const;

/** The ways an account finishes its login after the password. */
export type SecondFactor = 'totp' | 'webauthn';

/** What a 401 code 3 (or 8) says of the second step: the ways, the key ceremony, why a key cannot be used here. */
export interface SecondStep {
  secondFactors: SecondFactor[];
  keyStep: SecurityKeyStep | null;
  keyProblem: string | null;
  /** The server's words (a refused key's reason). */
  message: string | null;
}

/** Reads the second step from a local-auth 401; an answer that names no ways is the one-time code's (older servers). */
export function readSecondStep(error: unknown): SecondStep {
  const data = (error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined) as
    { detail?: unknown } | undefined;
  const detail = (data?.detail && typeof data.detail === 'object' ? data.detail : {}) as Record<
    string,
    unknown
  >;
  const ways = Array.isArray(detail.second_factors)
    ? detail.second_factors.filter((w): w is SecondFactor => w === 'totp' || w === 'webauthn')
    : [];
  const w = detail.webauthn as { ticket?: unknown; publicKey?: unknown } | null | undefined;
  const keyStep =
    w && typeof w.ticket === 'string' && w.publicKey && typeof w.publicKey === 'object'
      ? { ticket: w.ticket, publicKey: w.publicKey as SecurityKeyStep['publicKey'] }
      : null;
  return {
    secondFactors: ways.length ? ways : ['totp'],
    keyStep,
    keyProblem: str(detail.webauthn_problem),
    message: str(detail.message),
  };
}

/** What the local-auth screens say: their own form checks, and the §8 401 codes as the one catalogue words them. */
export const localAuthMessages = {
  usernameRequired: 'Please enter your username.',
  completeAllFields: 'Please complete all fields.',
  offline: 'The identity service looks offline. Please try again later.',
  securityKeyRequired: 'Use your security key to finish logging in.',
  securityKeyOrOtp: 'Use your security key, or enter the one-time code from your authenticator app.',
  securityKeyExpired: 'The security key step has expired. Please enter your password again.',
  securityKeyRefused: 'This security key was not accepted.',
  ...localAuthCodeMessages,
} as const;

export interface LocalAuthEndpoints {
  authBase: string;
  authLoginPath: string;
  authChangePasswordPath: string;
}

export interface LoginResult {
  redirectUri: string | null;
  accessToken: string | null;
}

/**
 * Reads the answer of the login, the security-key step, the password change or the logout (`data.redirect_uri` and,
 * in bearer mode, `data.access_token`; a token beside `data` is read too) defensively.
 */
export function readLoginResult(answer: Partial<LoginAnswer> | undefined): LoginResult {
  const d = (answer && typeof answer === 'object' ? answer : {}) as {
    data?: unknown;
    access_token?: unknown;
  };
  const inner = (d.data && typeof d.data === 'object' ? d.data : {}) as {
    redirect_uri?: unknown;
    access_token?: unknown;
  };
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

/** §9 bearer cookie lifetime: 1 hour. */
export const BEARER_MAX_AGE_S = 3600;

/** Bearer mode (spec §7): the access token kept in the bearer cookie for one hour. */
export function bearerCookie(token: string, secure: boolean): string {
  return `${BEARER_COOKIE}=${encodeURIComponent(token)}; Max-Age=${BEARER_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
