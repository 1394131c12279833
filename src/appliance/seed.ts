/**
 * First start (empty database): the admin account with a generated one-time password that must be changed at the
 * first login, the terms agreement of the messaging center, the context-bar menu, the look-and-feel defaults and the
 * lockout policy. Never a fixed default password.
 */
import { DEFAULT_LOCKOUT_POLICY, writePolicy } from './auth/lockout';
import { generatePassword, hashPassword } from './auth/passwords';
import { seedMenu } from './console/menu';
import { inTransaction, type ApplianceContext } from './context';
import { seedUiSettings } from './settings/store';

export const ADMIN_USERNAME = 'admin';
export const TERMS_MESSAGE_ID = 'terms';

export const TERMS_TEXT = `# Terms of use

This console administers a network and security appliance. By continuing you agree that:

1. You are authorised by the appliance's owner to administer it.
2. Your actions are **recorded** in the appliance's audit log.
3. You keep your credentials and one-time codes to yourself and report any suspected misuse.
4. Changes you make can interrupt network service; apply them with care.
`;

/** True when the database has no account yet. */
export function needsSeed(ctx: ApplianceContext): boolean {
  return (ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n === 0;
}

/** Seeds an empty database; returns the admin's initial password, or null when there was nothing to do. */
export async function seedIfEmpty(ctx: ApplianceContext): Promise<string | null> {
  if (!needsSeed(ctx)) return null;
  const password = generatePassword();
  const hash = await hashPassword(password);
  const now = ctx.now();
  const seeded = inTransaction(ctx.db, () => {
    if (!needsSeed(ctx)) return false;
    ctx.db
      .prepare(
        "INSERT INTO users (username, password_hash, role, must_change_password, created_at) VALUES (?, ?, 'admin', 1, ?)",
      )
      .run(ADMIN_USERNAME, hash, now);
    ctx.db
      .prepare(
        "INSERT INTO messages (id, version_id, name, text, level, type, created_at) VALUES (?, '1', 'Terms of use', ?, 'info', 'agreement', ?)",
      )
      .run(TERMS_MESSAGE_ID, TERMS_TEXT, now);
    seedMenu(ctx.db);
    seedUiSettings(ctx.db, now);
    writePolicy(ctx.db, DEFAULT_LOCKOUT_POLICY);
    return true;
  });
  return seeded ? password : null;
}

/** Creates an account (used by tests and by the user administration of a later issue). */
export async function createUser(
  ctx: ApplianceContext,
  user: {
    username: string;
    password: string;
    role: 'admin' | 'user';
    mustChangePassword?: boolean;
    totpSecret?: string;
    otpRequired?: boolean;
  },
): Promise<number> {
  const hash = await hashPassword(user.password);
  return Number(
    inTransaction(
      ctx.db,
      () =>
        ctx.db
          .prepare(
            'INSERT INTO users (username, password_hash, role, must_change_password, totp_secret, otp_required, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          )
          .run(
            user.username,
            hash,
            user.role,
            user.mustChangePassword ? 1 : 0,
            user.totpSecret ?? null,
            user.otpRequired ? 1 : 0,
            ctx.now(),
          ).lastInsertRowid,
    ),
  );
}
