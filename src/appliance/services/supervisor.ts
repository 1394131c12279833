/**
 * The service manager of the appliance kernel: knows the units (DNS proxy, SSH), asks the configured backend to run
 * them, and makes the running daemons follow the applied configuration — started with the console when their
 * applied settings turn them on, stopped when those turn them off, reloaded after Apply and after a rollback, stopped
 * when the console closes.
 */
import type { ServicesBackend } from '../../../config';
import type { ApplianceContext } from '../context';
import { EmbeddedBackend } from './embedded';
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
