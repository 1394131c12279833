/**
 * Encrypted backups (issue 29): export one archive (format.ts) of the appliance's databases, secret and configuration
 * document; restore one after showing its plan; scheduled runs to a local directory or an SFTP server (targets.ts).
 *
 *   POST {api}backups/export            {passphrase}                → the archive (application/octet-stream)
 *   POST {api}backups/restore/plan      {archive (base64), passphrase} → what a restore would change
 *   POST {api}backups/restore           {archive (base64), passphrase} → restores, recorded as a revision `restore`
 * The archive's heavy work (the upload's body, sealing, opening, checking, staging) runs on the configuration worker
 * (offThread.ts): no other request waits while a backup is made, planned or restored.
 *   GET  {api}backups/restores/pending, POST {api}backups/restores/:id/keep|revert (contracts: shared/contracts/backups.ts)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuditService, auditText } from '../audit';
import { currentUser } from '../auth/guards';
import { loginThrottle, readPolicy } from '../auth/lockout';
import { throttleName, type FailureOutcome } from '../../service-kit/loginThrottle';
import { signInTag } from '../../service-kit/signInAudit';
import type { ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { contractRoute } from '../http/contractRoute';
import * as backups from '../../shared/contracts/backups';
import { BACKUP_UPLOAD_BASE64 } from '../../shared/contracts/backups';
import type { ApplyManager } from '../apply/manager';
import type { JobRunner } from '../jobs/runner';
import { migrate } from '../../storage/sqlite';
import { notFound } from '../http/errors';
import { changeReason } from '../revisions/capture';
import { backupMigrations } from './migrations';
import { addDashboardPart } from '../dashboard';
import { Restores } from './restore';
import { BACKUP_SEALED, listRuns, listTargets } from './targets';
import { registerSealedColumn } from '../secrets';
import { BackupRuns } from './runs';
import { registerBackupSection, registerSchedule } from './scheduleRoutes';
import { BackupError, type OpenedArchive } from './format';
import { closeBackupPool, openArchiveOffThread, sealArchiveOffThread } from './offThread';
import { readRestoreUploads, type RestoreUpload } from './uploadBody';
import { backupMembers, backupMeta, restorePlan } from './snapshot';

export { BACKUP_UPLOAD_LIMIT } from '../../shared/contracts/backups';

export function refusal(e: BackupError): HttpError {
  return new HttpError(e.status, [{ loc: ['body', 'archive'], msg: e.message, type: e.type }]);
}

/** Builds an encrypted archive of this appliance now. */
export async function makeBackup(ctx: ApplianceContext, pass: string) {
  return sealArchiveOffThread(pass, await backupMembers(ctx), backupMeta(ctx));
}

/**
 * Opens an uploaded archive. Passphrase guesses are counted like sign-ins, by the shared login throttle (the lockout
 * policy per account and address, the per-account ceiling, the growing delay), under a name of their own so a
 * mistyped backup passphrase never locks the account's sign-in: past the limit, 429 with Retry-After.
 */
