/**
 * Local accounts for admins (namespace `users`): list, detail with login history, create with a one-time password
 * (first-access change), edit, delete, bulk enable/disable/delete, end all sessions, reset the second factor.
 * Reading needs admin too (accounts are not for every user to browse); every write is audited. Every write goes
 * through the last-admin rule (`adminRule.ts`: an admin who can sign in now and tomorrow must remain), and the
 * caller's own account cannot be removed or disabled: such a request is a 409 `status_error.conflicting_users` naming
 * each account, and nothing changes.
 */
import type { FastifyInstance } from 'fastify';
import {
  USERNAME_MAX,
  simulateLockoutPolicy,
  type Account,
  type AccountBody,
  createUser,
  listUsers,
  getUser,
  putUser,
  deleteUser,
  usersBulk,
  endUserSessions,
  resetUserSecondFactors,
  getMySignIns,
  newTotp,
  confirmTotp,
} from '../../shared/contracts/authentication';
import { listAccountPage } from './accountList';
import { passwordProblem } from '../../service-kit/passwordPolicy';
import { migrate } from '../../storage/sqlite';
import { AuditService, auditText } from '../audit';
import { currentUser } from '../auth/guards';
import { loginThrottle } from '../auth/lockout';
import { generatePassword, hashPassword } from '../auth/passwords';
import { endSessionsOf } from '../auth/sessions';
import { newTotpSecret, verifyTotp } from '../auth/totp';
import { generateURI } from 'otplib';
import QRCode from 'qrcode';
import { inTransaction, type ApplianceContext } from '../context';
import { offer, type ExpiringAccount } from '../offers';
import { HttpError, type ErrorItem } from '../http/errors';
import { guardAccountWrite, type Conflict } from './adminRule';
import { registerGroupRoutes } from './groups';
import { groupsOfUser, setGroupsOfUser } from './groupsStore';
import { failuresSinceSuccess, lastSuccess, loginHistory } from './history';
import { usersMigrations } from './migrations';
import { simulateLockout } from './simulate';
import { registerSecurityKeyRoutes } from './securityKeyRoutes';
import { listSecurityKeys } from './securityKeys';
import { dayOf, findAccount, writeAccountFields } from './store';
import { accountFieldErrors } from './fields';
import { registerUsersSections } from './section';
import { area } from '../http/routeAccess';
import { contractRoute } from '../http/contractRoute';

export { accountRefusal } from './store';
export { accountFieldErrors, validDay } from './fields';
export { recordLogin } from './history';

export { USERNAME_MAX };
const ONE_TIME_PASSWORD_LENGTH = 16;

