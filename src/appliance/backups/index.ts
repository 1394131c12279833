/**
 * Encrypted backups (issue 29): export one archive (format.ts) of the appliance's databases, secret and configuration
 * document; restore one after showing its plan; scheduled runs to a local directory or an SFTP server (targets.ts).
 *
 *   POST {api}backups/export            {passphrase}                → the archive (application/octet-stream)
 *   POST {api}backups/restore/plan      {archive (base64), passphrase} → what a restore would change
 *   POST {api}backups/restore           {archive (base64), passphrase} → restores, recorded as a revision `restore`
 */
import type { FastifyInstance } from 'fastify';
import { auditText } from '../audit';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { contractRoute } from '../http/contractRoute';
import { exportBackup } from '../../shared/contracts/backups';
import type { ApplyManager } from '../apply/manager';
import type { JobRunner } from '../jobs/runner';
import { migrate } from '../../storage/sqlite';
import { notFound } from '../http/errors';
import { changeReason } from '../revisions/capture';
import { backupMigrations } from './migrations';
import { addDashboardPart } from '../dashboard';
import { Restores } from './restore';
import { listRuns, listTargets } from './targets';
import { BackupRuns } from './runs';
import { registerBackupSection, registerSchedule } from './scheduleRoutes';
import { BackupError, openArchive, sealArchive, type OpenedArchive } from './format';
import { backupMembers, backupMeta, restorePlan } from './snapshot';

/** An uploaded archive is at most this large (before base64). */
export const BACKUP_UPLOAD_LIMIT = 64 * 1024 * 1024;

export function refusal(e: BackupError): HttpError {
  return new HttpError(e.status, [{ loc: ['body', 'archive'], msg: e.message, type: e.type }]);
}

const restoreBody = {
  type: 'object',
  required: ['archive', 'passphrase'],
  additionalProperties: false,
  properties: {
    archive: { type: 'string', maxLength: Math.ceil(BACKUP_UPLOAD_LIMIT / 3) * 4, contentEncoding: 'base64' },
    passphrase: { type: 'string', minLength: 1, maxLength: 1024 },
  },
};
type RestoreBody = { archive: string; passphrase: string };

/** Builds an encrypted archive of this appliance now. */
export async function makeBackup(ctx: ApplianceContext, pass: string) {
  return sealArchive(pass, backupMembers(ctx), backupMeta(ctx));
}

async function opened(body: RestoreBody): Promise<OpenedArchive> {
  try {
    return await openArchive(Buffer.from(body.archive, 'base64'), body.passphrase);
  } catch (e) {
    if (e instanceof BackupError) throw refusal(e);
    throw e;
  }
}

const idParams = {
  params: {
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: { id: { type: 'string', format: 'uuid' } },
  },
};

export function registerBackups(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  jobs: JobRunner,
  manager: ApplyManager | null,
): Restores {
  migrate(ctx.db, 'backups', backupMigrations);
  const restores = new Restores(ctx, jobs, manager);
  restores.recover();
  const runs = new BackupRuns(ctx, jobs, scope.log);
  runs.startTimer();
  scope.addHook('onClose', async () => {
    restores.stop();
    runs.stop();
  });
  registerBackupSection(ctx);
  // The home page's backup card: admins only (the part's area is the settings', the routes are admins').
  addDashboardPart(ctx, 'settings', () => {
    const last = listRuns(ctx.db, 1)[0];
    return {
      backups: {
        targets: listTargets(ctx.db).filter((t) => t.enabled).length,
        last_at: last?.started_at ?? null,
        last_ok: last?.ok ?? null,
        last_target: last?.target ?? null,
        last_size: last?.size ?? null,
        last_error: last?.error ?? null,
        next_run_at: runs.nextRunAt(),
      },
    };
  });
  registerSchedule(scope, ctx, runs, restores);

  contractRoute(scope, exportBackup, { access: 'admin', reauth: true }, async (req, reply) => {
    const { archive, manifest } = await makeBackup(ctx, req.body.passphrase);
    ctx.audit.record('settings', `backup exported by ${auditText(currentUser(req).username)}`);
    const stamp = manifest.created_at.replace(/[:.]/g, '-');
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="rampart-backup-${stamp}.rbk"`)
      .header('cache-control', 'no-store')
      .send(archive);
  });

  const restoreOptions = {
    config: { access: 'admin' as const, reauth: true },
    schema: { body: restoreBody },
    bodyLimit: Math.ceil(BACKUP_UPLOAD_LIMIT / 3) * 4 + 4096,
  };

  scope.post<{ Body: RestoreBody }>('/backups/restore/plan', restoreOptions, async (req) => {
    const archive = await opened(req.body);
    try {
      return restorePlan(ctx, archive);
    } catch (e) {
      if (e instanceof BackupError) throw refusal(e);
      throw e;
    }
  });

  scope.post<{ Body: RestoreBody }>('/backups/restore', restoreOptions, async (req) => {
    const archive = await opened(req.body);
    try {
      return restores.restore(archive, {
        username: currentUser(req).username,
        source: req.ip ?? null,
        reason: changeReason(req),
      });
    } catch (e) {
      if (e instanceof BackupError) throw refusal(e);
      throw e;
    }
  });

  scope.get('/backups/restores/pending', { config: { access: 'admin' } }, async () => ({
    data: restores.pending(),
  }));
  scope.post<{ Params: { id: string } }>(
    '/backups/restores/:id/keep',
    { config: { access: 'admin' }, schema: idParams },
    async (req) => {
      if (!restores.keep(req.params.id, currentUser(req).username))
        throw notFound('No restore awaits this confirmation (it was kept or already rolled back)');
      return { status: 'kept' };
    },
  );
  scope.post<{ Params: { id: string } }>(
    '/backups/restores/:id/revert',
    { config: { access: 'admin' }, schema: idParams },
    async (req) => {
      if (!restores.rollback(req.params.id, currentUser(req).username))
        throw notFound('No restore awaits this confirmation (it was kept or already rolled back)');
      return { status: 'rolled_back' };
    },
  );
  return restores;
}
