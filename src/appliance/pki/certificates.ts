/**
 * Certificates: the stored rows and what the API shows of them (list row, detail with its chain), storing a new one
 * (its key sealed), revoking and deleting. Issuing and signing (./certificateIssue.ts), importing
 * (./certificateImport.ts) and exporting with the key (./certificateExport.ts) build on it. Every export of a
 * private key, creation, revocation and deletion is audited.
 */
import crypto from 'node:crypto';
import { auditText } from '../audit';
import { inTransaction } from '../context';
import { HttpError, notFound } from '../http/errors';
import { caChainDer } from './cas';
import { type PkiContext, pkiAudit } from './context';
import {
  certPem,
  certStatus,
  derOf,
  fingerprint,
  parseCertificateDer,
  parseCertificates,
  sansOf,
  storedSummary,
  summarize,
  x509,
  type Sans,
} from './x509';
import { toOneLine } from '../../lib/validation/text';
import {
  ISSUE_PROFILES,
  REVOCATION_REASONS,
  type Certificate,
  type CertificateDetail,
  type IssueProfile,
  type RevocationReason,
} from '../../shared/contracts/pki';

export type Profile = IssueProfile;

export const PROFILES: Profile[] = [...ISSUE_PROFILES];

export { REVOCATION_REASONS, type RevocationReason };

export const REASON_CODES: Record<RevocationReason, x509.X509CrlReason> = {
  unspecified: x509.X509CrlReason.unspecified,
  key_compromise: x509.X509CrlReason.keyCompromise,
  ca_compromise: x509.X509CrlReason.cACompromise,
  affiliation_changed: x509.X509CrlReason.affiliationChanged,
  superseded: x509.X509CrlReason.superseded,
  cessation_of_operation: x509.X509CrlReason.cessationOfOperation,
  certificate_hold: x509.X509CrlReason.certificateHold,
  privilege_withdrawn: x509.X509CrlReason.privilegeWithdrawn,
};

export interface CertRow {
  id: string;
  name: string;
  ca_id: string | null;
  key_id: string | null;
  cert_der: Buffer;
  chain_pem: string;
  profile: Profile | 'other';
  source: 'issued' | 'csr' | 'imported' | 'acme';
  subject: string;
  issuer: string;
  serial: string;
  fingerprint_sha256: string;
  sans: string;
  not_before: number;
  not_after: number;
  revoked_at: number | null;
  revocation_reason: RevocationReason | null;
  renewed_from: string | null;
  created_at: number;
}

export const unprocessable = (loc: Array<string | number>, msg: string, type = 'value_error.pki') =>
  new HttpError(422, [{ loc, msg, type }]);

export function getCertRow(p: PkiContext, id: string): CertRow {
  const row = p.app.db.prepare('SELECT * FROM pki_certificates WHERE id = ?').get(id) as CertRow | undefined;
  if (!row) throw notFound('Certificate does not exist');
  return row;
}

/** Which parts of the appliance use a certificate (each user registers a hook on the PKI context). */
export const usedBy = (p: PkiContext, certId: string): string[] => p.usedBy.flatMap((hook) => hook(certId));

