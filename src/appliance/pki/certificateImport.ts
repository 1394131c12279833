/** Certificates imported as PEM or PKCS#12, with or without their private key and chain. */
import crypto from 'node:crypto';
import { auditText } from '../audit';
import { inTransaction } from '../context';
import { checkChain } from './cas';
import { type PkiContext, pkiAudit } from './context';
import { keyAlgorithm, KeyParseError } from './keys';
import { assertChainKeysAllowed } from './keyPolicy';
import { readPkcs12OffThread, readChainOffThread, readPrivateKey } from './offThread';
import {
  assertChainLength,
  certPem,
  derOf,
  extensionOf,
  keyMatches,
  MaterialError,
  parseCertificateDer,
  summarize,
  x509,
} from './x509';
import type { ImportPemBody, ImportPkcs12Body } from '../../shared/contracts/pki';
import { type CertRow, certDetail, displayName, insertCertificate } from './certificates';

/** The bodies are the contract's (src/shared/contracts/pki/). */
export type ImportPemInput = ImportPemBody;
export type ImportPkcs12Input = ImportPkcs12Body;

function profileOf(cert: x509.X509Certificate): CertRow['profile'] {
  const eku = extensionOf(cert, x509.ExtendedKeyUsageExtension)?.usages.map(String) ?? [];
  if (eku.includes(x509.ExtendedKeyUsage.serverAuth)) return 'server';
  if (eku.includes(x509.ExtendedKeyUsage.clientAuth)) return 'client';
  return 'other';
}

/** The appliance CA that signed a certificate, if any (so revocation and CRLs cover imported ones too). */
async function issuingCa(p: PkiContext, cert: x509.X509Certificate): Promise<string | null> {
  const rows = p.app.db
    .prepare('SELECT id, cert_der FROM pki_cas WHERE subject = ?')
    .all(cert.issuer) as Array<{ id: string; cert_der: Buffer }>;
  for (const r of rows) {
    const ca = parseCertificateDer(r.cert_der, 'certificate');
    if (await cert.verify({ publicKey: ca.publicKey, signatureOnly: true }).catch(() => false)) return r.id;
  }
  return null;
}

async function importParsed(
  p: PkiContext,
  chain: x509.X509Certificate[],
  key: crypto.KeyObject | null,
  name: string | undefined,
  field: string,
  by: string,
  how: string,
) {
  assertChainKeysAllowed(chain, field);
  const [cert, ...rest] = chain;
  if (summarize(cert).is_ca)
    throw new MaterialError(
      field,
      'this is a certificate authority: import it under certificate authorities',
      'value_error.pki.is_ca',
    );
  await checkChain(chain, field, p.app.now());
  if (key && !keyMatches(cert, key))
    throw new MaterialError(
      'private_key',
      'the private key does not belong to this certificate',
      'value_error.pki.key_mismatch',
    );
  const caId = await issuingCa(p, cert);
  const label = displayName(name, cert);
  const id = inTransaction(p.app.db, () =>
    insertCertificate(p, {
      name: label,
      caId,
      key,
      cert,
      chainPem: caId ? '' : rest.map((c) => certPem(derOf(c))).join(''),
      profile: profileOf(cert),
      source: 'imported',
    }),
  );
  pkiAudit(
    p,
    `certificate "${auditText(label)}" (${cert.subject}) imported from ${how} ${key ? 'with' : 'without'} its private key by "${auditText(by)}"`,
  );
  return certDetail(p, id);
}

export async function importPem(p: PkiContext, input: ImportPemInput, by: string) {
  const chain = await readChainOffThread(input.certificate, 'certificate');
  let key: crypto.KeyObject | null = null;
  if (input.private_key?.trim()) {
    try {
      key = await readPrivateKey(input.private_key, input.passphrase);
    } catch (e) {
      if (e instanceof KeyParseError) throw new MaterialError('private_key', e.message);
      throw e;
    }
  }
  return importParsed(p, chain, key, input.name, 'certificate', by, 'PEM');
}

export async function importPkcs12(p: PkiContext, input: ImportPkcs12Input, by: string) {
  const data = Buffer.from(input.pkcs12, 'base64');
  const contents = await readPkcs12OffThread(data, input.password, 'pkcs12');
  let key: crypto.KeyObject | null = null;
  if (contents.keyPkcs8) {
    try {
      key = crypto.createPrivateKey({ key: contents.keyPkcs8, format: 'der', type: 'pkcs8' });
    } catch {
      throw new MaterialError('pkcs12', 'the private key in the PKCS#12 file cannot be read');
    }
    if (!keyAlgorithm(key)) throw new MaterialError('pkcs12', 'only RSA and ECDSA keys are supported');
  }
  assertChainLength(contents.certsDer.length, 'pkcs12');
  const certs = contents.certsDer.map((der) => parseCertificateDer(der, 'pkcs12'));
  // The leaf is the certificate of the key (or the one no other certificate was issued by); the rest is its chain.
  const leafIndex = key
    ? certs.findIndex((c) => keyMatches(c, key))
    : certs.findIndex((c) => !summarize(c).is_ca);
  if (key && leafIndex < 0)
    throw new MaterialError(
      'pkcs12',
      'no certificate in the file belongs to its private key',
      'value_error.pki.key_mismatch',
    );
  const leaf = certs[Math.max(0, leafIndex)];
  const chain = [
    leaf,
    ...orderChain(
      leaf,
      certs.filter((c) => c !== leaf),
    ),
  ];
  return importParsed(p, chain, key, input.name, 'pkcs12', by, 'PKCS#12');
}

/** Puts loose CA certificates in issuer order above a leaf (by name; signatures are checked afterwards). */
function orderChain(leaf: x509.X509Certificate, pool: x509.X509Certificate[]): x509.X509Certificate[] {
  const out: x509.X509Certificate[] = [];
  let current = leaf;
  const left = [...pool];
  while (current.subject !== current.issuer) {
    const i = left.findIndex((c) => c.subject === current.issuer);
    if (i < 0) break;
    current = left.splice(i, 1)[0];
    out.push(current);
  }
  return out;
}
