/**
 * The live log stream's server side (spec §7 `GET /eos/system/logs/stream`): one hub per store fans appended
 * entries out to every connected client as server-sent events.
 *
 * - Batching: entries appended within one batch window go out as one `message` event (`{logs:[…]}`), at most
 *   `maxBatch` entries each; the event id is the id of the batch's last entry.
 * - History and resume: a new client first gets the newest `backlogLimit` matching entries (an empty batch when
 *   there are none, so it knows the fetch is done); a client sending `Last-Event-ID` gets every matching entry
 *   after that id, read page by page from the store while waiting for its socket to drain, then goes live. Reads
 *   and appends run on the one JavaScript thread, so nothing falls between the last page and going live.
 * - Heartbeats: a comment line every `heartbeatMs` keeps proxies from closing an idle stream.
 * - Slow clients: at most `maxBufferBytes` (plus one batch) wait in the server for a client. Past that, the
 *   client stops taking live entries and catches up from the store once its socket drains; if it does not
 *   drain within `stallMs`, it gets a `reconnect` event and is closed (destroyed if it does not read even that).
 *   Its browser reconnects with `Last-Event-ID` and loses nothing. Heartbeats, the buffer bound and closing are the
 *   shared writer's (../http/sse.ts); this hub decides what to write and how to catch up.
 * - `end`: when the requested range's end has passed, and when the server shuts down.
 * - Sessions: a client whose `stillAllowed` check fails (checked with each heartbeat) is closed; its browser's
 *   reconnect then meets the route's auth and stops.
 */
import type { ServerResponse } from 'node:http';
import { EventStream, formatEvent } from '../http/sse';
import type { LogStore, StoredLogEntry } from './store';
import type { StreamQuery } from './validate';

export interface StreamOptions {
  heartbeatMs: number;
  batchMs: number;
  maxBatch: number;
  maxBufferBytes: number;
  backlogLimit: number;
  /** Entries read per page while a resuming client catches up. */
  resumePage: number;
  /** How long a closed slow client may take to read its last bytes before its socket is destroyed. */
  closeGraceMs: number;
  /** Browser reconnect delay announced with `retry:`. */
  retryMs: number;
  /** How long a client over its buffer may go without draining before it is told to reconnect. */
  stallMs: number;
}

export const STREAM_DEFAULTS: StreamOptions = {
  heartbeatMs: 15_000,
  batchMs: 50,
  maxBatch: 500,
  maxBufferBytes: 1024 * 1024,
  backlogLimit: 200, // §9 log report keeps at most 200 entries: older history would be dropped at once
  resumePage: 500,
  closeGraceMs: 2_000,
  retryMs: 2_000,
  stallMs: 15_000,
};

interface Client {
  stream: EventStream;
  query: StreamQuery;
  services: Set<string> | null;
  /** Id of the last entry written to this client. */
  lastSent: number;
  mode: 'catching-up' | 'live' | 'closed';
  pending: StoredLogEntry[];
  endTimer?: NodeJS.Timeout;
}

export interface StreamStats {
  clients: number;
  /** Bytes written to client sockets that the kernel has not taken yet, summed. */
  bufferedBytes: number;
  pendingEntries: number;
}

export interface LogStreamHub {
  /** Takes over an HTTP response whose event-stream head is written (after validation and auth). */
  open(
    res: ServerResponse,
    query: StreamQuery,
    lastEventId: number | undefined,
    stillAllowed?: () => boolean,
  ): void;
  /** Sends `end` to every client and closes them (server shutdown). */
  closeAll(): void;
  stats(): StreamStats;
}

const nowSeconds = () => Date.now() / 1000;

