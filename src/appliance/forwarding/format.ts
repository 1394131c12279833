/**
 * RFC 5424 messages of what the appliance forwards, and RFC 6587 octet-counted frames for TCP and TLS.
 *
 * - An audit record: facility 13 (log audit), severity notice (info when it succeeded), APP-NAME `rampart`, MSGID
 *   `audit`, and the structured data `[audit@32473 actor method address object outcome service seq hash]`.
 * - A log entry: facility 16 (local0) with the entry's severity, APP-NAME the service, MSGID `log`, structured data
 *   `[log@32473 service id]`.
 *
 * 32473 is the private enterprise number RFC 5612 reserves for documentation; a collector matches on the SD-IDs.
 * Whatever the fields hold, a message is one line: header fields and SD-NAMEs are PRINTUSASCII, control characters in
 * values and MSG are escaped (below), on every transport.
 */
import os from 'node:os';
import { LOG_SEVERITIES, type StoredLogEntry } from '../../shared/logServices';
import type { AuditRecord } from '../auditChain';

export const ENTERPRISE = 32473;
export const AUDIT_SD_ID = `audit@${ENTERPRISE}`;
export const LOG_SD_ID = `log@${ENTERPRISE}`;
const FACILITY_AUDIT = 13;
const FACILITY_LOCAL0 = 16;

/**
 * Control characters: C0 (CR, LF, NUL, TAB, ESC…), DEL, C1 (NEL…) and the Unicode line and paragraph separators. None
 * reaches a collector raw: a line-based reader would take what follows for another record (from any host it names).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A control character as a visible `\uXXXX` escape: the record keeps what was sent (a forged sign-in name stays
 * evidence) in one line. RFC 5424 reads a backslash before anything but `"`, `\` and `]` as itself, and a backslash
 * that was sent is written `\\` (below), so on the wire an escaped control and a typed "\u000a" differ.
 */
export const escapeControls = (v: string) =>
  v.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** PARAM-VALUE (RFC 5424 §6.3.3): `"`, `\` and `]` escaped, then the controls. */
const sdValue = (v: string) => escapeControls(v.replace(/[\\"\]]/g, (c) => `\\${c}`));

/** Header fields are PRINTUSASCII (RFC 5424 §6): anything else is left out; `-` (the nil value) if nothing is left. */
const printable = (v: string, max: number) => {
  const clean = v.replace(/[^\x21-\x7e]/g, '');
  return clean ? clean.slice(0, max) : '-';
};

/** SD-NAME (RFC 5424 §6.3.3): PRINTUSASCII but `=`, space, `]` and `"`, at most 32 characters. */
const sdName = (v: string) => printable(v.replace(/[= \]"]/g, ''), 32);

const isoTime = (seconds: number) => new Date(Math.round(seconds * 1000)).toISOString();

/** One line, no control character: a message cannot forge another. */
const oneLine = escapeControls;

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
    .map(([k, v]) => `${sdName(k)}="${sdValue(v)}"`)
    .join(' ')}]`;
  return `<${FACILITY_AUDIT * 8 + severity}>1 ${isoTime(r.timestamp)} ${printable(host, 255)} rampart - audit ${sd} ${oneLine(r.message)}`;
}

export function logMessage(e: StoredLogEntry, host = hostName()): string {
  const index = LOG_SEVERITIES.indexOf(e.severity ?? 'info');
  const severity = index < 0 ? 6 : index;
  const sd = `[${LOG_SD_ID} service="${sdValue(e.service)}" id="${e.id}"]`;
  return `<${FACILITY_LOCAL0 * 8 + severity}>1 ${isoTime(e.timestamp)} ${printable(host, 255)} ${printable(e.service, 48)} - log ${sd} ${oneLine(e.message)}`;
}

/**
 * The bytes of one message as sent, whatever the transport: at most `maxBytes`, cut between characters (a cut inside
 * one would leave bytes a Latin-1 reader takes for C1 controls), and no control character even in a line queued
 * before they were all escaped (a message written here has none, so this changes nothing else).
 */
export function wireMessage(line: string, maxBytes: number): Buffer {
  const body = Buffer.from(escapeControls(line), 'utf8');
  if (body.length <= maxBytes) return body;
  let end = maxBytes;
  // Back to the first byte of the character that does not fit (continuation bytes are 10xxxxxx).
  while (end > 0 && (body[end] & 0xc0) === 0x80) end -= 1;
  return body.subarray(0, end);
}

/** RFC 6587 §3.4.1: `MSG-LEN SP SYSLOG-MSG`, the length in octets. */
export function octetCounted(message: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${message.length} `, 'ascii'), message]);
}
