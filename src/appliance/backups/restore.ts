/**
 * A restore through safe apply: the databases are swapped in (snapshot.ts), every managed service is rendered and
 * applied again in one job, and when the restore holds a lock-out-prone change (the plan marks them; the restoring
 * admin's own password is one) a confirmation window opens: unless an admin keeps the restore before the deadline,
 * the appliance puts back the state the restore replaced — databases and services. The window lives in SQLite
 * (`backup_restores`), so a restarted server still rolls back.
 */
import crypto from 'node:crypto';
import { auditText } from '../audit';
import { withAuditContext } from '../auditContext';
import type { ApplyManager } from '../apply/manager';
import type { ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { jobConflict } from '../jobs/exclusion';
import type { JobProgress, JobRunner, JobStep } from '../jobs/runner';
import { recordChanges } from '../revisions/capture';
import { filesBefore } from '../revisions/files';
import { afterWrite, sectionsOf } from '../revisions/sections';
import type { PendingRestore, RestoreResult } from '../../shared/contracts/backups';
import { BackupError, type OpenedArchive } from './format';
import { memberPasswordHashOffThread } from './offThread';
import {
  preRestoreSnapshot,
  restoreArchive,
  restoreDatabasesNow,
  restorePlan,
  restoreSettingsFiles,
  withMemberFile,
  type RestorePlan,
  type SettingsFiles,
} from './snapshot';

interface Row {
  id: string;
  archive_created_at: string;
  pre_appliance: Buffer;
  pre_identity: Buffer | null;
  /** JSON of the identity settings files before the restore (SettingsFiles); null in rows of older versions. */
  pre_settings: string | null;
  changes: string;
  deadline_at: number;
  status: 'pending' | 'kept' | 'rolled_back';
  created_by: string;
  created_at: number;
}

export class Restores {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** A restore's databases are being swapped (on the worker): another restore waits for none and is refused. */
  private swapping = false;

  constructor(
    private readonly ctx: ApplianceContext,
    private readonly jobs: JobRunner,
    private readonly manager: ApplyManager | null,
  ) {}

  private get confirmSeconds(): number {
    return this.manager?.confirmSeconds ?? this.ctx.config.applyConfirmSeconds;
  }

  pending(): PendingRestore[] {
    const now = this.ctx.now();
    return (
      this.ctx.db
        .prepare("SELECT * FROM backup_restores WHERE status = 'pending' ORDER BY deadline_at")
        .all() as Row[]
    ).map((r) => ({
      id: r.id,
      archive_created_at: r.archive_created_at,
      changes: JSON.parse(r.changes) as string[],
      deadline: r.deadline_at,
      seconds_left: Math.max(0, Math.ceil((r.deadline_at - now) / 1000)),
      created_by: r.created_by,
    }));
  }

  /** The lines of a plan that can lock an admin out, and whether the restoring account's own password changes. */
  private async lockoutLines(plan: RestorePlan, archive: OpenedArchive, username: string): Promise<string[]> {
    const lines = plan.configuration.changes.filter((c) => c.lockout_prone).map((c) => c.line);
    const mine = this.ctx.db.prepare('SELECT password_hash FROM users WHERE username = ?').get(username) as
      { password_hash: string } | undefined;
    const appliance = archive.members.get('appliance.db');
    if (!appliance)
      throw new BackupError(400, 'value_error.backup.damaged', "The backup's users rows cannot be read.");
    // Read on the worker: the member database is written out and opened there (memberDbs.ts).
    const theirs = await withMemberFile(appliance, (file) => memberPasswordHashOffThread(file!, username));
    if (theirs === null) lines.push(`your account ${username} is not in the backup`);
    else if (mine?.password_hash !== theirs) lines.push(`your account's password becomes the backup's`);
    return lines;
  }

  /**
   * Restores an opened archive; refuses (409) while a job runs, before anything changes. Its audit records (and its
   * services' job's) say method `restore`.
   */
  restore(
    archive: OpenedArchive,
    by: { username: string; source: string | null; reason: string | null },
  ): Promise<RestoreResult> {
    return withAuditContext({ method: 'restore', actor: by.username }, () => this.restoreNow(archive, by));
  }

  /** Refuses (409) a restore while a job runs or the last restore awaits confirmation. */
  private assertFree(): void {
    // A restore rewrites everything, so every running job collides with it; the 409 names the one that runs.
    const conflict = this.jobs.conflictFor('restore');
    if (conflict) throw jobConflict(conflict);
    if (this.swapping)
      throw new HttpError(409, [
        { loc: ['body'], msg: 'another restore is being made', type: 'value_error.restore_running' },
      ]);
    if (this.pending().length)
      throw new HttpError(409, [
        {
          loc: ['body'],
          msg: 'the last restore awaits confirmation; keep it or wait for the rollback',
          type: 'value_error.confirmation_pending',
        },
      ]);
  }

  private async restoreNow(
    archive: OpenedArchive,
    by: { username: string; source: string | null; reason: string | null },
  ): Promise<RestoreResult> {
    this.assertFree();
    const plan = await restorePlan(this.ctx, archive);
    const lockout = await this.lockoutLines(plan, archive, by.username);
    const pre = await preRestoreSnapshot(this.ctx);
    // The plan and the snapshot let other requests run: asked again, and from here no other restore starts until
    // the databases are swapped (on the worker: other requests are answered meanwhile).
    this.assertFree();
    this.swapping = true;
    const sections = sectionsOf(this.ctx);
    let before: ReturnType<(typeof sections)[number]['read']>[];
    let rendered: ReturnType<typeof filesBefore>;
    try {
      before = sections.map((s) => s.read(this.ctx.db));
      // The managed services' configuration before, so the revision keeps the generated files the restore changes.
      rendered = filesBefore(this.ctx, sections);
      await restoreArchive(this.ctx, archive);
    } finally {
      this.swapping = false;
    }
    afterWrite(this.ctx, sections);
    const revision = recordChanges(
      this.ctx,
      sections,
      before,
      {
        actor: by.username,
        method: 'restore',
        source: by.source,
        reason: by.reason ?? `restored the backup of ${archive.manifest.created_at}`,
        area: 'settings',
        route: 'POST /backups/restore',
      },
      rendered,
    );
    let confirmation: PendingRestore | null = null;
    if (lockout.length) {
      const id = crypto.randomUUID();
      const deadline = this.ctx.now() + this.confirmSeconds * 1000;
      this.ctx.db
        .prepare(
          `INSERT INTO backup_restores (id, archive_created_at, pre_appliance, pre_identity, pre_settings, changes,
             deadline_at, status, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
        )
        .run(
          id,
          archive.manifest.created_at,
          pre.appliance,
          pre.identity,
          JSON.stringify(pre.settings),
          JSON.stringify(lockout),
          deadline,
          by.username,
          this.ctx.now(),
        );
      this.arm(id, deadline);
      confirmation = this.pending().find((p) => p.id === id) ?? null;
    }
    this.ctx.audit.record(
      'settings',
      `backup of ${archive.manifest.created_at} restored by "${auditText(by.username)}"${
        lockout.length
          ? `; ${lockout.join(', ')}: keep within ${this.confirmSeconds} s or it is rolled back`
          : ''
      }`,
    );
    return { status: 'restored', revision, plan, job: this.applyServices(by.username), confirmation };
  }

  /** Renders and applies every managed service from what the databases now hold (one job). */
  private applyServices(username: string): JobProgress | null {
    const manager = this.manager;
    if (!manager || !manager.names().length) return null;
    const steps: Array<JobStep<unknown>> = manager.names().flatMap((n) => manager.applySteps(n));
    try {
      return this.jobs.start('config', { state: null, steps }, username, { kind: 'restore' });
    } catch (e) {
      this.ctx.audit.log(
        'settings',
        `services could not be applied after a restore: ${String(e)}`,
        'warning',
      );
      return null;
    }
  }

  /** Pending confirmations of the services' apply opened since the restore (the restore's job opened them). */
  private serviceConfirmations(row: Row): string[] {
    return (
      this.ctx.db
        .prepare("SELECT id FROM apply_confirmations WHERE status = 'pending' AND created_at >= ?")
        .all(row.created_at) as Array<{ id: string }>
    ).map((r) => r.id);
  }

  private row(id: string): Row | undefined {
    return this.ctx.db.prepare('SELECT * FROM backup_restores WHERE id = ?').get(id) as Row | undefined;
  }

  keep(id: string, username: string): boolean {
    const row = this.row(id);
    if (!row || row.status !== 'pending') return false;
    this.ctx.db
      .prepare(
        "UPDATE backup_restores SET status = 'kept', resolved_at = ?, pre_appliance = x'', pre_identity = NULL, pre_settings = NULL WHERE id = ?",
      )
      .run(this.ctx.now(), id);
    for (const c of this.serviceConfirmations(row)) this.manager?.confirm(c, username);
    this.disarm(id);
    this.ctx.audit.record(
      'settings',
      `restore of the backup of ${row.archive_created_at} kept by "${auditText(username)}"`,
    );
    return true;
  }

  /**
   * Puts back the state a pending restore replaced (databases, identity settings files, services); `by` names the
   * admin who reverted it, none: the deadline passed. Null when no restore awaits confirmation under this id.
   */
  rollback(id: string, by?: string): { job: JobProgress | null } | null {
    const row = this.row(id);
    if (!row || row.status !== 'pending') return null;
    return withAuditContext({ method: 'restore', actor: by ?? 'system' }, () => this.rollbackNow(row, by));
  }

  private rollbackNow(row: Row, by: string | undefined): { job: JobProgress | null } {
    const id = row.id;
    for (const c of this.serviceConfirmations(row)) this.manager?.rollback(c, by);
    const sections = sectionsOf(this.ctx);
    const before = sections.map((s) => s.read(this.ctx.db));
    const rendered = filesBefore(this.ctx, sections);
    // The history goes on: the restore and this rollback stay in it.
    restoreDatabasesNow(
      this.ctx,
      { appliance: row.pre_appliance, identity: row.pre_identity, secret: null },
      'keep',
    );
    if (row.pre_settings) restoreSettingsFiles(this.ctx, JSON.parse(row.pre_settings) as SettingsFiles);
    afterWrite(this.ctx, sections);
    this.ctx.db
      .prepare(
        "UPDATE backup_restores SET status = 'rolled_back', resolved_at = ?, pre_appliance = x'', pre_identity = NULL, pre_settings = NULL WHERE id = ?",
      )
      .run(this.ctx.now(), id);
    this.disarm(id);
    const reason =
      by === undefined
        ? `restore not kept within ${this.confirmSeconds} s: the state before it was put back`
        : 'restore reverted: the state before it was put back';
    try {
      recordChanges(
        this.ctx,
        sections,
        before,
        {
          actor: by ?? 'system',
          method: by === undefined ? 'system' : 'console',
          source: null,
          reason,
          area: 'settings',
          route: null,
        },
        rendered,
      );
    } catch {
      // The rollback happened; the audit log has it.
    }
    this.ctx.audit.record('settings', `${reason}${by ? ` by "${auditText(by)}"` : ''}`);
    return { job: this.applyServices(by ?? 'system') };
  }

  private arm(id: string, deadline: number): void {
    this.disarm(id);
    const timer = setTimeout(
      () => {
        this.timers.delete(id);
        try {
          this.rollback(id);
        } catch (e) {
          // From a timer: logged (the deadline is kept in the database; the next start rolls back).
          this.ctx.audit.log(
            'settings',
            `the restore could not be rolled back at its deadline: ${String(e)}`,
            'error',
          );
        }
      },
      Math.max(0, deadline - this.ctx.now()),
    );
    timer.unref();
    this.timers.set(id, timer);
  }

  private disarm(id: string): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  /** At start: rolls back a restore whose deadline passed while the server was down, re-arms the others. */
  recover(): void {
    for (const p of this.pending()) {
      if (p.deadline <= this.ctx.now()) this.rollback(p.id);
      else this.arm(p.id, p.deadline);
    }
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
