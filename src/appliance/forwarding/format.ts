/**
 * RFC 5424 messages of what the appliance forwards, and RFC 6587 octet-counted frames for TCP and TLS.
 *
 * - An audit record: facility 13 (log audit), severity notice (info when it succeeded), APP-NAME `rampart`, MSGID
 *   `audit`, and the structured data `[audit@32473 actor method address object outcome service seq hash]`.
 * - A log entry: facility 16 (local0) with the entry's severity, APP-NAME the service, MSGID `log`, structured data
 *   `[log@32473 service id]`.
 *
 * 32473 is the private enterprise number RFC 5612 reserves for documentation; a collector matches on the SD-IDs.
 */
import os from 'node:os';
import { LOG_SEVERITIES, type StoredLogEntry } from '../../shared/logServices';
import type { AuditRecord } from '../auditChain';

export const ENTERPRISE = 32473;
export const AUDIT_SD_ID = `audit@${ENTERPRISE}`;
export const LOG_SD_ID = `log@${ENTERPRISE}`;
const FACILITY_AUDIT = 13;
const FACILITY_LOCAL0 = 16;

/** PARAM-VALUE escaping (RFC 5424 §6.3.3): `"`, `\` and `]`. */
const sdValue = (v: string) => v.replace(/[\\"\]]/g, (c) => `\\${c}`);

const printable = (v: string, max: number) => {
  const clean = v.replace(/[^\x21-\x7e]/g, '');
  return clean ? clean.slice(0, max) : '-';
};

const isoTime = (seconds: number) => new Date(Math.round(seconds * 1000)).toISOString();

/** One line, no control characters: a message cannot forge another. */
const oneLine = (v: string) => v.replace(/[\u0000-\u001f\u007f]/g, ' ');

export function hostName(): string {
  return printable(os.hostname(), 255);
}

export function auditMessage(r: AuditRecord, host = hostName()): string {
  const severity = r.outcome === 'failure' ? 5 : 6;
  const sd = `[${AUDIT_SD_ID} ${Object.entries({
    actor: r.actor,
    method: r.method,
    address: r.address,
    object: r.object,
    outcome: r.outcome,
    service: r.service,
    seq: String(r.seq),
    hash: r.hash,
  })
    .map(([k, v]) => `${k}="${sdValue(v)}"`)
    .join(' ')}]`;
  return `<${FACILITY_AUDIT * 8 + severity}>1 ${isoTime(r.timestamp)} ${host} rampart - audit ${sd} ${oneLine(r.message)}`;
}

export function logMessage(e: StoredLogEntry, host = hostName()): string {
  const index = LOG_SEVERITIES.indexOf(e.severity ?? 'info');
  const severity = index < 0 ? 6 : index;
  const sd = `[${LOG_SD_ID} service="${sdValue(e.service)}" id="${e.id}"]`;
  return `<${FACILITY_LOCAL0 * 8 + severity}>1 ${isoTime(e.timestamp)} ${host} ${printable(e.service, 48)} - log ${sd} ${oneLine(e.message)}`;
}

/** RFC 6587 §3.4.1: `MSG-LEN SP SYSLOG-MSG`, the length in octets. */
export function octetCounted(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `, 'ascii'), body]);
}
