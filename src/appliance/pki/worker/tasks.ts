/**
 * The PKI's CPU-heavy work, as run on a worker thread (`entry.ts`; called through `../offThread.ts`). Arguments and
 * answers cross the thread boundary by structured clone: bytes go as Uint8Array, never as KeyObjects or parsed
 * certificates. Errors keep their name (MaterialError, KeyParseError) and fields.
 */
import crypto from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { CRLNumber, id_ce_cRLNumber } from '@peculiar/asn1-x509';
import { parsePrivateKey, webSigningKey, type KeyType } from '../keys';
import { readPkcs12, writePkcs12 } from '../pkcs12';
import { MaterialError } from '../materialError';
import { bytes, pemBlocks, sansOf, x509, type Sans } from '../x509';

const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
const pkcs8 = (key: crypto.KeyObject) => new Uint8Array(key.export({ type: 'pkcs8', format: 'der' }));

export interface CrlEntryInput {
  serial: string;
  revokedAt: number;
  reason: x509.X509CrlReason;
}

export interface CrlInput {
  caCertDer: Uint8Array;
  caKeyPkcs8: Uint8Array;
  thisUpdate: number;
  nextUpdate: number;
  number: number;
  entries: CrlEntryInput[];
}

export interface CsrFacts {
  subjectDer: Uint8Array;
  spkiDer: Uint8Array;
  sans: Sans;
  verified: boolean;
}

export const tasks = {
  readPkcs12(data: Uint8Array, password: string, field: string) {
    const contents = readPkcs12(buf(data), password, field);
    return {
      keyPkcs8: contents.keyPkcs8 ? new Uint8Array(contents.keyPkcs8) : null,
      certsDer: contents.certsDer.map((d) => new Uint8Array(d)),
    };
  },

  async writePkcs12(keyPkcs8: Uint8Array, certsDer: Uint8Array[], password: string, friendlyName: string) {
    return new Uint8Array(await writePkcs12(buf(keyPkcs8), certsDer.map(buf), password, friendlyName));
  },

  generateKey(type: KeyType) {
    const { privateKey } = type.startsWith('rsa-')
      ? crypto.generateKeyPairSync('rsa', { modulusLength: Number(type.slice(4)), publicExponent: 0x10001 })
      : crypto.generateKeyPairSync('ec', { namedCurve: type === 'ec-p256' ? 'P-256' : 'P-384' });
    return pkcs8(privateKey);
  },

  /** A passphrase-protected PEM key, decrypted (after its derivation is checked against the limits). */
  decryptPrivateKey(pem: string, passphrase: string | undefined) {
    return pkcs8(parsePrivateKey(pem, passphrase));
  },

  /** A CA's CRL, signed; its DER. */
  async buildCrl(input: CrlInput) {
    const caCert = new x509.X509Certificate(Uint8Array.from(input.caCertDer).buffer as ArrayBuffer);
    const key = crypto.createPrivateKey({ key: buf(input.caKeyPkcs8), format: 'der', type: 'pkcs8' });
    const signing = await webSigningKey(key);
    const crl = await x509.X509CrlGenerator.create({
      issuer: caCert.subjectName,
      thisUpdate: new Date(input.thisUpdate),
      nextUpdate: new Date(input.nextUpdate),
      signingKey: signing.key,
      signingAlgorithm: signing.algorithm,
      entries: input.entries.map((e) => ({
        serialNumber: e.serial,
        revocationDate: new Date(e.revokedAt),
        reason: e.reason,
      })),
      extensions: [
        await x509.AuthorityKeyIdentifierExtension.create(caCert.publicKey),
        new x509.Extension(id_ce_cRLNumber, false, AsnConvert.serialize(new CRLNumber(input.number))),
      ],
    });
    return new Uint8Array(crl.rawData);
  },

  /**
   * An uploaded CSR, parsed and its self-signature checked: what signing it needs (subject, names, public key), so
   * the request itself, up to the field's 512 KiB, is never parsed on the event loop.
   */
  async inspectCsr(pem: string): Promise<CsrFacts> {
    const blocks = pemBlocks(pem, 'CERTIFICATE REQUEST', 'csr');
    if (blocks.length !== 1)
      throw new MaterialError('csr', 'expected one PEM "BEGIN CERTIFICATE REQUEST" block');
    let csr: x509.Pkcs10CertificateRequest;
    try {
      csr = new x509.Pkcs10CertificateRequest(bytes(blocks[0]));
    } catch {
      throw new MaterialError('csr', 'the data is not a PKCS#10 certificate request');
    }
    let verified = false;
    try {
      verified = await csr.verify();
    } catch {
      /* WebCrypto cannot verify this key kind (DSA, secp256k1): the key policy refuses those first */
    }
    return {
      subjectDer: new Uint8Array(csr.subjectName.toArrayBuffer()),
      spkiDer: new Uint8Array(csr.publicKey.rawData),
      sans: sansOf(csr),
      verified,
    };
  },

  /** For the pool's own tests: burns CPU for `ms` without yielding. */
  spin(ms: number) {
    const end = Date.now() + ms;
    let n = 0;
    while (Date.now() < end) n += 1;
    return n;
  },
};

export type PkiTasks = typeof tasks;
