/**
 * The syslog receiver: real appliance services (sshd, dnsmasq, …) log into the store through it. It listens on a
 * loopback port for RFC 5424 and RFC 3164 messages over UDP (one message per datagram) and TCP (RFC 6587
 * octet-counting or newline framing, detected per frame). Off when the port is 0 (the default).
 */
import dgram from 'node:dgram';
import net from 'node:net';
import {
  FALLBACK_SERVICE,
  isLogService,
  severityOfPri,
  type LogEntry,
  type LogSeverity,
} from '../../shared/logServices';
import type { LogSink, LogStore } from './store';

/** Largest frame accepted; a TCP peer sending more in one frame is disconnected (RFC 6587 leaves it to us). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** TCP connections served at once; more are refused. */
export const MAX_TCP_CONNECTIONS = 128;

/** Program names of common appliance daemons → the service their lines belong to. */
const SERVICE_ALIASES: Record<string, string> = {
  sshd: 'ssh',
  dnsmasq: 'dns',
  unbound: 'dns',
  named: 'dns',
  'systemd-networkd': 'network',
  networkmanager: 'network',
  dhclient: 'network',
  apt: 'updates',
  'unattended-upgrade': 'updates',
  'unattended-upgrades': 'updates',
  certbot: 'certificates',
  acme: 'certificates',
  login: 'auth',
  sudo: 'auth',
  kratos: 'auth',
};

export function serviceForApp(app: string | undefined): string {
  const name = (app ?? '').toLowerCase();
  if (isLogService(name)) return name;
  return SERVICE_ALIASES[name] ?? FALLBACK_SERVICE;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const RFC5424 = /^<(\d{1,3})>(\d{1,2}) (\S+) (\S+) (\S+) (\S+) (\S+) ?([\s\S]*)$/;
const RFC3164 = /^<(\d{1,3})>([A-Z][a-z]{2}) {1,2}(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) ([\s\S]*)$/;
const TAG = /^([^\s:[\]]{1,48})(?:\[([^\]\s]{0,32})\])?: ?([\s\S]*)$/;

const nil = (v: string) => (v === '-' ? undefined : v);

/** Splits RFC 5424 STRUCTURED-DATA from MSG (`-` or one or more `[id k="v" …]` with `\]` escapes). */
function splitStructuredData(rest: string): string {
  if (rest === '-' || rest.startsWith('- ')) return rest.slice(2);
  if (!rest.startsWith('[')) return rest;
  let i = 0;
  while (rest[i] === '[') {
    let inQuotes = false;
    for (i += 1; i < rest.length; i += 1) {
      const ch = rest[i];
      if (ch === '\\') i += 1;
      else if (ch === '"') inQuotes = !inQuotes;
      else if (ch === ']' && !inQuotes) break;
    }
    i += 1;
  }
  return rest.slice(i).replace(/^ /, '');
}

function entryFor(
  app: string | undefined,
  procId: string | undefined,
  message: string,
  timestamp: number,
  severity: LogSeverity,
): LogEntry {
  const service = serviceForApp(app);
  const text = message.replace(/^\uFEFF/, '').replace(/[\r\n]+$/, '');
  const label = app && app !== service ? `${app}${procId ? `[${procId}]` : ''}: ` : '';
  return { service, timestamp, message: label + text, severity };
}

/** 3164 timestamps carry no year or zone: the receiver's local time, in the last year rather than the future. */
function rfc3164Time(
  month: string,
  day: string,
  h: string,
  m: string,
  s: string,
  now: Date,
): number | undefined {
  const mon = MONTHS.indexOf(month);
  if (mon < 0) return undefined;
  const at = new Date(now.getFullYear(), mon, Number(day), Number(h), Number(m), Number(s));
  if (at.getTime() - now.getTime() > 86_400_000) at.setFullYear(at.getFullYear() - 1);
  return Number.isNaN(at.getTime()) ? undefined : at.getTime() / 1000;
}

