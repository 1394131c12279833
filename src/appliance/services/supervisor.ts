/**
 * The service manager of the appliance kernel: knows the units (DNS proxy, SSH), asks the configured backend to run
 * them, and makes the running daemons follow the applied configuration — started with the console when their
 * applied settings turn them on, stopped when those turn them off, reloaded after Apply and after a rollback, stopped
 * when the console closes.
 */
import type { ServicesBackend } from '../../../config';
import type { ApplianceContext } from '../context';
import { EmbeddedBackend } from './embedded';
import { describeListener, missingListeners } from './serving';
import { SystemdBackend } from './systemd';
import { stoppedState, type ServiceBackend, type ServiceState, type ServiceUnit } from './types';

/** The backend of `RAMPART_SERVICES=off`: configuration is written and checked, nothing runs. */
class OffBackend implements ServiceBackend {
  readonly kind = 'off' as const;
  start = async () => {};
  stop = async () => {};
  restart = async () => {};
  reload = async () => {};
  close = async () => {};
  async state(unit: ServiceUnit): Promise<ServiceState> {
    return {
      ...stoppedState(unit, this.kind),
      message: `the console writes the ${unit.label} configuration but runs no daemon (RAMPART_SERVICES=off)`,
    };
  }
}

export function createBackend(kind: ServicesBackend, ctx: ApplianceContext): ServiceBackend {
  if (kind === 'embedded') return new EmbeddedBackend({ audit: ctx.audit, now: ctx.now });
  if (kind === 'systemd')
    return new SystemdBackend({ onProblem: (unit, message) => ctx.audit.log(unit, message, 'warning') });
  return new OffBackend();
}

export type ServiceAction = 'start' | 'stop' | 'restart';

/**
 * Whether a daemon serves its applied configuration: `serving` (or turned off and stopped), `failed` with the
 * daemon's own reason, or `unchecked` when nothing runs daemons here (backend off, daemon not installed).
 */
export type ServingCheck = { status: 'serving' | 'unchecked' } | { status: 'failed'; reason: string };

/** How long a daemon has to serve after Apply before the Apply fails (a daemon that exits fails it at once). */
export const SERVE_TIMEOUT_MS = 15_000;
const SERVE_POLL_MS = 100;

export class ServiceSupervisor {
  private readonly units = new Map<string, ServiceUnit>();
  /** One change at a time per service (an Apply's reload and a Stop click do not interleave). */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    readonly backend: ServiceBackend,
    private readonly onError: (e: unknown, unit: string) => void = () => {},
  ) {}

  register(unit: ServiceUnit): void {
    this.units.set(unit.name, unit);
  }

  unit(name: string): ServiceUnit | undefined {
    return this.units.get(name);
  }

  private serial<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(name) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    this.queues.set(
      name,
      next.catch(() => {}),
    );
    return next;
  }

  /** At console start: every unit whose applied settings turn it on. */
  async startAll(): Promise<void> {
    // Their output is read whoever started them (systemd keeps them running across console restarts).
    for (const u of this.units.values()) if (u.onLine) this.backend.watch?.(u);
    await Promise.all(
      [...this.units.values()]
        .filter((u) => u.enabled())
        .map((u) => this.serial(u.name, () => this.backend.start(u))),
    );
  }

  /** After Apply or a rollback: the daemon serves the applied configuration (or stops when it is turned off). */
  async follow(name: string): Promise<void> {
    const unit = this.units.get(name);
    if (!unit) return;
    try {
      await this.serial(name, async () => {
        if (!unit.enabled()) return this.backend.stop(unit);
        const { status } = await this.backend.state(unit);
        return status === 'running' ? this.backend.reload(unit) : this.backend.start(unit);
      });
    } catch (e) {
      this.onError(e, name);
    }
  }

  /** Whether the daemon serves right now (one look; `failed` says why not). */
  async serving(name: string): Promise<ServingCheck> {
    const unit = this.units.get(name);
    if (!unit || this.backend.kind === 'off' || !unit.enabled()) return { status: 'unchecked' };
    const st = await this.backend.state(unit);
    if (st.status === 'not_installed') return { status: 'unchecked' };
    if (st.status !== 'running' || st.pid === null)
      return { status: 'failed', reason: this.downReason(unit, st) };
    const missing = missingListeners(st.pid, unit.listeners?.() ?? []);
    if (!missing.length) return { status: 'serving' };
    return {
      status: 'failed',
      reason: `${unit.daemon} does not listen on ${missing.map(describeListener).join(', ')}`,
    };
  }

  private downReason(unit: ServiceUnit, st: ServiceState): string {
    if (st.status === 'stopped') return `${unit.daemon} is stopped`;
    if (st.last_exit) return `${unit.daemon} ${st.last_exit.reason}`;
    return st.message ?? `${unit.daemon} is ${st.status}`;
  }

  /**
   * After Apply: waits until the daemon serves its applied configuration (holds every listener it names), or fails
   * with the daemon's own reason as soon as it exits after `since` (its last words: "could not open ports", "Cannot
   * bind any address"), or when `timeoutMs` passed without it serving.
   */
  async awaitServing(name: string, since: number, timeoutMs = SERVE_TIMEOUT_MS): Promise<ServingCheck> {
    const unit = this.units.get(name);
    if (!unit || this.backend.kind === 'off') return { status: 'unchecked' };
    // After the reload or start this Apply asked for (queued behind it).
    await this.serial(name, async () => {});
    const end = Date.now() + timeoutMs;
    for (;;) {
      if (!unit.enabled()) return { status: 'serving' };
      const st = await this.backend.state(unit);
      if (st.status === 'not_installed') return { status: 'unchecked' };
      if (st.last_exit && st.last_exit.at >= since)
        return { status: 'failed', reason: `${unit.daemon} ${st.last_exit.reason}` };
      const now = await this.serving(name);
      if (now.status !== 'failed') return now;
      if (Date.now() >= end)
        return { status: 'failed', reason: `${now.reason} after ${Math.round(timeoutMs / 100) / 10} s` };
      await new Promise((r) => setTimeout(r, SERVE_POLL_MS));
    }
  }

  async control(name: string, action: ServiceAction): Promise<ServiceState> {
    const unit = this.units.get(name);
    if (!unit) throw new Error(`unknown service ${name}`);
    await this.serial(name, () => this.backend[action](unit));
    return this.backend.state(unit);
  }

  state(name: string): Promise<ServiceState> {
    const unit = this.units.get(name);
    if (!unit) throw new Error(`unknown service ${name}`);
    return this.backend.state(unit);
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()]);
    await this.backend.close();
  }
}
