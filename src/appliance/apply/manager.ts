/**
 * Generated configuration and safe apply. A managed service (DNS proxy, SSH) turns its saved settings into the
 * files its daemon reads; applying runs as a job (render, check with the real tool, write, activate: done once the
 * daemon serves it, else the previous configuration is put back and the job fails with the daemon's reason). When the
 * change can lock the admin out (SSH port, listen addresses, password authentication), activation opens a
 * confirmation window: unless an admin confirms before the deadline, the appliance itself restores the previous
 * configuration — saved settings and files — and records it in the audit trail. The deadline lives in SQLite, so a
 * restarted server still rolls back (at once when the deadline passed while it was down).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { auditText, type AuditServiceName } from '../audit';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import {
  JobConflictError,
  StepFailure,
  type JobProgress,
  type JobRunner,
  type JobStep,
} from '../jobs/runner';
import type { ServingCheck } from '../services/supervisor';
import { writeFileAtomic, type CheckResult } from './tools';
import { jobConflict } from '../jobs/exclusion';

export interface GeneratedFile {
  /** Absolute path inside the data directory. */
  path: string;
  content: string;
  /** File mode (private keys and key lists are not world-readable). */
  mode?: number;
}

export interface ManagedService<S> {
  name: AuditServiceName;
  /** Shown in job steps and messages: "DNS proxy", "SSH". */
  label: string;
  /** The saved (not necessarily applied) configuration. */
  snapshot(): S;
  /** Makes a snapshot the saved configuration again (rollback). Runs inside a transaction. */
  restore(snapshot: S): void;
  render(snapshot: S): GeneratedFile[];
  /** Validates rendered files with the service's own tool. */
  check(files: GeneratedFile[]): Promise<CheckResult>;
  /** Names of the settings that differ and can lock the admin out (empty: no confirmation needed). */
  lockoutChanges(previous: S, next: S): string[];
  /** The ports the service's daemon listens on with this configuration (./ports.ts: no two listeners share one). */
  ports?(snapshot: S): number[];
}

export interface Confirmation {
  id: string;
  service: string;
  changes: string[];
  /** Milliseconds since the epoch. */
  deadline: number;
  seconds_left: number;
}

export interface Preview {
  /** What Apply would write, with what the running configuration holds there (null: a new file). */
  files: Array<{ path: string; content: string; running: string | null }>;
  /** The saved configuration differs from what was last applied. */
  pending_changes: boolean;
  applied_at: number | null;
  applied_by: string | null;
}

interface StateRow {
  snapshot: string;
  files: string;
  applied_at: number;
  applied_by: string;
}

interface ConfirmationRow {
  id: string;
  service: string;
  changes: string;
  previous_snapshot: string;
  previous_files: string;
  deadline_at: number;
  status: 'pending' | 'confirmed' | 'rolled_back';
  job_id: string | null;
}

// Services of different snapshot types live in one registry; each is only ever called with its own snapshots.
type AnyService = ManagedService<unknown>;

const visibleFiles = (files: GeneratedFile[]) =>
  files.filter((f) => (f.mode ?? 0o644) & 0o004).map((f) => ({ path: f.path, content: f.content }));

/** Writes the new files and removes those the old configuration had and the new one has not. */
function replaceFiles(old: GeneratedFile[], files: GeneratedFile[]): void {
  for (const f of files) writeFileAtomic(f.path, f.content, f.mode ?? 0o644);
  const kept = new Set(files.map((f) => f.path));
  for (const f of old) if (!kept.has(f.path)) fs.rmSync(f.path, { force: true });
}

const appliedFiles = (row: StateRow | undefined): GeneratedFile[] =>
  row ? (JSON.parse(row.files) as GeneratedFile[]) : [];

export class ApplyManager {
  private readonly services = new Map<string, AnyService>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /**
   * Called once a configuration became the applied one (Apply, activation, rollback): the service manager makes the
   * running daemon serve it. Its failures are reported, never undo the apply (the state shows a daemon that died).
   */
  onApplied: (name: string) => Promise<void> = async () => {};
  /**
   * Waits until the daemon of a service serves its applied configuration (the service manager watches it), or says
   * why it does not: Apply is done only once it serves.
   */
  awaitServing: (name: string, since: number) => Promise<ServingCheck> = async () => ({
    status: 'unchecked',
  });
  /** Whether the daemon of a service serves now (one look): a change is kept only while it does. */
  servingNow: (name: string) => Promise<ServingCheck> = async () => ({ status: 'unchecked' });
  /**
   * Runs the restore of a change nobody kept before its deadline (no request is behind it): the revisions capture
   * records it as the appliance's own change.
   */
  aroundTimedRollback: (service: string, restore: () => void) => void = (_service, restore) => restore();
  /**
   * Called after a pending change was rolled back (at its deadline, or "Revert now" by `by`): a configuration
   * document applied as one job rolls back the rest of what it changed.
   */
  onRolledBack: (rolledBack: { id: string; service: string; jobId: string | null }, by?: string) => void =
    () => {};

