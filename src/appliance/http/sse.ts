/**
 * A server-sent-event response for streams whose events replace each other (live samples): takes over the reply,
 * keeps the headers set so far (security headers, cookies), announces the reconnect delay, writes heartbeats, and
 * skips an event rather than queueing it when the client has not read the previous ones (the next event carries
 * newer data anyway). Streams that must not lose events (the log stream) keep their own catch-up logic.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface EventStream {
  /** Writes one event; false when it was skipped (client over its buffer) or the stream is closed. */
  send(event: string, data: unknown, id?: number): boolean;
  /** Sends a last event (if given) and ends the response. */
  close(final?: { event: string; data: unknown }): void;
  readonly closed: boolean;
}

export interface EventStreamOptions {
  heartbeatMs: number;
  retryMs: number;
  maxBufferBytes: number;
  onClose?: () => void;
}

export const EVENT_STREAM_DEFAULTS: EventStreamOptions = {
  heartbeatMs: 15_000,
  retryMs: 2_000,
  maxBufferBytes: 256 * 1024,
};

export function formatSse(event: string, data: unknown, id?: number): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function openEventStream(
  req: FastifyRequest,
  reply: FastifyReply,
  options: Partial<EventStreamOptions> = {},
): EventStream {
  const opts = { ...EVENT_STREAM_DEFAULTS, ...options };
  reply.hijack();
  const res = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(reply.getHeaders()))
    if (v !== undefined) headers[k] = v as string | number | string[];
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${opts.retryMs}\n\n`);
  let closed = false;
  const heartbeat = setInterval(() => {
    if (!closed && res.writableLength <= opts.maxBufferBytes) res.write(': heartbeat\n\n');
  }, opts.heartbeatMs);
  heartbeat.unref();
  const release = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    opts.onClose?.();
  };
  req.raw.on('close', release);
  res.on('error', release);
  return {
    get closed() {
      return closed;
    },
    send(event, data, id) {
      if (closed || res.writableLength > opts.maxBufferBytes) return false;
      res.write(formatSse(event, data, id));
      return true;
    },
    close(final) {
      if (closed) return;
      if (final && !res.writableEnded) res.write(formatSse(final.event, final.data));
      release();
      res.end();
    },
  };
}
