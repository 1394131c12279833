/**
 * SSH keys in OpenSSH's own formats, with node's crypto: host keys generated on the first start (Ed25519 and ECDSA
 * P-256, written as `openssh-key-v1` private keys and `.pub` lines, as `ssh-keygen` writes them), SHA-256
 * fingerprints as `ssh-keygen -l` prints them, and the parser of authorised-key lines (options, type, base64 key,
 * comment) that refuses anything OpenSSH would not read.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { checkKey, type KeyFacts } from '../../shared/keyPolicy';
import { writeFileAtomicSync } from '../../service-kit/atomicFile';

// --- wire encoding (RFC 4251) ---

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const sshString = (data: Buffer | string) => {
  const b = typeof data === 'string' ? Buffer.from(data) : data;
  return Buffer.concat([u32(b.length), b]);
};
const mpint = (raw: Buffer) => {
  let b = raw;
  while (b.length > 1 && b[0] === 0) b = b.subarray(1);
  if (b[0] & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  return sshString(b);
};

/** Reads the length-prefixed strings of a key blob; null when the blob is malformed. */
export function readStrings(blob: Buffer, max = 8): Buffer[] | null {
  const out: Buffer[] = [];
  let at = 0;
  while (at < blob.length && out.length < max) {
    if (at + 4 > blob.length) return null;
    const len = blob.readUInt32BE(at);
    at += 4;
    if (at + len > blob.length) return null;
    out.push(blob.subarray(at, at + len));
    at += len;
  }
  return at === blob.length ? out : null;
}

