/**
 * Which jobs may run together, and how long each kind may take. Jobs exclude each other only when their work
 * collides: applying configuration, installing an update and restoring a backup all rewrite the configuration
 * (a restore collides with everything, a backup must not read it half rewritten), while a backup only reads it, so
 * a slow backup never holds an Apply back. The rule is symmetric: a running job blocks exactly the kinds that would
 * have blocked it.
 */
import { formatDuration } from '../../service-kit/outbound';
import { HttpError } from '../http/errors';

export type JobKind = 'apply' | 'upgrade' | 'backup' | 'restore';

export const JOB_KINDS: readonly JobKind[] = ['apply', 'upgrade', 'backup', 'restore'];

export const JOB_KIND_LABELS: Record<JobKind, string> = {
  apply: 'configuration apply',
  upgrade: 'update',
  backup: 'backup',
  restore: 'restore',
};

const COLLIDING: ReadonlyArray<readonly [JobKind, JobKind]> = [
  ['apply', 'apply'],
  ['apply', 'upgrade'],
  ['apply', 'restore'],
  ['upgrade', 'upgrade'],
  ['upgrade', 'restore'],
  // An update may restart the appliance, which would cut a backup off.
  ['upgrade', 'backup'],
  ['backup', 'backup'],
  ['backup', 'restore'],
  ['restore', 'restore'],
];

export const collides = (a: JobKind, b: JobKind): boolean =>
  COLLIDING.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/**
 * The total time a job of each kind may take before it fails with its reason (every outbound step inside has its
 * own, shorter, time-out; this bounds what the steps' own limits add up to).
 */
export const JOB_BUDGETS_MS: Record<JobKind, number> = {
  apply: 10 * 60_000,
  upgrade: 15 * 60_000,
  backup: 60 * 60_000,
  restore: 10 * 60_000,
};

/** The kind of a job from its stored type and payload (backups and restores are `config` jobs with a `kind`). */
export function kindOf(type: string, payload: unknown): JobKind {
  if (type === 'upgrade') return 'upgrade';
  const kind = (payload as { kind?: unknown } | null)?.kind;
  return kind === 'backup' || kind === 'restore' ? kind : 'apply';
}

/** A job could not start: a colliding one runs. The message names it. */
export class JobConflictError extends Error {
  constructor(
    readonly activeId: string,
    readonly activeKind: JobKind,
    readonly activeBy: string,
  ) {
    super(`a ${JOB_KIND_LABELS[activeKind]} job is running (started by ${activeBy}); wait for it to finish`);
    this.name = 'JobConflictError';
  }
}

/** The 409 answer of a job that could not start. */
export const jobConflict = (e: JobConflictError, loc: string[] = ['body']): HttpError =>
  new HttpError(409, [
    {
      loc,
      msg: e.message,
      type: 'value_error.job_running',
      ctx: { job_id: e.activeId, kind: e.activeKind },
    },
  ]);

/** The reason a job that ran out of its budget fails with. */
export const overBudgetReason = (kind: JobKind, budgetMs: number, step: string): string =>
  `The ${JOB_KIND_LABELS[kind]} did not finish within ${formatDuration(budgetMs)} ("${step}" was still running)`;
