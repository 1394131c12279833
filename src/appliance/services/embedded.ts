/**
 * The embedded backend: the console runs the daemons itself, as child processes in the foreground on the files it
 * generated in the data directory (loopback and unprivileged ports by default, no chroot, no user switch), and never
 * touches the host's own services. Their output goes into the log store under the service's name; a daemon that
 * dies is started again with a growing delay (1 s doubling to 60 s, reset after a minute of running) and a warning
 * in the log; stopping sends SIGTERM, then SIGKILL after 5 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { findTool } from '../apply/tools';
import type { Audit } from '../audit';
import {
  notInstalled,
  type LastExit,
  type ServiceBackend,
  type ServiceState,
  type ServiceUnit,
} from './types';

const LOG_LINES = 20;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;
/** A daemon that ran this long before it died is restarted after the first delay again. */
const STABLE_MS = 60_000;
const STOP_GRACE_MS = 5000;

interface Runtime {
  child: ChildProcess | null;
  /** The admin or the configuration wants it running (a death is then restarted). */
  wanted: boolean;
  status: ServiceState['status'];
  since: number | null;
  lastExit: LastExit | null;
  restarts: number;
  delayMs: number;
  timer: NodeJS.Timeout | null;
  nextRestartAt: number | null;
  message: string | null;
  log: string[];
  exited: Promise<void> | null;
}

export interface EmbeddedOptions {
  audit: Audit;
  now?: () => number;
  /** First restart delay (tests). */
  firstDelayMs?: number;
}

