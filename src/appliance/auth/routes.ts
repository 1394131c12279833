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
import { readUiSettings } from '../settings/routes';
import { cachedHealthCheck, identityProbe } from './identityHealth';
import { registerLockoutRoutes } from './lockoutRoutes';
import { registerSessionRoutes } from './sessionRoutes';
import { hashPassword } from './passwords';
import { contractRoute } from '../http/contractRoute';
import { atPath } from '../../shared/contracts/endpoint';
import {
  changePassword,
  getLoginSetup,
  login,
  loginWithSecurityKey,
  logout,
  type LoginAnswer,
  type LoginMethodAnswer,
} from '../../shared/contracts/authentication';
import {
  clearSessionCookies,
  createSession,
  deleteSession,
  endSessionsOf,
  presentedToken,
  setSessionCookies,
  userForToken,
} from './sessions';
import { consoleOidcLoginMethods, readSignupPolicy, registerOidcLogin } from '../providers';
import {
  auditLocks,
  auditSignIn,
  loginError,
  LoginCode,
  methodOf,
  serviceAuthenticator,
} from './serviceAuth';
import { registerServiceAuthRoutes } from './serviceAuthRoutes';
import { loginThrottle, readPolicy, throttleKey } from './lockout';
import {
  assertionOptions,
  ceremonyOrigin,
  NO_RP_ID,
  takeCeremony,
  verifySignIn,
  WebAuthnError,
} from '../users/securityKeys';
import type { SignInFields } from '../../service-kit/signInAudit';

export { LoginCode };

export const FIRST_ACCESS_REDIRECT = '/change-password?notice=first_access_change';
export const PASSWORD_CHANGED_REDIRECT = '/account/login?notice=password_changed';
export const LOGOUT_REDIRECT = '/account/login';
/** Login and change-password requests per client address and minute, on top of the per-account lockout. */
/** A way to log in the setup offers (spec §7 login_methods; `loginMethod` of the contract). */
export type LoginMethod = LoginMethodAnswer;

/** The login methods of the setup: the local form; configured sign-in providers add theirs here. */
export function loginMethods(ctx: ApplianceContext): LoginMethod[] {
  // The password form, then a button per OpenID provider put on the console service.
  return [{ type: 'form_login' }, ...consoleOidcLoginMethods(ctx)];
}