export function fingerprint(blob: Buffer): string {
  return `SHA256:${crypto.createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

// --- host keys ---

export type HostKeyType = 'ed25519' | 'ecdsa';

export interface HostKey {
  type: string;
  bits: number;
  fingerprint: string;
  /** As `ssh-keygen -l` prints it: `256 SHA256:… root@rampart (ED25519)`. */
  line: string;
  path: string;
  public_key: string;
}

export const HOST_KEY_TYPES: HostKeyType[] = ['ed25519', 'ecdsa'];
const HOST_KEY_COMMENT = 'root@rampart';

export const hostKeyPath = (dir: string, type: HostKeyType) => path.join(dir, `ssh_host_${type}_key`);

const b64url = (s: string | undefined) => Buffer.from(s ?? '', 'base64url');

function openSshKey(type: HostKeyType): { blob: Buffer; privateBody: Buffer; name: string } {
  if (type === 'ed25519') {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
    const pub = b64url(publicKey.export({ format: 'jwk' }).x);
    const seed = b64url(privateKey.export({ format: 'jwk' }).d);
    const name = 'ssh-ed25519';
    const blob = Buffer.concat([sshString(name), sshString(pub)]);
    const privateBody = Buffer.concat([
      sshString(name),
      sshString(pub),
      sshString(Buffer.concat([seed, pub])),
    ]);
    return { blob, privateBody, name };
  }
  const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const q = Buffer.concat([Buffer.from([4]), b64url(jwk.x), b64url(jwk.y)]);
  const name = 'ecdsa-sha2-nistp256';
  const blob = Buffer.concat([sshString(name), sshString('nistp256'), sshString(q)]);
  const privateBody = Buffer.concat([
    sshString(name),
    sshString('nistp256'),
    sshString(q),
    mpint(b64url(jwk.d)),
  ]);
  return { blob, privateBody, name };
}

/** An unencrypted `openssh-key-v1` private key file and its public line. */
export function generateHostKey(
  type: HostKeyType,
  comment = HOST_KEY_COMMENT,
): { privatePem: string; publicLine: string } {
  const { blob, privateBody, name } = openSshKey(type);
  const check = crypto.randomBytes(4);
  let section = Buffer.concat([check, check, privateBody, sshString(comment)]);
  const pad: number[] = [];
  for (let i = 1; (section.length + pad.length) % 8 !== 0; i += 1) pad.push(i);
  section = Buffer.concat([section, Buffer.from(pad)]);
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    u32(1),
    sshString(blob),
    sshString(section),
  ]);
  const b64 = body.toString('base64').replace(/.{1,70}/g, '$&\n');
  return {
    privatePem: `-----BEGIN OPENSSH PRIVATE KEY-----\n${b64}-----END OPENSSH PRIVATE KEY-----\n`,
    publicLine: `${name} ${blob.toString('base64')} ${comment}\n`,
  };
}

/** Creates the host keys that do not exist yet (first start); existing keys are never replaced. */
export function ensureHostKeys(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  for (const type of HOST_KEY_TYPES) {
    const file = hostKeyPath(dir, type);
    if (fs.existsSync(file) && fs.existsSync(`${file}.pub`)) continue;
    const { privatePem, publicLine } = generateHostKey(type);
    writeFileAtomicSync(file, privatePem, { mode: 0o600, sync: true });
    writeFileAtomicSync(`${file}.pub`, publicLine, { mode: 0o644 });
  }
}

const KEY_LABEL: Record<string, string> = {
  'ssh-ed25519': 'ED25519',
  'ecdsa-sha2-nistp256': 'ECDSA',
  'ecdsa-sha2-nistp384': 'ECDSA',
  'ecdsa-sha2-nistp521': 'ECDSA',
  'ssh-rsa': 'RSA',
  'sk-ssh-ed25519@openssh.com': 'ED25519-SK',
  'sk-ecdsa-sha2-nistp256@openssh.com': 'ECDSA-SK',
};

export function readHostKeys(dir: string): HostKey[] {
  const keys: HostKey[] = [];
  for (const type of HOST_KEY_TYPES) {
    const file = hostKeyPath(dir, type);
    if (!fs.existsSync(`${file}.pub`)) continue;
    const parsed = parsePublicKey(fs.readFileSync(`${file}.pub`, 'utf8').trim());
    if (!parsed.ok) continue;
    const k = parsed.key;
    keys.push({
      type: k.type,
      bits: k.bits,
      fingerprint: k.fingerprint,
      line: `${k.bits} ${k.fingerprint} ${k.comment || 'no comment'} (${KEY_LABEL[k.type] ?? k.type})`,
      path: file,
      public_key: `${k.type} ${k.key}${k.comment ? ` ${k.comment}` : ''}`,
    });
  }
  return keys;
}

// --- authorised keys ---

export const AUTHORIZED_KEY_TYPES = Object.keys(KEY_LABEL);

/** Options OpenSSH understands in authorized_keys (sshd(8) "AUTHORIZED_KEYS FILE FORMAT"). */
const FLAG_OPTIONS = new Set([
  'agent-forwarding',
  'cert-authority',
  'no-agent-forwarding',
  'no-port-forwarding',
  'no-pty',
  'no-user-rc',
  'no-x11-forwarding',
  'port-forwarding',
  'pty',
  'no-touch-required',
  'verify-required',
  'restrict',
  'user-rc',
  'x11-forwarding',
]);
const VALUE_OPTIONS = new Set([
  'command',
  'environment',
  'expiry-time',
  'from',
  'permitlisten',
  'permitopen',
  'principals',
  'tunnel',
]);

export interface PublicKey {
  type: string;
  /** The base64 key blob. */
  key: string;
  comment: string;
  options: string;
  bits: number;
  fingerprint: string;
}

export type KeyProblem = { field: 'key'; msg: string; type: string; ctx?: Record<string, unknown> };

const problem = (msg: string, type = 'value_error.ssh_key'): { ok: false; problem: KeyProblem } => ({
  ok: false,
  problem: { field: 'key', msg, type },
});

/** Splits the options field off a line: a run up to the first space outside double quotes. */
function splitOptions(line: string): { options: string; rest: string } | null {
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (c === '\\' && quoted) {
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ' ' && !quoted) {
      return { options: line.slice(0, i), rest: line.slice(i + 1).trimStart() };
    }
  }
  return null;
}

function checkOptions(options: string): string | null {
  // Split on commas outside quotes.
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < options.length; i += 1) {
    const c = options[i];
    if (c === '\\' && quoted) i += 1;
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      parts.push(options.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted) return 'an option value has no closing quote';
  parts.push(options.slice(start));
  for (const part of parts) {
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).toLowerCase();
    if (eq < 0) {
      if (!FLAG_OPTIONS.has(name)) return `unknown option "${name.slice(0, 40)}"`;
    } else {
      if (!VALUE_OPTIONS.has(name)) return `unknown option "${name.slice(0, 40)}"`;
      if (!/^"(?:[^"\\]|\\.)*"$/.test(part.slice(eq + 1)))
        return `the value of ${name} must be in double quotes`;
    }
  }
  return null;
}

function keyBits(type: string, parts: Buffer[]): number | null {
  switch (type) {
    case 'ssh-ed25519':
    case 'sk-ssh-ed25519@openssh.com':
      return parts[1]?.length === 32 ? 256 : null;
    case 'ssh-rsa': {
      const n = parts[2];
      if (!n || parts.length !== 3) return null;
      let bytes = n;
      while (bytes.length && bytes[0] === 0) bytes = bytes.subarray(1);
      return bytes.length ? (bytes.length - 1) * 8 + (32 - Math.clz32(bytes[0])) : null;
    }
    default: {
      const curve = type.match(/nistp(256|384|521)/)?.[1];
      if (!curve || parts[1]?.toString() !== `nistp${curve}`) return null;
      return Number(curve);
    }
  }
}

/** Key types recognised only to be refused by name by the key policy (not in AUTHORIZED_KEY_TYPES). */
const REFUSED_KEY_TYPES = ['ssh-dss'];
const knownType = (t: string) => AUTHORIZED_KEY_TYPES.includes(t) || REFUSED_KEY_TYPES.includes(t);

const unsigned = (b: Buffer) => (b.length ? BigInt(`0x${b.toString('hex')}`) : 0n);
const bitLength = (b: Buffer) => (unsigned(b) === 0n ? 0 : unsigned(b).toString(2).length);
const EC_COORDINATE_BYTES: Record<string, number> = { nistp256: 32, nistp384: 48, nistp521: 66 };

/**
 * What the key policy (`src/shared/keyPolicy.ts`) needs about a key blob, or null when the blob is not a key of its
 * type. ECDSA points are checked to lie on their curve (OpenSSL refuses others), as sshd does when it reads them.
 */
function keyFacts(type: string, parts: Buffer[]): KeyFacts | null {
  switch (type) {
    case 'ssh-rsa':
      return {
        kind: 'rsa',
        bits: keyBits(type, parts) ?? 0,
        exponent: unsigned(parts[1] ?? Buffer.alloc(0)),
      };
    case 'ssh-dss':
      return parts.length === 5 ? { kind: 'dsa', bits: bitLength(parts[1]) } : null;
    case 'ssh-ed25519':
    case 'sk-ssh-ed25519@openssh.com':
      return { kind: 'ed25519' };
    default: {
      const curve = parts[1]?.toString() ?? '';
      const size = EC_COORDINATE_BYTES[curve];
      const q = parts[2];
      if (!size || !q || q.length !== 1 + 2 * size || q[0] !== 4) return null;
      try {
        crypto.createPublicKey({
          key: {
            kty: 'EC',
            crv: `P-${curve.slice(5)}`,
            x: q.subarray(1, 1 + size).toString('base64url'),
            y: q.subarray(1 + size).toString('base64url'),
          },
          format: 'jwk',
        });
      } catch {
        return null;
      }
      return { kind: 'ec', curve };
    }
  }
}

/** Parses one authorised-key line: `[options] type base64 [comment]`. */
export function parsePublicKey(
  input: string,
): { ok: true; key: PublicKey } | { ok: false; problem: KeyProblem } {
  const line = input.trim();
  if (!line) return problem('field required', 'value_error.missing');
  if (/[\r\n\0]/.test(line)) return problem('an authorised key is one line');
  let options = '';
  let rest = line;
  const first = line.split(' ', 1)[0];
  if (!knownType(first)) {
    const split = splitOptions(line);
    if (!split || !knownType(split.rest.split(' ', 1)[0]))
      return problem(
        `the key type must be one of ${AUTHORIZED_KEY_TYPES.join(', ')}`,
        'value_error.ssh_key.type',
      );
    options = split.options;
    rest = split.rest;
    const bad = checkOptions(options);
    if (bad) return problem(bad, 'value_error.ssh_key.options');
  }
  const [type, key = '', ...commentParts] = rest.split(/\s+/);
  const comment = commentParts.join(' ');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key))
    return problem('the key is not valid base64', 'value_error.ssh_key.base64');
  const blob = Buffer.from(key, 'base64');
  if (blob.toString('base64') !== key)
    return problem('the key is not valid base64', 'value_error.ssh_key.base64');
  const parts = readStrings(blob);
  if (!parts || parts[0]?.toString() !== type)
    return problem(`the key data is not a ${type} key`, 'value_error.ssh_key.data');
  const facts = keyFacts(type, parts);
  const bits = type === 'ssh-dss' ? (facts?.bits ?? null) : keyBits(type, parts);
  if (!facts || bits === null)
    return problem(`the key data is not a ${type} key`, 'value_error.ssh_key.data');
  const verdict = checkKey(facts);
  if (!verdict.ok)
    return {
      ok: false,
      problem: { field: 'key', msg: verdict.msg, type: 'value_error.ssh_key.weak', ctx: verdict.ctx },
    };
  if (comment.length > 200) return problem('the comment is longer than 200 characters');
  return { ok: true, key: { type, key, comment, options, bits, fingerprint: fingerprint(blob) } };
}