/** The pid a pid file names, when that process still runs with this configuration file on its command line. */
function leftover(unit: ServiceUnit): number | null {
  try {
    const pid = Number(fs.readFileSync(unit.pidFile, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 1) return null;
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    // sshd rewrites its command line into one title ("sshd: /usr/sbin/sshd -D -e -f <file> [listener] …").
    return cmdline.split(/[\0 ]/).includes(unit.configFile) ? pid : null;
  } catch {
    return null;
  }
}

/** Ends a running daemon: SIGTERM, SIGKILL after the grace time, resolved once it exited (its output read). */
async function endChild(r: { child: ChildProcess | null; exited: Promise<unknown> | null }): Promise<void> {
  const child = r.child;
  if (!child || !r.exited) return;
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await r.exited;
  clearTimeout(forced);
}

export class EmbeddedBackend implements ServiceBackend {
  readonly kind = 'embedded' as const;
  private readonly runtimes = new Map<string, Runtime>();
  private readonly units = new Map<string, ServiceUnit>();
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly options: EmbeddedOptions) {
    this.now = options.now ?? Date.now;
  }

  private runtime(unit: ServiceUnit): Runtime {
    this.units.set(unit.name, unit);
    let r = this.runtimes.get(unit.name);
    if (!r) {
      r = {
        child: null,
        wanted: false,
        status: 'stopped',
        since: null,
        lastExit: null,
        restarts: 0,
        delayMs: this.options.firstDelayMs ?? FIRST_DELAY_MS,
        timer: null,
        nextRestartAt: null,
        message: null,
        log: [],
        exited: null,
      };
      this.runtimes.set(unit.name, r);
    }
    return r;
  }

  private note(unit: ServiceUnit, r: Runtime, line: string): void {
    try {
      if (unit.onLine?.(line)) return;
    } catch {
      // The unit's reader failed on this line: it is stored like any other.
    }
    r.log.push(line);
    if (r.log.length > LOG_LINES) r.log.splice(0, r.log.length - LOG_LINES);
    const severity = /\b(fatal|error)\b/i.test(line)
      ? 'error'
      : /\bwarn(ing)?\b/i.test(line)
        ? 'warning'
        : undefined;
    this.options.audit.log(unit.name, `${unit.daemon}: ${line}`, severity);
  }

  async start(unit: ServiceUnit): Promise<void> {
    const r = this.runtime(unit);
    r.wanted = true;
    if (r.child || this.closed) return;
    this.clearTimer(r);
    this.spawn(unit, r);
  }

  private clearTimer(r: Runtime): void {
    if (r.timer) clearTimeout(r.timer);
    r.timer = null;
    r.nextRestartAt = null;
  }

  private spawn(unit: ServiceUnit, r: Runtime): void {
    const file = findTool(unit.daemon);
    if (!file) {
      r.status = 'not_installed';
      r.since = this.now();
      r.message = notInstalled(unit);
      return;
    }
    try {
      unit.prepare?.();
    } catch (e) {
      this.failed(unit, r, `${unit.daemon} cannot start: ${(e as Error).message}`);
      return;
    }
    let program = file;
    if (unit.program) {
      try {
        const chosen = unit.program(file);
        program = chosen.file;
        if (chosen.warning) this.options.audit.log(unit.name, chosen.warning, 'warning');
      } catch (e) {
        this.failed(unit, r, `${unit.daemon} cannot start: ${(e as Error).message}`);
        return;
      }
    }
    // A daemon left running by a console that did not stop it (killed) holds the ports: end it first.
    const stale = leftover(unit);
    if (stale) {
      try {
        process.kill(stale, 'SIGKILL');
        this.note(unit, r, `ended ${unit.daemon} ${stale} left running by an earlier start of the console`);
      } catch {
        /* already gone */
      }
    }
    // A process group of its own: Ctrl-C on `npm start` reaches the console, which stops its daemons in order,
    // instead of killing them behind the supervisor's back (and having them restarted while it shuts down).
    const child = spawn(program, unit.args(), { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    r.child = child;
    r.status = 'running';
    r.since = this.now();
    r.message = null;
    const startedAt = this.now();
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) readline.createInterface({ input: stream }).on('line', (l) => this.note(unit, r, l));
    }
    r.exited = new Promise((resolve) => {
      let done = false;
      const finish = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
        if (done) return;
        done = true;
        resolve();
        if (r.child === child) r.child = null;
        this.exited(unit, r, code, signal, this.now() - startedAt, error);
      };
      // 'close': the process ended and its output was read to the end (its last lines are stored before this).
      child.on('close', (code, signal) => finish(code, signal));
      child.on('error', (e) => finish(null, null, e));
    });
  }

  private failed(unit: ServiceUnit, r: Runtime, reason: string): void {
    r.status = 'failed';
    r.since = this.now();
    r.lastExit = { at: this.now(), code: null, signal: null, reason };
    r.message = reason;
    this.options.audit.log(unit.name, reason, 'error');
  }

  private exited(
    unit: ServiceUnit,
    r: Runtime,
    code: number | null,
    signal: NodeJS.Signals | null,
    ranMs: number,
    error?: Error,
  ): void {
    const last = r.log[r.log.length - 1];
    const how = error
      ? `could not be started: ${error.message}`
      : signal
        ? `killed by ${signal}`
        : `exited with status ${code}`;
    r.lastExit = {
      at: this.now(),
      code,
      signal,
      reason: error || !last || signal ? how : `${how}: ${last}`,
    };
    r.since = this.now();
    if (!r.wanted || this.closed) {
      r.status = 'stopped';
      return;
    }
    r.status = 'failed';
    if (ranMs >= STABLE_MS) r.delayMs = this.options.firstDelayMs ?? FIRST_DELAY_MS;
    const delay = r.delayMs;
    r.delayMs = Math.min(MAX_DELAY_MS, r.delayMs * 2);
    r.nextRestartAt = this.now() + delay;
    r.message = `${unit.daemon} ${r.lastExit.reason}; restarting in ${Math.ceil(delay / 1000)} s`;
    this.options.audit.log(unit.name, r.message, 'warning');
    r.timer = setTimeout(() => {
      r.timer = null;
      r.nextRestartAt = null;
      if (!r.wanted || r.child || this.closed) return;
      r.restarts += 1;
      this.spawn(unit, r);
    }, delay);
  }

  async stop(unit: ServiceUnit): Promise<void> {
    const r = this.runtime(unit);
    r.wanted = false;
    this.clearTimer(r);
    await endChild(r);
    unit.cleanup?.();
    if (r.status !== 'not_installed') {
      r.status = 'stopped';
      r.since = this.now();
    }
    r.message = null;
  }

  async restart(unit: ServiceUnit): Promise<void> {
    await this.stop(unit);
    const r = this.runtime(unit);
    r.delayMs = this.options.firstDelayMs ?? FIRST_DELAY_MS;
    await this.start(unit);
  }

  async reload(unit: ServiceUnit): Promise<void> {
    const r = this.runtime(unit);
    // unbound re-reads its configuration on SIGHUP; sshd re-executes itself (same pid) and binds the new ports.
    if (r.child && r.child.pid) r.child.kill('SIGHUP');
    else await this.start(unit);
  }

  async state(unit: ServiceUnit): Promise<ServiceState> {
    const r = this.runtime(unit);
    const installed = findTool(unit.daemon) !== null;
    const status = !installed && !r.child ? 'not_installed' : r.status;
    return {
      name: unit.name,
      label: unit.label,
      backend: this.kind,
      enabled: unit.enabled(),
      status,
      pid: r.child?.pid ?? null,
      since: r.since,
      last_exit: r.lastExit,
      restarts: r.restarts,
      next_restart_at: r.nextRestartAt,
      message:
        status === 'not_installed'
          ? notInstalled(unit)
          : (r.message ?? (unit.enabled() ? null : `${unit.label} is turned off in its applied settings`)),
      log: [...r.log],
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const units = [...this.runtimes.keys()];
    await Promise.all(
      units.map(async (name) => {
        const r = this.runtimes.get(name)!;
        r.wanted = false;
        this.clearTimer(r);
        await endChild(r);
        this.units.get(name)?.cleanup?.();
      }),
    );
  }
}
