/**
 * The one server-sent-event writer of the appliance. Every `text/event-stream` route goes through it:
 *
 *   const stream = startEventStream(req, reply, { retryMs });   // hijacks the reply, writes the headers
 *   stream.send('message', JSON.stringify(body), id);            // false: the client is over its buffer bound
 *   stream.whenDrained(() => …);                                  // write more once it has read; else `reconnect`
 *   stream.finish('end', '{}');                                   // last event, then close
 *
 * What it guarantees:
 * - Event ids: `send` takes an id; a browser's EventSource sends the last one back as `Last-Event-ID` when it
 *   reconnects (the route reads it with `lastEventId(req)` and decides what "resume" means for its data).
 * - Heartbeats: a comment line every `heartbeatMs` keeps proxies from closing an idle stream; with it the optional
 *   `stillAllowed` check runs (a failed check ends the stream with `reconnect`, whose reconnect meets the auth).
 * - Backpressure: `send` reports when more than `maxBufferBytes` wait in the server for the client. The caller then
 *   stops writing and calls `whenDrained`; a client that does not drain within `stallMs` gets `reconnect` and is
 *   closed, and one that does not even read that within `closeGraceMs` is destroyed. Server memory per client is
 *   thus bounded by `maxBufferBytes` plus the last write.
 * - For streams whose every event is the whole current state (a job, an ACME order), `followSnapshots` below does
 *   all of this: it keeps only the newest unsent state while the client is slow.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface EventStreamOptions {
  heartbeatMs: number;
  maxBufferBytes: number;
  /** How long a client over its buffer may go without draining before it is told to reconnect. */
  stallMs: number;
  /** How long a closing client may take to read its last bytes before its socket is destroyed. */
  closeGraceMs: number;
  /** Browser reconnect delay announced with `retry:` as the stream's first line; none when absent. */
  retryMs?: number;
  /** Checked with each heartbeat; a false (or throwing) check ends the stream with `reconnect`. */
  stillAllowed?: () => boolean;
}

export const EVENT_STREAM_DEFAULTS: EventStreamOptions = {
  heartbeatMs: 15_000,
  maxBufferBytes: 1024 * 1024,
  stallMs: 15_000,
  closeGraceMs: 2_000,
};

/** One event in wire form. Fields may come in any order; `event` first keeps a raw stream readable. */
export function formatEvent(event: string, data: string, id?: string | number): string {
  return `event: ${event}\ndata: ${data}\n${id !== undefined ? `id: ${id}\n` : ''}\n`;
}

/** A failing check counts as "no longer allowed". */
function isAllowed(check: (() => boolean) | undefined): boolean {
  try {
    return check ? check() : true;
  } catch {
    return false;
  }
}

export class EventStream {
  private ended = false;
  private readonly heartbeat: NodeJS.Timeout;
  private stallTimer?: NodeJS.Timeout;
  private readonly closeListeners: Array<() => void> = [];

  constructor(
    readonly res: ServerResponse,
    private readonly opts: EventStreamOptions = EVENT_STREAM_DEFAULTS,
  ) {
    res.on('close', () => this.release());
    res.on('error', () => this.release());
    // The head goes out at once: a resuming client may have nothing to read until the next change.
    if (opts.retryMs !== undefined) res.write(`retry: ${opts.retryMs}\n\n`);
    else res.flushHeaders();
    this.heartbeat = setInterval(() => {
      if (this.ended) return;
      if (!isAllowed(opts.stillAllowed)) this.finish('reconnect');
      else if (!this.full) res.write(': heartbeat\n\n');
    }, opts.heartbeatMs);
    this.heartbeat.unref();
  }

  /** True once the stream is finished or the client went away: nothing more is written. */
  get closed(): boolean {
    return this.ended;
  }

  /** Bytes written that the client's socket has not taken yet. */
  get bufferedBytes(): number {
    return this.res.writableLength;
  }

  /** More than `maxBufferBytes` wait for the client: stop writing until `whenDrained`. */
  get full(): boolean {
    return this.res.writableLength > this.opts.maxBufferBytes;
  }

  /** Writes one event (already serialised `data`, one line); false when the client is now over its bound. */
  send(event: string, data: string, id?: string | number): boolean {
    return this.write(formatEvent(event, data, id));
  }

  /** Writes pre-formatted event text (a batch serialised once for many clients); false when over the bound. */
  write(text: string): boolean {
    if (this.ended) return false;
    this.res.write(text);
    return !this.full;
  }

