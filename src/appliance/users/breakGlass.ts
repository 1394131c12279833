/**
 * Break-glass recovery of an admin, run on the appliance itself while the server is stopped (`npm run admin`,
 * scripts/admin.ts): the way back when no admin can sign in (expired, disabled, demoted, locked, password lost).
 * It works on the appliance database with the appliance's own code — migrations, argon2id hashing, the login
 * throttle, the audit writer — and holds the data-directory lock while it does, so it never writes under a running
 * server (whose cached reads and sessions would not see the change).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../../config';
import { lockDataDir, migrate, openDatabase, type Db } from '../../storage/sqlite';
import { passwordProblem } from '../../service-kit/passwordPolicy';
import { AuditService, auditText, createAudit, type LogSink } from '../audit';
import { createAuditChain } from '../auditChain';
import { loginThrottle } from '../auth/lockout';
import { endSessionsOf } from '../auth/sessions';
import { generatePassword, hashPassword } from '../auth/passwords';
import { inTransaction } from '../context';
import { applianceMigrations } from '../db/migrations';
import { isUsableAdmin, readAdminRows, type AdminRow } from './adminRule';
import { usersMigrations } from './migrations';

export const APPLIANCE_DB = 'appliance.db';
const ONE_TIME_PASSWORD_LENGTH = 20;

/** A refusal with the one line the command prints (and its exit status). */
export class BreakGlassError extends Error {
  constructor(
    message: string,
    readonly status = 2,
  ) {
    super(message);
    this.name = 'BreakGlassError';
  }
}

export interface ResetOptions {
  /** Also forget the account's TOTP secret and code requirement (the authenticator is lost too). */
  resetSecondFactor?: boolean;
  /** Who ran the command (the OS user), for the audit line. */
  actor: string;
  /**
   * Opens the log store the audit line goes to, on the appliance database (the caller's: the logs feature's store,
   * `createLogStore`; this feature does not import it), closed when the reset is done.
   */
  openLog: (db: Db) => LogSink & { close(): void };
  now?: number;
}

/**
 * Opens the data directory as the server does (lock, database, migrations) for `work`, then closes it. The
 * database must exist: a directory the server never started on has no admin to recover (starting it seeds one).
 */
export async function withDataDir<T>(config: Config, work: (db: Db) => Promise<T> | T): Promise<T> {
  const file = path.join(config.dataDir, APPLIANCE_DB);
  if (!fs.existsSync(file))
    throw new BreakGlassError(
      `no appliance database in ${path.resolve(config.dataDir)}: check RAMPART_DATA_DIR (a first start seeds the admin)`,
    );
  // Files SQLite creates beside the database (-wal, -shm, the lock) would belong to whoever runs this; run as root
  // they would leave the server's own user unable to open its database.
  const owner = fs.statSync(file).uid;
  if (process.getuid && process.getuid() !== owner)
    throw new BreakGlassError(
      `run this command as the user that owns ${path.resolve(file)} (uid ${owner}), e.g. with sudo -u`,
    );
  let lock;
  try {
    lock = lockDataDir(config.dataDir, 'appliance');
  } catch (e) {
    if ((e as Error).name === 'DataDirInUseError')
      throw new BreakGlassError(
        `the Rampart server is running on ${path.resolve(config.dataDir)}; stop it, run this command, then start it again`,
        3,
      );
    throw e;
  }
  const db = openDatabase(file);
  try {
    migrate(db, 'appliance', applianceMigrations);
    migrate(db, 'users', usersMigrations);
    return await work(db);
  } finally {
    db.close();
    lock.release();
  }
}

/**
 * Restores `username` as an admin who can sign in: a new one-time password (returned, to be changed at first
 * login), enabled, no expiry, role admin, no lockout, no sessions, signing in with the local password (any link to
 * a directory is dropped). Audited under `auth`. Throws BreakGlassError for an unknown name.
 */
export async function resetAdminPassword(
  db: Db,
  config: Config,
  username: string,
  options: ResetOptions,
): Promise<string> {
  const now = options.now ?? Date.now();
  const row = db.prepare('SELECT id, username, email FROM users WHERE username = ?').get(username) as
    { id: number; username: string; email: string } | undefined;
  if (!row) throw new BreakGlassError(`no account named "${username}" (list-admins shows the admins)`);
  let password = generatePassword(ONE_TIME_PASSWORD_LENGTH);
  while (passwordProblem(password, [row.username, row.email]))
    password = generatePassword(ONE_TIME_PASSWORD_LENGTH);
  const hash = await hashPassword(password);
  const store = options.openLog(db);
  try {
    const chain = createAuditChain(db, config.dataDir);
    const audit = createAudit(
      store,
      (e) => {
        throw e;
      },
      Date.now,
      chain,
    );
    inTransaction(db, () => {
      db.prepare(
        `UPDATE users SET password_hash = ?, must_change_password = 1, role = 'admin',
           enabled = 1, expires_at = NULL WHERE id = ?`,
      ).run(hash, row.id);
      if (options.resetSecondFactor) {
        db.prepare(
          'UPDATE users SET totp_secret = NULL, totp_created_at = NULL, last_otp_step = 0, otp_required = 0 WHERE id = ?',
        ).run(row.id);
        // Security keys too (their table exists once the users module has migrated).
        if (
          db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'user_security_keys'").get()
        )
          db.prepare('DELETE FROM user_security_keys WHERE user_id = ?').run(row.id);
      }
      // The table exists once the providers module has migrated (any server start); the local password must count.
      if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'provider_accounts'").get())
        db.prepare('DELETE FROM provider_accounts WHERE user_id = ?').run(row.id);
      endSessionsOf(db, row.id);
      loginThrottle(db).unlock(row.username, now);
      audit.record(
        AuditService.auth,
        `admin "${auditText(row.username)}" restored by break-glass console command run by OS user "${auditText(options.actor)}" (one-time password${options.resetSecondFactor ? ', second factor reset' : ''})`,
        {
          actor: `os:${auditText(options.actor)}`,
          method: 'system',
          object: `account ${auditText(row.username)}`,
        },
      );
    });
    chain.flushHead();
  } finally {
    store.close();
  }
  return password;
}

/** Every admin with what stands between it and signing in (the rule's view, adminRule.ts). */
export function listAdmins(db: Db, now = Date.now()): Array<AdminRow & { usable: boolean }> {
  return readAdminRows(db)
    .filter((a) => a.role === 'admin')
    .map((a) => ({ ...a, usable: isUsableAdmin(a, now) }));
}
