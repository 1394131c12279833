/**
 * Whether a daemon serves: the process itself holds a listening socket on each address and port its applied
 * configuration names (read from /proc: its descriptors' socket inodes against the kernel's socket tables). A port
 * answering is not enough: another program may hold it, and the daemon is then the one that dies.
 */
import fs from 'node:fs';
import { isIPv4 } from 'node:net';

export interface Listener {
  /** The address the configuration binds, or null for every address. */
  address: string | null;
  port: number;
  protocol: 'tcp' | 'udp';
}

export const describeListener = (l: Listener) =>
  `${l.protocol.toUpperCase()} ${l.address === null ? '' : l.address.includes(':') ? `[${l.address}]:` : `${l.address}:`}${l.port}`;

/** The socket inodes a process holds open: empty when it is gone, null when it is not ours to read. */
function socketInodes(pid: number): Set<string> | null {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EACCES' ? null : inodes;
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      /* closed meanwhile */
    }
  }
  return inodes;
}

/** An address as /proc/net writes it: IPv4 as one little-endian word, IPv6 as four. */
export function procAddress(address: string): string {
  const hex = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  const word = (bytes: number[]) => hex([...bytes].reverse());
  if (isIPv4(address)) return word(address.split('.').map(Number)).toUpperCase();
  let text = address;
  let tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    tail = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}0:0`;
  }
  const [head, rest] = text.split('::');
  const groups = (s: string | undefined) => (s ? s.split(':').filter(Boolean) : []);
  const left = groups(head);
  const right = groups(rest);
  const all =
    rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const bytes = all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return [0, 4, 8, 12]
    .map((i) => word(bytes.slice(i, i + 4)))
    .join('')
    .toUpperCase();
}

interface Bound {
  address: string;
  port: number;
  inode: string;
}

/** The listening sockets of the kernel's tables for a protocol (TCP: state LISTEN; UDP: bound, unconnected). */
function boundSockets(protocol: 'tcp' | 'udp'): Bound[] {
  const listening = protocol === 'tcp' ? '0A' : '07';
  const out: Bound[] = [];
  for (const table of [protocol, `${protocol}6`]) {
    let text: string;
    try {
      text = fs.readFileSync(`/proc/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== listening) continue;
      const [address, port] = f[1].split(':');
      out.push({ address, port: parseInt(port, 16), inode: f[9] });
    }
  }
  return out;
}

/**
 * The listeners of `wanted` the process `pid` does not hold (empty: it serves on all of them). A daemon of another
 * user (systemd's, the console not root) cannot be looked into: then any socket on the address and port counts.
 */
export function missingListeners(pid: number, wanted: readonly Listener[]): Listener[] {
  const mine = socketInodes(pid);
  const tables = { tcp: boundSockets('tcp'), udp: boundSockets('udp') };
  return wanted.filter(
    (l) =>
      !tables[l.protocol].some(
        (b) =>
          (mine === null || mine.has(b.inode)) &&
          b.port === l.port &&
          (l.address === null || b.address === procAddress(l.address)),
      ),
  );
}
