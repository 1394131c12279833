/**
 * PKCS#12: written with pkijs (any key kind: PBES2 AES-256-CBC with PBKDF2-SHA-256 for the key and the certificates,
 * a SHA-256 MAC — what OpenSSL 3 writes by default), read with node-forge (which also opens legacy 3DES/RC2 files
 * exported by older tools). Nothing here encodes ASN.1 by hand.
 */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import { MaterialError } from './x509';

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

/** Opens a PKCS#12 file; a wrong password or a damaged file is a MaterialError on `field`. */
export function readPkcs12(data: Buffer, password: string, field: string): Pkcs12Contents {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(data.toString('binary')), true);
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, true, password);
  } catch (e) {
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
