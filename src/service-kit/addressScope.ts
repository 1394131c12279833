/**
 * What kind of network an IP address is in, for the rule of where an outbound request an administrator typed may go
 * (a webhook): never to link-local addresses (cloud metadata services answer there), the unspecified address,
 * multicast or reserved ranges; plain http only to loopback and private networks; https also to public ones.
 *
 * IPv4 inside IPv6 (`::ffff:a.b.c.d`, the NAT64 prefix `64:ff9b::/96`) is judged as the IPv4 address it reaches, so
 * no spelling of an address gets past what its plain form could not.
 */
import net from 'node:net';

export type AddressScope =
  'loopback' | 'private' | 'public' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

type Range = [prefix: number[], bits: number, scope: AddressScope];

/** Most specific first: the first range holding the address decides. */
const IPV4: Range[] = [
  [[100, 100, 100, 200], 32, 'metadata'], // a cloud's metadata service inside the shared range
  [[0, 0, 0, 0], 8, 'unspecified'], // "this network": 0.0.0.0 reaches the machine itself
  [[127, 0, 0, 0], 8, 'loopback'],
  [[10, 0, 0, 0], 8, 'private'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 168, 0, 0], 16, 'private'],
  [[100, 64, 0, 0], 10, 'private'], // shared address space (carrier NAT)
  [[169, 254, 0, 0], 16, 'link-local'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'], // with 255.255.255.255
];

const v6 = (groups: number[]) => groups.flatMap((g) => [g >> 8, g & 0xff]);

const IPV6: Range[] = [
  [v6([0, 0, 0, 0, 0, 0, 0, 0]), 128, 'unspecified'],
  [v6([0, 0, 0, 0, 0, 0, 0, 1]), 128, 'loopback'],
  [v6([0, 0, 0, 0, 0, 0, 0, 0]), 96, 'reserved'], // IPv4-compatible, deprecated
  [v6([0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254]), 128, 'metadata'], // a cloud's metadata service
  [v6([0xfc00, 0, 0, 0, 0, 0, 0, 0]), 7, 'private'], // unique local
  [v6([0xfe80, 0, 0, 0, 0, 0, 0, 0]), 10, 'link-local'],
  [v6([0xfec0, 0, 0, 0, 0, 0, 0, 0]), 10, 'reserved'], // site-local, deprecated
  [v6([0xff00, 0, 0, 0, 0, 0, 0, 0]), 8, 'multicast'],
];

/** Prefixes whose last 32 bits are the IPv4 address reached. */
const IPV4_INSIDE: Array<[number[], number]> = [
  [v6([0, 0, 0, 0, 0, 0xffff, 0, 0]), 96], // IPv4-mapped
  [v6([0x64, 0xff9b, 0, 0, 0, 0, 0, 0]), 96], // NAT64
];

const within = (bytes: number[], prefix: number[], bits: number) => {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[i / 8] & mask) !== (prefix[i / 8] & mask)) return false;
  }
  return true;
};

const ipv4Bytes = (address: string) => address.split('.').map(Number);

/** The 16 bytes of an IPv6 address in any of its spellings (`::`, a dotted IPv4 tail, a zone). */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0];
  let tail: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail = ipv4Bytes(dotted[1]);
    text = `${text.slice(0, dotted.index + 1)}0:0`;
  }
  const [left, right] = text.split('::');
  const groupsOf = (s: string | undefined) => (s ? s.split(':') : []);
  const l = groupsOf(left);
  const r = groupsOf(right);
  const groups = right === undefined ? l : [...l, ...Array<string>(8 - l.length - r.length).fill('0'), ...r];
  const bytes = v6(groups.map((g) => parseInt(g, 16)));
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The scope of an IP address (an address that is not one is `reserved`: it is never asked). */
export function addressScope(address: string): AddressScope {
  const plain = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(plain)) {
    const bytes = ipv4Bytes(plain);
    return IPV4.find(([prefix, bits]) => within(bytes, prefix, bits))?.[2] ?? 'public';
  }
  if (!net.isIPv6(plain.split('%')[0])) return 'reserved';
  const bytes = ipv6Bytes(plain);
  for (const [prefix, bits] of IPV4_INSIDE)
    if (within(bytes, prefix, bits)) return addressScope(bytes.slice(12).join('.'));
  return IPV6.find(([prefix, bits]) => within(bytes, prefix, bits))?.[2] ?? 'public';
}

const NEVER: Partial<Record<AddressScope, string>> = {
  'link-local': 'a link-local address (where cloud metadata services answer)',
  metadata: 'a cloud metadata address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

/**
 * Why a request of `protocol` (`http:`, `https:`) may not go to `address`, or null when it may: the rule of
 * webhooks. The text follows the address in a message ("169.254.169.254 is a link-local address …").
 */
export function webhookAddressProblem(address: string, protocol: string): string | null {
  const scope = addressScope(address);
  const never = NEVER[scope];
  if (never) return `${never}, which is never asked`;
  if (protocol === 'http:' && scope === 'public')
    return 'a public address: plain http goes only to loopback and private networks (use https)';
  return null;
}
