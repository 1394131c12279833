/**
 * CPU-heavy work runs here, never on the event loop: a small pool of `node:worker_threads` workers, one task at a
 * time each, so a hostile upload that costs seconds of CPU delays only itself while every other request (the
 * console, the appliance API, the identity service) keeps answering.
 *
 * - Size: one worker per CPU, at least 2 and at most 4 (two hostile tasks at once still leave a core to the event
 *   loop on a 2-core appliance; a third waits its turn). Workers start on first use and end after a minute idle.
 * - Time budget: each task has one (counted from the moment a started worker takes it, not while it waits or while
 *   a new worker loads its script). A task over its
 *   budget has its worker terminated (the only way to stop synchronous work) and replaced; the caller gets a
 *   `CpuBudgetError` naming the budget.
 * - Priority: on Linux each worker thread lowers its own scheduling priority (nice 5), so when CPUs are short the
 *   event loop runs first and the heavy task takes the time that is left.
 * - Queue: at most `maxQueue` tasks wait; beyond that the caller gets a `CpuPoolBusyError` at once.
 *
 * The worker script is found at run time next to the built server (`dist/server/<name>.js`, a webpack entry), or,
 * when running from the sources (tsx, jest), as the TypeScript file itself loaded through tsx's require hook.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

export interface WorkerScript {
  /** The built script's path (next to the server bundle). */
  built: string;
  /** The TypeScript source of the same script (for tsx and jest runs). */
  source: string;
}

/** A task stopped because it ran longer than its budget. */
export class CpuBudgetError extends Error {
  constructor(
    readonly task: string,
    readonly budgetMs: number,
  ) {
    super(`${task} took longer than its ${budgetMs / 1000} s budget and was stopped`);
    this.name = 'CpuBudgetError';
  }
}

/** Too many tasks are already waiting for a worker. */
export class CpuPoolBusyError extends Error {
  constructor(readonly task: string) {
    super(`the server is busy with other cryptographic work; try ${task} again in a moment`);
    this.name = 'CpuPoolBusyError';
  }
}

/** An error thrown by the task inside the worker: its name, message and own fields, rebuilt on this side. */
export class CpuTaskError extends Error {
  constructor(
    readonly remoteName: string,
    message: string,
    readonly fields: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'CpuTaskError';
  }
}

/** What the worker side posts: that it is ready for tasks, or its answer to one. */
export type TaskReply =
  | { ready: true }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; fields: Record<string, unknown> } };

export interface TaskRequest {
  id: number;
  task: string;
  args: unknown[];
}

interface Job {
  id: number;
  task: string;
  args: unknown[];
  /** Memory the arguments hold that is moved to the worker rather than copied (tens of megabytes cost a copy). */
  transfer: ArrayBuffer[];
  budgetMs: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** The script is loaded and the worker takes tasks. */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

export const defaultPoolSize = () => Math.min(4, Math.max(2, os.availableParallelism()));

const IDLE_MS = 60_000;

/** Starts a worker on the built script if there is one, else on the TypeScript source through tsx. */
function spawn(script: WorkerScript): Worker {
  if (fs.existsSync(script.built)) return new Worker(script.built);
  // Resolved from the source file, so the project's own tsx is used; nothing here is seen by the bundler.
  const boot = [
    "const { createRequire } = require('node:module');",
    `const source = ${JSON.stringify(script.source)};`,
    "createRequire(source)('tsx/cjs/api').register();",
    'require(source);',
  ].join('\n');
  return new Worker(boot, { eval: true });
}

export class CpuPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;

  constructor(
    private readonly script: WorkerScript,
    readonly size = defaultPoolSize(),
    readonly maxQueue = 64,
  ) {}

