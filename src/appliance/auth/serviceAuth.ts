/**
 * Password authentication of an appliance service (`console`, `ssh`, `api`) through that service's providers, in
 * their fallback order: the first provider that knows the name decides (local: an account not linked to a provider;
 * LDAP: the user filter finds one entry; OpenID Connect cannot check a password and is skipped); a directory that
 * cannot be reached is skipped (logged). Nobody knowing the name costs one dummy password check, like an unknown
 * local name. Change password checks the local password only (`through: 'local'`).
 *
 * Lockout: every attempt is counted before anything is checked (src/service-kit/loginThrottle.ts), in the one
 * throttle every entry point shares: the console's login, the token endpoint, the SSH helper and the identity service
 * count toward one lock per (name, address), so each is not a fresh budget for a guesser; the throttle notes which
 * service saw each failure (the lockout list shows it). For SSH the address is the SSH client's (PAM_RHOST), not the
 * loopback helper's.
 *
 * Every sign-in line of the audit trail carries the service, the method and the address in one form
 * (src/service-kit/signInAudit.ts): `login failed for "x" [service=ssh method=password source=203.0.113.7]: …`.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AuditService, auditText, type Audit } from '../audit';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { recordLogin } from '../users/history';
import { hasSecurityKey } from '../users/securityKeys';
import { accountRefusal } from '../users/store';
import {
  type BeginResult,
  type FailureOutcome,
  type LockoutPolicy,
  type SignInAttempt,
} from '../../service-kit/loginThrottle';
import type { CounterLimit } from '../../service-kit/attemptCounter';
import { lockLines, logSignIn, signInLine, type SignInFields } from '../../service-kit/signInAudit';
import {
  accountFor,
  findProvider,
  isLinked,
  LOCAL_PROVIDER_ID,
  ldapAuthenticate,
  providerKey,
  providerSecret,
  ProviderUnavailableError,
  serviceProviders,
  SignInRefused,
  type ProviderRow,
  type ServiceId,
} from '../providers';
import { loginThrottle, readPolicy, throttleKey } from './lockout';
import type { SignInMethod, SignInService } from '../../shared/signIns';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { verifyTotp } from './totp';

/** §8 login and change-password 401 codes. */
export const LoginCode = {
  wrongCredentials: 1,
  invalidOtp: 2,
  otpRequired: 3,
  otpNotConfigured: 4,
  invalidPassword: 6,
  sameAsCurrent: 7,
  /** The security key's answer was refused (unknown key, bad signature, a counter that did not grow). */
  securityKeyRefused: 8,
  /** The security-key step is over (used or too old): the password is asked for again. */
  securityKeyExpired: 9,
} as const;

/** How services are named in audit messages and answers. */
export const SERVICE_LABEL: Record<ServiceId, string> = {
  console: 'the console',
  ssh: 'SSH',
  api: 'the API',
};

export interface Credentials {
  username: string;
  password: string;
  otp?: string;
}

/** Who is trying: the client address the lockout counts (for SSH the SSH client's) and a logger. */
export interface AttemptOrigin {
  source: string;
  log: FastifyBaseLogger;
}

export interface AuthUser {
  id: number;
  username: string;
  password_hash: string;
  must_change_password: number;
  otp_required: number;
  totp_secret: string | null;
  last_otp_step: number;
}

/** The entry point an attempt came through, as the shared lockout and the audit trail name it. */
export const serviceOf = (through: ServiceId | 'local'): SignInService =>
  through === 'local' ? 'console' : through;

/** What a password attempt presented. */
export const methodOf = (creds: { otp?: string }): SignInMethod =>
  creds.otp?.trim() ? 'password+otp' : 'password';

/**
 * One sign-in line in the audit trail and, with its fields as properties, in the server log: every sign-in of the
 * appliance (login, token, SSH, re-authentication, OpenID) goes through here.
 */
export function auditSignIn(
  audit: Audit,
  log: FastifyBaseLogger,
  outcome: 'succeeded' | 'failed' | 'refused' | 'locked',
  event: string,
  name: string | null,
  fields: SignInFields,
  reason?: string,
): void {
  const line = signInLine(event, name, fields, reason);
  audit.record(AuditService.auth, line, {
    outcome: outcome === 'succeeded' ? 'success' : 'failure',
    ...(name ? { actor: name } : {}),
  });
  logSignIn(log, outcome === 'succeeded' ? 'info' : 'warn', line, fields, outcome);
}

