/**
 * SSH over HTTP (admin only): settings, host-key fingerprints, authorised keys, the preview of the generated
 * sshd_config, applying it as a job (safe apply: port, listen addresses, password authentication and turning the
 * service off need confirmation), and the appliance shell password.
 */
import { SSH_LOCKOUT_FIELDS } from './lockout';
import { registerSshSection } from './section';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { passwordStrength } from '../../lib/passwordStrength';
import { auditText } from '../audit';
import { currentUser } from '../auth/guards';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { inTransaction, type ApplianceContext } from '../context';
import { migrate } from '../../storage/sqlite';
import { HttpError } from '../http/errors';
import { fieldError, registerList } from '../apply/collections';
import { portClashes } from '../apply/ports';
import type { ApplyManager, GeneratedFile, ManagedService } from '../apply/manager';
import { runCheck, type CheckResult } from '../apply/tools';
import {
  authorizedKeyList,
  checkSshSettings,
  KNOWN_GOOD,
  readSshSettings,
  readSshSnapshot,
  renderAuthorizedKeys,
  renderSshdConfig,
  restoreSshSnapshot,
  sshdConfigPath,
  sshDir,
  writeSshSettings,
  type SshSnapshot,
} from './config';
import { ensureHostKeys, readHostKeys } from './keys';
import { onApplianceEvent } from '../events';
import { seedSshFactory } from './factory';
import { sshMigrations } from './migrations';
import { renderSshAuthFiles, writeSshAuthFiles } from './pam';
import { area } from '../http/routeAccess';
import { contractRoute } from '../http/contractRoute';
import * as ssh from '../../shared/contracts/ssh';

/** The appliance's shell account, whose password the SSH password page changes. */
export const SHELL_USER = 'admin';

/** sshd refuses to check or run a configuration without its privilege-separation directory (Debian: /run/sshd). */
export const SSHD_PRIVSEP_DIR = '/run/sshd';

/**
 * Creates sshd's privilege-separation directory (compiled into Debian's sshd, so it cannot live in the data
 * directory; it is empty and root-owned, as the service's own start makes it). Returns why it cannot, else null.
 */
export function ensurePrivsepDir(dir = SSHD_PRIVSEP_DIR): string | null {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    return null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    return `sshd needs its privilege-separation directory ${dir}, which this console cannot create (${code}): run it as root or create the directory (install -d -m 0755 ${dir})`;
  }
}

