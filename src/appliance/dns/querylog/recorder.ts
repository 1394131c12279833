/**
 * Turns unbound's output lines into query records, off the line reader's path: a line is parsed at once (a regular
 * expression, no I/O), classified against the applied configuration and queued; the queue is written in one
 * transaction every `flushMs` or once it holds `maxBatch` records. The queue is bounded: past `maxQueue` records
 * (the database cannot keep up) new ones are dropped and counted. A malformed line is skipped and counted.
 */
import type { DnsSnapshot } from '../proxy';
import { classify } from './classify';
import { parseQueryLine, type ActionLine } from './parse';
import type { NewQueryRecord, QueryStore } from './store';

export interface RecorderOptions {
  /** The configuration unbound runs (the applied DNS snapshot). */
  snapshot: () => DnsSnapshot | null;
  now?: () => number;
  flushMs?: number;
  maxBatch?: number;
  maxQueue?: number;
  onError?: (e: unknown) => void;
}

/** Local actions waiting for their reply line (unbound writes the action just before the reply). */
const MAX_PENDING_ACTIONS = 256;

export class QueryRecorder {
  malformed = 0;
  dropped = 0;
  private queue: NewQueryRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly actions = new Map<string, ActionLine>();
  private readonly now: () => number;

  constructor(
    private readonly store: QueryStore,
    private readonly options: RecorderOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Takes one output line; true when it was a query line (recorded or skipped), false for any other line. `at`: when
   * the daemon wrote it (a journal entry's time), else the record's time is now.
   */
  line(line: string, at?: number): boolean {
    const parsed = parseQueryLine(line);
    if (parsed.kind === 'other') return false;
    if (parsed.kind === 'malformed') {
      this.malformed += 1;
      return true;
    }
    if (parsed.kind === 'action') {
      const key = `${parsed.client}|${parsed.name}|${parsed.type}`;
      this.actions.delete(key);
      this.actions.set(key, parsed);
      if (this.actions.size > MAX_PENDING_ACTIONS) this.actions.delete(this.actions.keys().next().value!);
      return true;
    }
    const key = `${parsed.client}|${parsed.name}|${parsed.type}`;
    const action = this.actions.get(key) ?? null;
    if (action) this.actions.delete(key);
    if (this.queue.length >= (this.options.maxQueue ?? 10_000)) {
      this.dropped += 1;
      return true;
    }
    let snapshot: DnsSnapshot | null = null;
    try {
      snapshot = this.options.snapshot();
    } catch (e) {
      this.options.onError?.(e);
    }
    const { answered_by, why } = classify(parsed, action, snapshot);
    this.queue.push({
      time: at ?? this.now(),
      client: parsed.client,
      name: parsed.name,
      type: parsed.type,
      rcode: parsed.rcode,
      answered_by,
      latency_ms: Math.round(parsed.seconds * 1_000_000) / 1000,
      size: parsed.size,
      why,
    });
    if (this.queue.length >= (this.options.maxBatch ?? 500)) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.options.flushMs ?? 200);
      this.timer.unref();
    }
    return true;
  }

  /** Writes what is queued (also on shutdown, before the database closes). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    if (!batch.length) return;
    try {
      this.store.appendMany(batch);
    } catch (e) {
      this.dropped += batch.length;
      this.options.onError?.(e);
    }
  }
}