  constructor(
    private readonly ctx: ApplianceContext,
    private readonly runner: JobRunner,
    /** Seconds an admin has to confirm a lock-out-prone change. */
    readonly confirmSeconds: number,
  ) {}

  /** Registers a service; on the first start its factory configuration is written and recorded as applied. */
  register<S>(service: ManagedService<S>): void {
    this.services.set(service.name, service as AnyService);
    if (!this.state(service.name)) {
      const snapshot = service.snapshot();
      const files = service.render(snapshot);
      replaceFiles([], files);
      this.record(service.name, snapshot, files, 'system');
    }
  }

  private service(name: string): AnyService {
    const s = this.services.get(name);
    if (!s) throw new Error(`unknown managed service ${name}`);
    return s;
  }

  /** The saved configuration of a registered service (null: no such service), for a revision's file diff. */
  savedSnapshot(name: string): { snapshot: unknown } | null {
    const service = this.services.get(name);
    return service ? { snapshot: service.snapshot() } : null;
  }

  /**
   * The world-readable files a snapshot renders to (private keys left out); pure, nothing on disk is touched. Used by
   * revisions to store the generated-file diff of a change.
   */
  renderedFiles(name: string, snapshot: unknown): Array<{ path: string; content: string }> {
    return visibleFiles(this.service(name).render(snapshot));
  }

  /** The ports each service listens on now (applied) or will after Apply (saved), for ./ports.ts. */
  servicePorts(): Array<{ name: string; label: string; ports: number[] }> {
    return [...this.services.values()].flatMap((s) => {
      if (!s.ports) return [];
      const applied = this.appliedSnapshot(s.name);
      const ports = [...s.ports(s.snapshot()), ...(applied === null ? [] : s.ports(applied))];
      return [{ name: s.name, label: s.label, ports: [...new Set(ports)] }];
    });
  }

  /** The configuration last applied (what the daemon should be serving), or null before the first. */
  appliedSnapshot<S>(name: string): S | null {
    const row = this.state(name);
    return row ? (JSON.parse(row.snapshot) as S) : null;
  }

  private follow(name: string): Promise<void> {
    return this.onApplied(name).catch(() => {});
  }

  private state(name: string): StateRow | undefined {
    return this.ctx.db
      .prepare('SELECT snapshot, files, applied_at, applied_by FROM apply_state WHERE service = ?')
      .get(name) as StateRow | undefined;
  }

  private record(name: string, snapshot: unknown, files: GeneratedFile[], by: string): void {
    this.ctx.db
      .prepare(
        `INSERT INTO apply_state (service, snapshot, files, applied_at, applied_by) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(service) DO UPDATE SET snapshot = excluded.snapshot, files = excluded.files,
           applied_at = excluded.applied_at, applied_by = excluded.applied_by`,
      )
      .run(name, JSON.stringify(snapshot), JSON.stringify(files), this.ctx.now(), by);
  }

  /** What applying now would write (secrets such as private keys left out) and whether it differs. */
  preview(name: string): Preview {
    const service = this.service(name);
    const files = service.render(service.snapshot());
    const state = this.state(name);
    const applied = appliedFiles(state);
    const same =
      applied.length === files.length &&
      files.every((f, i) => applied[i].path === f.path && applied[i].content === f.content);
    const running = new Map(visibleFiles(applied).map((f) => [f.path, f.content]));
    return {
      files: visibleFiles(files).map((f) => ({ ...f, running: running.get(f.path) ?? null })),
      pending_changes: !same,
      applied_at: state?.applied_at ?? null,
      applied_by: state?.applied_by ?? null,
    };
  }

  /** Starts the apply job of a service (409 while another job runs or one of its changes awaits confirmation). */
  apply(name: string, username: string): JobProgress {
    return this.applyAll([name], username);
  }

