/** The schedule, targets and runs of backups (contracts: src/shared/contracts/backups.ts), and their revision section. */
import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/contracts/backups';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { contractRoute } from '../http/contractRoute';
import { HttpError, notFound } from '../http/errors';
import { registerSection } from '../revisions/sections';
import { secretKey, secretMarker } from '../revisions/secrets';
import { checkLocalDirectory, RefusedDirectory } from './localDirectory';
import type { Restores } from './restore';
import type { BackupRuns } from './runs';
import {
  deleteTarget,
  fetchFingerprint,
  getTarget,
  listRuns,
  listTargets,
  ownDirectories,
  readSchedule,
  saveSchedule,
  saveTarget,
  type TargetInput,
} from './targets';

const invalid = (field: string, msg: string) =>
  new HttpError(422, [{ loc: ['body', field], msg, type: 'value_error' }]);

async function checkTarget(
  ctx: ApplianceContext,
  id: number | null,
  body: contract.BackupTargetBody,
): Promise<TargetInput> {
  const clash = ctx.db
    .prepare('SELECT id FROM backup_targets WHERE name = ? COLLATE NOCASE AND id IS NOT ?')
    .get(body.name.trim(), id);
  if (clash) throw invalid('name', 'another target has this name');
  if (body.kind === 'local') {
    try {
      await checkLocalDirectory(body.directory.trim(), ownDirectories(ctx));
    } catch (e) {
      if (e instanceof RefusedDirectory)
        throw new HttpError(422, [
          { loc: ['body', 'directory'], msg: e.message, type: 'value_error.backup.directory' },
        ]);
      throw e;
    }
    return { ...body, auth: 'none' };
  }
  if (!body.host?.trim()) throw invalid('host', 'the SFTP server is required');
  if (!body.username?.trim()) throw invalid('username', 'the SFTP user is required');
  if (!body.host_key_sha256 || !new RegExp(contract.FINGERPRINT_PATTERN).test(body.host_key_sha256))
    throw invalid('host_key_sha256', 'fetch the host key fingerprint and confirm it (SHA256:…)');
  const auth = body.auth ?? 'password';
  if (auth === 'none') throw invalid('auth', 'an SFTP target signs in with a password or a private key');
  const before = id === null ? null : getTarget(ctx.db, id);
  const moved = !before || before.host !== body.host.trim() || before.port !== (body.port ?? 22);
  if (body.secret === undefined && (moved || !before?.has_secret || before.auth !== auth))
    throw invalid('secret', auth === 'key' ? 'the private key is required' : 'the password is required');
  return { ...body, auth };
}

export function registerSchedule(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  runs: BackupRuns,
  restores: Restores,
): void {
  const admin = { access: 'admin' as const };
  const sensitive = { access: 'admin' as const, reauth: true };

  contractRoute(scope, contract.getBackups, admin, async () => ({
    schedule: readSchedule(ctx.db),
    next_run_at: runs.nextRunAt(),
    targets: listTargets(ctx.db),
    runs: listRuns(ctx.db),
    pending_restores: restores.pending(),
  }));

  contractRoute(scope, contract.putBackupSchedule, sensitive, async (req) => {
    saveSchedule(ctx, req.body);
    return readSchedule(ctx.db);
  });

  contractRoute(scope, contract.postBackupTarget, sensitive, async (req, reply) => {
    const id = saveTarget(ctx, null, await checkTarget(ctx, null, req.body));
    void reply.code(201);
    return getTarget(ctx.db, id)!;
  });

  contractRoute(scope, contract.putBackupTarget, sensitive, async (req) => {
    const id = Number(req.params.id);
    if (!getTarget(ctx.db, id)) throw notFound('No such backup target');
    saveTarget(ctx, id, await checkTarget(ctx, id, req.body));
    return getTarget(ctx.db, id)!;
  });

  contractRoute(scope, contract.deleteBackupTarget, sensitive, async (req, reply) => {
    if (!deleteTarget(ctx.db, Number(req.params.id))) throw notFound('No such backup target');
    return reply.code(204).send();
  });

  contractRoute(scope, contract.postFingerprint, admin, async (req) => {
    try {
      return { host_key_sha256: await fetchFingerprint(req.body.host, req.body.port) };
    } catch (e) {
      throw new HttpError(422, [
        {
          loc: ['body', 'host'],
          msg: `the server's host key could not be fetched: ${(e as Error).message}`,
          type: 'value_error.backup.unreachable',
        },
      ]);
    }
  });

  contractRoute(scope, contract.postBackupRun, admin, async (req, reply) => {
    const job = runs.start('manual', currentUser(req).username, req.body.target_id);
    void reply.code(202);
    return job;
  });
}

/** Backup settings are configuration: a revision section (`settings.backups`), secrets as markers. */
export function registerBackupSection(ctx: ApplianceContext): void {
  let key: Buffer | undefined;
  const marker = (v: Buffer | null) => secretMarker((key ??= secretKey(ctx.db)), v);
  registerSection(ctx, {
    name: 'settings.backups',
    area: 'settings',
    label: 'Backups',
    paths: ['/backups/schedule', '/backups/targets'],
    read: (db) => {
      const exists = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'backup_targets'")
        .get();
      if (!exists) return {};
      const s = db.prepare('SELECT * FROM backup_settings WHERE id = 1').get() as {
        schedule: string;
        at_time: string;
        weekday: number;
        interval_hours: number;
        passphrase_sealed: Buffer | null;
      };
      const targets = db.prepare('SELECT * FROM backup_targets ORDER BY id').all() as Array<
        Record<string, unknown> & { id: number; secret_sealed: Buffer | null; enabled: number }
      >;
      return {
        schedule: {
          schedule: s.schedule,
          at_time: s.at_time,
          weekday: s.weekday,
          interval_hours: s.interval_hours,
          passphrase: marker(s.passphrase_sealed) as never,
        },
        ...Object.fromEntries(
          targets.map(({ id, secret_sealed, enabled, ...rest }) => [
            `target:${id}`,
            {
              ...(rest as Record<string, string | number>),
              enabled: enabled === 1,
              secret: marker(secret_sealed) as never,
            },
          ]),
        ),
      };
    },
    title: (id, e) => (id === 'schedule' ? 'Backup schedule' : `Backup target ${String(e.name)}`),
    fields: { keep: { label: 'archives kept' }, host_key_sha256: { label: 'host key' } },
  });
}
