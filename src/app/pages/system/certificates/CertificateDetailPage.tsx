/**
 * /system/certificates/{id}: subject, issuer, names, validity, fingerprint, extensions, chain and what uses the
 * certificate; download (PEM, DER, chain), export with the key, renew in one click, revoke, delete. Downloads of the
 * certificate only read: an account that may only read the PKI area keeps them; the export with the key (a POST the
 * appliance audits) and the rest are disabled.
 */
import { isLoopbackAddress, LOOPBACK_CRL_WARNING } from '../../../../shared/loopback';
import { useState } from 'react';
import { Link } from 'react-router';
import { Chain } from '../common/Chain';
import { CertificateDownloads } from '../common/Downloads';
import { Facts } from '../common/Facts';
import {
  daysLeft,
  EXPIRY_WARNING_DAYS,
  extendedKeyUsageText,
  formatDate,
  keyUsageText,
  statusLabel,
  pkiDetail,
} from '../common/pki';
import {
  DetailSection,
  EntityAction,
  EntityDetailView,
  entityDetailPage,
} from '../../common/entity/EntityDetailPage';
import { CAS_KEY, CERTIFICATES_KEY, certificateKey } from '../resources';
import {
  deleteCertificate,
  getCertificateFile,
  renewCertificate,
  type CertificateDetail,
} from '../../../../shared/contracts/pki';
import { ExportModal } from './ExportModal';
import { REASONS, RevokeModal } from './RevokeModal';
import '../common/pki.css';
import { useReadOnly } from '../../common/config/ReadOnly';

const join = (values: readonly string[]) => (values.length ? values.join(', ') : '');

// Not the list: it may hold ten thousand certificates (the entity's own load says when it is unknown).
export const CERTIFICATE_DETAIL = pkiDetail<CertificateDetail>({
  key: certificateKey,
  noun: 'Certificate',
  back: { to: '/system/certificates', label: 'Certificates' },
});

function CertificateView({ entity: cert }: { entity: CertificateDetail }) {
  const readOnly = useReadOnly();
  const { id } = cert;
  const [dialog, setDialog] = useState<'export' | 'revoke' | null>(null);
  const left = daysLeft(cert.not_after);
  const renewable = cert.ca_id !== null && cert.profile !== 'other' && !cert.renewed_by;
  const revocable = cert.ca_id !== null && cert.status !== 'revoked';
  const notice =
    cert.status === 'revoked'
      ? {
          text: `Revoked ${formatDate(cert.revoked_at)} (${REASONS.find((r) => r.value === cert.revocation_reason)?.name ?? 'unspecified'}).`,
          level: 'error' as const,
        }
      : left < 0
        ? { text: 'This certificate has expired.', level: 'error' as const }
        : left < EXPIRY_WARNING_DAYS
          ? {
              text: `This certificate expires in ${left} day${left === 1 ? '' : 's'}.`,
              level: 'warning' as const,
            }
          : undefined;
  return (
    <EntityDetailView
      actions={
        <>
          <CertificateDownloads
            endpoint={getCertificateFile}
            id={id}
            chainLabel="Download with chain (PEM)"
          />
          {cert.has_private_key ? (
            <button type="button" className="button" disabled={readOnly} onClick={() => setDialog('export')}>
              Export with private key
            </button>
          ) : null}
          {renewable ? (
            <EntityAction
              label="Renew"
              request={{
                endpoint: renewCertificate,
                params: { id },
                body: {},
                message: `${cert.name} renewed: a new certificate with the same names was issued.`,
                refresh: [CERTIFICATES_KEY, CAS_KEY],
              }}
            />
          ) : null}
          {revocable ? (
            <button
              type="button"
              className="button button--danger"
              disabled={readOnly}
              onClick={() => setDialog('revoke')}
            >
              Revoke
            </button>
          ) : null}
        </>
      }
      header={{
        badge: { label: statusLabel(cert.status), color: cert.status === 'valid' ? 'green' : 'red' },
        subtitle: `${cert.profile === 'other' ? 'Certificate' : `${cert.profile[0].toUpperCase()}${cert.profile.slice(1)} certificate`}`,
        statusNotice: notice,
      }}
      remove={{
        endpoint: deleteCertificate,
        message: `Delete ${cert.name} and its private key? A certificate in use, or revoked and not yet expired, cannot be deleted.`,
        key: CERTIFICATES_KEY,
        done: `${cert.name} deleted.`,
        refresh: [CAS_KEY],
      }}
    >
      <DetailSection title="Certificate">
        <Facts
          items={[
            ['Subject', cert.subject],
            ['Issuer', cert.issuer],
            [
              'Authority',
              cert.ca_id ? (
                <Link key="ca" to={`/system/certificate-authorities/${cert.ca_id}`}>
                  {cert.ca_name}
                </Link>
              ) : (
                'Not an authority of this appliance'
              ),
            ],
            ['DNS names', join(cert.sans.dns)],
            ['IP addresses', join(cert.sans.ip)],
            ['URIs', join(cert.sans.uri)],
            ['E-mail addresses', join(cert.sans.email)],
            ['Valid from', formatDate(cert.not_before)],
            ['Valid until', formatDate(cert.not_after)],
            ['Serial number', <code key="s">{cert.serial}</code>],
            ['SHA-256 fingerprint', <code key="f">{cert.fingerprint_sha256}</code>],
            ['Key', cert.key_algorithm],
            ['Private key', cert.has_private_key ? 'Held (sealed) in the appliance' : 'Not held'],
            [
              'Renewed from',
              cert.renewed_from ? (
                <Link key="rf" to={`/system/certificates/${cert.renewed_from}`}>
                  the previous certificate
                </Link>
              ) : null,
            ],
            [
              'Renewed by',
              cert.renewed_by ? (
                <Link key="rb" to={`/system/certificates/${cert.renewed_by}`}>
                  the renewal
                </Link>
              ) : null,
            ],
          ]}
        />
      </DetailSection>
      <DetailSection title="Used by">
        {cert.used_by.length ? (
          <ul>
            {cert.used_by.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        ) : (
          <p>Nothing in the appliance uses this certificate.</p>
        )}
      </DetailSection>
      <DetailSection title="Extensions">
        <Facts
          items={[
            ['Signature', cert.signature_algorithm],
            ['Key usage', keyUsageText(cert.key_usage)],
            ['Extended key usage', extendedKeyUsageText(cert.extended_key_usage)],
            ['CRL distribution points', join(cert.crl_distribution_points)],
          ]}
        />
        {cert.crl_distribution_points.filter(isLoopbackAddress).map((url) => (
          <p key={url} className="config-field__warning" role="note">
            <strong>{url}</strong>:{' '}
            {LOOPBACK_CRL_WARNING.replace('before issuing certificates', 'and reissue certificates')}
          </p>
        ))}
      </DetailSection>
      <DetailSection title="Chain">
        <Chain links={cert.chain} />
      </DetailSection>
      {dialog === 'export' && !readOnly ? (
        <ExportModal certificate={cert} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'revoke' && !readOnly ? (
        <RevokeModal id={id} name={cert.name} onClose={() => setDialog(null)} />
      ) : null}
    </EntityDetailView>
  );
}

export const CertificateDetailPage = entityDetailPage(CERTIFICATE_DETAIL, CertificateView, {
  writableBy: 'pki',
});
