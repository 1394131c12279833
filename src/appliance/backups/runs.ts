/**
 * Backup runs: "Back up now" and the schedule start one job (jobs/runner.ts) that makes one archive and sends it to
 * every enabled target (or the one asked for), each send recorded in `backup_runs` with its size or error and
 * announced as the `backupFinished` appliance event. The schedule is checked every minute; a run due while a job it
 * collides with runs (another backup, a restore, an update: jobs/exclusion.ts) starts at the next check. Every send
 * is bounded (targets.ts) and the job has its budget: a target that stops answering fails the run with its reason
 * and never holds an Apply back.
 */
import { auditText } from '../audit';
import type { ApplianceContext } from '../context';
import { emitApplianceEvent } from '../events';
import { HttpError } from '../http/errors';
import {
  JobConflictError,
  StepFailure,
  type JobProgress,
  type JobRunner,
  type JobStep,
} from '../jobs/runner';
import { jobConflict } from '../jobs/exclusion';
import { sealArchiveOffThread } from './offThread';
import { backupMembers, backupMeta } from './snapshot';
import {
  ARCHIVE_PREFIX,
  ARCHIVE_SUFFIX,
  listTargets,
  nextDue,
  readSchedule,
  schedulePassphrase,
  scheduledSince,
  sendToTarget,
  type BackupTarget,
} from './targets';

const CHECK_EVERY_MS = 60_000;

export class BackupRuns {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: ApplianceContext,
    private readonly jobs: JobRunner,
    private readonly log: { error(obj: unknown, msg: string): void },
  ) {}

  lastScheduled(): number | null {
    const r = this.ctx.db
      .prepare("SELECT MAX(started_at) AS at FROM backup_runs WHERE trigger = 'schedule'")
      .get() as { at: number | null };
    return r.at;
  }

  nextRunAt(): number | null {
    if (!listTargets(this.ctx.db).some((t) => t.enabled)) return null;
    const since = [this.lastScheduled(), scheduledSince(this.ctx.db)].filter((t): t is number => t !== null);
    return nextDue(readSchedule(this.ctx.db), since.length ? Math.max(...since) : null, this.ctx.now());
  }

  /** Starts a run to the enabled targets (or one target); 409 while another job runs, 422 without a passphrase. */
  start(trigger: 'schedule' | 'manual', username: string, targetId?: number): JobProgress {
    const passphrase = schedulePassphrase(this.ctx);
    if (!passphrase)
      throw new HttpError(422, [
        {
          loc: ['body'],
          msg: 'set the passphrase of scheduled backups first (Schedule)',
          type: 'value_error.backup.no_passphrase',
        },
      ]);
    const targets = listTargets(this.ctx.db).filter((t) =>
      targetId === undefined ? t.enabled : t.id === targetId,
    );
    if (!targets.length)
      throw new HttpError(422, [
        { loc: ['body'], msg: 'no enabled backup target', type: 'value_error.backup.no_target' },
      ]);
    const state: { archive: Buffer | null; name: string; failures: string[] } = {
      archive: null,
      name: '',
      failures: [],
    };
    const startedAt = this.ctx.now();
    const steps: Array<JobStep<typeof state>> = [
      {
        name: 'Create the encrypted archive',
        run: async () => {
          const meta = backupMeta(this.ctx);
          state.archive = (
            await sealArchiveOffThread(passphrase, await backupMembers(this.ctx), meta)
          ).archive;
          state.name = `${ARCHIVE_PREFIX}${meta.created_at.replace(/[:.]/g, '-')}${ARCHIVE_SUFFIX}`;
        },
      },
      ...targets.map((t) => ({
        name: `Send to ${t.name}`,
        run: async (_: typeof state, job: { signal: AbortSignal }) => {
          await this.send(t, state.archive!, state.name, trigger, startedAt, job.signal).catch((e: Error) => {
            state.failures.push(`${t.name}: ${e.message}`);
          });
        },
      })),
      {
        name: 'Check the results',
        run: () => {
          if (state.failures.length) throw new StepFailure(`Backup failed: ${state.failures.join('; ')}`);
        },
      },
    ];
    try {
      return this.jobs.start('config', { state, steps }, username, { kind: 'backup', trigger });
    } catch (e) {
      if (e instanceof JobConflictError) throw jobConflict(e);
      throw e;
    }
  }

  private async send(
    target: BackupTarget,
    archive: Buffer,
    name: string,
    trigger: 'schedule' | 'manual',
    startedAt: number,
    signal: AbortSignal,
  ): Promise<void> {
    const id = Number(
      this.ctx.db
        .prepare('INSERT INTO backup_runs (target_id, target, started_at, trigger) VALUES (?, ?, ?, ?)')
        .run(target.id, target.name, startedAt, trigger).lastInsertRowid,
    );
    try {
      const file = await sendToTarget(this.ctx, target, name, archive, { signal });
      this.ctx.db
        .prepare('UPDATE backup_runs SET finished_at = ?, ok = 1, size = ?, file = ? WHERE id = ?')
        .run(this.ctx.now(), archive.length, file, id);
      this.ctx.audit.record(
        'settings',
        `backup written to ${auditText(target.name)} (${archive.length} bytes)`,
      );
      emitApplianceEvent(this.ctx, 'backupFinished', { ok: true, target: target.name }, this.log);
    } catch (e) {
      const error = (e as Error).message.slice(0, 500);
      this.ctx.db
        .prepare('UPDATE backup_runs SET finished_at = ?, ok = 0, error = ? WHERE id = ?')
        .run(this.ctx.now(), error, id);
      this.ctx.audit.log(
        'settings',
        `backup to ${auditText(target.name)} failed: ${auditText(error, 300)}`,
        'error',
      );
      emitApplianceEvent(this.ctx, 'backupFinished', { ok: false, target: target.name, error }, this.log);
      throw e;
    }
  }

  /** Starts the scheduled run when it is due. */
  check(): void {
    // Runs from a timer: whatever fails is logged, never thrown out of the interval.
    try {
      const due = this.nextRunAt();
      if (due === null || due > this.ctx.now() || !schedulePassphrase(this.ctx)) return;
      if (this.jobs.conflictFor('backup')) return;
      this.start('schedule', 'system');
    } catch (e) {
      this.log.error({ err: e }, 'the scheduled backup could not start');
    }
  }

  startTimer(): void {
    this.timer = setInterval(() => this.check(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
