/**
 * Validation of what callers send to the log endpoints: the stream query and the ingestion body. Errors come back
 * as pydantic-style `{loc, msg, type, ctx}` items (the shape the console's error handler reads, spec §8).
 */
import { hasLoneSurrogate, LONE_SURROGATE_PROBLEM } from '../../lib/validation/text';
import {
  LOG_SERVICES,
  LOG_SEVERITIES,
  isLogService,
  isLogSeverity,
  MAX_MESSAGE_LENGTH,
  type LogEntry,
  type LogSeverity,
} from '../../shared/logServices';

export interface ErrorItem {
  loc: Array<string | number>;
  msg: string;
  type: string;
  ctx?: Record<string, unknown>;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: ErrorItem[] };

/** Longest service name a query may carry (longer is refused before looking it up). */
export const MAX_SERVICE_NAME_LENGTH = 64;
/**
 * Largest timestamp accepted, in seconds (year 5138: keeps numbers far from float precision trouble), and the entries
 * one `POST {api}logs` takes: the contract's (src/shared/contracts/logs.ts), which this parser says in its errors.
 */
export { MAX_ENTRIES_PER_POST, MAX_TIMESTAMP_S } from '../../shared/contracts/logs';
import { MAX_ENTRIES_PER_POST, MAX_TIMESTAMP_S } from '../../shared/contracts/logs';

export interface StreamQuery {
  /** Enabled services; empty = all. */
  services: string[];
  from?: number;
  to?: number;
}

const asList = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function parseSeconds(raw: unknown, name: string, errors: ErrorItem[]): number | undefined {
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) {
    errors.push({
      loc: ['query', name],
      msg: `${name} may be given once`,
      type: 'value_error.list.max_items',
      ctx: { limit_value: 1 },
    });
    return undefined;
  }
  const text = String(raw);
  const n = text.length <= 24 && /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n) || n > MAX_TIMESTAMP_S) {
    errors.push({
      loc: ['query', name],
      msg: `${name} must be seconds since the epoch`,
      type: 'type_error.float',
    });
    return undefined;
  }
  return n;
}

/** The stream's query: optional repeated `services` (known names, each at most once) and `from`/`to` seconds. */
export function parseStreamQuery(query: Record<string, unknown> | undefined): Validated<StreamQuery> {
  const errors: ErrorItem[] = [];
  const raw = asList(query?.services);
  const services: string[] = [];
  if (raw.length > LOG_SERVICES.length) {
    errors.push({
      loc: ['query', 'services'],
      msg: `at most ${LOG_SERVICES.length} services may be given`,
      type: 'value_error.list.max_items',
      ctx: { limit_value: LOG_SERVICES.length },
    });
  } else {
    raw.forEach((v, i) => {
      const name = String(v);
      if (name.length > MAX_SERVICE_NAME_LENGTH) {
        errors.push({
          loc: ['query', 'services', i],
          msg: `ensure this value has at most ${MAX_SERVICE_NAME_LENGTH} characters`,
          type: 'value_error.any_str.max_length',
          ctx: { limit_value: MAX_SERVICE_NAME_LENGTH },
        });
      } else if (!isLogService(name)) {
        errors.push({
          loc: ['query', 'services', i],
          msg: `unknown service; allowed: ${LOG_SERVICES.join(', ')}`,
          type: 'type_error.enum',
          ctx: { enum_values: [...LOG_SERVICES] },
        });
      } else if (services.includes(name)) {
        errors.push({
          loc: ['query', 'services', i],
          msg: 'service given more than once',
          type: 'value_error.list.unique_items',
        });
      } else services.push(name);
    });
  }
  const from = parseSeconds(query?.from, 'from', errors);
  const to = parseSeconds(query?.to, 'to', errors);
  if (from !== undefined && to !== undefined && from > to) {
    errors.push({
      loc: ['query', 'to'],
      msg: 'to must not be before from',
      type: 'value_error.number.not_ge',
      ctx: { limit_value: from },
    });
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: { services, from, to } };
}

/** `Last-Event-ID`: absent, or the decimal id of the last entry the client received. */
export function parseLastEventId(header: unknown): Validated<number | undefined> {
  if (header === undefined || header === '') return { ok: true, value: undefined };
  const text = String(header);
  if (!/^\d{1,15}$/.test(text)) {
    return {
      ok: false,
      errors: [
        {
          loc: ['header', 'last-event-id'],
          msg: 'Last-Event-ID must be a log entry id',
          type: 'type_error.integer',
        },
      ],
    };
  }
  return { ok: true, value: Number(text) };
}

const ENTRY_KEYS = new Set(['service', 'message', 'timestamp', 'severity']);