/** The lines of the locks a failure caused, in the audit trail and the server log. */
export function auditLocks(
  audit: Audit,
  log: FastifyBaseLogger,
  name: string,
  fields: SignInFields,
  outcome: FailureOutcome,
  policy: LockoutPolicy,
  nameLimit: CounterLimit,
): void {
  for (const line of lockLines(name, fields, outcome, policy, nameLimit)) {
    audit.record(AuditService.auth, line, { actor: name, outcome: 'failure' });
    logSignIn(log, 'warn', line, fields, 'locked');
  }
}

export const loginError = (code: number, message: string) => new HttpError(401, { code, message });

const USER_COLUMNS =
  'id, username, password_hash, must_change_password, otp_required, totp_secret, last_otp_step';

/** The provider walk's outcome: an account, nothing (wrong credentials), or an account of a provider not listed. */
type WalkResult = { user: AuthUser } | { excluded: ProviderRow } | null;

export interface AuthenticateOptions {
  through: ServiceId | 'local';
  wrong: HttpError;
  /**
   * The console's login: an account with a security key that presented no one-time code gets `keyStep: true` once
   * its password is right (the attempt is refunded, as for the code step); the caller asks for the key.
   */
  securityKeys?: boolean;
}

export interface ServiceAuthenticator {
  /**
   * Checks name, password and one-time code through `through`'s providers (or the local password only). Returns the
   * account and the code's time step (0 when none was used); throws the 401/403/429 HttpError to answer otherwise.
   */
  authenticate(
    origin: AttemptOrigin,
    creds: Credentials,
    options: AuthenticateOptions,
  ): Promise<{ user: AuthUser; otpStep: number; keyStep?: boolean }>;
  /** Records a used one-time code step; false when a parallel request used it first (replay). Call in a transaction. */
  consumeOtpStep(userId: number, step: number): boolean;
  /**
   * A whole sign-in to SSH or the API: authenticate through the service's providers, refuse disabled or expired
   * accounts and accounts that must change their password first, use the code, and write the login history and the
   * audit trail. Returns the account.
   */
  signIn(
    service: Exclude<ServiceId, 'console'>,
    origin: AttemptOrigin,
    creds: Credentials,
  ): Promise<AuthUser>;
}

const authenticators = new WeakMap<ApplianceContext, ServiceAuthenticator>();

/** The authenticator of an appliance (one per context, sharing its lockout counters). */
export function serviceAuthenticator(ctx: ApplianceContext): ServiceAuthenticator {
  let a = authenticators.get(ctx);
  if (!a) {
    a = createAuthenticator(ctx);
    authenticators.set(ctx, a);
  }
  return a;
}

