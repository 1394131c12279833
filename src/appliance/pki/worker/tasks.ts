/**
 * The PKI's CPU-heavy work, as run on a worker thread (`entry.ts`; called through `../offThread.ts`). Arguments and
 * answers cross the thread boundary by structured clone: bytes go as Uint8Array, never as KeyObjects or parsed
 * certificates. Errors keep their name (MaterialError, KeyParseError) and fields.
 */
import crypto from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  CertificateList,
  CRLNumber,
  CRLReason,
  CRLReasons,
  Extension,
  id_ce_cRLNumber,
  id_ce_cRLReasons,
  RevokedCertificate,
  Time,
} from '@peculiar/asn1-x509';
import { parsePrivateKey, webSigningKey, type KeyType } from '../keys';
import { readPkcs12, writePkcs12 } from '../pkcs12';
import { MaterialError } from '../materialError';
import { bytes, chainDers, parseCertificateDer, pemBlocks, sansOf, x509, type Sans } from '../x509';

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

/** What the API shows of a CRL, read on the worker (the list itself never parsed on the event loop). */
export interface CrlFacts {
  issuer: string;
  issuerCommonName: string | null;
  number: number | null;
  thisUpdate: number;
  nextUpdate: number | null;
  signatureAlgorithm: string;
  revoked: Array<{ serial: string; revocationDate: number; reason: number | null }>;
}

/**
 * ASN.1 nodes a revocation list may hold when read here. asn1js stops at 10,000 by default (about 1,250 entries, so
 * the appliance could not show a list it built itself); a 512 KiB upload holds at most ~13,000 entries of ~9 nodes.
 * On the worker the time budget, not this ceiling, bounds the cost.
 */
export const CRL_MAX_NODES = 200_000;

function parseCrl(der: Uint8Array): x509.X509Crl {
  try {
    const asn = AsnConvert.parse(bytes(buf(der)), CertificateList, {
      berOptions: { maxNodes: CRL_MAX_NODES },
    });
    return new x509.X509Crl(asn);
  } catch {
    throw new MaterialError('crl', 'the data is not an X.509 revocation list');
  }
}

function crlFacts(crl: x509.X509Crl): CrlFacts {
  const numberExt = crl.extensions.find((e) => e.type === id_ce_cRLNumber);
  return {
    issuer: crl.issuer,
    issuerCommonName: crl.issuerName.getField('CN')[0] ?? null,
    number: numberExt ? AsnConvert.parse(numberExt.value, CRLNumber).value : null,
    thisUpdate: crl.thisUpdate.getTime(),
    nextUpdate: crl.nextUpdate ? crl.nextUpdate.getTime() : null,
    signatureAlgorithm: (crl.signatureAlgorithm as { name: string }).name,
    revoked: crl.entries.map((e) => ({
      serial: e.serialNumber.toLowerCase(),
      revocationDate: e.revocationDate.getTime(),
      reason: e.reason ?? null,
    })),
  };
}

/** One revoked serial as the CRL holds it (the reason only when it says more than "unspecified", as RFC 5280 asks). */
function revokedEntry(e: CrlEntryInput): RevokedCertificate {
  const hex = e.serial.length % 2 ? `0${e.serial}` : e.serial;
  return new RevokedCertificate({
    userCertificate: toArrayBuffer(Buffer.from(hex, 'hex')),
    revocationDate: new Time(new Date(e.revokedAt)),
    crlEntryExtensions: e.reason
      ? [
          new Extension({
            extnID: id_ce_cRLReasons,
            critical: false,
            extnValue: new OctetString(AsnConvert.serialize(new CRLReason(e.reason as number as CRLReasons))),
          }),
        ]
      : undefined,
  });
}

const toArrayBuffer = (b: Buffer): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

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

  /**
   * A CA's CRL, signed; its DER. The library's generator makes the frame (issuer, dates, extensions, algorithm) but
   * cannot hold the entries: it reads its own output back with asn1js' default ceiling of 10,000 nodes (about 1,250
   * revocations). So the entries go into the frame here and the list is signed again with the CA's key.
   */
  async buildCrl(input: CrlInput) {
    const caCert = new x509.X509Certificate(Uint8Array.from(input.caCertDer).buffer as ArrayBuffer);
    const key = crypto.createPrivateKey({ key: buf(input.caKeyPkcs8), format: 'der', type: 'pkcs8' });
    const signing = await webSigningKey(key);
    const frame = await x509.X509CrlGenerator.create({
      issuer: caCert.subjectName,
      thisUpdate: new Date(input.thisUpdate),
      nextUpdate: new Date(input.nextUpdate),
      signingKey: signing.key,
      signingAlgorithm: signing.algorithm,
      extensions: [
        await x509.AuthorityKeyIdentifierExtension.create(caCert.publicKey),
        new x509.Extension(id_ce_cRLNumber, false, AsnConvert.serialize(new CRLNumber(input.number))),
      ],
    });
    if (input.entries.length === 0) return new Uint8Array(frame.rawData);
    const list = AsnConvert.parse(frame.rawData, CertificateList);
    list.tbsCertList.revokedCertificates = input.entries.map(revokedEntry);
    const tbs = Buffer.from(AsnConvert.serialize(list.tbsCertList));
    const hash = 'hash' in signing.algorithm ? String(signing.algorithm.hash) : 'SHA-256';
    // X.509 wants ECDSA signatures DER-encoded; RSA's are the same either way.
    list.signature = toArrayBuffer(
      crypto.sign(hash.replace('-', '').toLowerCase(), tbs, { key, dsaEncoding: 'der' }),
    );
    return new Uint8Array(AsnConvert.serialize(list));
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

  /**
   * An uploaded CRL (PEM, or base64 of its DER, up to the field's size): decoded and parsed here, its DER and facts
   * returned, so the event loop never parses the list.
   */
  readCrl(text: string): { der: Uint8Array; facts: CrlFacts } {
    let der: Buffer;
    if (text.includes('-----BEGIN')) {
      const blocks = pemBlocks(text, 'X509 CRL', 'crl');
      if (blocks.length !== 1) throw new MaterialError('crl', 'expected one PEM "BEGIN X509 CRL" block');
      der = blocks[0];
    } else if (/^[A-Za-z0-9+/\s]+={0,2}\s*$/.test(text)) der = Buffer.from(text, 'base64');
    else throw new MaterialError('crl', 'send the CRL as PEM or as base64 of its DER form');
    const out = new Uint8Array(der);
    return { der: out, facts: crlFacts(parseCrl(out)) };
  },

  /** A stored CRL's facts (for its detail view). */
  describeCrl(der: Uint8Array): CrlFacts {
    return crlFacts(parseCrl(der));
  },

  /** The index of the last of these certificates whose key signed the CRL, or -1. */
  async crlSignerIndex(der: Uint8Array, certsDer: Uint8Array[]): Promise<number> {
    const crl = parseCrl(der);
    let found = -1;
    for (const [i, certDer] of certsDer.entries()) {
      const cert = parseCertificateDer(buf(certDer), 'crl');
      if (await crl.verify({ publicKey: cert.publicKey }).catch(() => false)) found = i;
    }
    return found;
  },

  /**
   * An uploaded PEM chain: its length checked against the cap, split into DER and each certificate parsed here, so
   * a 512 KiB field of certificates is decoded and validated off the event loop.
   */
  readChain(text: string, field: string): Uint8Array[] {
    return chainDers(text, field).map((d) => new Uint8Array(d));
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
