/**
 * Where a sign-in came in and how it was tried: the vocabulary of the shared lockout list (`GET {auth}/lockouts`)
 * and of the sign-in lines of the audit trail, which both embedded services write. Pure constants.
 */

/**
 * Entry points whose failures count toward one shared lock per (name, address): the console's login (and its
 * password change and re-authentication), the token endpoint (`api`), the SSH helper (`ssh`) and the embedded
 * identity service.
 */
export const SIGN_IN_SERVICES = ['console', 'api', 'ssh', 'identity'] as const;
export type SignInService = (typeof SIGN_IN_SERVICES)[number];

/** What was presented: a password (with a one-time code), a code alone, a backup code, a security key, OpenID. */
export const SIGN_IN_METHODS = [
  'password',
  'password+otp',
  'otp',
  'backup-code',
  'webauthn',
  'oidc',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** How the lockout list and the log report name a service. */
export const SIGN_IN_SERVICE_LABEL: Record<SignInService, string> = {
  console: 'console',
  api: 'API token',
  ssh: 'SSH',
  identity: 'identity service',
};