function createAuthenticator(ctx: ApplianceContext): ServiceAuthenticator {
  const { db, config, audit } = ctx;
  const throttle = loginThrottle(db);
  const findUser = db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE username = ?`);
  const findUserById = db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`);

  /** The fields of an attempt's audit lines: the service it came through (a password change is the console's). */
  const fieldsOf = (
    through: ServiceId | 'local',
    origin: AttemptOrigin,
    creds: Credentials,
  ): SignInFields => ({
    service: serviceOf(through),
    method: methodOf(creds),
    source: origin.source,
  });

  const note = (
    origin: AttemptOrigin,
    outcome: 'succeeded' | 'failed' | 'refused',
    event: string,
    name: string,
    fields: SignInFields,
    reason?: string,
  ) => auditSignIn(audit, origin.log, outcome, event, name, fields, reason);

  /** The answer to an attempt the throttle refused before any password work (same whether or not the account exists). */
  function refused(
    origin: AttemptOrigin,
    username: string,
    fields: SignInFields,
    result: Extract<BeginResult, { ok: false }>,
  ): HttpError {
    const everywhere = result.refusedBy === 'name';
    const why =
      result.refusedBy === 'source'
        ? 'address refused for every name'
        : `account locked${everywhere ? ' for every address' : ''}`;
    note(origin, 'refused', 'login refused', username, fields, why);
    const minutes = Math.ceil(result.retryAfter / 60);
    return new HttpError(
      429,
      `Too many failed attempts${everywhere ? ' for this account' : ''}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      { 'retry-after': String(result.retryAfter) },
    );
  }

  /** The attempt was counted up front; record why it failed and the lock it caused. */
  async function failure(
    origin: AttemptOrigin,
    through: ServiceId | 'local',
    creds: Credentials,
    reason: string,
    attempt: SignInAttempt,
    error: HttpError,
  ): Promise<HttpError> {
    const fields = fieldsOf(through, origin, creds);
    const event = through === 'local' ? 'password change failed' : 'login failed';
    note(origin, 'failed', event, creds.username, fields, reason);
    const outcome: FailureOutcome = await attempt.failed();
    auditLocks(audit, origin.log, creds.username, fields, outcome, readPolicy(db), throttle.nameLimit());
    return error;
  }

  /** The local password check: the account, or null for an unknown name or a wrong password. */
  async function localPassword(origin: AttemptOrigin, creds: Credentials): Promise<AuthUser | null> {
    const user = findUser.get(creds.username) as AuthUser | undefined;
    if (!user) {
      await burnPasswordCheck(creds.password);
      return null;
    }
    const ok = await verifyPassword(user.password_hash, creds.password, {
      account: user.id,
      log: origin.log,
    });
    return ok ? user : null;
  }

  /** A directory's answer for a name, or null when it cannot be asked (the caller tries the next provider). */
  async function askDirectory(origin: AttemptOrigin, p: ProviderRow, creds: Credentials) {
    if (p.type !== 'ldap' || !p.ldap) return null;
    try {
      const secret = providerSecret(db, providerKey(db, config.dataDir), p.id);
      return await ldapAuthenticate(ctx, p.ldap, secret, creds.username, creds.password);
    } catch (e) {
      if (!(e instanceof ProviderUnavailableError)) throw e;
      origin.log.warn({ err: e }, `directory "${p.name}" is unavailable; trying the next provider`);
      return null;
    }
  }

  /**
   * When no provider of the service knows the name but an account of that name exists, the account belongs to a
   * provider the service does not use. Its own provider checks the password (so only someone holding it learns
   * why); the provider is returned when the password is right. Otherwise the walk's dummy check is spent here.
   */
  async function excludedProvider(
    origin: AttemptOrigin,
    creds: Credentials,
    listed: ProviderRow[],
  ): Promise<ProviderRow | null> {
    const account = findUser.get(creds.username) as AuthUser | undefined;
    if (!account) {
      await burnPasswordCheck(creds.password);
      return null;
    }
    const links = db
      .prepare('SELECT provider_id, subject FROM provider_accounts WHERE user_id = ?')
      .all(account.id) as Array<{ provider_id: number; subject: string }>;
    // Accounts linked to no provider are the local provider's.
    const ownIds = links.length ? links.map((l) => l.provider_id) : [LOCAL_PROVIDER_ID];
    const listedIds = new Set(listed.map((p) => p.id));
    for (const id of ownIds) {
      if (listedIds.has(id)) continue;
      const row = findProvider(db, id);
      if (!row || !row.enabled) continue;
      if (row.type === 'local') {
        const ok = await verifyPassword(account.password_hash, creds.password, {
          account: account.id,
          log: origin.log,
        });
        return ok ? row : null;
      }
      const answer = await askDirectory(origin, row, creds);
      const subject = links.find((l) => l.provider_id === id)?.subject;
      return answer?.status === 'ok' && answer.user.subject === subject ? row : null;
    }
    await burnPasswordCheck(creds.password);
    return null;
  }

  /** Walks the service's providers in order (rules at the top of this file). */
  async function providerPassword(
    origin: AttemptOrigin,
    creds: Credentials,
    service: ServiceId,
  ): Promise<WalkResult> {
    const listed = serviceProviders(db, service);
    for (const p of listed) {
      if (!p.enabled) continue;
      if (p.type === 'local') {
        const user = findUser.get(creds.username) as AuthUser | undefined;
        if (!user || isLinked(db, user.id)) continue;
        const ok = await localPassword(origin, creds);
        return ok ? { user: ok } : null;
      }
      const result = await askDirectory(origin, p, creds);
      if (!result || result.status === 'unknown') continue;
      if (result.status === 'wrong') return null;
      try {
        const id = await accountFor(ctx, p, result.user, true);
        return { user: findUserById.get(id) as AuthUser };
      } catch (e) {
        if (!(e instanceof SignInRefused)) throw e;
        audit.record(AuditService.auth, `directory sign-in refused: ${auditText(e.message, 200)}`);
        return null;
      }
    }
    // The console answers as it always has; SSH and the API say when an account's provider is not theirs.
    if (service === 'console') {
      await burnPasswordCheck(creds.password);
      return null;
    }
    const excluded = await excludedProvider(origin, creds, listed);
    return excluded ? { excluded } : null;
  }

  async function authenticate(
    origin: AttemptOrigin,
    creds: Credentials,
    { through, wrong, securityKeys }: AuthenticateOptions,
  ): Promise<{ user: AuthUser; otpStep: number; keyStep?: boolean }> {
    const fields = fieldsOf(through, origin, creds);
    const begun = await throttle.begin(throttleKey(creds.username), origin.source, {
      service: fields.service,
    });
    if (!begun.ok) throw refused(origin, creds.username, fields, begun);
    const attempt = begun.attempt;
    await attempt.wait();
    let user: AuthUser | null;
    if (through === 'local') user = await localPassword(origin, creds);
    else {
      const walked = await providerPassword(origin, creds, through);
      if (walked && 'excluded' in walked) {
        // The password is right, the service does not use the account's provider: an admin's choice, not a guess.
        await attempt.refund();
        const why = `its provider "${walked.excluded.name}" is not used by ${SERVICE_LABEL[through]}`;
        note(origin, 'refused', 'login refused', creds.username, fields, why);
        throw new HttpError(403, {
          code: 'provider_not_allowed',
          message: `This account signs in through "${walked.excluded.name}", which ${SERVICE_LABEL[through]} does not use`,
        });
      }
      user = walked?.user ?? null;
    }
    if (!user) throw await failure(origin, through, creds, 'wrong credentials', attempt, wrong);
    const otp = creds.otp?.trim() ?? '';
    if (securityKeys && !otp && hasSecurityKey(db, user.id)) {
      // The password was right; the second step (the key, or the code when the account has both) decides.
      await attempt.refund();
      return { user, otpStep: 0, keyStep: true };
    }
    if (!user.totp_secret) {
      if (user.otp_required || otp) {
        await attempt.refund();
        throw loginError(LoginCode.otpNotConfigured, 'The one-time code secret is not configured yet');
      }
    } else if (!otp) {
      await attempt.refund();
      throw loginError(LoginCode.otpRequired, 'Enter the one-time code of your authenticator');
    }
    let otpStep = 0;
    if (user.totp_secret) {
      const step = await verifyTotp(user.totp_secret, otp, user.last_otp_step, Math.floor(ctx.now() / 1000));
      if (step === null)
        throw await failure(
          origin,
          through,
          creds,
          'invalid one-time code',
          attempt,
          loginError(LoginCode.invalidOtp, 'Invalid one-time code'),
        );
      otpStep = step;
    }
    await attempt.succeeded();
    return { user, otpStep };
  }

  function consumeOtpStep(userId: number, step: number): boolean {
    if (!step) return true;
    return (
      db
        .prepare('UPDATE users SET last_otp_step = ? WHERE id = ? AND last_otp_step < ?')
        .run(step, userId, step).changes === 1
    );
  }

  async function signIn(
    service: Exclude<ServiceId, 'console'>,
    origin: AttemptOrigin,
    creds: Credentials,
  ): Promise<AuthUser> {
    const fields = fieldsOf(service, origin, creds);
    const history = (success: boolean) =>
      recordLogin(db, {
        username: creds.username,
        source: origin.source,
        method: `${service}:${creds.otp ? 'password+totp' : 'password'}`,
        success,
        at: ctx.now(),
      });
    const { user, otpStep } = await authenticate(origin, creds, {
      through: service,
      wrong: loginError(LoginCode.wrongCredentials, 'Wrong user name or password'),
    }).catch((e: unknown) => {
      if (e instanceof HttpError && [401, 403, 429].includes(e.statusCode)) history(false);
      throw e;
    });
    const refuse = (why: string, error: HttpError) => {
      history(false);
      note(origin, 'refused', 'login refused', user.username, fields, why);
      return error;
    };
    const refusal = accountRefusal(db, user.id, ctx.now());
    if (refusal)
      throw refuse(
        `account ${refusal}`,
        loginError(LoginCode.wrongCredentials, `This account is ${refusal}; ask an administrator`),
      );
    if (user.must_change_password)
      throw refuse(
        'the password must be changed first',
        new HttpError(403, {
          code: 'password_change_required',
          message: 'This account must change its password first: sign in to the console',
        }),
      );
    if (!inTransaction(db, () => consumeOtpStep(user.id, otpStep)))
      throw refuse('one-time code replayed', loginError(LoginCode.invalidOtp, 'Invalid one-time code'));
    history(true);
    note(origin, 'succeeded', 'login succeeded', user.username, fields);
    return user;
  }

  return { authenticate, consumeOtpStep, signIn };
}
