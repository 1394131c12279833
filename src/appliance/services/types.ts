/**
 * The service manager's vocabulary: a unit is one daemon the appliance configures (the DNS proxy's unbound, sshd),
 * a backend runs units (`embedded`: child processes of the console; `systemd`: the host's service manager), and a
 * state is what the console shows and the API answers.
 */
import type { AuditServiceName } from '../audit';
import type { Listener } from './serving';

export type ServiceStatus = 'running' | 'stopped' | 'failed' | 'not_installed';

export interface LastExit {
  /** Milliseconds since the epoch. */
  at: number;
  code: number | null;
  signal: string | null;
  /** One line: "exited with status 1: error: …", "killed by SIGKILL". */
  reason: string;
}

export interface ServiceState {
  name: AuditServiceName;
  label: string;
  backend: 'embedded' | 'systemd' | 'off';
  /** The applied configuration turns the service on. */
  enabled: boolean;
  status: ServiceStatus;
  pid: number | null;
  /** Milliseconds since the epoch the status holds (started, stopped, failed). */
  since: number | null;
  last_exit: LastExit | null;
  /** Restarts after the daemon died, since the console started. */
  restarts: number;
  /** When the next restart attempt runs (a daemon that died), else null. */
  next_restart_at: number | null;
  /** A sentence for the admin when the status needs one (not installed, turned off, backend off). */
  message: string | null;
  /** The daemon's last output lines, oldest first. */
  log: string[];
}

/** A unit's state as a backend starts describing it: stopped, nothing known yet. */
export function stoppedState(unit: ServiceUnit, backend: ServiceState['backend']): ServiceState {
  return {
    name: unit.name,
    label: unit.label,
    backend,
    enabled: unit.enabled(),
    status: 'stopped',
    pid: null,
    since: null,
    last_exit: null,
    restarts: 0,
    next_restart_at: null,
    message: null,
    log: [],
  };
}

export interface ServiceUnit {
  name: AuditServiceName;
  /** "DNS proxy", "SSH". */
  label: string;
  /** The daemon's executable name (`unbound`, `sshd`). */
  daemon: string;
  /** What is missing without it: "no DNS proxy runs". */
  absence: string;
  /** The unit systemd knows the daemon as. */
  systemdUnit: string;
  /** The applied configuration turns the service on. */
  enabled(): boolean;
  /** Arguments that run the daemon in the foreground on the generated configuration. */
  args(): string[];
  /** The pid file the generated configuration names (a daemon left by a console that died is found by it). */
  pidFile: string;
  /** The generated configuration file (names the daemon in its command line). */
  configFile: string;
  /**
   * Takes each output line first (embedded backend): true when the line is the unit's own business (the DNS query
   * log's reply lines), which then goes neither to the log store nor to the state's last lines. The systemd backend
   * hands it the unit's journal entries (`at`: the entry's time; the embedded backend reads lines as they come).
   */
  onLine?(line: string, at?: number | null): boolean;
  /** A line of the unit's own business (a query line): left out of the state's last lines read from the journal. */
  ownsLine?(line: string): boolean;
  /** Where the systemd backend keeps its place in the unit's journal (units with `onLine`). */
  journalCursorFile?: string;
  /** Creates what the daemon needs before it starts (host keys, directories); throws a sentence when it cannot. */
  prepare?(): void;
  /**
   * The file to execute instead of the daemon's own (embedded backend), given the installed daemon's path: sshd runs
   * through a link whose name is its PAM service. Called after `prepare`; `warning` is logged under the service.
   */
  program?(daemon: string): { file: string; warning: string | null };
  /** Removes what `prepare`/`program` put outside the data directory, once the daemon stopped. */
  cleanup?(): void;
  /** Where the daemon listens with its applied configuration: it serves once it holds all of these (./serving.ts). */
  listeners?(): Listener[];
}

export interface ServiceBackend {
  readonly kind: ServiceState['backend'];
  /** Starts the unit (no-op when it runs). */
  start(unit: ServiceUnit): Promise<void>;
  /** Stops the unit and waits for it to end. */
  stop(unit: ServiceUnit): Promise<void>;
  restart(unit: ServiceUnit): Promise<void>;
  /** Makes a running unit read its configuration again (starts it when it does not run). */
  reload(unit: ServiceUnit): Promise<void>;
  state(unit: ServiceUnit): Promise<ServiceState>;
  /** Starts reading the unit's output from wherever the backend's daemons write it (systemd: the journal). */
  watch?(unit: ServiceUnit): void;
  /** Stops everything this backend started (console shutdown). */
  close(): Promise<void>;
}

/** The sentence of a daemon that is not installed. */
export const notInstalled = (unit: ServiceUnit) =>
  `${unit.daemon} is not installed: the configuration is written but ${unit.absence}`;
