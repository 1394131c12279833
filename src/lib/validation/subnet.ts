/**
 * Networks in CIDR notation, IPv4 (`10.0.0.0/8`) and IPv6 (`2001:db8::/32`), and whether an address lies in one:
 * the lockout allow-list's validator and matcher, and the host-bits rule of every field that stores a network (the
 * DNS access lists' too; the same code on the console and the appliance; the §5 `subnet` validator is the format only). The address part must be the
 * network itself (no host bits set: `10.0.0.1/8` is refused as ambiguous, naming `10.0.0.0/8`). IPv4-mapped IPv6 client
 * addresses (`::ffff:10.1.2.3`, what a dual-stack socket reports) match IPv4 networks.
 */

export interface Subnet {
  family: 4 | 6;
  /** The network address as a big integer. */
  network: bigint;
  prefix: number;
}

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const ipv4Re = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

function ipv4ToBig(s: string): bigint | null {
  if (!ipv4Re.test(s)) return null;
  return s.split('.').reduce((acc, o) => (acc << 8n) | BigInt(Number(o)), 0n);
}

function ipv6ToBig(s: string): bigint | null {
  if (!/^[0-9A-Fa-f:.]+$/.test(s) || s.length > 45) return null;
  let text = s;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) becomes two groups.
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    const v4 = ipv4ToBig(text.slice(lastColon + 1));
    if (v4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  if (halves.length === 2 && head.length + tail.length > 7) return null;
  const groups =
    halves.length === 2
      ? [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail]
      : head;
  if (groups.length !== 8) return null;
  let out = 0n;
  for (const g of groups) {
    if (!/^[0-9A-Fa-f]{1,4}$/.test(g)) return null;
    out = (out << 16n) | BigInt(parseInt(g, 16));
  }
  return out;
}

/** An IPv6 address in any RFC 4291 text form (`::1`, `2001:db8::10`, `::ffff:192.0.2.1`); no zone, no brackets. */
export const isIpv6Text = (s: string): boolean => ipv6ToBig(s) !== null;

/** An address as (family, value), IPv4-mapped IPv6 as IPv4. */
export function parseAddress(s: string): { family: 4 | 6; value: bigint } | null {
  const v4 = ipv4ToBig(s);
  if (v4 !== null) return { family: 4, value: v4 };
  const v6 = ipv6ToBig(s);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { family: 4, value: v6 & 0xffffffffn };
  return { family: 6, value: v6 };
}

const mask = (bits: number, prefix: number) =>
  ((1n << BigInt(bits)) - 1n) ^ ((1n << BigInt(bits - prefix)) - 1n);

/** An address value as text: dotted quad, or IPv6 in its canonical short form (RFC 5952). */
function formatAddress(value: bigint, family: 4 | 6): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  // The longest run of two or more zero groups (the first of equals) becomes `::`.
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.len && j - i >= 2) best = { at: i, len: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.len).join(':')}`;
}

/**
 * For a network written with host bits (`10.0.0.1/8`): the message naming the network it probably means. Null when
 * the text is not address/prefix or has no host bits. Every CIDR field refuses such a network the same way, rather
 * than guessing: the writer may have meant the host (`/32`) as well as the network.
 */
export function hostBitsProblem(s: string): string | null {
  const m = /^([^/]+)\/(\d{1,3})$/.exec(s.trim());
  if (!m) return null;
  const v4 = ipv4ToBig(m[1]);
  const v6 = v4 === null ? ipv6ToBig(m[1]) : null;
  if (v4 === null && v6 === null) return null;
  const family = v4 !== null ? 4 : 6;
  const bits = family === 4 ? 32 : 128;
  const prefix = Number(m[2]);
  if (prefix > bits) return null;
  const value = (v4 ?? v6) as bigint;
  const network = value & mask(bits, prefix);
  if (network === value) return null;
  return `${m[1]}/${prefix} has host bits set; did you mean ${formatAddress(network, family)}/${prefix}?`;
}

/** Why a network in CIDR notation is not valid, or null when it is. */
export function subnetProblem(s: string): string | null {
  const m = /^([^/]+)\/(\d{1,3})$/.exec(s.trim());
  if (!m) return 'a network is an address, a slash and a prefix length: 192.168.0.0/16 or 2001:db8::/32';
  const v4 = ipv4ToBig(m[1]);
  const v6 = v4 === null ? ipv6ToBig(m[1]) : null;
  if (v4 === null && v6 === null) return `${m[1]} is not an IPv4 or IPv6 address`;
  const bits = v4 !== null ? 32 : 128;
  const prefix = Number(m[2]);
  if (prefix > bits) return `the prefix length of an IPv${bits === 32 ? 4 : 6} network is at most ${bits}`;
  return hostBitsProblem(s);
}

export const isSubnetV4V6 = (s: string) => subnetProblem(s) === null;

export function parseSubnet(s: string): Subnet | null {
  if (subnetProblem(s)) return null;
  const [addr, prefix] = s.trim().split('/');
  const v4 = ipv4ToBig(addr);
  return v4 !== null
    ? { family: 4, network: v4, prefix: Number(prefix) }
    : { family: 6, network: ipv6ToBig(addr) as bigint, prefix: Number(prefix) };
}

/** Whether `address` lies in `subnet` (false for anything that is not an address). */
export function subnetContains(subnet: Subnet, address: string): boolean {
  const a = parseAddress(address);
  if (!a || a.family !== subnet.family) return false;
  const bits = a.family === 4 ? 32 : 128;
  return (a.value & mask(bits, subnet.prefix)) === subnet.network;
}
