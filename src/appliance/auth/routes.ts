/**
 * Local authentication (spec §7, §8) under the auth base: setup, login, change password, logout.
 *
 * First access: an account flagged `must_change_password` that logs in correctly gets no session; the answer's
 * redirect_uri sends it to the change-password page with the first-access notice. Changing the password (which
 * proves the current password and one-time code itself) clears the flag and every session of the account, and sends
 * the user back to the login page with the password-changed notice; the next login issues the session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import {
  checkLocalPath,
  checkRedirect,
  consoleRedirectPolicy,
  DEFAULT_REDIRECT,
  type RedirectPolicy,
} from '../../shared/redirectPolicy';
import { publicOrigin } from '../../../config';
import { AuditService, auditText } from '../audit';
import { recordLogin } from '../users/history';
import { accountRefusal } from '../users/store';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { passwordProblem } from '../../service-kit/passwordPolicy';
import { type BeginResult, type FailureOutcome, type LoginAttempt } from '../../service-kit/loginThrottle';
import { readUiSettings } from '../settings/routes';
import { cachedHealthCheck, identityProbe } from './identityHealth';
import { loginThrottle, readPolicy, throttleKey } from './lockout';
import { registerLockoutRoutes } from './lockoutRoutes';
import { registerSessionRoutes } from './sessionRoutes';
import {
  burnPasswordCheck,
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  verifyPassword,
} from './passwords';
import {
  clearSessionCookies,
  createSession,
  deleteSession,
  presentedToken,
  setSessionCookies,
  userForToken,
} from './sessions';
import { verifyTotp } from './totp';
import {
  accountFor,
  consoleOidcLoginMethods,
  isLinked,
  ldapAuthenticate,
  providerKey,
  providerSecret,
  ProviderUnavailableError,
  registerOidcLogin,
  serviceProviders,
  SignInRefused,
} from '../providers';

/** §8 login and change-password 401 codes. */
export const LoginCode = {
  wrongCredentials: 1,
  invalidOtp: 2,
  otpRequired: 3,
  otpNotConfigured: 4,
  invalidPassword: 6,
  sameAsCurrent: 7,
} as const;

export const FIRST_ACCESS_REDIRECT = '/change-password?notice=first_access_change';
export const PASSWORD_CHANGED_REDIRECT = '/account/login?notice=password_changed';
export const LOGOUT_REDIRECT = '/account/login';
/** Login and change-password requests per client address and minute, on top of the per-account lockout. */
/** A way to log in the setup offers (spec §7 login_methods). */
export type LoginMethod =
  { type: 'form_login' } | { type: 'otp_login' } | { type: 'oauth'; provider: string; login_url: string };

/** The login methods of the setup: the local form; configured sign-in providers add theirs here. */
export function loginMethods(ctx: ApplianceContext): LoginMethod[] {
  // The password form, then a button per OpenID provider put on the console service.
  return [{ type: 'form_login' }, ...consoleOidcLoginMethods(ctx)];
}

export const AUTH_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

const USERNAME_MAX = 128;
const OTP_MAX = 16;

const loginSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['username', 'password'],
    properties: {
      username: { type: 'string', minLength: 1, maxLength: USERNAME_MAX },
      password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH },
      otp: { type: 'string', maxLength: OTP_MAX },
    },
  },
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { return_to: { type: 'string', maxLength: 2048 } },
  },
};

const changeSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['username', 'password', 'new_password'],
    properties: {
      username: { type: 'string', minLength: 1, maxLength: USERNAME_MAX },
      password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH },
      new_password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
      otp: { type: 'string', maxLength: OTP_MAX },
    },
  },
  querystring: loginSchema.querystring,
};

interface LoginBody {
  username: string;
  password: string;
  otp?: string;
}

interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  must_change_password: number;
  otp_required: number;
  totp_secret: string | null;
  last_otp_step: number;
}

/**
 * A post-login destination under the console's one redirect policy (no open redirect): a local path or an
 * allow-listed origin, normalised as the browser would read it; `/` otherwise. Without a policy, paths only.
 */
