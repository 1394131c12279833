/**
 * Certificate authorities: roots and intermediates created here (key generated and sealed in the appliance), or
 * imported (PEM certificate, its chain, with or without the key). Exports of certificates and chains.
 */
import crypto from 'node:crypto';
import { inTransaction } from '../context';
import { notFound, HttpError } from '../http/errors';
import { auditText } from '../audit';
import { publicOrigin } from '../../../config';
import { type PkiContext, pkiAudit } from './context';
import { KeyParseError, webSigningKey } from './keys';
import { generateKey, readChainOffThread, readPrivateKey } from './offThread';
import { assertChainKeysAllowed, assertIssuerKeyAllowed } from './keyPolicy';
import {
  certPem,
  certStatus,
  DAY_MS,
  derOf,
  fingerprint,
  keyMatches,
  MaterialError,
  parseCertificateDer,
  parseCertificates,
  randomSerial,
  subjectName,
  storedSummary,
  summarize,
  usageFlags,
  x509,
} from './x509';
import type {
  CertificateAuthority,
  CertificateAuthorityDetail,
  CreateCaBody,
  ImportCaBody,
} from '../../shared/contracts/pki';

export interface CaRow {
  id: string;
  name: string;
  parent_id: string | null;
  key_id: string | null;
  cert_der: Buffer;
  chain_pem: string;
  subject: string;
  issuer: string;
  serial: string;
  fingerprint_sha256: string;
  not_before: number;
  not_after: number;
  path_length: number | null;
  source: 'created' | 'imported';
  crl_validity_hours: number;
  crl_number: number;
  created_at: number;
}

/** The bodies are the contract's (src/shared/contracts/pki/). */
export type CreateCaInput = CreateCaBody;
export type ImportCaInput = ImportCaBody;

export const DEFAULT_CA_KEY_USAGE = ['key_cert_sign', 'crl_sign', 'digital_signature'];

const unprocessable = (field: string, msg: string, type = 'value_error.pki') =>
  new HttpError(422, [{ loc: ['body', field], msg, type }]);

/** The appliance's public CRL address of an authority (what "point to the appliance's public CRL" writes). */
export function publicCrlUrl(p: PkiContext, caId: string): string {
  return `${publicOrigin(p.app.config).replace(/\/+$/, '')}${p.app.apiPrefix}/pki/public/cas/${caId}/crl`;
}

export function getCaRow(p: PkiContext, id: string): CaRow {
  const row = p.app.db.prepare('SELECT * FROM pki_cas WHERE id = ?').get(id) as CaRow | undefined;
  if (!row) throw notFound('Certificate authority does not exist');
  return row;
}

/** The CA's certificate followed by its issuers up to the root (as far as the appliance knows them). */
export function caChainDer(p: PkiContext, id: string): Buffer[] {
  const out: Buffer[] = [];
  const seen = new Set<string>();
  let row: CaRow | undefined = getCaRow(p, id);
  while (row && !seen.has(row.id)) {
    seen.add(row.id);
    out.push(row.cert_der);
    if (row.parent_id) row = getCaRow(p, row.parent_id);
    else {
      if (row.chain_pem) out.push(...parseCertificates(row.chain_pem, 'chain').map(derOf));
      row = undefined;
    }
  }
  return out;
}

/** The CA's key and certificate, for signing; refuses CAs without a key or outside their validity. */
export async function caSigner(p: PkiContext, id: string, field = 'ca_id') {
  const row = getCaRow(p, id);
  if (!row.key_id)
    throw unprocessable(
      field,
      'this certificate authority has no private key in the appliance',
      'value_error.pki.no_key',
    );
  const now = p.app.now();
  if (now > row.not_after)
    throw unprocessable(field, 'this certificate authority has expired', 'value_error.pki.expired');
  if (now < row.not_before)
    throw unprocessable(
      field,
      'this certificate authority is not valid yet',
      'value_error.pki.not_yet_valid',
    );
  const keyObject = p.keys.get(row.key_id);
  const signing = await webSigningKey(keyObject);
  return { row, cert: parseCertificateDer(row.cert_der, field), signing, keyObject };
}