export function createLogStreamHub(store: LogStore, overrides: Partial<StreamOptions> = {}): LogStreamHub {
  const opts: StreamOptions = { ...STREAM_DEFAULTS, ...overrides };
  const clients = new Set<Client>();
  let flushTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  const matches = (c: Client, e: StoredLogEntry) =>
    (!c.services || c.services.has(e.service)) &&
    (c.query.from === undefined || e.timestamp >= c.query.from) &&
    (c.query.to === undefined || e.timestamp <= c.query.to);

  function release(c: Client) {
    if (c.mode === 'closed') return;
    c.mode = 'closed';
    c.pending = [];
    clearTimeout(c.endTimer);
    clients.delete(c);
    if (clients.size === 0 && unsubscribe) {
      unsubscribe();
      unsubscribe = undefined;
      clearTimeout(flushTimer);
      flushTimer = undefined;
    }
  }

  /** Writes entries as batched `message` events until the client's buffer is over its bound; false if it is. */
  function writeBatches(
    c: Client,
    entries: readonly StoredLogEntry[],
    serialised?: Map<string, string>,
  ): boolean {
    for (let i = 0; i < entries.length; i += opts.maxBatch) {
      if (c.stream.full) return false;
      const batch = entries.slice(i, i + opts.maxBatch);
      const last = batch[batch.length - 1];
      const key = `${batch[0].id}-${last.id}-${batch.length}`;
      let text = serialised?.get(key);
      if (text === undefined) {
        text = formatEvent('message', JSON.stringify({ logs: batch }), last.id);
        serialised?.set(key, text);
      }
      c.stream.write(text);
      c.lastSent = last.id;
    }
    return !c.stream.full;
  }

  /** A client over its bound: the store keeps what it has not been sent; catch up once it drains, or drop it. */
  function waitForDrain(c: Client) {
    c.mode = 'catching-up';
    c.pending = [];
    c.stream.whenDrained(() => catchUp(c));
  }

  function flush() {
    flushTimer = undefined;
    // Clients with the same filter get the very same batches: serialise each batch once.
    const byFilter = new Map<string, Map<string, string>>();
    for (const c of [...clients]) {
      if (c.mode !== 'live' || c.pending.length === 0) continue;
      const entries = c.pending;
      c.pending = [];
      const key = `${[...(c.services ?? [])].sort().join(',')}|${c.query.from}|${c.query.to}`;
      let cache = byFilter.get(key);
      if (!cache) byFilter.set(key, (cache = new Map()));
      if (!writeBatches(c, entries, cache)) waitForDrain(c);
    }
  }

  function onAppend(entries: readonly StoredLogEntry[]) {
    let any = false;
    for (const c of clients) {
      if (c.mode !== 'live') continue; // a catching-up client reads these from the store
      for (const e of entries) {
        if (e.id > c.lastSent && matches(c, e)) {
          c.pending.push(e);
          any = true;
        }
      }
    }
    if (any && !flushTimer) flushTimer = setTimeout(flush, opts.batchMs);
  }

  function scheduleEnd(c: Client) {
    if (c.query.to === undefined) return;
    const left = (c.query.to - nowSeconds()) * 1000;
    if (left <= 0) c.stream.finish('end');
    // Timers cap at about 24.8 days; a later end is re-checked then.
    else c.endTimer = setTimeout(() => scheduleEnd(c), Math.min(left, 2 ** 31 - 1));
  }

  /** Sends stored entries after `lastSent` page by page, waiting for the socket between pages, then goes live. */
  function catchUp(c: Client) {
    while (c.mode === 'catching-up') {
      const page = store.query({
        afterId: c.lastSent,
        services: c.query.services,
        from: c.query.from,
        to: c.query.to,
        limit: opts.resumePage,
      });
      if (page.length > 0 && !writeBatches(c, page)) return waitForDrain(c);
      if (page.length < opts.resumePage) {
        c.mode = 'live';
        if (!c.endTimer) scheduleEnd(c);
        return;
      }
    }
  }

  function open(
    res: ServerResponse,
    query: StreamQuery,
    lastEventId: number | undefined,
    stillAllowed?: () => boolean,
  ) {
    const c: Client = {
      stream: new EventStream(res, { ...opts, stillAllowed }),
      query,
      services: query.services.length ? new Set(query.services) : null,
      lastSent: 0,
      mode: 'catching-up',
      pending: [],
    };
    clients.add(c);
    if (!unsubscribe) unsubscribe = store.subscribe(onAppend);
    c.stream.onClose(() => release(c));

    if (lastEventId !== undefined) {
      c.lastSent = lastEventId;
      catchUp(c);
      return;
    }
    // A fresh client: the newest history, then live. An empty batch says the fetch is done.
    const history = store.query({
      services: query.services,
      from: query.from,
      to: query.to,
      limit: opts.backlogLimit,
      newest: true,
    });
    if (history.length) {
      if (!writeBatches(c, history)) return waitForDrain(c);
    } else {
      c.lastSent = store.lastId();
      c.stream.send('message', JSON.stringify({ logs: [] }));
    }
    // Entries appended after the newest one in history may not have matched it; start live from the store's end.
    c.lastSent = Math.max(c.lastSent, store.lastId());
    c.mode = 'live';
    scheduleEnd(c);
  }

  return {
    open,
    closeAll() {
      for (const c of [...clients]) c.stream.finish('end');
    },
    stats() {
      let bufferedBytes = 0;
      let pendingEntries = 0;
      for (const c of clients) {
        bufferedBytes += c.stream.bufferedBytes;
        pendingEntries += c.pending.length;
      }
      return { clients: clients.size, bufferedBytes, pendingEntries };
    },
  };
}