function validateEntry(
  v: unknown,
  loc: Array<string | number>,
  errors: ErrorItem[],
  now: number,
): LogEntry | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    errors.push({ loc, msg: 'value is not a valid dict', type: 'type_error.dict' });
    return undefined;
  }
  const o = v as Record<string, unknown>;
  const before = errors.length;
  for (const k of Object.keys(o)) {
    if (!ENTRY_KEYS.has(k))
      errors.push({ loc: [...loc, k], msg: 'extra fields not permitted', type: 'value_error.extra' });
  }
  if (o.service === undefined)
    errors.push({ loc: [...loc, 'service'], msg: 'field required', type: 'value_error.missing' });
  else if (typeof o.service !== 'string')
    errors.push({ loc: [...loc, 'service'], msg: 'str type expected', type: 'type_error.str' });
  else if (!isLogService(o.service))
    errors.push({
      loc: [...loc, 'service'],
      msg: `unknown service; allowed: ${LOG_SERVICES.join(', ')}`,
      type: 'type_error.enum',
      ctx: { enum_values: [...LOG_SERVICES] },
    });
  if (o.message === undefined)
    errors.push({ loc: [...loc, 'message'], msg: 'field required', type: 'value_error.missing' });
  else if (typeof o.message !== 'string')
    errors.push({ loc: [...loc, 'message'], msg: 'str type expected', type: 'type_error.str' });
  else if (o.message.length === 0)
    errors.push({
      loc: [...loc, 'message'],
      msg: 'ensure this value has at least 1 characters',
      type: 'value_error.any_str.min_length',
      ctx: { limit_value: 1 },
    });
  else if (hasLoneSurrogate(o.message))
    // A lone surrogate (`"\ud800"` in JSON) cannot be stored as UTF-8: it would be replaced silently.
    errors.push({
      loc: [...loc, 'message'],
      ...LONE_SURROGATE_PROBLEM,
    });
  else if (o.message.length > MAX_MESSAGE_LENGTH)
    errors.push({
      loc: [...loc, 'message'],
      msg: `ensure this value has at most ${MAX_MESSAGE_LENGTH} characters`,
      type: 'value_error.any_str.max_length',
      ctx: { limit_value: MAX_MESSAGE_LENGTH },
    });
  if (o.timestamp !== undefined) {
    if (typeof o.timestamp !== 'number' || !Number.isFinite(o.timestamp))
      errors.push({
        loc: [...loc, 'timestamp'],
        msg: 'value is not a valid float',
        type: 'type_error.float',
      });
    else if (o.timestamp < 0 || o.timestamp > MAX_TIMESTAMP_S)
      errors.push({
        loc: [...loc, 'timestamp'],
        msg: `ensure this value is between 0 and ${MAX_TIMESTAMP_S}`,
        type: 'value_error.number.not_le',
        ctx: { limit_value: MAX_TIMESTAMP_S },
      });
  }
  if (o.severity !== undefined && !isLogSeverity(o.severity))
    errors.push({
      loc: [...loc, 'severity'],
      msg: `unknown severity; allowed: ${LOG_SEVERITIES.join(', ')}`,
      type: 'type_error.enum',
      ctx: { enum_values: [...LOG_SEVERITIES] },
    });
  if (errors.length > before) return undefined;
  return {
    ...(o.severity !== undefined ? { severity: o.severity as LogSeverity } : {}),
    service: o.service as string,
    message: o.message as string,
    timestamp: (o.timestamp as number | undefined) ?? now,
  };
}

/** `POST {api}logs` body: one entry `{service, message, timestamp?}` or `{logs: [entry, …]}` (1–1000). */
export function parseIngestBody(body: unknown, now: number = Date.now() / 1000): Validated<LogEntry[]> {
  const errors: ErrorItem[] = [];
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return {
      ok: false,
      errors: [{ loc: ['body'], msg: 'value is not a valid dict', type: 'type_error.dict' }],
    };
  }
  const o = body as Record<string, unknown>;
  if (!('logs' in o)) {
    const entry = validateEntry(o, ['body'], errors, now);
    return entry ? { ok: true, value: [entry] } : { ok: false, errors };
  }
  for (const k of Object.keys(o)) {
    if (k !== 'logs')
      errors.push({ loc: ['body', k], msg: 'extra fields not permitted', type: 'value_error.extra' });
  }
  if (!Array.isArray(o.logs)) {
    errors.push({ loc: ['body', 'logs'], msg: 'value is not a valid list', type: 'type_error.list' });
    return { ok: false, errors };
  }
  if (o.logs.length === 0 || o.logs.length > MAX_ENTRIES_PER_POST) {
    errors.push({
      loc: ['body', 'logs'],
      msg: `ensure this list has between 1 and ${MAX_ENTRIES_PER_POST} items`,
      type: o.logs.length === 0 ? 'value_error.list.min_items' : 'value_error.list.max_items',
      ctx: { limit_value: o.logs.length === 0 ? 1 : MAX_ENTRIES_PER_POST },
    });
    return { ok: false, errors };
  }
  const entries: LogEntry[] = [];
  o.logs.forEach((e, i) => {
    const entry = validateEntry(e, ['body', 'logs', i], errors, now);
    if (entry) entries.push(entry);
  });
  return errors.length ? { ok: false, errors: errors.slice(0, 50) } : { ok: true, value: entries };
}
