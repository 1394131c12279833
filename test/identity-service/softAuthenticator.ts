/**
 * A software WebAuthn authenticator for tests: real key pairs and signatures, CBOR-encoded attestation objects, the
 * JSON the browser script posts. It follows the authenticator model of WebAuthn L2 §6 closely enough for a server to
 * verify it like a security key.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type CborIn = number | string | Buffer | CborIn[] | Map<CborIn, CborIn>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function encodeCbor(v: CborIn): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const s = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, s.length), s]);
  }
  if (Buffer.isBuffer(v)) return Buffer.concat([head(2, v.length), v]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(encodeCbor)]);
  const parts: Buffer[] = [head(5, v.size)];
  for (const [k, val] of v) parts.push(encodeCbor(k), encodeCbor(val));
  return Buffer.concat(parts);
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

export interface SoftKey {
  id: Buffer;
  privateKey: KeyObject;
  cose: Map<CborIn, CborIn>;
  counter: number;
}

export function newKey(): SoftKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<CborIn, CborIn>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  return { id: randomBytes(32), privateKey, cose, counter: 0 };
}

export interface Ceremony {
  origin: string;
  rpId: string;
  challenge: string;
  type?: string;
  flags?: number;
  fmt?: 'none' | 'packed' | 'fido-u2f';
}

function clientData(c: Ceremony, type: string): Buffer {
  return Buffer.from(
    JSON.stringify({ type: c.type ?? type, challenge: c.challenge, origin: c.origin, crossOrigin: false }),
  );
}

/** The JSON `webauthn_register` carries after `navigator.credentials.create()`. */
export function attest(key: SoftKey, c: Ceremony): string {
  const cd = clientData(c, 'webauthn.create');
  const idLen = Buffer.alloc(2);
  idLen.writeUInt16BE(key.id.length);
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(key.counter);
  const authData = Buffer.concat([
    sha256(c.rpId),
    Buffer.from([c.flags ?? 0x41]),
    counter,
    Buffer.alloc(16),
    idLen,
    key.id,
    encodeCbor(key.cose),
  ]);
  const fmt = c.fmt ?? 'none';
  const attStmt =
    fmt === 'packed'
      ? new Map<CborIn, CborIn>([
          ['alg', -7],
          ['sig', sign('sha256', Buffer.concat([authData, sha256(cd)]), key.privateKey)],
        ])
      : fmt === 'fido-u2f'
        ? new Map<CborIn, CborIn>([['sig', Buffer.alloc(8)]])
        : new Map<CborIn, CborIn>();
  const attestationObject = encodeCbor(
    new Map<CborIn, CborIn>([
      ['fmt', fmt],
      ['attStmt', attStmt],
      ['authData', authData],
    ]),
  );
  return JSON.stringify({
    id: key.id.toString('base64url'),
    rawId: key.id.toString('base64url'),
    type: 'public-key',
    response: {
      clientDataJSON: cd.toString('base64url'),
      attestationObject: attestationObject.toString('base64url'),
    },
  });
}

/** The JSON `webauthn_login` carries after `navigator.credentials.get()`; the counter grows by one unless told. */
export function assert(
  key: SoftKey,
  c: Ceremony,
  opts: { counter?: number; signer?: KeyObject } = {},
): string {
  key.counter = opts.counter ?? key.counter + 1;
  const cd = clientData(c, 'webauthn.get');
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(key.counter);
  const authData = Buffer.concat([sha256(c.rpId), Buffer.from([c.flags ?? 0x01]), counter]);
  const signature = sign('sha256', Buffer.concat([authData, sha256(cd)]), opts.signer ?? key.privateKey);
  return JSON.stringify({
    id: key.id.toString('base64url'),
    rawId: key.id.toString('base64url'),
    type: 'public-key',
    response: {
      clientDataJSON: cd.toString('base64url'),
      authenticatorData: authData.toString('base64url'),
      signature: signature.toString('base64url'),
      userHandle: '',
    },
  });
}