/** Runs `sshd -t -f` on a rendered sshd_config (its host keys are the real ones in the data directory). */
export async function checkSshd(content: string): Promise<CheckResult> {
  const problem = ensurePrivsepDir();
  if (problem) return { status: 'unavailable', output: problem };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-sshd-'));
  try {
    const file = path.join(dir, 'sshd_config');
    fs.writeFileSync(file, content);
    return await runCheck('sshd', ['-t', '-f', file]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function sshService(ctx: ApplianceContext): ManagedService<SshSnapshot> {
  const dataDir = ctx.config.dataDir;
  return {
    name: 'ssh',
    label: 'SSH',
    snapshot: () => readSshSnapshot(ctx.db),
    restore: (s) => restoreSshSnapshot(ctx.db, s, ctx.now()),
    render: (s): GeneratedFile[] => [
      { path: sshdConfigPath(dataDir), content: renderSshdConfig(s, dataDir) },
      ...renderAuthorizedKeys(s, dataDir),
      ...renderSshAuthFiles(ctx),
    ],
    check: (files) => checkSshd(files[0].content),
    lockoutChanges: (previous, next) =>
      SSH_LOCKOUT_FIELDS.filter(
        ([k]) => JSON.stringify(previous.settings[k]) !== JSON.stringify(next.settings[k]),
      ).map(([, label]) => label),
    ports: (s) => [s.settings.port],
  };
}

export async function registerSsh(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  manager: ApplyManager,
): Promise<void> {
  migrate(ctx.db, 'ssh', sshMigrations);
  seedSshFactory(ctx.db, ctx.config, ctx.now());
  ensureHostKeys(sshDir(ctx.config.dataDir));
  manager.register(sshService(ctx));
  registerSshSection(ctx);
  // The PAM helper asks this server: written at every start, so it names the port the server runs on now, and
  // again when the SSH service's provider list changes (the providers feature announces it).
  writeSshAuthFiles(ctx);
  onApplianceEvent(ctx, 'serviceProvidersChanged', ({ service }) => {
    if (service === 'ssh') writeSshAuthFiles(ctx);
  });

  contractRoute(scope, ssh.getConfig, { access: area('ssh') }, async () => {
    const s = readSshSnapshot(ctx.db);
    const { pending_changes, applied_at } = manager.preview('ssh');
    return {
      ...s,
      host_keys: readHostKeys(sshDir(ctx.config.dataDir)).map(({ type, bits, fingerprint, line }) => ({
        type,
        bits,
        fingerprint,
        line,
      })),
      algorithms: { kex: [...KNOWN_GOOD.kex], ciphers: [...KNOWN_GOOD.ciphers], macs: [...KNOWN_GOOD.macs] },
      status: { pending_changes, applied_at },
    };
  });

  contractRoute(scope, ssh.putSettings, { access: area('ssh'), reauth: true }, async (req) => {
    const errors = [...checkSshSettings(req.body), ...portClashes(ctx, 'ssh', req.body.port)];
    if (errors.length) throw new HttpError(422, errors);
    inTransaction(ctx.db, () => writeSshSettings(ctx.db, req.body, ctx.now()));
    ctx.audit.record('ssh', `SSH settings changed by "${auditText(currentUser(req).username)}"`);
    return readSshSettings(ctx.db);
  });

  await registerList(scope, ctx, authorizedKeyList, { access: area('ssh'), reauth: true });

  contractRoute(scope, ssh.getPreview, { access: area('ssh') }, async () => manager.preview('ssh'));

  contractRoute(scope, ssh.apply, { access: area('ssh'), reauth: true }, async (req, reply) =>
    reply.code(202).send(manager.apply('ssh', currentUser(req).username)),
  );

  contractRoute(scope, ssh.getShellPassword, { access: area('ssh') }, async () => {
    const row = ctx.db.prepare('SELECT changed_at, changed_by FROM ssh_shell_password WHERE id = 1').get() as
      { changed_at: number; changed_by: string } | undefined;
    return { username: SHELL_USER, changed_at: row?.changed_at ?? null, changed_by: row?.changed_by ?? null };
  });

  contractRoute(scope, ssh.putShellPassword, { access: area('ssh'), reauth: true }, async (req) => {
    const user = currentUser(req);
    const stored = ctx.db
      .prepare('SELECT id, password_hash FROM users WHERE username = ?')
      .get(user.username) as { id: number; password_hash: string } | undefined;
    // Changing the shell password is re-authenticated with the admin's own console password.
    if (
      !stored ||
      !(await verifyPassword(stored.password_hash, req.body.current_password, {
        account: stored.id,
        log: req.log,
      }))
    )
      throw new HttpError(422, [
        fieldError('current_password', 'the password is not correct', 'value_error.password.invalid'),
      ]);
    const next = req.body.new_password;
    if (next.toLowerCase().includes(SHELL_USER))
      throw new HttpError(422, [
        fieldError(
          'new_password',
          'the password must not contain the user name',
          'value_error.password.username',
        ),
      ]);
    if (passwordStrength(next) === 'weak')
      throw new HttpError(422, [
        fieldError(
          'new_password',
          'the password is too weak: make it longer or mix letters, digits and symbols',
          'value_error.password.weak',
        ),
      ]);
    const hash = await hashPassword(next);
    inTransaction(ctx.db, () =>
      ctx.db
        .prepare(
          `INSERT INTO ssh_shell_password (id, password_hash, changed_at, changed_by) VALUES (1, ?, ?, ?)
             ON CONFLICT(id) DO UPDATE SET password_hash = excluded.password_hash, changed_at = excluded.changed_at,
               changed_by = excluded.changed_by`,
        )
        .run(hash, ctx.now(), user.username),
    );
    ctx.audit.record('ssh', `shell password of "${SHELL_USER}" changed by "${auditText(user.username)}"`);
    return { username: SHELL_USER, changed_at: ctx.now(), changed_by: user.username };
  });
}
