/**
 * PKCS#12: written with pkijs (any key kind: PBES2 AES-256-CBC with PBKDF2-SHA-256 for the key and the certificates,
 * a SHA-256 MAC — what OpenSSL 3 writes by default), read with node-forge (which also opens legacy 3DES/RC2 files
 * exported by older tools). Nothing here encodes ASN.1 by hand.
 *
 * Both run on the PKI's worker pool (`offThread.ts`), never on the event loop. Reading refuses a file whose key
 * derivations exceed the limits of `pbeLimits.ts`: every count visible in the ASN.1 is checked before any key is
 * derived, and node-forge's derivation functions check theirs again (a key nested inside encrypted contents).
 * node-forge's PBKDF2 runs in JavaScript when given a digest object; it is routed to OpenSSL's (same bytes in, same
 * key out), so a file near the limit opens in about a second instead of half a minute.
 */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import { assertDerivations, derivationRefusal, pkcs12Derivations, type Derivation } from './pbeLimits';
import { MaterialError } from './materialError';

const engine = new pkijs.CryptoEngine({ name: 'node', crypto: crypto.webcrypto as Crypto });

const BAG_KEY = '1.2.840.113549.1.12.10.1.2'; // pkcs8ShroudedKeyBag
const BAG_CERT = '1.2.840.113549.1.12.10.1.3'; // certBag
const ATTR_FRIENDLY_NAME = '1.2.840.113549.1.9.20';
const ATTR_LOCAL_KEY_ID = '1.2.840.113549.1.9.21';
// Five times OpenSSL's default; the MAC's key derivation runs in JavaScript when the file is read back (node-forge).
const ITERATIONS = 10_000;

const ab = (b: Buffer): ArrayBuffer => Uint8Array.from(b).buffer as ArrayBuffer;

function fromBer<T>(kind: { new (p: { schema: asn1js.AsnType }): T }, der: Buffer): T {
  const parsed = asn1js.fromBER(ab(der));
  if (parsed.offset === -1) throw new Error('invalid DER');
  return new kind({ schema: parsed.result });
}

/** A password-protected PKCS#12 holding the key and the certificates (leaf first), named for the key store. */
export async function writePkcs12(
  keyPkcs8: Buffer,
  certsDer: Buffer[],
  password: string,
  friendlyName: string,
): Promise<Buffer> {
  const pwd = ab(Buffer.from(password, 'utf8'));
  const localKeyId = crypto.createHash('sha1').update(certsDer[0]).digest();
  const attrs = (withName: boolean) => [
    new pkijs.Attribute({
      type: ATTR_LOCAL_KEY_ID,
      values: [new asn1js.OctetString({ valueHex: ab(localKeyId) })],
    }),
    ...(withName
      ? [
          new pkijs.Attribute({
            type: ATTR_FRIENDLY_NAME,
            values: [new asn1js.BmpString({ value: friendlyName })],
          }),
        ]
      : []),
  ];
  const encryption = {
    password: pwd,
    // pkijs draws the IV itself; its type still asks for one.
    contentEncryptionAlgorithm: { name: 'AES-CBC', length: 256 } as pkijs.ContentEncryptionAesCbcParams,
    hmacHashAlgorithm: 'SHA-256',
    iterationCount: ITERATIONS,
  };
  const keyBag = new pkijs.PKCS8ShroudedKeyBag({ parsedValue: fromBer(pkijs.PrivateKeyInfo, keyPkcs8) });
  const pfx = new pkijs.PFX({
    parsedValue: {
      integrityMode: 0,
      authenticatedSafe: new pkijs.AuthenticatedSafe({
        parsedValue: {
          safeContents: [
            {
              privacyMode: 0,
              value: new pkijs.SafeContents({
                safeBags: [
                  new pkijs.SafeBag({ bagId: BAG_KEY, bagValue: keyBag, bagAttributes: attrs(true) }),
                ],
              }),
            },
            {
              privacyMode: 1,
              value: new pkijs.SafeContents({
                safeBags: certsDer.map(
                  (der, i) =>
                    new pkijs.SafeBag({
                      bagId: BAG_CERT,
                      bagValue: new pkijs.CertBag({ parsedValue: fromBer(pkijs.Certificate, der) }),
                      bagAttributes: i === 0 ? attrs(true) : undefined,
                    }),
                ),
              }),
            },
          ],
        },
      }),
    },
  });
  await keyBag.makeInternalValues(encryption, engine);
  // pkijs splits the encrypted key into a constructed (BER) string; DER readers such as node-forge want it whole.
  if (keyBag.encryptedData.idBlock.isConstructed)
    keyBag.encryptedData = new asn1js.OctetString({ valueHex: keyBag.encryptedData.getValue() });
  await pfx.parsedValue!.authenticatedSafe!.makeInternalValues({ safeContents: [{}, encryption] }, engine);
  await pfx.makeInternalValues(
    {
      password: pwd,
      iterations: ITERATIONS,
      pbkdf2HashAlgorithm: { name: 'SHA-256' },
      hmacHashAlgorithm: 'SHA-256',
    },
    engine,
  );
  return Buffer.from(pfx.toSchema().toBER(false));
}