  /** Refuses (409) while a change of one of these services awaits confirmation. */
  assertNotPending(names: string[]): void {
    for (const name of names) {
      const service = this.service(name);
      if (this.pendingOf(name))
        throw new HttpError(409, [
          {
            loc: ['body'],
            msg: `the last ${service.label} change awaits confirmation; keep it or wait for the rollback`,
            type: 'value_error.confirmation_pending',
          },
        ]);
    }
  }

  /** Refuses (409, naming the running job) while a job runs that an Apply would collide with. */
  assertNoCollidingJob(): void {
    const conflict = this.runner.conflictFor('apply');
    if (conflict) throw jobConflict(conflict);
  }

  /**
   * Applies several services as one job (a configuration document): each one's render, check, write and activate
   * steps in turn; the confirmations it opens carry the job's id.
   */
  applyAll(names: string[], username: string): JobProgress {
    this.assertNotPending(names);
    const plans = names.map((n) => this.plan(this.service(n)));
    try {
      return this.runner.start(
        'config',
        { state: {}, steps: plans.flatMap((p) => p.steps) },
        username,
        names.length === 1 ? { service: names[0] } : { services: names },
      );
    } catch (e) {
      if (e instanceof JobConflictError) throw jobConflict(e);
      throw e;
    }
  }

  private plan(service: AnyService) {
    const state: { snapshot: unknown; files: GeneratedFile[]; previous?: StateRow } = {
      snapshot: null,
      files: [],
    };
    return {
      state,
      steps: [
        {
          name: `Render ${service.label} configuration`,
          run: () => {
            state.snapshot = service.snapshot();
            state.files = service.render(state.snapshot);
          },
        },
        {
          name: `Check ${service.label} configuration`,
          run: async () => {
            const result = await service.check(state.files);
            if (result.status === 'failed') {
              const first = result.output.split('\n').slice(0, 3).join(' ').slice(0, 300);
              throw new StepFailure(`The generated ${service.label} configuration was rejected: ${first}`);
            }
            if (result.status === 'unavailable')
              this.ctx.audit.record(service.name, `configuration check skipped: ${result.output}`);
          },
        },
        {
          name: `Write ${service.label} configuration`,
          run: () => {
            state.previous = this.state(service.name);
            replaceFiles(appliedFiles(state.previous), state.files);
          },
        },
        {
          // Done once the daemon serves the new configuration; one that cannot gets the previous one back.
          name: `Activate ${service.label} configuration`,
          run: async (_s: unknown, job: { id: string }) => {
            const since = this.ctx.now();
            this.activate(service, state, job.id);
            await this.follow(service.name);
            const check = await this.awaitServing(service.name, since);
            if (check.status === 'failed')
              throw new StepFailure(await this.putBack(service, state.previous, job.id, check.reason));
          },
        },
      ],
    };
  }

  /**
   * Makes the configuration applied before a job the applied one again, after its daemon could not serve the new one:
   * files, applied state, and the job's confirmation closed (there is nothing to keep). The saved settings stay as
   * the admin left them (pending changes, to correct and apply again). Returns the job's reason, saying whether the
   * previous configuration serves again.
   */
  private async putBack(
    service: AnyService,
    previous: StateRow | undefined,
    jobId: string,
    reason: string,
  ): Promise<string> {
    // The daemon's last words usually end with a full stop already.
    const failed = `${service.label} could not serve the new configuration: ${reason.replace(/\.+$/, '')}`;
    if (!previous) return failed;
    const current = appliedFiles(this.state(service.name));
    const files = JSON.parse(previous.files) as GeneratedFile[];
    const closed = inTransaction(this.ctx.db, () => {
      this.record(service.name, JSON.parse(previous.snapshot) as unknown, files, 'system');
      const ids = this.ctx.db
        .prepare("SELECT id FROM apply_confirmations WHERE service = ? AND job_id = ? AND status = 'pending'")
        .all(service.name, jobId) as Array<{ id: string }>;
      for (const { id } of ids)
        this.ctx.db
          .prepare("UPDATE apply_confirmations SET status = 'rolled_back', resolved_at = ? WHERE id = ?")
          .run(this.ctx.now(), id);
      return ids;
    });
    for (const { id } of closed) {
      clearTimeout(this.timers.get(id));
      this.timers.delete(id);
    }
    replaceFiles(current, files);
    this.ctx.audit.record(service.name, `${failed}; previous configuration restored`);
    const since = this.ctx.now();
    await this.follow(service.name);
    const again = await this.awaitServing(service.name, since);
    if (again.status === 'failed')
      return `${failed}. The previous configuration was put back, but it does not serve either: ${again.reason}`;
    return `${failed}. The previous configuration was put back${again.status === 'serving' ? ' and serves again' : ''}.`;
  }