export function safeRedirectPath(value: string | undefined, policy?: RedirectPolicy): string {
  return (policy ? checkRedirect(value, policy) : checkLocalPath(value)) ?? DEFAULT_REDIRECT;
}

/**
 * A redirect_uri that keeps the page the user first asked for: first access goes login → change password → login,
 * and the last login must still land on that page, so the destination travels along as `return_to`.
 */
export function withReturnTo(
  redirect: string,
  returnTo: string | undefined,
  policy?: RedirectPolicy,
): string {
  const target = safeRedirectPath(returnTo, policy);
  return target === DEFAULT_REDIRECT ? redirect : `${redirect}&return_to=${encodeURIComponent(target)}`;
}

const loginError = (code: number, message: string) => new HttpError(401, { code, message });

export async function registerAuthRoutes(scope: FastifyInstance, ctx: ApplianceContext): Promise<void> {
  const { db, config, audit } = ctx;
  const redirects = consoleRedirectPolicy(publicOrigin(config), config);
  await scope.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) =>
      new HttpError(429, `Too many attempts from this address; try again in ${context.after}`, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  const limited = { rateLimit: AUTH_RATE_LIMIT };

  const findUser = db.prepare(
    'SELECT id, username, password_hash, must_change_password, otp_required, totp_secret, last_otp_step FROM users WHERE username = ?',
  );

  const throttle = loginThrottle(db);

  /** The answer to an attempt the throttle refused before any password work (same whether or not the account exists). */
  function refused(username: string, result: Extract<BeginResult, { ok: false }>): HttpError {
    const everywhere = result.refusedBy === 'name';
    audit.record(
      AuditService.auth,
      `login refused for "${auditText(username)}": account locked${everywhere ? ' for every address' : ''}`,
    );
    const minutes = Math.ceil(result.retryAfter / 60);
    return new HttpError(
      429,
      `Too many failed attempts${everywhere ? ' for this account' : ''}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      { 'retry-after': String(result.retryAfter) },
    );
  }

  /** The attempt was counted up front; record why it failed and the lock it caused. */
  async function failure(
    req: FastifyRequest,
    username: string,
    reason: string,
    attempt: LoginAttempt,
    error: HttpError,
  ): Promise<HttpError> {
    audit.record(AuditService.auth, `login failed for "${auditText(username)}": ${reason}`);
    const outcome: FailureOutcome = await attempt.failed();
    const p = readPolicy(db);
    if (outcome.lockedPair)
      audit.record(
        AuditService.auth,
        `account "${auditText(username)}" locked for ${p.duration_seconds} s after ${p.attempts} failed attempts from ${auditText(req.ip)}`,
      );
    if (outcome.lockedName)
      audit.record(
        AuditService.auth,
        `account "${auditText(username)}" locked for every address for ${throttle.nameLimit().windowSeconds} s after ${throttle.nameLimit().points} failed attempts`,
      );
    return error;
  }

  /**
   * Checks name, password and one-time code. Returns the account and the code's time step (0 when none was used).
   * Unknown names cost one argon2 verification like known ones. The attempt is counted (per name and client address,
   * and per name) before anything is checked, so parallel guesses queue up on the counter; past the per-name delay
   * threshold it waits before the check. A correct password without its code yet is refunded; full success clears
   * the address's count.
   */
  const findUserById = db.prepare(
    'SELECT id, username, password_hash, must_change_password, otp_required, totp_secret, last_otp_step FROM users WHERE id = ?',
  );

  /** The local password check: the account, or null for an unknown name or a wrong password. */
  async function localPassword(req: FastifyRequest, body: LoginBody): Promise<UserRow | null> {
    const user = findUser.get(body.username) as UserRow | undefined;
    if (!user) {
      await burnPasswordCheck(body.password);
      return null;
    }
    const ok = await verifyPassword(user.password_hash, body.password, { account: user.id, log: req.log });
    return ok ? user : null;
  }

  /**
   * Console sign-in through the console service's providers in their order: the first that knows the name decides
   * (local: an account not linked to a provider; LDAP: the user filter finds one entry). A directory that cannot be
   * asked is skipped (logged). Nobody knowing the name costs one dummy password check, like an unknown local name.
   */
  async function providerPassword(req: FastifyRequest, body: LoginBody): Promise<UserRow | null> {
    for (const p of serviceProviders(db, 'console')) {
      if (!p.enabled) continue;
      if (p.type === 'local') {
        const user = findUser.get(body.username) as UserRow | undefined;
        if (!user || isLinked(db, user.id)) continue;
        return localPassword(req, body);
      }
      if (p.type !== 'ldap' || !p.ldap) continue;
      let result;
      try {
        const secret = providerSecret(db, providerKey(db, config.dataDir), p.id);
        result = await ldapAuthenticate(db, p.ldap, secret, body.username, body.password);
      } catch (e) {
        if (!(e instanceof ProviderUnavailableError)) throw e;
        req.log.warn({ err: e }, `directory "${p.name}" is unavailable; trying the next provider`);
        continue;
      }
      if (result.status === 'unknown') continue;
      if (result.status === 'wrong') return null;
      try {
        const id = await accountFor(ctx, p, result.user, true);
        return findUserById.get(id) as UserRow;
      } catch (e) {
        if (!(e instanceof SignInRefused)) throw e;
        audit.record(AuditService.auth, `directory sign-in refused: ${auditText(e.message, 200)}`);
        return null;
      }
    }
    await burnPasswordCheck(body.password);
    return null;
  }

  async function authenticate(
    req: FastifyRequest,
    body: LoginBody,
    wrong: HttpError,
    throughProviders = false,
  ): Promise<{ user: UserRow; otpStep: number }> {
    const begun = await throttle.begin(throttleKey(body.username), req.ip);
    if (!begun.ok) throw refused(body.username, begun);
    const attempt = begun.attempt;
    await attempt.wait();
    const user = throughProviders ? await providerPassword(req, body) : await localPassword(req, body);
    if (!user) throw await failure(req, body.username, 'wrong credentials', attempt, wrong);
    const otp = body.otp?.trim() ?? '';
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
          req,
          body.username,
          'invalid one-time code',
          attempt,
          loginError(LoginCode.invalidOtp, 'Invalid one-time code'),
        );
      otpStep = step;
    }
    await attempt.succeeded();
    return { user, otpStep };
  }

  /** Records a used one-time code step; false when a parallel request used it first (replay). */
  function consumeOtpStep(userId: number, step: number): boolean {
    if (!step) return true;
    return (
      db
        .prepare('UPDATE users SET last_otp_step = ? WHERE id = ? AND last_otp_step < ?')
        .run(step, userId, step).changes === 1
    );
  }

  const identityHealth = cachedHealthCheck(identityProbe(scope, config.identityBase), {
    now: () => ctx.now(),
  });

  // The login setup (spec §7): how one may log in, whether the identity service answers its readiness check now,
  // and the custom look of the login screen from the layout settings (without a custom title the screen keeps its own).
  scope.get('/setup', async () => {
    const images = new Set(
      (db.prepare('SELECT slot FROM images').all() as Array<{ slot: string }>).map((r) => r.slot),
    );
    const imageUrl = (slot: string) =>
      images.has(slot) ? `${config.apiBase.replace(/\/+$/, '/')}config/${slot}` : null;
    return {
      login_methods: loginMethods(ctx),
      isOffline: !(await identityHealth.online()),
      login_logo: imageUrl('login_logo'),
      login_background: imageUrl('login_background'),
      login_title: readUiSettings(ctx).login_title,
    };
  });

  scope.post<{ Body: LoginBody; Querystring: { return_to?: string } }>(
    config.authLoginPath,
    { schema: loginSchema, config: limited },
    async (req, reply) => {
      const body = req.body;
      const history = (success: boolean) =>
        recordLogin(db, {
          username: body.username,
          source: req.ip,
          method: body.otp ? 'password+totp' : 'password',
          success,
          at: ctx.now(),
        });
      const { user, otpStep } = await authenticate(
        req,
        body,
        loginError(LoginCode.wrongCredentials, 'Wrong user name or password'),
        true,
      ).catch((e: unknown) => {
        if (e instanceof HttpError && (e.statusCode === 401 || e.statusCode === 429)) history(false);
        throw e;
      });
      const refusal = accountRefusal(db, user.id, ctx.now());
      if (refusal) {
        history(false);
        throw loginError(LoginCode.wrongCredentials, `This account is ${refusal}; ask an administrator`);
      }
      if (user.must_change_password) {
        const fresh = inTransaction(db, () => consumeOtpStep(user.id, otpStep));
        if (!fresh) throw loginError(LoginCode.invalidOtp, 'Invalid one-time code');
        audit.record(
          AuditService.auth,
          `login of "${auditText(user.username)}" needs a password change (first access)`,
        );
        return {
          data: { redirect_uri: withReturnTo(FIRST_ACCESS_REDIRECT, req.query.return_to, redirects) },
        };
      }
      const kind = config.bearerMode ? 'bearer' : 'cookie';
      const previous = presentedToken(req);
      const session = inTransaction(db, () => {
        if (!consumeOtpStep(user.id, otpStep)) return null;
        // A new login replaces the session this browser held (whoever it belonged to).
        if (previous) deleteSession(ctx, previous);
        return createSession(ctx, user.id, kind);
      });
      if (!session) throw loginError(LoginCode.invalidOtp, 'Invalid one-time code');
      setSessionCookies(ctx, reply, session.token, kind, session.maxAge);
      history(true);
      audit.record(AuditService.auth, `login succeeded for "${auditText(user.username)}"`);
      const redirect_uri = safeRedirectPath(req.query.return_to, redirects);
      return { data: kind === 'bearer' ? { redirect_uri, access_token: session.token } : { redirect_uri } };
    },
  );

  scope.post<{ Body: LoginBody & { new_password: string }; Querystring: { return_to?: string } }>(
    config.authChangePasswordPath,
    { schema: changeSchema, config: limited },
    async (req) => {
      const body = req.body;
      const { user, otpStep } = await authenticate(
        req,
        body,
        loginError(LoginCode.invalidPassword, 'Invalid password'),
      );
      // A disabled or expired account keeps its password as the admin left it (no way back in by changing it).
      const refusal = accountRefusal(db, user.id, ctx.now());
      if (refusal)
        throw loginError(LoginCode.invalidPassword, `This account is ${refusal}; ask an administrator`);
      if (body.new_password === body.password) {
        throw loginError(LoginCode.sameAsCurrent, 'The new password cannot be the same as the current one');
      }
      const problem = passwordProblem(body.new_password, [user.username]);
      if (problem) {
        throw new HttpError(422, [
          {
            loc: ['body', 'new_password'],
            msg: `the new password cannot be used because ${problem.reason}`,
            type: 'value_error.str.password',
            ctx: { reason: problem.code },
          },
        ]);
      }
      const hashed = await hashPassword(body.new_password);
      const done = inTransaction(db, () => {
        if (!consumeOtpStep(user.id, otpStep)) return false;
        db.prepare(
          'UPDATE users SET password_hash = ?, must_change_password = 0, password_changed_at = ? WHERE id = ?',
        ).run(hashed, ctx.now(), user.id);
        db.prepare('DELETE FROM sessions WHERE user_id = ?').run(user.id);
        return true;
      });
      if (!done) throw loginError(LoginCode.invalidOtp, 'Invalid one-time code');
      audit.record(AuditService.auth, `password changed for "${auditText(user.username)}"`);
      return {
        data: { redirect_uri: withReturnTo(PASSWORD_CHANGED_REDIRECT, req.query.return_to, redirects) },
      };
    },
  );

  registerLockoutRoutes(scope, ctx);
  registerSessionRoutes(scope, ctx);
  registerOidcLogin(scope, ctx);

  scope.post('/logout', async (req, reply: FastifyReply) => {
    const token = presentedToken(req);
    if (token) {
      const user = userForToken(ctx, token);
      inTransaction(db, () => deleteSession(ctx, token));
      if (user) audit.record(AuditService.auth, `logout of "${auditText(user.username)}"`);
    }
    clearSessionCookies(ctx, reply);
    return { data: { redirect_uri: LOGOUT_REDIRECT } };
  });
}