export const AUTH_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

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

  const auth = serviceAuthenticator(ctx);
  const origin = (req: FastifyRequest) => ({ source: req.ip, log: req.log });
  const consumeOtpStep = auth.consumeOtpStep;
  const throttle = loginThrottle(db);

  const identityHealth = cachedHealthCheck(identityProbe(scope, config.identityBase), {
    now: () => ctx.now(),
  });

  // The auth scope's prefix holds the contracts' `auth/` (the auth base, `{api}auth` by default); the login's and the
  // password change's paths are the settings' (`authLoginPath`, `authChangePasswordPath`).
  const under = 'auth/';
  const loginAt = atPath(login, `${under}${config.authLoginPath.replace(/^\/+/, '')}`);
  // `{login}/webauthn` (`/webauthn` when the login is the base itself).
  const keyLoginAt = atPath(loginWithSecurityKey, `${loginAt.path.replace(/\/+$/, '')}/webauthn`);
  const changeAt = atPath(changePassword, `${under}${config.authChangePasswordPath.replace(/^\/+/, '')}`);

  // The login setup (spec §7): how one may log in, whether the identity service answers its readiness check now,
  // and the custom look of the login screen from the layout settings (without a custom title the screen keeps its own).
  contractRoute(
    scope,
    getLoginSetup,
    { access: 'public' },
    async () => {
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
        // Whether the sign-up links show (the identity service enforces the policy itself; the list stays private).
        signup: readSignupPolicy(config.dataDir).mode,
      };
    },
    { under },
  );

  /**
   * The end of a console sign-in whose factors were all proven: first access goes to the password change (no
   * session); otherwise the session this browser held is replaced by a new one. The one-time code's step is used
   * here (false: it was replayed).
   */
  function finishLogin(
    req: FastifyRequest<{ Querystring: { return_to?: string } }>,
    reply: FastifyReply,
    user: { id: number; username: string; must_change_password: number },
    otpStep: number,
    fields: SignInFields,
    history: (success: boolean) => void,
  ): LoginAnswer {
    const refused = (name: string, why: string) =>
      auditSignIn(audit, req.log, 'refused', 'login refused', name, fields, why);
    if (user.must_change_password) {
      const fresh = inTransaction(db, () => consumeOtpStep(user.id, otpStep));
      if (!fresh) {
        refused(user.username, 'one-time code replayed');
        throw loginError(LoginCode.invalidOtp, 'Invalid one-time code');
      }
      auditSignIn(
        audit,
        req.log,
        'succeeded',
        'login',
        user.username,
        fields,
        'needs a password change (first access)',
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
    if (!session) {
      refused(user.username, 'one-time code replayed');
      throw loginError(LoginCode.invalidOtp, 'Invalid one-time code');
    }
    setSessionCookies(ctx, reply, session.token, kind, session.maxAge);
    history(true);
    auditSignIn(audit, req.log, 'succeeded', 'login succeeded', user.username, fields);
    const redirect_uri = safeRedirectPath(req.query.return_to, redirects);
    return { data: kind === 'bearer' ? { redirect_uri, access_token: session.token } : { redirect_uri } };
  }

  /**
   * The 401 that asks an account with a security key for its second step: the ways it has (`webauthn`, and `totp`
   * when it also has an authenticator app) and a fresh ceremony for `navigator.credentials.get()`; `webauthn` is
   * null (with the reason) when no key of the account can be used at this address.
   */
  function keyStep(req: FastifyRequest, user: { id: number; totp_secret: string | null }, code: number) {
    const where = ceremonyOrigin(ctx, req);
    const options = where ? inTransaction(db, () => assertionOptions(ctx, user.id, where)) : null;
    const ways = [...(user.totp_secret ? ['totp'] : []), 'webauthn'];
    const message =
      code === LoginCode.securityKeyRefused
        ? 'This security key was not accepted'
        : user.totp_secret
          ? 'Use your security key, or enter the one-time code of your authenticator'
          : 'Use your security key';
    return new HttpError(401, {
      code,
      message,
      second_factors: ways,
      webauthn: options,
      ...(options
        ? {}
        : {
            webauthn_problem: where
              ? 'None of your security keys was added at this address of the console; open it by the host name where you added them'
              : NO_RP_ID,
          }),
    });
  }

  contractRoute(
    scope,
    loginAt,
    { ...limited, access: 'public' },
    async (req, reply) => {
      const body = req.body;
      const fields = { service: 'console', method: methodOf(body), source: req.ip } as const;
      const refused = (name: string, why: string) =>
        auditSignIn(audit, req.log, 'refused', 'login refused', name, fields, why);
      const history = (success: boolean) =>
        recordLogin(db, {
          username: body.username,
          source: req.ip,
          method: body.otp ? 'password+totp' : 'password',
          success,
          at: ctx.now(),
        });
      // The console's own sign-in asks the console service's providers.
      const {
        user,
        otpStep,
        keyStep: keyPending,
      } = await auth
        .authenticate(origin(req), body, {
          through: 'console',
          wrong: loginError(LoginCode.wrongCredentials, 'Wrong user name or password'),
          securityKeys: true,
        })
        .catch((e: unknown) => {
          if (e instanceof HttpError && (e.statusCode === 401 || e.statusCode === 429)) history(false);
          throw e;
        });
      const refusal = accountRefusal(db, user.id, ctx.now());
      if (refusal) {
        history(false);
        refused(user.username, `account ${refusal}`);
        throw loginError(LoginCode.wrongCredentials, `This account is ${refusal}; ask an administrator`);
      }
      if (keyPending) throw keyStep(req, user, LoginCode.otpRequired);
      return finishLogin(req, reply, user, otpStep, fields, history);
    },
    { under },
  );

  // The security-key step of a console sign-in: the ticket the password step answered and the browser's answer to
  // `navigator.credentials.get()`. Counted by the login throttle like a code; a refused key is audited and answered
  // with a fresh ceremony (the password stays proven), a ticket that is used or too old sends back to the password.
  contractRoute(
    scope,
    keyLoginAt,
    // Its ticket proves the password step.
    { ...limited, access: 'public' },
    async (req, reply) => {
      const ceremony = inTransaction(db, () => takeCeremony(ctx, req.body.ticket, 'login'));
      if (!ceremony)
        throw loginError(
          LoginCode.securityKeyExpired,
          'The security key step has expired; enter your password again',
        );
      const user = db
        .prepare('SELECT id, username, must_change_password, totp_secret FROM users WHERE id = ?')
        .get(ceremony.user_id) as
        | { id: number; username: string; must_change_password: number; totp_secret: string | null }
        | undefined;
      if (!user)
        throw loginError(
          LoginCode.securityKeyExpired,
          'The security key step has expired; enter your password again',
        );
      const fields = { service: 'console', method: 'webauthn', source: req.ip } as const;
      const history = (success: boolean) =>
        recordLogin(db, {
          username: user.username,
          source: req.ip,
          method: 'password+webauthn',
          success,
          at: ctx.now(),
        });
      const begun = await throttle.begin(throttleKey(user.username), req.ip, { service: 'console' });
      if (!begun.ok) {
        history(false);
        auditSignIn(audit, req.log, 'refused', 'login refused', user.username, fields, 'account locked');
        const minutes = Math.ceil(begun.retryAfter / 60);
        throw new HttpError(
          429,
          `Too many failed attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
          { 'retry-after': String(begun.retryAfter) },
        );
      }
      const attempt = begun.attempt;
      await attempt.wait();
      try {
        await verifySignIn(ctx, ceremony, req.body.credential);
      } catch (e) {
        if (!(e instanceof WebAuthnError)) throw e;
        history(false);
        auditSignIn(
          audit,
          req.log,
          'failed',
          'login failed',
          user.username,
          fields,
          `security key refused: ${e.message}`,
        );
        const outcome = await attempt.failed();
        auditLocks(audit, req.log, user.username, fields, outcome, readPolicy(db), throttle.nameLimit());
        const again = keyStep(req, user, LoginCode.securityKeyRefused);
        (again.detail as { message: string }).message = e.message;
        throw again;
      }
      await attempt.succeeded();
      const refusal = accountRefusal(db, user.id, ctx.now());
      if (refusal) {
        history(false);
        auditSignIn(audit, req.log, 'refused', 'login refused', user.username, fields, `account ${refusal}`);
        throw loginError(LoginCode.wrongCredentials, `This account is ${refusal}; ask an administrator`);
      }
      return finishLogin(req, reply, user, 0, fields, history);
    },
    { under },
  );

  contractRoute(
    scope,
    changeAt,
    { ...limited, access: 'public' },
    async (req) => {
      const body = req.body;
      const { user, otpStep } = await auth.authenticate(origin(req), body, {
        through: 'local',
        wrong: loginError(LoginCode.invalidPassword, 'Invalid password'),
      });
      // A disabled or expired account keeps its password as the admin left it (no way back in by changing it).
      const fields = { service: 'console', method: methodOf(body), source: req.ip } as const;
      const refusal = accountRefusal(db, user.id, ctx.now());
      if (refusal) {
        auditSignIn(
          audit,
          req.log,
          'refused',
          'password change refused',
          user.username,
          fields,
          `account ${refusal}`,
        );
        throw loginError(LoginCode.invalidPassword, `This account is ${refusal}; ask an administrator`);
      }
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
        endSessionsOf(db, user.id);
        return true;
      });
      if (!done) throw loginError(LoginCode.invalidOtp, 'Invalid one-time code');
      auditSignIn(audit, req.log, 'succeeded', 'password changed', user.username, fields);
      return {
        data: { redirect_uri: withReturnTo(PASSWORD_CHANGED_REDIRECT, req.query.return_to, redirects) },
      };
    },
    { under },
  );

  registerServiceAuthRoutes(scope, ctx, limited);
  registerLockoutRoutes(scope, ctx);
  registerSessionRoutes(scope, ctx);
  registerOidcLogin(scope, ctx);

  contractRoute(
    scope,
    logout,
    { access: 'public' },
    async (req, reply) => {
      const token = presentedToken(req);
      if (token) {
        const user = userForToken(ctx, token);
        inTransaction(db, () => deleteSession(ctx, token));
        if (user) audit.record(AuditService.auth, `logout of "${auditText(user.username)}"`);
      }
      clearSessionCookies(ctx, reply);
      return { data: { redirect_uri: LOGOUT_REDIRECT } };
    },
    { under },
  );
}