  /** Refuses (409) to keep a change whose daemon does not serve it: keeping it would keep a dead service. */
  async assertServing(confirmationId: string): Promise<void> {
    const row = this.ctx.db
      .prepare('SELECT service FROM apply_confirmations WHERE id = ?')
      .get(confirmationId) as { service: string } | undefined;
    const service = row && this.services.get(row.service);
    if (!service) return;
    const check = await this.servingNow(service.name);
    if (check.status === 'failed')
      throw new HttpError(409, [
        {
          loc: ['body'],
          msg: `${service.label} does not serve this configuration (${check.reason}); it cannot be kept: revert it, or wait for the rollback`,
          type: 'value_error.confirmation.not_serving',
        },
      ]);
  }

  /** The registered services' names, in registration order. */
  names(): string[] {
    return [...this.services.keys()];
  }

  /**
   * The steps of applying a service's saved configuration (render, check, write, activate), for a job of another
   * feature that applies it as part of a larger change (a restore).
   */
  applySteps(name: string): Array<JobStep<unknown>> {
    return this.plan(this.service(name)).steps as Array<JobStep<unknown>>;
  }

  /** Whether a change of this service awaits confirmation (a new change is refused meanwhile). */
  awaitingConfirmation(name: string): boolean {
    return this.pendingOf(name) !== undefined;
  }

  /**
   * Activates the saved configuration of a service without files and without a job (the lockout policy: saving it
   * is applying it). Like a job's activation, a lock-out-prone change opens a confirmation window and is rolled
   * back unless kept. Returns the confirmation, or null when none was needed.
   */
  activateNow(name: string, by: string, options: { confirm?: boolean } = {}): Confirmation | null {
    const service = this.service(name);
    const snapshot = service.snapshot();
    const files = service.render(snapshot);
    replaceFiles(appliedFiles(this.state(name)), files);
    // `confirm: false`: a rollback restoring what was kept before needs no confirmation of its own.
    const opened = this.activateAs(service, { snapshot, files }, by, null, options.confirm === false);
    void this.follow(name);
    return opened ? (this.pending().find((c) => c.id === opened.id) ?? null) : null;
  }

  /** Makes `snapshot` the saved and the applied configuration again, with no confirmation (a document rolled back). */
  restoreApplied(name: string, snapshot: unknown, by: string): void {
    const service = this.service(name);
    inTransaction(this.ctx.db, () => service.restore(snapshot));
    this.activateNow(name, by, { confirm: false });
  }

  private activate(
    service: AnyService,
    next: { snapshot: unknown; files: GeneratedFile[] },
    jobId: string,
  ): void {
    const by =
      (
        this.ctx.db.prepare('SELECT created_by FROM jobs WHERE id = ?').get(jobId) as
          { created_by: string } | undefined
      )?.created_by ?? 'system';
    this.activateAs(service, next, by, jobId);
  }

