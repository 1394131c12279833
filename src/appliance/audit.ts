/**
 * The audit writer: logins, failed logins, lockouts, settings changes and job steps become log entries
 * (spec §3 log entry: service, timestamp in seconds, message) in whatever store the server wires in.
 * Messages never carry secrets (no passwords, codes or tokens). Records (actions) are also kept in the hash-chained
 * trail (auditChain.ts) with their actor, method, address, object and outcome.
 */
import type { AuditChain, AuditFields } from './auditChain';
import { currentAuditFields } from './auditContext';
import { printable } from '../service-kit/signInAudit';

export interface LogEntry {
  service: string;
  /** Seconds since the epoch. */
  timestamp: number;
  message: string;
  /** None: `info`. */
  severity?: 'error' | 'warning' | 'notice' | 'info';
}

export interface LogSink {
  append(entry: LogEntry): void;
}

/** Services the appliance writes under (the log report filters by them). */
export const AuditService = {
  auth: 'auth',
  settings: 'settings',
  jobs: 'jobs',
  messages: 'messages',
  certificates: 'certificates',
  dns: 'dns',
  ssh: 'ssh',
  network: 'network',
  fleet: 'fleet',
} as const;

export type AuditServiceName = (typeof AuditService)[keyof typeof AuditService];

export interface Audit {
  /**
   * An action of someone (or of the appliance): kept in the hash-chained trail with its actor, method, address, object
   * and outcome (auditContext.ts finds them from the request; `fields` overrides them), and shown in the log report.
   */
  record(service: AuditServiceName, message: string, fields?: Partial<AuditFields>): void;
  /** True while a record is being written to the log sink (the forwarder tells audit entries from other logs). */
  writingRecord?(): boolean;
  /** An entry that is not an action of someone (a daemon's own output, a supervisor's warning), with its severity. */
  log(service: AuditServiceName, message: string, severity?: LogEntry['severity']): void;
}

/** Printable, one-line, bounded: user-supplied parts of an audit message (usernames) cannot forge lines. */
export const auditText = printable;

export function createAudit(
  sink: LogSink | undefined,
  onError: (e: unknown) => void,
  now: () => number = Date.now,
  chain?: AuditChain,
): Audit {
  let writing = 0;
  const write = (entry: Omit<LogEntry, 'timestamp'>, timestamp = Math.floor(now() / 1000)) => {
    if (!sink) return;
    try {
      sink.append({ ...entry, timestamp });
    } catch (e) {
      // An audit store failure must not turn a completed action into an error for the caller.
      onError(e);
    }
  };
  return {
    record: (service, message, fields) => {
      const timestamp = Math.floor(now() / 1000);
      if (chain) {
        try {
          chain.append({ timestamp, service, message, ...currentAuditFields(service, message, fields) });
        } catch (e) {
          onError(e);
        }
      }
      writing += 1;
      try {
        write({ service, message }, timestamp);
      } finally {
        writing -= 1;
      }
    },
    writingRecord: () => writing > 0,
    log: (service, message, severity) => write({ service, message, ...(severity ? { severity } : {}) }),
  };
}