export function caView(p: PkiContext, row: CaRow): CertificateAuthority {
  const counts = p.app.db
    .prepare('SELECT COUNT(*) AS issued, COUNT(revoked_at) AS revoked FROM pki_certificates WHERE ca_id = ?')
    .get(row.id) as { issued: number; revoked: number };
  const crl = p.app.db
    .prepare(
      "SELECT id, number, this_update, next_update FROM pki_crls WHERE ca_id = ? AND source = 'generated' ORDER BY number DESC LIMIT 1",
    )
    .get(row.id) as { id: string; number: number; this_update: number; next_update: number } | undefined;
  const s = storedSummary(row.cert_der);
  return {
    id: row.id,
    name: row.name,
    kind: row.parent_id || !s.self_signed ? 'intermediate' : 'root',
    parent_id: row.parent_id,
    source: row.source,
    has_private_key: row.key_id !== null,
    status: certStatus(row.not_before, row.not_after, null, p.app.now()),
    common_name: s.common_name,
    subject: row.subject,
    issuer: row.issuer,
    serial: row.serial,
    fingerprint_sha256: row.fingerprint_sha256,
    not_before: new Date(row.not_before).toISOString(),
    not_after: new Date(row.not_after).toISOString(),
    key_algorithm: s.key_algorithm,
    path_length: row.path_length,
    key_usage: s.key_usage,
    crl_validity_hours: row.crl_validity_hours,
    // The address "Point to the appliance's public CRL" writes into certificates (the form warns on a loopback one).
    public_crl_url: publicCrlUrl(p, row.id),
    certificates: counts.issued,
    revoked: counts.revoked,
    crl: crl
      ? {
          id: crl.id,
          number: crl.number,
          this_update: new Date(crl.this_update).toISOString(),
          next_update: new Date(crl.next_update).toISOString(),
        }
      : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function listCas(p: PkiContext) {
  const rows = p.app.db.prepare('SELECT * FROM pki_cas ORDER BY created_at, name').all() as CaRow[];
  return rows.map((r) => caView(p, r));
}

export function caDetail(p: PkiContext, id: string): CertificateAuthorityDetail {
  const row = getCaRow(p, id);
  const s = storedSummary(row.cert_der);
  return {
    ...caView(p, row),
    signature_algorithm: s.signature_algorithm,
    chain: caChainDer(p, id).map((der) => {
      const c = summarize(parseCertificateDer(der, 'chain'));
      return {
        subject: c.subject,
        issuer: c.issuer,
        not_after: c.not_after,
        fingerprint_sha256: c.fingerprint_sha256,
      };
    }),
    pem: certPem(row.cert_der),
  };
}

function insertCa(
  p: PkiContext,
  values: Omit<
    CaRow,
    | 'crl_number'
    | 'created_at'
    | 'subject'
    | 'issuer'
    | 'serial'
    | 'fingerprint_sha256'
    | 'not_before'
    | 'not_after'
  >,
): void {
  const cert = parseCertificateDer(values.cert_der, 'certificate');
  const duplicate = p.app.db
    .prepare('SELECT id FROM pki_cas WHERE fingerprint_sha256 = ?')
    .get(fingerprint(values.cert_der)) as { id: string } | undefined;
  if (duplicate)
    throw new HttpError(409, [
      {
        loc: ['body', 'certificate'],
        msg: 'this certificate authority is already in the appliance',
        type: 'value_error.pki.duplicate',
        ctx: { id: duplicate.id },
      },
    ]);
  p.app.db
    .prepare(
      `INSERT INTO pki_cas (id, name, parent_id, key_id, cert_der, chain_pem, subject, issuer, serial, fingerprint_sha256,
         not_before, not_after, path_length, source, crl_validity_hours, crl_number, created_at)
       VALUES (@id, @name, @parent_id, @key_id, @cert_der, @chain_pem, @subject, @issuer, @serial, @fingerprint_sha256,
         @not_before, @not_after, @path_length, @source, @crl_validity_hours, 0, @created_at)`,
    )
    .run({
      ...values,
      subject: cert.subject,
      issuer: cert.issuer,
      serial: cert.serialNumber.toLowerCase(),
      fingerprint_sha256: fingerprint(values.cert_der),
      not_before: cert.notBefore.getTime(),
      not_after: cert.notAfter.getTime(),
      created_at: p.app.now(),
    });
}

export async function createCa(p: PkiContext, input: CreateCaInput, by: string) {
  const now = p.app.now();
  const notBefore = new Date(now - 60_000); // a minute back: clocks of relying parties drift
  const notAfter = new Date(now + input.validity_days * DAY_MS);
  const usages = input.key_usage ?? DEFAULT_CA_KEY_USAGE;
  if (!usages.includes('key_cert_sign'))
    throw unprocessable(
      'key_usage',
      'a certificate authority needs key_cert_sign',
      'value_error.pki.key_usage',
    );
  let pathLength = input.path_length ?? null;
  const parent = input.parent_id ? await caSigner(p, input.parent_id, 'parent_id') : null;
  if (parent) assertIssuerKeyAllowed(parent.cert, 'parent_id');
  if (parent) {
    const parentLen = parent.row.path_length;
    if (parentLen !== null && parentLen < 1)
      throw unprocessable(
        'parent_id',
        'the issuing CA has path length 0: it cannot sign another CA',
        'value_error.pki.path_length',
      );
    if (parentLen !== null) {
      if (pathLength === null) pathLength = parentLen - 1;
      else if (pathLength > parentLen - 1)
        throw unprocessable(
          'path_length',
          `must be at most ${parentLen - 1} under this issuing CA`,
          'value_error.pki.path_length',
        );
    }
    if (notAfter.getTime() > parent.row.not_after)
      throw unprocessable(
        'validity_days',
        `the validity would end after the issuing CA's (${new Date(parent.row.not_after).toISOString()})`,
        'value_error.pki.validity',
      );
  }
  const key = await generateKey(input.key_type);
  const own = await webSigningKey(key);
  const publicKey = crypto.createPublicKey(key).export({ type: 'spki', format: 'der' });
  const name = subjectName(input.subject);
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(true, pathLength ?? undefined, true),
    new x509.KeyUsagesExtension(usageFlags(usages), true),
    await x509.SubjectKeyIdentifierExtension.create(publicKey),
  ];
  let cert: x509.X509Certificate;
  if (parent) {
    extensions.push(await x509.AuthorityKeyIdentifierExtension.create(parent.cert.publicKey));
    cert = await x509.X509CertificateGenerator.create({
      serialNumber: randomSerial(),
      subject: new x509.Name(name),
      issuer: parent.cert.subjectName,
      notBefore,
      notAfter,
      publicKey,
      signingKey: parent.signing.key,
      signingAlgorithm: parent.signing.algorithm,
      extensions,
    });
  } else {
    extensions.push(await x509.AuthorityKeyIdentifierExtension.create(publicKey));
    cert = await x509.X509CertificateGenerator.create({
      serialNumber: randomSerial(),
      subject: new x509.Name(name),
      issuer: new x509.Name(name),
      notBefore,
      notAfter,
      publicKey,
      signingKey: own.key,
      signingAlgorithm: own.algorithm,
      extensions,
    });
  }
  const id = crypto.randomUUID();
  inTransaction(p.app.db, () => {
    const keyId = p.keys.put(key);
    insertCa(p, {
      id,
      name: input.name,
      parent_id: parent?.row.id ?? null,
      key_id: keyId,
      cert_der: derOf(cert),
      chain_pem: '',
      path_length: pathLength,
      source: 'created',
      crl_validity_hours: input.crl_validity_hours ?? 168,
    });
  });
  pkiAudit(
    p,
    `${parent ? 'intermediate' : 'root'} CA "${auditText(input.name)}" (${cert.subject}) created by "${auditText(by)}"`,
  );
  await p.onRevocationsChanged(id);
  return caDetail(p, id);
}

async function parseKeyField(pem: string | undefined, passphrase: string | undefined) {
  if (pem === undefined || pem.trim() === '') return null;
  try {
    return await readPrivateKey(pem, passphrase);
  } catch (e) {
    if (e instanceof KeyParseError) throw new MaterialError('private_key', e.message);
    throw e;
  }
}

/** Checks that each certificate of a chain is signed by the next and that none has expired. */
export async function checkChain(chain: x509.X509Certificate[], field: string, now: number): Promise<void> {
  for (const [i, cert] of chain.entries()) {
    if (cert.notAfter.getTime() < now)
      throw new MaterialError(
        field,
        `certificate ${i + 1} of the chain (${cert.subject}) expired on ${cert.notAfter.toISOString()}`,
        'value_error.pki.expired',
      );
    const issuer = chain[i + 1];
    if (issuer && !(await cert.verify({ publicKey: issuer.publicKey, signatureOnly: true })))
      throw new MaterialError(
        field,
        `certificate ${i + 1} of the chain is not signed by the next one`,
        'value_error.pki.chain',
      );
  }
}

export async function importCa(p: PkiContext, input: ImportCaInput, by: string) {
  const chain = await readChainOffThread(input.certificate, 'certificate');
  assertChainKeysAllowed(chain, 'certificate');
  const [cert, ...rest] = chain;
  const summary = summarize(cert);
  if (!summary.is_ca)
    throw new MaterialError(
      'certificate',
      'this certificate is not a certificate authority (basic constraints CA is not set)',
      'value_error.pki.not_ca',
    );
  await checkChain(chain, 'certificate', p.app.now());
  const key = await parseKeyField(input.private_key, input.passphrase);
  if (key && !keyMatches(cert, key))
    throw new MaterialError(
      'private_key',
      'the private key does not belong to this certificate',
      'value_error.pki.key_mismatch',
    );
  // Link to a CA already here that signed it, so chains and exports are complete.
  let parentId: string | null = null;
  if (!summary.self_signed) {
    const candidates = p.app.db
      .prepare('SELECT id, cert_der FROM pki_cas WHERE subject = ?')
      .all(cert.issuer) as Array<{ id: string; cert_der: Buffer }>;
    for (const c of candidates) {
      const issuer = parseCertificateDer(c.cert_der, 'certificate');
      if (await cert.verify({ publicKey: issuer.publicKey, signatureOnly: true })) {
        parentId = c.id;
        break;
      }
    }
  }
  const id = crypto.randomUUID();
  inTransaction(p.app.db, () => {
    const keyId = key ? p.keys.put(key) : null;
    insertCa(p, {
      id,
      name: input.name,
      parent_id: parentId,
      key_id: keyId,
      cert_der: derOf(cert),
      chain_pem: parentId ? '' : rest.map((c) => certPem(derOf(c))).join(''),
      path_length: summary.path_length,
      source: 'imported',
      crl_validity_hours: input.crl_validity_hours ?? 168,
    });
  });
  pkiAudit(
    p,
    `CA "${auditText(input.name)}" (${cert.subject}) imported ${key ? 'with' : 'without'} its private key by "${auditText(by)}"`,
  );
  if (key) await p.onRevocationsChanged(id);
  return caDetail(p, id);
}

export function deleteCa(p: PkiContext, id: string, by: string): void {
  const row = getCaRow(p, id);
  inTransaction(p.app.db, () => {
    const children = p.app.db.prepare('SELECT COUNT(*) AS n FROM pki_cas WHERE parent_id = ?').get(id) as {
      n: number;
    };
    const certs = p.app.db.prepare('SELECT COUNT(*) AS n FROM pki_certificates WHERE ca_id = ?').get(id) as {
      n: number;
    };
    if (children.n || certs.n)
      throw new HttpError(409, [
        {
          loc: ['path', 'id'],
          msg: `this CA still has ${children.n} intermediate CA(s) and ${certs.n} certificate(s); delete them first`,
          type: 'value_error.pki.in_use',
          ctx: { cas: children.n, certificates: certs.n },
        },
      ]);
    p.app.db.prepare('DELETE FROM pki_cas WHERE id = ?').run(id);
    if (row.key_id) p.keys.delete(row.key_id);
  });
  pkiAudit(p, `CA "${auditText(row.name)}" (${row.subject}) deleted by "${auditText(by)}"`);
}