  private activateAs(
    service: AnyService,
    next: { snapshot: unknown; files: GeneratedFile[] },
    by: string,
    jobId: string | null = null,
    noConfirmation = false,
  ): { id: string } | null {
    const confirmation = inTransaction(this.ctx.db, () => {
      const previous = this.state(service.name);
      this.record(service.name, next.snapshot, next.files, by);
      const changes =
        previous && !noConfirmation
          ? service.lockoutChanges(JSON.parse(previous.snapshot) as unknown, next.snapshot)
          : [];
      if (!previous || changes.length === 0) return null;
      const id = crypto.randomUUID();
      const deadline = this.ctx.now() + this.confirmSeconds * 1000;
      this.ctx.db
        .prepare(
          `INSERT INTO apply_confirmations (id, service, changes, previous_snapshot, previous_files, deadline_at,
             status, created_by, created_at, job_id) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
        )
        .run(
          id,
          service.name,
          JSON.stringify(changes),
          previous.snapshot,
          previous.files,
          deadline,
          by,
          this.ctx.now(),
          jobId,
        );
      return { id, changes, deadline };
    });
    if (confirmation) {
      this.ctx.audit.record(
        service.name,
        `${service.label} configuration applied by "${auditText(by)}"; ${confirmation.changes.join(', ')} changed: keep within ${this.confirmSeconds} s or it is rolled back`,
      );
      this.arm(confirmation.id, confirmation.deadline);
      return { id: confirmation.id };
    }
    this.ctx.audit.record(service.name, `${service.label} configuration applied by "${auditText(by)}"`);
    return null;
  }

  private arm(id: string, deadline: number): void {
    clearTimeout(this.timers.get(id));
    const timer = setTimeout(
      () => {
        this.timers.delete(id);
        this.rollback(id);
      },
      Math.max(0, deadline - this.ctx.now()),
    );
    // A pending rollback must not keep a stopping process alive; a restart picks it up from the database.
    timer.unref();
    this.timers.set(id, timer);
  }

  private pendingOf(name: string): ConfirmationRow | undefined {
    return this.ctx.db
      .prepare("SELECT * FROM apply_confirmations WHERE service = ? AND status = 'pending' LIMIT 1")
      .get(name) as ConfirmationRow | undefined;
  }

  /** Changes awaiting confirmation, soonest deadline first. */
  pending(): Confirmation[] {
    const rows = this.ctx.db
      .prepare("SELECT * FROM apply_confirmations WHERE status = 'pending' ORDER BY deadline_at")
      .all() as ConfirmationRow[];
    const now = this.ctx.now();
    return rows.map((r) => ({
      id: r.id,
      service: r.service,
      changes: JSON.parse(r.changes) as string[],
      deadline: r.deadline_at,
      seconds_left: Math.max(0, Math.ceil((r.deadline_at - now) / 1000)),
    }));
  }

  /** Keeps a lock-out-prone change; false when it is no longer pending (confirmed or already rolled back). */
  confirm(id: string, username: string): boolean {
    const row = this.ctx.db.prepare('SELECT * FROM apply_confirmations WHERE id = ?').get(id) as
      ConfirmationRow | undefined;
    if (!row || row.status !== 'pending') return false;
    const changed = this.ctx.db
      .prepare(
        "UPDATE apply_confirmations SET status = 'confirmed', resolved_at = ? WHERE id = ? AND status = 'pending'",
      )
      .run(this.ctx.now(), id).changes;
    if (!changed) return false;
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    const service = this.service(row.service);
    this.ctx.audit.record(
      service.name,
      `${service.label} configuration change kept by "${auditText(username)}"`,
    );
    return true;
  }

  /**
   * Restores the configuration a pending change replaced: saved settings, applied state and files. `by` is the
   * account that reverted it at once ("Revert now"); without it, the deadline passed unconfirmed.
   */
  rollback(id: string, by?: string): boolean {
    const row = this.ctx.db.prepare('SELECT * FROM apply_confirmations WHERE id = ?').get(id) as
      ConfirmationRow | undefined;
    if (!row || row.status !== 'pending') return false;
    const service = this.service(row.service);
    const previous = JSON.parse(row.previous_snapshot) as unknown;
    const files = JSON.parse(row.previous_files) as GeneratedFile[];
    const current = appliedFiles(this.state(service.name));
    const restore = () =>
      inTransaction(this.ctx.db, () => {
        service.restore(previous);
        this.record(service.name, previous, files, 'system');
        this.ctx.db
          .prepare("UPDATE apply_confirmations SET status = 'rolled_back', resolved_at = ? WHERE id = ?")
          .run(this.ctx.now(), id);
      });
    // A revert by an account is a request, captured as such; a passed deadline is the appliance's own change.
    if (by === undefined) this.aroundTimedRollback(service.name, restore);
    else restore();
    replaceFiles(current, files);
    // The daemon serves the restored configuration again (the old SSH port answers).
    void this.follow(service.name);
    const changes = (JSON.parse(row.changes) as string[]).join(', ');
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.ctx.audit.record(
      service.name,
      by === undefined
        ? `${service.label} configuration change (${changes}) was not confirmed within ${this.confirmSeconds} s: previous configuration restored`
        : `${service.label} configuration change (${changes}) reverted by "${auditText(by)}": previous configuration restored`,
    );
    this.onRolledBack({ id, service: service.name, jobId: row.job_id ?? null }, by);
    return true;
  }

  /** At start: roll back changes whose deadline passed while the server was down, re-arm the others. */
  recover(): void {
    // A service registered later (the lockout policy, mounted after the users module) recovers when it registers.
    for (const c of this.pending().filter((p) => this.services.has(p.service))) {
      if (c.deadline <= this.ctx.now()) this.rollback(c.id);
      else this.arm(c.id, c.deadline);
    }
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
