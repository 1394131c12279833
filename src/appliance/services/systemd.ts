/**
 * The systemd backend (a real appliance): the host's service manager runs the daemons from units whose drop-ins
 * point them at the generated files (README "Services"); the console asks `systemctl` to start, stop, restart and
 * `reload-or-restart` them, reads their state from `systemctl show` and their last lines from the journal.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findTool } from '../apply/tools';
import { JournalFollower } from './journal';
import {
  notInstalled,
  stoppedState,
  type ServiceBackend,
  type ServiceState,
  type ServiceUnit,
} from './types';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The tool as the console's PATH finds it first (an appliance may wrap systemctl), else on the system paths. */
function locate(tool: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, tool);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return findTool(tool);
}

function run(tool: string, args: string[]): Promise<Run> {
  const file = locate(tool);
  if (!file) return Promise.resolve({ code: 127, stdout: '', stderr: `${tool} is not installed` });
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 30_000, maxBuffer: 256 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

const PROPERTIES = [
  'LoadState',
  'ActiveState',
  'SubState',
  'MainPID',
  'StateChangeTimestamp',
  'ExecMainExitTimestamp',
  'ExecMainCode',
  'ExecMainStatus',
  'Result',
  'NRestarts',
];

/** `@1700000000` (--timestamp=unix) → milliseconds; empty or unset → null. */
const unixTime = (v: string | undefined) => {
  const m = /^@(\d+)$/.exec(v ?? '');
  return m ? Number(m[1]) * 1000 : null;
};

export interface SystemdOptions {
  /** A sentence about reading a unit's journal (journalctl missing or ended), for the log. */
  onProblem?: (unit: ServiceUnit['name'], message: string) => void;
  firstDelayMs?: number;
}

export class SystemdBackend implements ServiceBackend {
  readonly kind = 'systemd' as const;
  private readonly followers = new Map<string, JournalFollower>();

  constructor(private readonly options: SystemdOptions = {}) {}

  /**
   * Reads the unit's journal into its line reader (the DNS query log): unbound's stderr lines are journal entries
   * under systemd, read with `journalctl -u UNIT -o json --follow` after the last cursor read.
   */
  watch(unit: ServiceUnit): void {
    const onLine = unit.onLine;
    if (!onLine || this.followers.has(unit.name)) return;
    const follower = new JournalFollower({
      unit: unit.systemdUnit,
      onLine: (line, at) => void onLine(line, at),
      cursorFile: unit.journalCursorFile,
      journalctl: locate('journalctl') ?? 'journalctl',
      onProblem: (message) => this.options.onProblem?.(unit.name, message),
      firstDelayMs: this.options.firstDelayMs,
    });
    this.followers.set(unit.name, follower);
    follower.start();
  }

  private async systemctl(action: string, unit: ServiceUnit): Promise<void> {
    const res = await run('systemctl', [action, unit.systemdUnit]);
    if (res.code !== 0)
      throw new Error(`systemctl ${action} ${unit.systemdUnit} failed: ${(res.stderr || res.stdout).trim()}`);
  }

  start = (unit: ServiceUnit) => this.systemctl('start', unit);
  stop = (unit: ServiceUnit) => this.systemctl('stop', unit);
  restart = (unit: ServiceUnit) => this.systemctl('restart', unit);
  reload = (unit: ServiceUnit) => this.systemctl('reload-or-restart', unit);

  async state(unit: ServiceUnit): Promise<ServiceState> {
    const base = stoppedState(unit, this.kind);
    const shown = await run('systemctl', [
      'show',
      unit.systemdUnit,
      '--timestamp=unix',
      ...PROPERTIES.map((p) => `--property=${p}`),
    ]);
    if (shown.code !== 0)
      return {
        ...base,
        status: 'failed',
        message: (shown.stderr || shown.stdout).trim() || 'systemctl failed',
      };
    const p = new Map<string, string>();
    for (const line of shown.stdout.split('\n')) {
      const i = line.indexOf('=');
      if (i > 0) p.set(line.slice(0, i), line.slice(i + 1));
    }
    if (p.get('LoadState') === 'not-found')
      return { ...base, status: 'not_installed', message: notInstalled(unit) };
    const active = p.get('ActiveState') ?? 'inactive';
    const pid = Number(p.get('MainPID') ?? 0);
    const exitAt = unixTime(p.get('ExecMainExitTimestamp'));
    const code = Number(p.get('ExecMainStatus') ?? 0);
    // ExecMainCode is the waitid() code: 1 exited, 2 killed, 3 dumped core.
    const killed = ['2', '3'].includes(p.get('ExecMainCode') ?? '');
    // The last lines of the daemon's own log; the query log's lines (many) are read into it, not shown here.
    const journal = await run('journalctl', [
      '-u',
      unit.systemdUnit,
      '-n',
      unit.ownsLine ? '200' : '10',
      '-o',
      'cat',
      '--no-pager',
    ]);
    return {
      ...base,
      status:
        active === 'active' || active === 'reloading'
          ? 'running'
          : active === 'failed'
            ? 'failed'
            : 'stopped',
      pid: pid > 0 ? pid : null,
      since: unixTime(p.get('StateChangeTimestamp')),
      last_exit: exitAt
        ? {
            at: exitAt,
            code: killed ? null : code,
            signal: killed ? `signal ${code}` : null,
            reason: killed
              ? `killed by signal ${code}`
              : `exited with status ${code} (${p.get('Result') ?? 'unknown'})`,
          }
        : null,
      restarts: Number(p.get('NRestarts') ?? 0) || 0,
      message: active === 'failed' ? `${unit.systemdUnit} failed (${p.get('Result') ?? 'unknown'})` : null,
      log:
        journal.code === 0
          ? journal.stdout
              .split('\n')
              .filter((l) => l && !unit.ownsLine?.(l))
              .slice(-10)
          : [],
    };
  }

  /** systemd keeps the daemons running when the console stops; only the journal readers end. */
  close = async () => {
    const followers = [...this.followers.values()];
    this.followers.clear();
    await Promise.all(followers.map((f) => f.close()));
  };
}
