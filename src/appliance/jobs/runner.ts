/**
 * The job runner (spec §2 progress overlay, §3 progress view): runs "apply configuration" and "apply update" as a
 * list of steps, one at a time, persisting progress after every change so a reloaded browser can reattach and a
 * restarted server still knows what happened. A step that throws marks the job failed with its reason, and so does
 * a job that outlives its kind's budget (exclusion.ts): its steps are told through `signal` to stop.
 * Jobs run side by side unless their kinds collide (exclusion.ts).
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { AuditService, auditText } from '../audit';
import type { ApplianceContext } from '../context';
import {
  collides,
  JOB_BUDGETS_MS,
  JobConflictError,
  kindOf,
  overBudgetReason,
  type JobKind,
} from './exclusion';

export { JobConflictError } from './exclusion';

export type JobType = 'config' | 'upgrade';
export type JobStatus = 'running' | 'done' | 'failed';
/** `cancelled`: a step that never ran because an earlier one failed or the job was interrupted. */
export type StepStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobDetail {
  name: string;
  status: StepStatus;
  progressPercentage: number;
}

/** §3 progress view. */
export interface JobProgress {
  id: string;
  dataType: JobType;
  status: JobStatus;
  progressPercentage: number;
  totalSteps: number;
  stepNumber: number;
  details: JobDetail[];
  reason?: string;
}

/** A failure whose message is safe and useful to show to the admin. */
export class StepFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepFailure';
  }
}

export interface JobStep<S> {
  name: string;
  /** `signal` aborts (with the job's reason) when the job runs out of its budget or the server stops. */
  run: (state: S, job: { id: string; signal: AbortSignal }) => void | Promise<void>;
}

export interface JobPlan<S> {
  state: S;
  steps: Array<JobStep<S>>;
}

export const INTERRUPTED_REASON = 'interrupted';

interface JobRow {
  id: string;
  type: JobType;
  status: JobStatus;
  step_number: number;
  total_steps: number;
  details: string;
  reason: string | null;
}

/**
 * The steps of a job that ended without finishing: the step that was running failed with it, the steps that never
 * started are cancelled, finished ones stay done. A failed job never shows a step still running or pending.
 */
export function settleSteps(details: readonly JobDetail[]): JobDetail[] {
  return details.map((d) =>
    d.status === 'running'
      ? { ...d, status: 'failed' }
      : d.status === 'pending'
        ? { ...d, status: 'cancelled', progressPercentage: 0 }
        : d,
  );
}

function progressOf(row: JobRow): JobProgress {
  const details = JSON.parse(row.details) as JobDetail[];
  const done = details.reduce(
    (sum, d) => sum + (d.status === 'done' ? 100 : d.status === 'running' ? d.progressPercentage : 0),
    0,
  );
  const progressPercentage =
    row.status === 'done' ? 100 : details.length ? Math.floor(done / details.length) : 0;
  return {
    id: row.id,
    dataType: row.type,
    status: row.status,
    progressPercentage,
    totalSteps: row.total_steps,
    stepNumber: row.step_number,
    details,
    ...(row.reason ? { reason: row.reason } : {}),
  };
}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** `work`, or the signal's reason as soon as it aborts (a step that ignores its signal is left behind, not awaited). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e as Error);
      },
    );
  });
}

export class JobRunner {
  private readonly events = new EventEmitter();
  private stopped = false;
  private readonly running = new Map<string, AbortController>();
  /** The total time a job of each kind may take (exclusion.ts). */
  readonly budgetsMs: Record<JobKind, number> = { ...JOB_BUDGETS_MS };

  /** `stepPauseMs`: pause around each step so a person can follow the overlay; the work itself is not slowed. */
  constructor(
    private readonly ctx: ApplianceContext,
    private readonly stepPauseMs = 150,
  ) {
    this.events.setMaxListeners(0);
  }

  /** Jobs found running at start were cut off by a stop or crash: they failed, as "interrupted", with their steps. */
  recoverInterrupted(): number {
    const { db } = this.ctx;
    return db
      .transaction(() => {
        const rows = db.prepare("SELECT id, details FROM jobs WHERE status = 'running'").all() as Array<
          Pick<JobRow, 'id' | 'details'>
        >;
        const update = db.prepare(
          "UPDATE jobs SET status = 'failed', reason = ?, details = ?, updated_at = ? WHERE id = ? AND status = 'running'",
        );
        for (const row of rows) {
          const details = settleSteps(JSON.parse(row.details) as JobDetail[]);
          update.run(INTERRUPTED_REASON, JSON.stringify(details), this.ctx.now(), row.id);
        }
        return rows.length;
      })
      .immediate();
  }

  get(id: string): JobProgress | null {
    const row = this.ctx.db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
    return row ? progressOf(row) : null;
  }

  list(activeOnly: boolean): JobProgress[] {
    const rows = this.ctx.db
      .prepare(
        `SELECT * FROM jobs ${activeOnly ? "WHERE status = 'running'" : ''} ORDER BY created_at DESC, rowid DESC LIMIT 50`,
      )
      .all() as JobRow[];
    return rows.map(progressOf);
  }

  /** Calls `listener` with every progress of the job; returns the unsubscribe. */
  subscribe(id: string, listener: (p: JobProgress) => void): () => void {
    this.events.on(id, listener);
    return () => this.events.off(id, listener);
  }

  /** How many streams follow the job (a closed stream must not leave its listener behind). */
  subscriberCount(id: string): number {
    return this.events.listenerCount(id);
  }