  /**
   * Runs `task(...args)` on a worker within `budgetMs`; its answer (structured-cloned; large buffers of its own are
   * moved, see `serveTasks`) or its error. `transfer`: memory of the arguments moved to the worker (unusable here
   * afterwards).
   */
  run<T>(task: string, args: unknown[], budgetMs: number, transfer: ArrayBuffer[] = []): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length >= this.maxQueue) {
        reject(new CpuPoolBusyError(task));
        return;
      }
      this.queue.push({
        id: this.nextId++,
        task,
        args,
        transfer,
        budgetMs,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  /** Workers started now (busy or idle). */
  get workers(): number {
    return this.slots.size;
  }

  /** Ends every worker; tasks in flight or waiting fail. The pool starts new workers if used again. */
  async close(): Promise<void> {
    const closing = new Error('the server is shutting down');
    for (const job of this.queue.splice(0)) job.reject(closing);
    await Promise.all(
      [...this.slots].map((slot) => {
        slot.job?.reject(closing);
        slot.job = null;
        return this.retire(slot);
      }),
    );
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = [...this.slots].find((s) => s.ready && s.job === null);
      if (slot) {
        this.assign(slot, this.queue.shift()!);
        continue;
      }
      const starting = [...this.slots].filter((s) => !s.ready).length;
      if (this.slots.size < this.size && starting < this.queue.length) this.start();
      else return;
    }
  }

  private start(): Slot {
    const worker = spawn(this.script);
    const slot: Slot = { worker, ready: false, job: null, timer: null, idle: null };
    this.slots.add(slot);
    worker.unref();
    worker.on('message', (reply: TaskReply) => this.settle(slot, reply));
    worker.on('error', (e: Error) => this.fail(slot, e));
    worker.on('exit', (code) => {
      if (!this.slots.has(slot)) return;
      this.fail(slot, new Error(`the worker stopped unexpectedly (exit code ${code})`));
    });
    return slot;
  }

  private assign(slot: Slot, job: Job): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.job = job;
    slot.timer = setTimeout(() => {
      if (slot.job !== job) return;
      slot.job = null;
      job.reject(new CpuBudgetError(job.task, job.budgetMs));
      void this.retire(slot).then(() => this.pump());
    }, job.budgetMs);
    slot.timer.unref();
    const request: TaskRequest = { id: job.id, task: job.task, args: job.args };
    slot.worker.postMessage(request, job.transfer);
  }

  private settle(slot: Slot, reply: TaskReply): void {
    if ('ready' in reply) {
      slot.ready = true;
      this.pump();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    if (reply.ok) job.resolve(reply.value);
    else job.reject(new CpuTaskError(reply.error.name, reply.error.message, reply.error.fields));
    slot.idle = setTimeout(() => void this.retire(slot), IDLE_MS);
    slot.idle.unref();
    this.pump();
  }

  /**
   * A worker that crashed: its task fails, a new worker takes the queue. One that could not even load its script
   * fails the first waiting task instead, so a broken script answers errors rather than restarting forever.
   */
  private fail(slot: Slot, error: Error): void {
    const job = slot.job ?? (slot.ready ? undefined : this.queue.shift());
    slot.job = null;
    job?.reject(error);
    void this.retire(slot).then(() => this.pump());
  }

  private async retire(slot: Slot): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    await slot.worker.terminate().catch(() => undefined);
  }
}

/**
 * Linux: this thread (not the whole process) to nice 5: the event loop gets about three quarters of a core it shares
 * with a worker, and a busy machine does not starve the task. Elsewhere, or without permission, nothing.
 */
function lowerThreadPriority(): void {
  try {
    // `/proc/thread-self` links to `<pid>/task/<tid>`; setpriority on a thread id affects that thread only.
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, 5);
  } catch {
    /* not Linux, or not allowed: the worker keeps the process's priority */
  }
}

/** Buffers of at least this size that own their whole memory are moved with an answer, not copied. */
const MOVED_BYTES = 64 * 1024;

/**
 * The memory of large buffers in an answer (at its top, in an array, a Map or an object's members, two levels
 * deep) that belongs to them alone: moved with the answer (so a task never keeps a large buffer it answers). Small
 * buffers share Node's pool and are copied.
 */
function ownMemoryOf(value: unknown, depth = 0, out = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    const b = value.buffer;
    if (
      b instanceof ArrayBuffer &&
      value.byteOffset === 0 &&
      value.byteLength === b.byteLength &&
      b.byteLength >= MOVED_BYTES
    )
      out.add(b);
  } else if (depth < 3 && value !== null && typeof value === 'object') {
    const items = value instanceof Map ? [...value.values()] : Object.values(value);
    for (const item of items) ownMemoryOf(item, depth + 1, out);
  }
  return [...out];
}

/**
 * The worker side: answers `TaskRequest`s with the named handler's result (awaited) or its error. Buffers come back
 * as Uint8Array (structured clone); callers turn them back into Buffers.
 */
export function serveTasks(handlers: Record<string, (...args: never[]) => unknown>): void {
  if (!parentPort) throw new Error('serveTasks runs inside a worker thread');
  const port = parentPort;
  lowerThreadPriority();
  const ready: TaskReply = { ready: true };
  port.on('message', (request: TaskRequest) => {
    void (async () => {
      let reply: TaskReply;
      try {
        const handler = handlers[request.task];
        if (!handler) throw new Error(`unknown task ${request.task}`);
        const value = await (handler as (...a: unknown[]) => unknown)(...request.args);
        reply = { id: request.id, ok: true, value };
        port.postMessage(reply, ownMemoryOf(value));
        return;
      } catch (e) {
        const err = e instanceof Error ? e : new Error(String(e));
        const fields: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(err)) {
          if (v === null || ['string', 'number', 'boolean'].includes(typeof v) || Array.isArray(v))
            fields[k] = v;
          else if (typeof v === 'object') fields[k] = JSON.parse(JSON.stringify(v)) as unknown;
        }
        reply = { id: request.id, ok: false, error: { name: err.name, message: err.message, fields } };
      }
      port.postMessage(reply);
    })();
  });
  port.postMessage(ready);
}
