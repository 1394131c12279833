/**
 * The systemd backend's reader of a unit's output: `journalctl -u UNIT -o json --follow`, each entry's MESSAGE handed
 * to the unit's line reader (the DNS query log) with the entry's own time. The last entry's cursor is kept in a file,
 * so a console that restarts (or a journalctl that died and is started again, after 1 s doubling to 60 s) goes on
 * after the last entry it read: nothing is read twice, and what the daemon logged while the console was down is
 * read then. Without a cursor file the reader starts at the end of the journal (new entries only).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { writeFileAtomicSync } from '../../service-kit/atomicFile';

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;
/** The cursor is written at most this often while entries arrive (and at close). */
const CURSOR_WRITE_MS = 2000;

export interface JournalEntry {
  message: string;
  /** Milliseconds since the epoch (the entry's __REALTIME_TIMESTAMP), or null when absent. */
  at: number | null;
  cursor: string | null;
}

/** One line of `journalctl -o json`; null for a line that is not an entry with a message. */
export function parseJournalLine(line: string): JournalEntry | null {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return null;
  }
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as Record<string, unknown>;
  // MESSAGE is a string, or an array of bytes when it is not valid UTF-8, or null when it was too large.
  const raw = e.MESSAGE;
  const message =
    typeof raw === 'string'
      ? raw
      : Array.isArray(raw) && raw.every((b) => typeof b === 'number')
        ? Buffer.from(raw as number[]).toString('utf8')
        : null;
  if (message === null) return null;
  const micros = typeof e.__REALTIME_TIMESTAMP === 'string' ? Number(e.__REALTIME_TIMESTAMP) : NaN;
  return {
    message: message.replace(/\n$/, ''),
    at: Number.isFinite(micros) && micros > 0 ? Math.floor(micros / 1000) : null,
    cursor: typeof e.__CURSOR === 'string' ? e.__CURSOR : null,
  };
}

export interface JournalFollowerOptions {
  /** The systemd unit (`unbound.service`). */
  unit: string;
  /** Takes each entry's message (one line each; a multi-line message is split). */
  onLine: (line: string, at: number | null) => void;
  /** Where the last cursor is kept; none = start at the end every time. */
  cursorFile?: string;
  /** journalctl could not run or ended: a sentence for the log. */
  onProblem?: (message: string) => void;
  /** The journalctl executable (default: found on PATH). */
  journalctl?: string;
  firstDelayMs?: number;
}

export class JournalFollower {
  private child: ChildProcess | null = null;
  private cursor: string | null = null;
  private written: string | null = null;
  private lastWrite = 0;
  private timer: NodeJS.Timeout | null = null;
  private delayMs: number;
  private closed = false;
  private exited: Promise<void> | null = null;

  constructor(private readonly options: JournalFollowerOptions) {
    this.delayMs = options.firstDelayMs ?? FIRST_DELAY_MS;
    if (options.cursorFile) {
      try {
        this.cursor = fs.readFileSync(options.cursorFile, 'utf8').trim() || null;
        this.written = this.cursor;
      } catch {
        /* none yet */
      }
    }
  }

  /** The arguments of the next start: after the last entry read, else from now on. */
  args(): string[] {
    return [
      '-u',
      this.options.unit,
      '-o',
      'json',
      '--output-fields=MESSAGE',
      '--follow',
      '--no-pager',
      ...(this.cursor ? [`--after-cursor=${this.cursor}`] : ['--lines=0']),
    ];
  }

  start(): void {
    if (this.child || this.closed) return;
    const child = spawn(this.options.journalctl ?? 'journalctl', this.args(), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const startedAt = Date.now();
    let errors = '';
    child.stderr?.on('data', (d) => {
      if (errors.length < 2000) errors += String(d);
    });
    if (child.stdout) readline.createInterface({ input: child.stdout }).on('line', (l) => this.entry(l));
    this.exited = new Promise((resolve) => {
      let done = false;
      const finish = (why: string) => {
        if (done) return;
        done = true;
        if (this.child === child) this.child = null;
        this.saveCursor(true);
        resolve();
        if (this.closed) return;
        if (Date.now() - startedAt >= MAX_DELAY_MS)
          this.delayMs = this.options.firstDelayMs ?? FIRST_DELAY_MS;
        const delay = this.delayMs;
        this.delayMs = Math.min(MAX_DELAY_MS, this.delayMs * 2);
        this.options.onProblem?.(
          `journalctl for ${this.options.unit} ${why}${errors.trim() ? `: ${errors.trim().split('\n')[0]}` : ''}; reading again in ${Math.ceil(delay / 1000)} s`,
        );
        this.timer = setTimeout(() => {
          this.timer = null;
          this.start();
        }, delay);
        this.timer.unref();
      };
      child.on('close', (code, signal) =>
        finish(signal ? `was killed by ${signal}` : `ended with status ${code}`),
      );
      child.on('error', (e) => finish(`could not be started (${e.message})`));
    });
  }

  private entry(line: string): void {
    const e = parseJournalLine(line);
    if (!e) return;
    if (e.cursor) this.cursor = e.cursor;
    for (const part of e.message.split('\n')) {
      try {
        this.options.onLine(part, e.at);
      } catch {
        /* the reader's failure on one line does not stop the journal */
      }
    }
    this.saveCursor(false);
  }

  private saveCursor(now: boolean): void {
    const file = this.options.cursorFile;
    if (!file || !this.cursor || this.cursor === this.written) return;
    if (!now && Date.now() - this.lastWrite < CURSOR_WRITE_MS) return;
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      writeFileAtomicSync(file, `${this.cursor}\n`, { mode: 0o600 });
      this.written = this.cursor;
      this.lastWrite = Date.now();
    } catch {
      /* kept in memory; written again at the next entry */
    }
  }

  /** Stops following; the last cursor is written. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.child) {
      this.child.kill('SIGTERM');
      await this.exited;
    }
    this.saveCursor(true);
  }
}
