/**
 * /system/certificate-authorities/{id}: subject, issuer, validity, fingerprint, key usage, chain and CRL of one
 * authority; download its certificate (PEM, DER, chain) and CRL, publish a new CRL now, delete it. Downloads only
 * read: an account that may only read the PKI area keeps them, the rest is disabled.
 */
import { Chain } from '../common/Chain';
import { CertificateDownloads, DownloadLinks } from '../common/Downloads';
import { Facts } from '../common/Facts';
import { formatDate, keyUsageText, statusLabel, pkiDetail } from '../common/pki';
import {
  DetailSection,
  EntityAction,
  EntityDetailView,
  entityDetailPage,
} from '../../common/entity/EntityDetailPage';
import { CAS_KEY, caKey, CRLS_KEY } from '../resources';
import {
  deleteCa,
  getCaCertificateFile,
  getCaCrlFile,
  publishCrl,
  type CertificateAuthorityDetail,
} from '../../../../shared/contracts/pki';
import '../common/pki.css';

export const CA_DETAIL = pkiDetail<CertificateAuthorityDetail>({
  key: caKey,
  list: CAS_KEY,
  noun: 'Certificate authority',
  back: { to: '/system/certificate-authorities', label: 'Certificate authorities' },
});

function CaDetail({ entity: ca }: { entity: CertificateAuthorityDetail }) {
  const { id } = ca;
  return (
    <EntityDetailView
      actions={
        <>
          <CertificateDownloads endpoint={getCaCertificateFile} id={id} chainLabel="Download chain (PEM)" />
          {ca.has_private_key ? (
            <>
              <DownloadLinks endpoint={getCaCrlFile} id={id} links={[['Download CRL', { format: 'pem' }]]} />
              <EntityAction
                label="Publish CRL now"
                request={{
                  endpoint: publishCrl,
                  params: { id },
                  message: 'A new revocation list was published.',
                  refresh: [CAS_KEY, CRLS_KEY],
                }}
              />
            </>
          ) : null}
        </>
      }
      header={{
        badge: { label: statusLabel(ca.status), color: ca.status === 'valid' ? 'green' : 'red' },
        subtitle: ca.kind === 'root' ? 'Root certificate authority' : 'Intermediate certificate authority',
      }}
      remove={{
        endpoint: deleteCa,
        message: `Delete ${ca.name}? Its private key is destroyed. An authority with intermediates or certificates cannot be deleted.`,
        key: CAS_KEY,
        done: `Certificate authority ${ca.name} deleted.`,
      }}
    >
      <DetailSection title="Certificate">
        <Facts
          items={[
            ['Subject', ca.subject],
            ['Issuer', ca.issuer],
            ['Valid from', formatDate(ca.not_before)],
            ['Valid until', formatDate(ca.not_after)],
            ['Serial number', <code key="s">{ca.serial}</code>],
            ['SHA-256 fingerprint', <code key="f">{ca.fingerprint_sha256}</code>],
            ['Key', ca.key_algorithm],
            ['Signature', ca.signature_algorithm],
            ['Key usage', keyUsageText(ca.key_usage)],
            ['Path length', ca.path_length === null ? 'Unlimited' : String(ca.path_length)],
            ['Private key', ca.has_private_key ? 'Held (sealed) in the appliance' : 'Not held'],
            ['Source', ca.source === 'created' ? 'Created in the appliance' : 'Imported'],
          ]}
        />
      </DetailSection>
      <DetailSection title="Chain">
        <Chain links={ca.chain} />
      </DetailSection>
      <DetailSection title="Revocation">
        <Facts
          items={[
            ['Certificates issued', String(ca.certificates)],
            ['Revoked', String(ca.revoked)],
            [
              'Current CRL',
              ca.crl
                ? `Number ${ca.crl.number}, published ${formatDate(ca.crl.this_update)}, next by ${formatDate(ca.crl.next_update)}`
                : 'None',
            ],
            ['CRL validity', `${ca.crl_validity_hours} hours`],
          ]}
        />
      </DetailSection>
    </EntityDetailView>
  );
}

export const CaDetailPage = entityDetailPage(CA_DETAIL, CaDetail, { writableBy: 'pki' });
