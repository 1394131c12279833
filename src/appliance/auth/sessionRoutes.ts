/**
 * Session lifetime under the auth base:
 * - `GET /session`: the session's times (idle and absolute end, when the console should warn, last authentication).
 *   It is the console's heartbeat and does not count as activity, so polling it never keeps an idle session alive.
 * - `POST /session/extend`: the user asked to stay signed in; the idle timer starts again (never past the absolute end).
 * - `POST /reauth`: the password or the one-time code again, for sensitive changes; counted by the login throttle like
 *   a sign-in (a locked pair is refused without checking) and written to the login history.
 * Which changes need a recent authentication is declared on their routes (`config.reauth`, http/routeAccess.ts).
 */
import type { FastifyInstance } from 'fastify';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { recordLogin } from '../users/history';
import { currentUser, isPassive } from './guards';
import { loginThrottle, readPolicy, throttleKey } from './lockout';
import { auditLocks, auditSignIn } from './serviceAuth';
import { verifyPassword } from './passwords';
import { contractRoute } from '../http/contractRoute';
import {
  extendSession,
  getSession,
  reauthenticate,
  type SessionStatus,
} from '../../shared/contracts/authentication';
import { markAuthenticated, sessionEnd, touchSession, type SessionUser } from './sessions';
import { verifyTotp } from './totp';

/** The status the console reads (times as ISO strings and seconds, so clocks that differ do not matter). */
export function sessionStatus(ctx: ApplianceContext, user: SessionUser): SessionStatus {
  const now = ctx.now();
  const s = user.session;
  const end = sessionEnd(ctx, s);
  const idle = ctx.config.sessionIdleSeconds;
  return {
    username: user.username,
    expires_at: new Date(end).toISOString(),
    // Rounded up: 0 only once the session has ended (a tab that reads 0 leaves, so it must really be over).
    expires_in_seconds: Math.max(0, Math.ceil((end - now) / 1000)),
    /** The end is the absolute one: extending cannot move it. */
    absolute: end === s.expiresAt,
    absolute_expires_at: new Date(s.expiresAt).toISOString(),
    idle_timeout_seconds: idle,
    warn_seconds: Math.min(ctx.config.sessionWarnSeconds, Math.floor(idle / 2)),
    authenticated_at: new Date(s.authenticatedAt).toISOString(),
    reauth_max_age_seconds: ctx.config.reauthMaxAgeSeconds,
  };
}

export function registerSessionRoutes(scope: FastifyInstance, ctx: ApplianceContext): void {
  const { db, audit } = ctx;
  const throttle = loginThrottle(db);

  // The auth scope's prefix holds the contracts' `auth/` (the auth base, `{api}auth` by default).
  const under = 'auth/';

  contractRoute(
    scope,
    getSession,
    { access: 'session', passive: true },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return sessionStatus(ctx, currentUser(req));
    },
    { under },
  );

  contractRoute(
    scope,
    extendSession,
    { access: 'session' },
    async (req, reply) => {
      const user = currentUser(req);
      // A passive request is refused: extending is only ever the user's own choice.
      if (isPassive(req)) throw new HttpError(400, 'Extending a session is the user’s own request');
      touchSession(ctx, user.session);
      void reply.header('cache-control', 'no-store');
      return sessionStatus(ctx, user);
    },
    { under },
  );

  contractRoute(
    scope,
    reauthenticate,
    { access: 'session' },
    async (req) => {
      const user = currentUser(req);
      const password = req.body.password ?? '';
      const otp = req.body.otp?.trim() ?? '';
      if (!password && !otp)
        throw new HttpError(422, [
          {
            loc: ['body', 'password'],
            msg: 'enter your password or one-time code',
            type: 'value_error.missing',
          },
        ]);
      // Re-authentication is the console's: it counts toward the one shared (name, address) lock.
      const fields = { service: 'console', method: otp ? 'otp' : 'password', source: req.ip } as const;
      const begun = await throttle.begin(throttleKey(user.username), req.ip, { service: 'console' });
      if (!begun.ok) {
        auditSignIn(
          audit,
          req.log,
          'refused',
          're-authentication refused',
          user.username,
          fields,
          'account locked',
        );
        const minutes = Math.ceil(begun.retryAfter / 60);
        throw new HttpError(
          429,
          `Too many failed attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
          {
            'retry-after': String(begun.retryAfter),
          },
        );
      }
      const attempt = begun.attempt;
      await attempt.wait();
      const row = db
        .prepare('SELECT password_hash, totp_secret, last_otp_step FROM users WHERE id = ?')
        .get(user.id) as { password_hash: string; totp_secret: string | null; last_otp_step: number };
      const method = otp ? 'reauth:totp' : 'reauth:password';
      let ok = false;
      let step = 0;
      if (otp) {
        if (row.totp_secret) {
          const s = await verifyTotp(row.totp_secret, otp, row.last_otp_step, Math.floor(ctx.now() / 1000));
          if (s !== null) {
            ok = true;
            step = s;
          }
        }
      } else {
        ok = await verifyPassword(row.password_hash, password, { account: user.id, log: req.log });
      }
      recordLogin(db, { username: user.username, source: req.ip, method, success: ok, at: ctx.now() });
      if (!ok) {
        const outcome = await attempt.failed();
        const why = otp ? 'invalid one-time code' : 'wrong password';
        auditSignIn(audit, req.log, 'failed', 're-authentication failed', user.username, fields, why);
        auditLocks(audit, req.log, user.username, fields, outcome, readPolicy(db), throttle.nameLimit());
        throw new HttpError(401, {
          code: otp ? 2 : 6,
          message: otp ? 'Invalid one-time code' : 'Invalid password',
        });
      }
      const fresh = inTransaction(db, () => {
        if (
          step &&
          db
            .prepare('UPDATE users SET last_otp_step = ? WHERE id = ? AND last_otp_step < ?')
            .run(step, user.id, step).changes !== 1
        )
          return false;
        markAuthenticated(ctx, user.session);
        return true;
      });
      if (!fresh) {
        await attempt.failed();
        auditSignIn(
          audit,
          req.log,
          'failed',
          're-authentication failed',
          user.username,
          fields,
          'one-time code replayed',
        );
        throw new HttpError(401, { code: 2, message: 'Invalid one-time code' });
      }
      await attempt.succeeded();
      auditSignIn(audit, req.log, 'succeeded', 're-authentication succeeded', user.username, fields);
      return sessionStatus(ctx, user);
    },
    { under },
  );
}