export async function registerUsers(scope: FastifyInstance, ctx: ApplianceContext): Promise<void> {
  const { db, audit } = ctx;
  migrate(db, 'users', usersMigrations);
  registerUsersSections(ctx);
  // The alerts' "account expires" reads this, not the accounts' table.
  const expiring = db.prepare(
    `SELECT id, username, role, expires_at AS expiresOn FROM users
      WHERE enabled = 1 AND expires_at IS NOT NULL AND expires_at >= ? AND expires_at <= ?`,
  );
  offer(ctx, 'accountsExpiring', (fromDay, toDay) => expiring.all(fromDay, toDay) as ExpiringAccount[]);
  registerGroupRoutes(scope, ctx);
  const throttle = loginThrottle(db);
  const lockedNames = () => new Set(throttle.locks(ctx.now()).map((l) => l.name));

  /** Sessions of an account that have neither reached their absolute end nor been idle too long. */
  const activeSessions = (userId: number): number => {
    const now = ctx.now();
    return (
      db
        .prepare(
          'SELECT COUNT(*) AS n FROM sessions WHERE user_id = ? AND expires_at > ? AND last_seen_at > ?',
        )
        .get(userId, now, now - ctx.config.sessionIdleSeconds * 1000) as { n: number }
    ).n;
  };

  const mustFind = (id: string): Account => {
    const account = findAccount(db, Number(id), lockedNames());
    if (!account) throw new HttpError(404, 'User does not exist');
    return account;
  };

  /** The caller's own account among `ids` when the change removes or disables it (the last-admin rule is apart). */
  function selfRefusals(ids: number[], selfId: number, removesOrDisables: boolean): Conflict[] {
    const self = ids.includes(selfId) && removesOrDisables ? findAccount(db, selfId, new Set()) : null;
    return self ? [{ id: self.id, username: self.username, reason: 'it is your own account' }] : [];
  }

  function checkBody(body: Partial<AccountBody>): ErrorItem[] {
    const fields = accountFieldErrors(body);
    if (fields.length) return fields;
    return (body.groups ?? []).flatMap((id, i) =>
      db.prepare('SELECT 1 FROM user_groups WHERE id = ?').get(id)
        ? []
        : [{ loc: ['body', 'groups', i], msg: 'group does not exist', type: 'value_error.not_found' }],
    );
  }

  /** The issuer an authenticator app shows beside the account's codes. */
  const TOTP_ISSUER = 'Rampart console';

  const withGroups = <T extends { id: number }>(a: T) => ({ ...a, groups: groupsOfUser(db, a.id) });

  contractRoute(scope, listUsers, { access: area('authentication') }, async (req) =>
    listAccountPage(db, req.query, { today: dayOf(Date.now()), locked: lockedNames() }, withGroups),
  );

  // Every user's own recent sign-ins and failures (time, source address, method), how many sessions are open, when
  // the password last changed and the second factors (what "Your account" shows under "Password and two-factor").
  contractRoute(scope, getMySignIns, { access: 'session' }, async (req) => {
    const me = currentUser(req);
    const account = findAccount(db, me.id, new Set());
    return {
      password_changed_at: account?.password_changed_at ?? null,
      second_factors: account?.second_factors ?? [],
      security_keys: listSecurityKeys(db, me.id),
      data: loginHistory(db, me.username),
      last_login: lastSuccess(db, me.username),
      failed_since_last_login: failuresSinceSuccess(db, me.username),
      active_sessions: activeSessions(me.id),
    };
  });

  // Two-factor enrolment of the signed-in account (an authenticator app, RFC 6238): a new secret with its otpauth URI
  // and QR code, kept by nobody until a code of it is confirmed; then the local login asks for a code after the
  // password. Its writes need a recent sign-in (`reauth: true` on the route, http/routeAccess.ts).
  contractRoute(scope, newTotp, { access: 'session' }, async (req, reply) => {
    const me = currentUser(req);
    const secret = newTotpSecret();
    const uri = generateURI({ issuer: TOTP_ISSUER, label: me.username, secret });
    const qr = await QRCode.toDataURL(uri, { width: 200, margin: 1, errorCorrectionLevel: 'M' });
    void reply.header('cache-control', 'no-store');
    return { secret, uri, qr };
  });

  contractRoute(scope, confirmTotp, { access: 'session', reauth: true }, async (req) => {
    const me = currentUser(req);
    const account = findAccount(db, me.id, new Set());
    if (!account) throw new HttpError(404, 'This account no longer exists');
    if (account.second_factors.length)
      throw new HttpError(
        409,
        'Two-factor is already on: an administrator resets it before a new one is set up',
      );
    const step = await verifyTotp(req.body.secret, req.body.code.trim(), 0, Math.floor(ctx.now() / 1000));
    if (step === null)
      throw new HttpError(422, [
        {
          loc: ['body', 'code'],
          msg: 'This code does not match: type the code your app shows now',
          type: 'value_error.otp',
        },
      ]);
    const now = ctx.now();
    inTransaction(db, () =>
      db
        .prepare('UPDATE users SET totp_secret = ?, totp_created_at = ?, last_otp_step = ? WHERE id = ?')
        .run(req.body.secret, now, step, me.id),
    );
    audit.record(
      AuditService.auth,
      `second factor (authenticator app) set up by "${auditText(me.username)}"`,
    );
    return { second_factors: [{ type: 'totp' as const, created_at: now }] };
  });

  registerSecurityKeyRoutes(scope, ctx);

  contractRoute(scope, getUser, { access: area('authentication') }, async (req) => {
    const account = mustFind(req.params.id);
    return {
      ...withGroups(account),
      security_keys: listSecurityKeys(db, account.id),
      last_login: lastSuccess(db, account.username),
      failed_since_last_login: failuresSinceSuccess(db, account.username),
      login_history: loginHistory(db, account.username),
      active_sessions: activeSessions(account.id),
    };
  });

  contractRoute(scope, createUser, { access: 'admin', reauth: true }, async (req, reply) => {
    const body = req.body;
    const errors = checkBody(body);
    if (db.prepare('SELECT 1 FROM users WHERE username = ?').get(body.username))
      errors.push({
        loc: ['body', 'username'],
        msg: 'this user name is taken',
        type: 'value_error.duplicate',
      });
    if (errors.length) throw new HttpError(422, errors);
    // A generated password that the policy accepts (the generator's 16 characters nearly always are).
    let password = generatePassword(ONE_TIME_PASSWORD_LENGTH);
    while (passwordProblem(password, [body.username, body.email ?? '']))
      password = generatePassword(ONE_TIME_PASSWORD_LENGTH);
    const hash = await hashPassword(password);
    const now = ctx.now();
    // A new account cannot cost an admin; it goes through the rule like every account write all the same.
    const id = guardAccountWrite(db, now, ['body', 'role'], () => {
      const created = Number(
        db
          .prepare(
            `INSERT INTO users (username, password_hash, role, must_change_password, created_at, email, full_name,
                 enabled, expires_at) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)`,
          )
          .run(
            body.username,
            hash,
            body.role,
            now,
            body.email ?? '',
            body.full_name ?? '',
            body.enabled === false ? 0 : 1,
            body.expires_at ?? null,
          ).lastInsertRowid,
      );
      if (body.groups) setGroupsOfUser(db, created, body.groups);
      return created;
    });
    audit.record(
      AuditService.auth,
      `user "${auditText(body.username)}" (${body.role}) created by "${auditText(currentUser(req).username)}"`,
    );
    return reply.code(201).send({ ...withGroups(mustFind(String(id))), one_time_password: password });
  });

  contractRoute(scope, putUser, { access: 'admin', reauth: true }, async (req) => {
    const account = mustFind(req.params.id);
    const body = req.body;
    const errors = checkBody(body);
    if (errors.length) throw new HttpError(422, errors);
    const loc = ['body', body.enabled ? (body.role === account.role ? 'expires_at' : 'role') : 'enabled'];
    const refusals = selfRefusals([account.id], currentUser(req).id, !body.enabled);
    guardAccountWrite(
      db,
      ctx.now(),
      loc,
      () => {
        writeAccountFields(db, account.id, body, account.role);
        if (req.body.groups) setGroupsOfUser(db, account.id, req.body.groups);
      },
      { refusals },
    );
    audit.record(
      AuditService.auth,
      `user "${auditText(account.username)}" changed by "${auditText(currentUser(req).username)}"`,
    );
    return withGroups(mustFind(req.params.id));
  });

  contractRoute(scope, deleteUser, { access: 'admin', reauth: true }, async (req, reply) => {
    const account = mustFind(req.params.id);
    const refusals = selfRefusals([account.id], currentUser(req).id, true);
    guardAccountWrite(
      db,
      ctx.now(),
      ['path', 'id'],
      () => db.prepare('DELETE FROM users WHERE id = ?').run(account.id),
      { refusals },
    );
    audit.record(
      AuditService.auth,
      `user "${auditText(account.username)}" deleted by "${auditText(currentUser(req).username)}"`,
    );
    return reply.code(204).send();
  });

  contractRoute(scope, usersBulk, { access: 'admin', reauth: true }, async (req) => {
    const { action, ids } = req.body;
    const me = currentUser(req);
    const unknown: ErrorItem[] = ids.flatMap((id, i) =>
      db.prepare('SELECT 1 FROM users WHERE id = ?').get(id)
        ? []
        : [{ loc: ['body', 'ids', i], msg: 'user does not exist', type: 'value_error.not_found' }],
    );
    if (unknown.length) throw new HttpError(422, unknown);
    const refusals = selfRefusals(ids, me.id, action !== 'enable');
    const names = ids.map((id) => findAccount(db, id, new Set())?.username ?? String(id));
    guardAccountWrite(
      db,
      ctx.now(),
      ['body', 'ids'],
      () => {
        for (const id of ids) {
          if (action === 'delete') db.prepare('DELETE FROM users WHERE id = ?').run(id);
          else {
            db.prepare('UPDATE users SET enabled = ? WHERE id = ?').run(action === 'enable' ? 1 : 0, id);
            if (action === 'disable') endSessionsOf(db, id);
          }
        }
      },
      { refusals, order: ids },
    );
    audit.record(
      AuditService.auth,
      `users ${names.map((n) => `"${auditText(n)}"`).join(', ')} ${action}d by "${auditText(me.username)}"`,
    );
    return { [`${action}d`]: ids.length } as Record<`${typeof action}d`, number>;
  });

  contractRoute(scope, endUserSessions, { access: 'admin', reauth: true }, async (req) => {
    const account = mustFind(req.params.id);
    const ended = inTransaction(db, () => endSessionsOf(db, account.id));
    audit.record(
      AuditService.auth,
      `${ended} session${ended === 1 ? '' : 's'} of "${auditText(account.username)}" ended by "${auditText(currentUser(req).username)}"`,
    );
    return { ended };
  });

  // Whom a candidate lockout policy would have locked over the recorded recent failures (nothing is changed).
  contractRoute(scope, simulateLockoutPolicy, { access: area('authentication', 'read') }, async (req) =>
    simulateLockout(db, req.body, ctx.now()),
  );

  contractRoute(scope, resetUserSecondFactors, { access: 'admin', reauth: true }, async (req, reply) => {
    const account = mustFind(req.params.id);
    // Both kinds go: the authenticator app and every security key (a lost phone or key is what a reset is for).
    const keys = listSecurityKeys(db, account.id).length;
    if (!account.second_factors.length && !keys) throw new HttpError(404, 'This user has no second factor');
    inTransaction(db, () => {
      db.prepare(
        'UPDATE users SET totp_secret = NULL, totp_created_at = NULL, last_otp_step = 0 WHERE id = ?',
      ).run(account.id);
      db.prepare('DELETE FROM user_security_keys WHERE user_id = ?').run(account.id);
    });
    audit.record(
      AuditService.auth,
      `second factor of "${auditText(account.username)}" reset by "${auditText(currentUser(req).username)}"`,
    );
    return reply.code(204).send();
  });
}