export function certView(p: PkiContext, row: CertRow): Certificate {
  const s = storedSummary(row.cert_der);
  const ca = row.ca_id
    ? (p.app.db.prepare('SELECT name FROM pki_cas WHERE id = ?').get(row.ca_id) as
        { name: string } | undefined)
    : undefined;
  const renewal = p.app.db
    .prepare('SELECT id FROM pki_certificates WHERE renewed_from = ? ORDER BY created_at DESC LIMIT 1')
    .get(row.id) as { id: string } | undefined;
  return {
    id: row.id,
    name: row.name,
    ca_id: row.ca_id,
    ca_name: ca?.name ?? null,
    profile: row.profile,
    source: row.source,
    status: certStatus(row.not_before, row.not_after, row.revoked_at, p.app.now()),
    common_name: s.common_name,
    subject: row.subject,
    issuer: row.issuer,
    serial: row.serial,
    sans: JSON.parse(row.sans) as Sans,
    not_before: new Date(row.not_before).toISOString(),
    not_after: new Date(row.not_after).toISOString(),
    key_algorithm: s.key_algorithm,
    has_private_key: row.key_id !== null,
    fingerprint_sha256: row.fingerprint_sha256,
    revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
    revocation_reason: row.revocation_reason,
    renewed_from: row.renewed_from,
    renewed_by: renewal?.id ?? null,
    used_by: usedBy(p, row.id),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function certDetail(p: PkiContext, id: string): CertificateDetail {
  const row = getCertRow(p, id);
  const s = storedSummary(row.cert_der);
  return {
    ...certView(p, row),
    signature_algorithm: s.signature_algorithm,
    key_usage: s.key_usage,
    extended_key_usage: s.extended_key_usage,
    crl_distribution_points: s.crl_distribution_points,
    chain: certChainDer(p, row)
      .slice(1)
      .map((der) => {
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

/** The certificate, then its issuers as far as known. */
export function certChainDer(p: PkiContext, row: CertRow): Buffer[] {
  if (row.ca_id) return [row.cert_der, ...caChainDer(p, row.ca_id)];
  return [row.cert_der, ...(row.chain_pem ? parseCertificates(row.chain_pem, 'chain').map(derOf) : [])];
}

interface InsertValues {
  name: string;
  caId: string | null;
  key: crypto.KeyObject | null;
  cert: x509.X509Certificate;
  chainPem?: string;
  profile: CertRow['profile'];
  source: CertRow['source'];
  renewedFrom?: string | null;
}

/** Stores a certificate (and its key, sealed); call inside the request's transaction. */
export function insertCertificate(p: PkiContext, v: InsertValues): string {
  const der = derOf(v.cert);
  const fp = fingerprint(der);
  const dup = p.app.db.prepare('SELECT id FROM pki_certificates WHERE fingerprint_sha256 = ?').get(fp) as
    { id: string } | undefined;
  if (dup)
    throw new HttpError(409, [
      {
        loc: ['body', 'certificate'],
        msg: 'this certificate is already in the appliance',
        type: 'value_error.pki.duplicate',
        ctx: { id: dup.id },
      },
    ]);
  const id = crypto.randomUUID();
  const keyId = v.key ? p.keys.put(v.key) : null;
  p.app.db
    .prepare(
      `INSERT INTO pki_certificates (id, name, ca_id, key_id, cert_der, chain_pem, profile, source, subject, issuer, serial,
         fingerprint_sha256, sans, not_before, not_after, renewed_from, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      v.name,
      v.caId,
      keyId,
      der,
      v.chainPem ?? '',
      v.profile,
      v.source,
      v.cert.subject,
      v.cert.issuer,
      v.cert.serialNumber.toLowerCase(),
      fp,
      JSON.stringify(sansOf(v.cert)),
      v.cert.notBefore.getTime(),
      v.cert.notAfter.getTime(),
      v.renewedFrom ?? null,
      p.app.now(),
    );
  return id;
}

/** The given name, else the certificate's own (one line, like every name a person typed). */
export const displayName = (name: string | undefined, cert: x509.X509Certificate) =>
  name ?? toOneLine(cert.subjectName.getField('CN')[0] ?? cert.subject.slice(0, 128));

export async function revokeCertificate(p: PkiContext, id: string, reason: RevocationReason, by: string) {
  const row = markRevoked(p, id, reason, by);
  await p.onRevocationsChanged(row.ca_id as string);
  return certDetail(p, id);
}

/**
 * Records a revocation (refused for a certificate no appliance CA issued, or one already revoked) and audits it;
 * the caller has the CA publish a new CRL (`onRevocationsChanged`), once per CA for a bulk revocation.
 */
export function markRevoked(p: PkiContext, id: string, reason: RevocationReason, by: string): CertRow {
  const row = getCertRow(p, id);
  if (!row.ca_id)
    throw unprocessable(
      ['path', 'id'],
      'only certificates issued by an appliance CA can be revoked here',
      'value_error.pki.not_revocable',
    );
  if (row.revoked_at !== null)
    throw new HttpError(409, [
      { loc: ['path', 'id'], msg: 'this certificate is already revoked', type: 'value_error.pki.revoked' },
    ]);
  inTransaction(p.app.db, () =>
    p.app.db
      .prepare('UPDATE pki_certificates SET revoked_at = ?, revocation_reason = ? WHERE id = ?')
      .run(p.app.now(), reason, id),
  );
  pkiAudit(
    p,
    `certificate "${auditText(row.name)}" (${row.subject}, serial ${row.serial}) revoked (${reason}) by "${auditText(by)}"`,
  );
  return row;
}

export function deleteCertificate(p: PkiContext, id: string, by: string): void {
  const row = getCertRow(p, id);
  const used = usedBy(p, id);
  if (used.length)
    throw new HttpError(409, [
      {
        loc: ['path', 'id'],
        msg: `this certificate is in use: ${used.join(', ')}`,
        type: 'value_error.pki.in_use',
        ctx: { used_by: used },
      },
    ]);
  // A revoked certificate stays listed on its CA's CRL until it expires.
  if (row.ca_id && row.revoked_at !== null && row.not_after > p.app.now())
    throw new HttpError(409, [
      {
        loc: ['path', 'id'],
        msg: 'a revoked certificate stays (on the CRL) until it expires',
        type: 'value_error.pki.on_crl',
      },
    ]);
  inTransaction(p.app.db, () => {
    p.app.db.prepare('UPDATE pki_certificates SET renewed_from = NULL WHERE renewed_from = ?').run(id);
    p.app.db.prepare('DELETE FROM pki_certificates WHERE id = ?').run(id);
    if (row.key_id) p.keys.delete(row.key_id);
  });
  pkiAudit(p, `certificate "${auditText(row.name)}" (${row.subject}) deleted by "${auditText(by)}"`);
}
