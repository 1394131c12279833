/**
 * /system/certificate-revocation-lists/{id}: issuer, number, dates, the revoked serials and downloads. Nothing here
 * changes anything: an account that may only read the PKI area sees it all, with the read-only notice.
 */
import { Link } from 'react-router';
import { DataTable } from '../../../../widgets/DataTable';
import { DownloadLinks } from '../common/Downloads';
import { Facts } from '../common/Facts';
import { formatDate, pkiDetail } from '../common/pki';
import { DetailSection, EntityDetailView, entityDetailPage } from '../../common/entity/EntityDetailPage';
import { REASONS } from '../certificates/RevokeModal';
import { CRLS_KEY, crlKey } from '../resources';
import { getCrlFile, type RevocationListDetail } from '../../../../shared/contracts/pki';
import { CRL_STATUS } from './CrlListPage';
import '../common/pki.css';

export const CRL_DETAIL = pkiDetail<RevocationListDetail>({
  key: crlKey,
  list: CRLS_KEY,
  noun: 'Revocation list',
  back: { to: '/system/certificate-revocation-lists', label: 'Revocation lists' },
});

function CrlDetail({ entity: crl }: { entity: RevocationListDetail }) {
  return (
    <EntityDetailView
      actions={
        <DownloadLinks
          endpoint={getCrlFile}
          id={crl.id}
          links={[
            ['Download CRL (PEM)', { format: 'pem' }],
            ['Download CRL (DER)', { format: 'der' }],
          ]}
        />
      }
      header={{
        badge: {
          label: CRL_STATUS[crl.status].label,
          color: crl.status === 'current' ? 'green' : crl.status === 'expired' ? 'red' : 'grey',
        },
      }}
    >
      <DetailSection title="Revocation list">
        <Facts
          items={[
            ['Issuer', crl.issuer],
            [
              'Authority',
              crl.ca_id ? (
                <Link key="ca" to={`/system/certificate-authorities/${crl.ca_id}`}>
                  {crl.ca_name}
                </Link>
              ) : (
                'Not an authority of this appliance'
              ),
            ],
            ['CRL number', crl.number === null ? '—' : String(crl.number)],
            ['Published', formatDate(crl.this_update)],
            ['Next update', formatDate(crl.next_update)],
            ['Signature', crl.signature_algorithm],
            ['Source', crl.source === 'generated' ? 'Published by the appliance' : 'Imported'],
          ]}
        />
      </DetailSection>
      <DataTable
        caption="Revoked certificates"
        showCaption
        legend={[{ title: 'Serial number' }, { title: 'Revoked' }, { title: 'Reason' }]}
        rows={crl.revoked.map((r) => ({
          id: r.serial,
          items: [
            { value: r.serial },
            { value: formatDate(r.revocation_date), sortValue: Date.parse(r.revocation_date) },
            { value: REASONS.find((x) => x.value === r.reason)?.name ?? 'Unspecified' },
          ],
        }))}
        searchLabel="Search revoked certificates"
        emptyMessage="No certificate is revoked on this list."
      />
    </EntityDetailView>
  );
}

export const CrlDetailPage = entityDetailPage(CRL_DETAIL, CrlDetail, { writableBy: 'pki' });