export interface Pkcs12Contents {
  /** PKCS#8 DER of the key, if the file holds one. */
  keyPkcs8: Buffer | null;
  /** Certificates as DER, in file order. */
  certsDer: Buffer[];
}

/** A derivation over the limits met inside node-forge (see `guardForgeDerivations`). */
class DerivationOverLimit extends Error {
  constructor(readonly derivation: Derivation) {
    super('key derivation over the limits');
  }
}

type Pbkdf2 = (p: string, s: string, c: number, dkLen: number, md?: unknown, callback?: unknown) => string;
type Pkcs12Kdf = (
  password: unknown,
  salt: unknown,
  id: number,
  iter: number,
  n: number,
  md?: unknown,
) => unknown;

const NATIVE_DIGESTS = new Set(['sha1', 'sha256', 'sha384', 'sha512']);

/**
 * Puts the limits on node-forge's own derivation functions (the MAC's and PKCS#12 PBE's KDF, PBKDF2), and runs PBKDF2
 * with OpenSSL. Installed once, when this module loads.
 */
function guardForgeDerivations(): void {
  const f = forge as unknown as {
    pkcs5: { pbkdf2: Pbkdf2 };
    pbkdf2: Pbkdf2;
    pbe: { generatePkcs12Key: Pkcs12Kdf };
    pkcs12: { generateKey: Pkcs12Kdf };
  };
  const check = (part: string, cost: number) => {
    const d: Derivation = { part, kind: 'iterations', cost };
    if (derivationRefusal(d, 'pkcs12', 'file')) throw new DerivationOverLimit(d);
  };
  const pbkdf2 = f.pkcs5.pbkdf2;
  const guarded: Pbkdf2 = (p, s, c, dkLen, md, callback) => {
    check('encrypted contents', c);
    const name = md === undefined || md === null ? 'sha1' : (md as { algorithm?: string }).algorithm;
    if (
      callback === undefined &&
      typeof p === 'string' &&
      typeof s === 'string' &&
      NATIVE_DIGESTS.has(name ?? '')
    )
      // node-forge's byte strings: one character per byte, both ways.
      return crypto
        .pbkdf2Sync(Buffer.from(p, 'binary'), Buffer.from(s, 'binary'), c, dkLen, name!)
        .toString('binary');
    return pbkdf2(p, s, c, dkLen, md, callback);
  };
  f.pkcs5.pbkdf2 = guarded;
  f.pbkdf2 = guarded;
  const pbeKdf = f.pbe.generatePkcs12Key;
  f.pbe.generatePkcs12Key = (password, salt, id, iter, n, md) => {
    check('encrypted contents', iter);
    return pbeKdf(password, salt, id, iter, n, md);
  };
  const macKdf = f.pkcs12.generateKey;
  f.pkcs12.generateKey = (password, salt, id, iter, n, md) => {
    check('MAC', iter);
    return macKdf(password, salt, id, iter, n, md);
  };
}
guardForgeDerivations();

/**
 * Opens a PKCS#12 file; a wrong password or a damaged file is a MaterialError on `field`, and so is a file asking
 * for key derivations over the limits (before any is made). CPU-heavy: call it through the worker pool.
 */
export function readPkcs12(data: Buffer, password: string, field: string): Pkcs12Contents {
  assertDerivations(pkcs12Derivations(ab(data)), field, 'PKCS#12 file');
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(data.toString('binary')), true);
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, true, password);
  } catch (e) {
    if (e instanceof DerivationOverLimit) throw derivationRefusal(e.derivation, field, 'PKCS#12 file')!;
    const text = e instanceof Error ? e.message : '';
    if (/MAC could not be verified|Invalid password|wrong password/i.test(text))
      throw new MaterialError('password', 'wrong password for this PKCS#12 file', 'value_error.pki.password');
    throw new MaterialError(
      field,
      'the data is not a PKCS#12 file this appliance can open (damaged or an unsupported encryption)',
    );
  }
  const der = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  const keys: Buffer[] = [];
  const certs: Buffer[] = [];
  for (const bag of p12.safeContents.flatMap((c) => c.safeBags)) {
    if (bag.type === forge.pki.oids.pkcs8ShroudedKeyBag || bag.type === forge.pki.oids.keyBag) {
      if (bag.key) keys.push(der(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key))));
      else if (bag.asn1) keys.push(der(bag.asn1));
    } else if (bag.type === forge.pki.oids.certBag) {
      if (bag.cert) certs.push(der(forge.pki.certificateToAsn1(bag.cert)));
      else if (bag.asn1) certs.push(der(bag.asn1));
    }
  }
  if (keys.length > 1) throw new MaterialError(field, 'the PKCS#12 file holds more than one private key');
  if (certs.length === 0) throw new MaterialError(field, 'the PKCS#12 file holds no certificate');
  return { keyPkcs8: keys[0] ?? null, certsDer: certs };
}
