/**
 * The server's log: one line per request (method, path with secret query values masked, status, milliseconds) and
 * whatever the services log. People in a terminal read plain lines (`13:05:02 INFO  GET /logs/overview 200 3.1 ms`);
 * anything else (a pipe, a file, a log collector) gets pino's JSON, as does `RAMPART_LOG_FORMAT=json`.
 * Asset, build-poll, health and the render's own in-process API requests are logged at debug, so the info level shows
 * what people and API callers asked for.
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { Config } from '../../config';
import { redactUrl } from '../identity-service';

export type LogFormat = Config['logFormat'];

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-csrf-token"]',
];

/** Text for a terminal, JSON otherwise (or when asked). */
export function resolveLogFormat(format: LogFormat, stream: { isTTY?: boolean }): 'text' | 'json' {
  if (format === 'auto') return stream.isTTY ? 'text' : 'json';
  return format;
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const OMIT = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'request']);
const two = (n: number) => String(n).padStart(2, '0');

function plainValue(v: unknown): string {
  if (typeof v === 'string') return /[\s"=]/.test(v) || v === '' ? JSON.stringify(v) : v;
  return JSON.stringify(v);
}

/** One pino JSON record as one readable line (plus the stack of a logged error). Pure, for tests. */
export function formatRecord(record: Record<string, unknown>): string {
  const t = new Date(typeof record.time === 'number' ? record.time : Date.now());
  const clock = `${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}`;
  const level = (LEVELS[Number(record.level)] ?? 'LOG').padEnd(5);
  const request = record.request as { method: string; url: string; status: number; ms: number } | undefined;
  const text = request
    ? `${request.method} ${request.url} ${request.status} ${request.ms} ms`
    : String(record.msg ?? '');
  const extra = Object.entries(record)
    .filter(([k, v]) => !OMIT.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${plainValue(v)}`)
    .join(' ');
  const err = record.err as { message?: string; stack?: string } | undefined;
  const stack = err ? `\n    ${(err.stack ?? err.message ?? '').split('\n').join('\n    ')}` : '';
  return `${clock} ${level} ${text}${extra ? ` ${extra}` : ''}${stack}\n`;
}

/** A pino destination that writes each JSON record as a readable line to `out`. */
export function textStream(out: { write(s: string): unknown }): DestinationStream {
  return {
    write(line: string) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(formatRecord(record));
    },
  };
}

/** The server's logger for `config`, writing to `out` (stdout by default). */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): FastifyBaseLogger {
  const options: LoggerOptions = { level: config.logLevel, redact: REDACT };
  return resolveLogFormat(config.logFormat, out) === 'text'
    ? pino(options, textStream(out))
    : pino(options, out);
}

const QUIET = /^\/(?:assets\/|_build\/|favicon\.(?:ico|svg)$|healthz$)|\/health\/(?:alive|ready)$/;

/**
 * Fastify's request log lines: nothing when a request arrives, one record when its answer is sent (instead of
 * Fastify's two). `internal` tells the render's in-process API calls apart.
 */
export class RequestLog extends LogController {
  constructor(private readonly internal: (req: FastifyRequest) => boolean) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const url = redactUrl(req.url);
    const path = url.split('?')[0];
    const request = {
      method: req.method,
      url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) req.log.error({ request, err: error }, 'request');
    else if (QUIET.test(path) || this.internal(req)) req.log.debug({ request }, 'request');
    else req.log.info({ request }, 'request');
  }
}