  /** The running job a new job of `kind` would collide with, if any. */
  conflictFor(kind: JobKind): JobConflictError | null {
    const rows = this.ctx.db
      .prepare("SELECT id, type, payload, created_by FROM jobs WHERE status = 'running' ORDER BY created_at")
      .all() as Array<{ id: string; type: string; payload: string | null; created_by: string }>;
    for (const row of rows) {
      const active = kindOf(row.type, row.payload === null ? null : JSON.parse(row.payload));
      if (collides(kind, active)) return new JobConflictError(row.id, active, row.created_by);
    }
    return null;
  }

  /**
   * Creates the job record and runs it in the background. A job whose kind collides with a running one's is a
   * conflict (JobConflictError naming the running job).
   */
  start<S>(type: JobType, plan: JobPlan<S>, username: string, payload?: unknown): JobProgress {
    const { db } = this.ctx;
    const kind = kindOf(type, payload ?? null);
    const id = crypto.randomUUID();
    const details: JobDetail[] = plan.steps.map((s) => ({
      name: s.name,
      status: 'pending',
      progressPercentage: 0,
    }));
    db.transaction(() => {
      const conflict = this.conflictFor(kind);
      if (conflict) throw conflict;
      const now = this.ctx.now();
      db.prepare(
        `INSERT INTO jobs (id, type, status, step_number, total_steps, details, payload, created_by, created_at, updated_at)
         VALUES (?, ?, 'running', 0, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        type,
        plan.steps.length,
        JSON.stringify(details),
        payload === undefined ? null : JSON.stringify(payload),
        username,
        now,
        now,
      );
    }).immediate();
    this.ctx.audit.record(AuditService.jobs, `${type} job ${id} started by "${auditText(username)}"`);
    void this.run(id, type, plan, details, kind);
    return this.get(id) as JobProgress;
  }

  /** Ends running jobs as interrupted (server shutdown) and stops further steps. */
  stop(): void {
    this.stopped = true;
    for (const controller of this.running.values()) controller.abort(new StepFailure(INTERRUPTED_REASON));
    for (const job of this.list(true))
      this.finish(job.id, job.details, job.stepNumber, 'failed', INTERRUPTED_REASON);
  }

  private save(
    id: string,
    details: JobDetail[],
    stepNumber: number,
    status: JobStatus,
    reason?: string,
  ): void {
    this.ctx.db
      .prepare(
        "UPDATE jobs SET details = ?, step_number = ?, status = ?, reason = ?, updated_at = ? WHERE id = ? AND status = 'running'",
      )
      .run(JSON.stringify(details), stepNumber, status, reason ?? null, this.ctx.now(), id);
    const progress = this.get(id);
    if (progress) this.events.emit(id, progress);
  }

  private finish(
    id: string,
    details: JobDetail[],
    stepNumber: number,
    status: 'done' | 'failed',
    reason?: string,
  ): void {
    this.save(id, status === 'failed' ? settleSteps(details) : details, stepNumber, status, reason);
    this.ctx.audit.record(
      AuditService.jobs,
      `job ${id} ${status === 'done' ? 'finished' : `failed: ${reason ?? ''}`}`,
    );
  }

  private async run<S>(
    id: string,
    type: JobType,
    plan: JobPlan<S>,
    details: JobDetail[],
    kind: JobKind,
  ): Promise<void> {
    const controller = new AbortController();
    const budgetMs = this.budgetsMs[kind];
    let current = plan.steps[0]?.name ?? '';
    const budget = setTimeout(
      () => controller.abort(new StepFailure(overBudgetReason(kind, budgetMs, current))),
      budgetMs,
    );
    this.running.set(id, controller);
    try {
      await this.runSteps(id, type, plan, details, controller.signal, (name) => (current = name));
    } finally {
      clearTimeout(budget);
      this.running.delete(id);
    }
  }

  private async runSteps<S>(
    id: string,
    type: JobType,
    plan: JobPlan<S>,
    details: JobDetail[],
    signal: AbortSignal,
    starting: (name: string) => void,
  ): Promise<void> {
    const total = plan.steps.length;
    for (let i = 0; i < total; i += 1) {
      if (this.stopped) return;
      const step = plan.steps[i];
      starting(step.name);
      details[i] = { ...details[i], status: 'running', progressPercentage: 0 };
      this.save(id, details, i + 1, 'running');
      await delay(this.stepPauseMs);
      if (this.stopped) return;
      try {
        signal.throwIfAborted();
        await untilAborted(
          Promise.resolve().then(() => step.run(plan.state, { id, signal })),
          signal,
        );
      } catch (e) {
        if (this.stopped) return;
        const reason = e instanceof StepFailure ? e.message : `${step.name} failed unexpectedly`;
        if (!(e instanceof StepFailure)) this.onUnexpected(e);
        details[i] = { ...details[i], status: 'failed' };
        this.ctx.audit.record(
          AuditService.jobs,
          `${type} job ${id} step ${i + 1}/${total} "${step.name}" failed: ${reason}`,
        );
        this.finish(id, details, i + 1, 'failed', reason);
        return;
      }
      details[i] = { ...details[i], status: 'done', progressPercentage: 100 };
      this.ctx.audit.record(
        AuditService.jobs,
        `${type} job ${id} step ${i + 1}/${total} "${step.name}" done`,
      );
      if (i < total - 1) this.save(id, details, i + 1, 'running');
    }
    if (this.stopped) return;
    this.finish(id, details, total, 'done');
  }

  /** Unexpected errors are logged by the owner (never shown: they may hold internals). */
  onUnexpected: (e: unknown) => void = () => {};
}