/** One syslog message → a log entry; anything unparsable is kept whole as a `system` entry. */
export function parseSyslogMessage(raw: string, now: Date = new Date()): LogEntry | null {
  const line = raw.replace(/[\r\n\0]+$/, '');
  if (!line.trim()) return null;
  const nowS = now.getTime() / 1000;
  const m5424 = RFC5424.exec(line);
  if (m5424 && Number(m5424[1]) <= 191) {
    const [, , , ts, , app, proc, , rest] = m5424;
    const parsed = nil(ts) ? Date.parse(ts) : NaN;
    return entryFor(
      nil(app),
      nil(proc),
      splitStructuredData(rest),
      Number.isNaN(parsed) ? nowS : parsed / 1000,
      severityOfPri(Number(m5424[1])),
    );
  }
  const m3164 = RFC3164.exec(line);
  if (m3164 && Number(m3164[1]) <= 191) {
    const [, , mon, day, h, mi, s, rest] = m3164;
    const timestamp = rfc3164Time(mon, day, h, mi, s, now) ?? nowS;
    // HOSTNAME is optional in practice: a first word ending in ':' or '[pid]:' is already the TAG.
    const firstSpace = rest.indexOf(' ');
    const first = firstSpace < 0 ? rest : rest.slice(0, firstSpace);
    const content =
      TAG.test(rest) && /[:\]]:?$/.test(first) ? rest : firstSpace < 0 ? '' : rest.slice(firstSpace + 1);
    const tag = TAG.exec(content);
    const severity = severityOfPri(Number(m3164[1]));
    return tag
      ? entryFor(tag[1], tag[2], tag[3], timestamp, severity)
      : entryFor(undefined, undefined, content, timestamp, severity);
  }
  const pri = /^<(\d{1,3})>/.exec(line);
  return entryFor(
    undefined,
    undefined,
    pri ? line.slice(pri[0].length) : line,
    nowS,
    // A PRI out of range (over 191) says nothing reliable.
    pri && Number(pri[1]) <= 191 ? severityOfPri(Number(pri[1])) : 'notice',
  );
}

/**
 * Splits a TCP byte stream into frames: `LEN SP MSG` (octet counting) when a frame starts with a digit, else up to
 * the next LF. Returns the frames and what is left for the next chunk, or an error for an oversize frame.
 */
export function splitTcpFrames(buffer: Buffer): { frames: string[]; rest: Buffer; error?: string } {
  const frames: string[] = [];
  let at = 0;
  while (at < buffer.length) {
    const c = buffer[at];
    if (c === 0x0a || c === 0x0d || c === 0x20) {
      at += 1;
      continue;
    }
    if (c >= 0x30 && c <= 0x39) {
      const sp = buffer.indexOf(0x20, at);
      if (sp < 0) {
        if (buffer.length - at > 10) return { frames, rest: Buffer.alloc(0), error: 'bad octet count' };
        break;
      }
      const lenText = buffer.toString('latin1', at, sp);
      if (!/^\d{1,9}$/.test(lenText)) return { frames, rest: Buffer.alloc(0), error: 'bad octet count' };
      const len = Number(lenText);
      if (len > MAX_FRAME_BYTES) return { frames, rest: Buffer.alloc(0), error: 'frame too large' };
      if (buffer.length < sp + 1 + len) break;
      frames.push(buffer.toString('utf8', sp + 1, sp + 1 + len));
      at = sp + 1 + len;
    } else {
      const lf = buffer.indexOf(0x0a, at);
      if (lf < 0) {
        if (buffer.length - at > MAX_FRAME_BYTES)
          return { frames, rest: Buffer.alloc(0), error: 'frame too large' };
        break;
      }
      frames.push(buffer.toString('utf8', at, lf));
      at = lf + 1;
    }
  }
  return { frames, rest: buffer.subarray(at) };
}

export interface SyslogReceiverOptions {
  store: Pick<LogStore, 'appendMany'> | LogSink;
  /** 0 = off. */
  port: number;
  host?: string;
  onError?: (error: Error) => void;
}

/** Starts the receiver on UDP and TCP; resolves with its stop function once both listen (a no-op when off). */
export async function startSyslogReceiver(options: SyslogReceiverOptions): Promise<() => Promise<void>> {
  if (!options.port) return async () => {};
  const host = options.host ?? '127.0.0.1';
  const report = options.onError ?? (() => {});
  const store = options.store;
  let queue: LogEntry[] = [];
  let scheduled = false;
  // Messages arriving together are stored in one transaction.
  const flush = () => {
    scheduled = false;
    const batch = queue;
    queue = [];
    try {
      if ('appendMany' in store) store.appendMany(batch);
      else for (const e of batch) store.append(e);
    } catch (e) {
      report(e as Error);
    }
  };
  const accept = (text: string) => {
    const entry = parseSyslogMessage(text);
    if (!entry) return;
    queue.push(entry);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };

  const udp = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
  udp.on('message', (msg) => accept(msg.toString('utf8')));
  udp.on('error', (e) => report(e));

  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    if (sockets.size >= MAX_TCP_CONNECTIONS) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    let buffer: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      const { frames, rest, error } = splitTcpFrames(buffer);
      frames.forEach(accept);
      buffer = rest;
      if (error) socket.destroy();
    });
    socket.on('end', () => {
      if (buffer.length) accept(buffer.toString('utf8'));
      buffer = Buffer.alloc(0);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(options.port, host, () => {
      udp.off('error', reject);
      resolve();
    });
  });
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', (e) => {
      udp.close();
      reject(e);
    });
    tcp.listen(options.port, host, () => resolve());
  });
  tcp.on('error', (e) => report(e));

  return async () => {
    for (const s of sockets) s.destroy();
    await Promise.all([
      new Promise<void>((r) => tcp.close(() => r())),
      new Promise<void>((r) => udp.close(() => r())),
    ]);
    if (queue.length) flush();
  };
}