  /** Calls `fn` once the client has read what waits for it; a client that stalls past `stallMs` is told to reconnect. */
  whenDrained(fn: () => void): void {
    if (this.ended) return;
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => this.finish('reconnect'), this.opts.stallMs);
    this.stallTimer.unref();
    this.res.once('drain', () => {
      clearTimeout(this.stallTimer);
      if (!this.ended) fn();
    });
  }

  /** Called once when the stream closes for any reason (finished, client gone, error). */
  onClose(fn: () => void): void {
    if (this.ended) fn();
    else this.closeListeners.push(fn);
  }

  /** Ends the stream with a last event (`end`: nothing more will come; `reconnect`: come back with Last-Event-ID). */
  finish(event: 'end' | 'reconnect', data = '{}'): void {
    this.close(formatEvent(event, data));
  }

  /** Ends the stream, after `lastText` if given; destroys the socket if the client does not read it in time. */
  close(lastText?: string): void {
    if (this.ended) return;
    const { res } = this;
    this.release();
    if (res.destroyed || res.writableEnded) return;
    res.end(lastText);
    const grace = setTimeout(() => res.destroy(), this.opts.closeGraceMs);
    grace.unref();
    res.once('close', () => clearTimeout(grace));
  }

  private release(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.stallTimer);
    for (const fn of this.closeListeners.splice(0)) fn();
  }
}

/**
 * Takes over a Fastify reply that passed validation and auth: hijacks it, writes the event-stream headers (with
 * those hooks already set, e.g. security headers) and returns the writer.
 */
export function startEventStream(
  req: FastifyRequest,
  reply: FastifyReply,
  options: Partial<EventStreamOptions> = {},
): EventStream {
  return new EventStream(writeEventStreamHead(req, reply), { ...EVENT_STREAM_DEFAULTS, ...options });
}

/** Open event streams per HTTP server (the metrics' `rampart_sse_clients`). */
const openStreams = new WeakMap<object, number>();

/** How many event streams the server behind `app` holds open now. */
export const openEventStreams = (httpServer: object): number => openStreams.get(httpServer) ?? 0;

/** The head alone, for a route that hands the response to a hub creating the writer itself (the log stream). */
export function writeEventStreamHead(req: FastifyRequest, reply: FastifyReply): ServerResponse {
  reply.hijack();
  const httpServer = req.server.server;
  openStreams.set(httpServer, openEventStreams(httpServer) + 1);
  reply.raw.once('close', () => openStreams.set(httpServer, Math.max(0, openEventStreams(httpServer) - 1)));
  const headers: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(reply.getHeaders()))
    if (v !== undefined) headers[k] = v as string | number | string[];
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no', // nginx: do not buffer the stream
  });
  req.socket.setNoDelay(true);
  req.socket.setTimeout(0);
  return reply.raw;
}

/** The `Last-Event-ID` a reconnecting browser sent, or undefined (only the first value of a repeated header). */
export function lastEventId(req: FastifyRequest): string | undefined {
  const raw = req.headers['last-event-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined || value === '' ? undefined : value;
}

/** Id of a whole-state event: a digest of its data, so a resuming client that already has this state is not sent it. */
export function snapshotId(data: string): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, 22);
}

export interface SnapshotSource<T> {
  /** Event name of a state (`progress`, `state`). */
  event: string;
  /** Subscribes to state changes; returns the unsubscribe. */
  subscribe(listener: (state: T) => void): () => void;
  /** The current state, read after subscribing so no change falls between. */
  current(): T;
  /** A final state: it is followed by `end` with `endData(state)` and the stream closes. */
  isFinal(state: T): boolean;
  endData(state: T): unknown;
}

/**
 * Follows a resource whose every event is its whole state. Each state's id is `snapshotId` of its data; a client
 * resuming with `Last-Event-ID` equal to the current state's id is not sent that state again. While the client is
 * over its buffer bound, only the newest unsent state is kept and written once it drains.
 */
export function followSnapshots<T>(
  stream: EventStream,
  source: SnapshotSource<T>,
  resumeFrom?: string,
): void {
  let lastSentId = resumeFrom;
  let waiting: T | undefined;
  let draining = false;

  const emit = (state: T) => {
    const data = JSON.stringify(state);
    const id = snapshotId(data);
    if (id !== lastSentId) {
      lastSentId = id;
      stream.send(source.event, data, id);
    }
    if (source.isFinal(state)) stream.finish('end', JSON.stringify(source.endData(state)));
  };
  const onState = (state: T) => {
    if (stream.closed) return;
    if (draining || stream.full) {
      waiting = state;
      if (!draining) {
        draining = true;
        stream.whenDrained(() => {
          draining = false;
          const next = waiting;
          waiting = undefined;
          if (next !== undefined) onState(next);
        });
      }
      return;
    }
    emit(state);
  };
  const unsubscribe = source.subscribe(onState);
  stream.onClose(unsubscribe);
  onState(source.current());
}