async function opened(ctx: ApplianceContext, req: FastifyRequest): Promise<OpenedArchive> {
  // Read and checked on the worker (uploadBody.ts).
  const body = req.body as RestoreUpload;
  const throttle = loginThrottle(ctx.db);
  const begun = await throttle.begin(restoreThrottleName(currentUser(req).username), req.ip, {
    service: 'console',
  });
  if (!begun.ok) {
    const minutes = Math.ceil(begun.retryAfter / 60);
    throw new HttpError(
      429,
      [
        {
          loc: ['body', 'passphrase'],
          msg: `too many wrong backup passphrases; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
          type: 'value_error.backup.too_many_attempts',
          ctx: { retry_after: begun.retryAfter },
        },
      ],
      { 'retry-after': String(begun.retryAfter) },
    );
  }
  const attempt = begun.attempt;
  await attempt.wait();
  try {
    const archive = await openArchiveOffThread(body.archive, body.passphrase);
    await attempt.succeeded();
    return archive;
  } catch (e) {
    // Only a failed tag is a guess (a wrong passphrase or a changed file look the same); any other refusal is not.
    if (e instanceof BackupError && e.type === 'value_error.backup.authentication') {
      const outcome = await attempt.failed();
      auditPassphraseLocks(ctx, req, outcome, throttle.nameLimit().windowSeconds);
    } else await attempt.refund();
    if (e instanceof BackupError) throw refusal(e);
    throw e;
  }
}

/** A lock the wrong passphrases caused, in the audit trail as sign-in locks are (the lockout list can lift it). */
function auditPassphraseLocks(
  ctx: ApplianceContext,
  req: FastifyRequest,
  outcome: FailureOutcome,
  nameWindowSeconds: number,
): void {
  const username = currentUser(req).username;
  const tag = signInTag({ service: 'console', method: 'password', source: req.ip });
  const who = `backup restore passphrase of "${auditText(username)}"`;
  const lines = [
    ...(outcome.lockedPair
      ? [`${who} locked for ${readPolicy(ctx.db).duration_seconds} s after wrong passphrases ${tag}`]
      : []),
    ...(outcome.lockedName
      ? [`${who} locked for every address for ${nameWindowSeconds} s after wrong passphrases ${tag}`]
      : []),
  ];
  for (const line of lines)
    ctx.audit.record(AuditService.auth, line, { actor: username, outcome: 'failure' });
}

/** The throttle's name for an account's restore passphrase guesses (shown so in the lockout list). */
export const restoreThrottleName = (username: string) => throttleName(`backup restore:${username}`);

export function registerBackups(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  jobs: JobRunner,
  manager: ApplyManager | null,
): Restores {
  migrate(ctx.db, 'backups', backupMigrations);
  for (const column of BACKUP_SEALED) registerSealedColumn(ctx, column);
  const restores = new Restores(ctx, jobs, manager);
  restores.recover();
  const runs = new BackupRuns(ctx, jobs, scope.log);
  runs.startTimer();
  // Stopped before the server closes its database (a timer firing after it would throw from an interval).
  scope.addHook('preClose', async () => {
    restores.stop();
    runs.stop();
  });
  scope.addHook('onClose', async () => closeBackupPool());
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

  contractRoute(scope, backups.exportBackup, { access: 'admin', reauth: true }, async (req, reply) => {
    const { archive, manifest } = await makeBackup(ctx, req.body.passphrase);
    ctx.audit.record('settings', `backup exported by ${auditText(currentUser(req).username)}`);
    const stamp = manifest.created_at.replace(/[:.]/g, '-');
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="rampart-backup-${stamp}.rbk"`)
      .header('cache-control', 'no-store')
      .send(archive);
  });

  // The upload's body: the base64 archive and a little JSON around it, read and checked on the worker.
  const bodyLimit = BACKUP_UPLOAD_BASE64 + 4096;
  const upload = { bodyLimit, bodyCheckedBy: 'handler' as const };
  const gone = () => notFound('No restore awaits this confirmation (it was kept or already rolled back)');
  void scope.register(async (uploads) => {
    readRestoreUploads(uploads, bodyLimit);
    registerRestoreRoutes(uploads, ctx, restores, upload);
  });

  contractRoute(scope, backups.getPendingRestores, { access: 'admin' }, async () => ({
    data: restores.pending(),
  }));
  contractRoute(scope, backups.keepRestore, { access: 'admin' }, async (req) => {
    if (!restores.keep(req.params.id, currentUser(req).username)) throw gone();
    return { status: 'kept' as const };
  });
  contractRoute(scope, backups.revertRestore, { access: 'admin' }, async (req) => {
    const done = restores.rollback(req.params.id, currentUser(req).username);
    if (!done) throw gone();
    return { status: 'rolled_back' as const, job: done.job };
  });
  return restores;
}

/** The restore's plan and the restore, in a scope whose JSON bodies are read on the worker (uploadBody.ts). */
function registerRestoreRoutes(
  uploads: FastifyInstance,
  ctx: ApplianceContext,
  restores: Restores,
  upload: { bodyLimit: number; bodyCheckedBy: 'handler' },
): void {
  contractRoute(
    uploads,
    backups.postRestorePlan,
    { access: 'admin', reauth: true },
    async (req) => {
      const archive = await opened(ctx, req);
      try {
        return await restorePlan(ctx, archive);
      } catch (e) {
        if (e instanceof BackupError) throw refusal(e);
        throw e;
      }
    },
    upload,
  );

  contractRoute(
    uploads,
    backups.postRestore,
    { access: 'admin', reauth: true },
    async (req) => {
      const archive = await opened(ctx, req);
      try {
        return await restores.restore(archive, {
          username: currentUser(req).username,
          source: req.ip ?? null,
          reason: changeReason(req),
        });
      } catch (e) {
        if (e instanceof BackupError) throw refusal(e);
        throw e;
      }
    },
    upload,
  );
}
