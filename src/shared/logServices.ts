/**
 * The appliance services a log entry can belong to (spec §3 log entry `service`, service filter). Pure constants:
 * the server validates stream queries and ingested entries against them and the log report draws one filter
 * checkbox per name, so both sides share this one list.
 */
export const LOG_SERVICES = [
  // Written by the appliance's audit writer (src/appliance/audit.ts).
  'auth',
  'settings',
  'jobs',
  'messages',
  // Appliance daemons, through the syslog receiver or `POST {api}logs`.
  'dns',
  'ssh',
  'network',
  'updates',
  'certificates',
  // The fleet: enrolments, removals and the embedded nats-server's output.
  'fleet',
  'system',
] as const;
export type LogService = (typeof LOG_SERVICES)[number];

/** Entries whose source names no known service are stored under this one, with the source kept in the message. */
export const FALLBACK_SERVICE: LogService = 'system';

const known = new Set<string>(LOG_SERVICES);
export const isLogService = (name: string): name is LogService => known.has(name);

/**
 * How severe an entry is: the syslog severities (RFC 5424 §6.2.1, 0 emergency … 7 debug), by name. Entries that say
 * none (the appliance's audit trail, older entries, callers of `POST {api}logs` that give none) are `info`.
 */
export const LOG_SEVERITIES = [
  'emergency',
  'alert',
  'critical',
  'error',
  'warning',
  'notice',
  'info',
  'debug',
] as const;
export type LogSeverity = (typeof LOG_SEVERITIES)[number];
export const DEFAULT_SEVERITY: LogSeverity = 'info';

const severities = new Set<string>(LOG_SEVERITIES);
export const isLogSeverity = (name: unknown): name is LogSeverity =>
  typeof name === 'string' && severities.has(name);

/** The severity of a syslog PRI value (facility × 8 + severity). */
export const severityOfPri = (pri: number): LogSeverity => LOG_SEVERITIES[pri % 8];

/** A log entry as stored, streamed (spec §3: timestamp in seconds since the epoch) and shown. */
export interface LogEntry {
  service: string;
  timestamp: number;
  message: string;
  /** None: `info`. */
  severity?: LogSeverity;
}

/** A stored entry: `id` grows with every insert and is the stream's event id. */
export interface StoredLogEntry extends LogEntry {
  id: number;
}

/** Longest message kept; longer ones are cut with a marker (a syslog datagram can be 64 KiB). */
export const MAX_MESSAGE_LENGTH = 8192;
