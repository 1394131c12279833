/** The certificates and revocation list pages: loading, empty, filled, one certificate (valid, revoked), one CRL. */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { ReactElement } from 'react';
import { CertificateDetailPage } from '../../../src/app/pages/system/certificates/CertificateDetailPage';
import { CertificateListPage } from '../../../src/app/pages/system/certificates/CertificateListPage';
import { CrlDetailPage } from '../../../src/app/pages/system/crls/CrlDetailPage';
import { CrlListPage } from '../../../src/app/pages/system/crls/CrlListPage';
import { StoryProviders } from '../../support/StoryProviders';
import { resourcesState } from '../../pages/fixtures';
import {
  certificateSummary,
  currentCrl,
  FIRST_PAGE,
  importedCa,
  paged,
  revokedCertificate,
  rootCa,
  webCertificate,
} from './fixtures';

const meta: Meta = { title: 'Screens/System/Certificates and CRLs', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const screen = (
  route: string,
  path: string,
  element: ReactElement,
  state: Parameters<typeof StoryProviders>[0]['state'],
) => ({
  render: () => <StoryProviders state={state} routes={[{ path: route, element }]} path={path} />,
});

const cas = { data: [rootCa, importedCa] };
const certs = { data: [webCertificate, revokedCertificate] };
const crls = {
  data: [currentCrl, { ...currentCrl, id: 'old', name: 'Lab root CRL #1', status: 'superseded', number: 1 }],
};

export const CertificatesLoading: Story = screen(
  '*',
  '/system/certificates',
  <CertificateListPage />,
  resourcesState(
    {},
    { [FIRST_PAGE.certificates]: 'loading', 'pki/certificates/summary': 'loading', 'pki/cas': 'loading' },
  ),
);
export const CertificatesEmpty: Story = screen(
  '*',
  '/system/certificates',
  <CertificateListPage />,
  resourcesState({
    [FIRST_PAGE.certificates]: paged([]),
    'pki/certificates/summary': {
      ...certificateSummary,
      total: 0,
      by_status: { valid: 0, expired: 0, revoked: 0, not_yet_valid: 0 },
      expiring: { days_7: 0, days_30: 0 },
      watched: [],
      watched_total: 0,
    },
    'pki/cas': cas,
  }),
);
export const CertificatesFilled: Story = screen(
  '*',
  '/system/certificates',
  <CertificateListPage />,
  resourcesState({
    [FIRST_PAGE.certificates]: paged(certs.data),
    'pki/certificates/summary': certificateSummary,
    'pki/cas': cas,
  }),
);
export const CertificateExpiringSoon: Story = screen(
  '/system/certificates/:id',
  `/system/certificates/${webCertificate.id}`,
  <CertificateDetailPage />,
  resourcesState({ 'pki/certificates': certs, [`pki/certificates/${webCertificate.id}`]: webCertificate }),
);
export const CertificateRevoked: Story = screen(
  '/system/certificates/:id',
  `/system/certificates/${revokedCertificate.id}`,
  <CertificateDetailPage />,
  resourcesState({
    'pki/certificates': certs,
    [`pki/certificates/${revokedCertificate.id}`]: revokedCertificate,
  }),
);
export const RevocationLists: Story = screen(
  '*',
  '/system/certificate-revocation-lists',
  <CrlListPage />,
  resourcesState({ [FIRST_PAGE.crls]: paged(crls.data), 'pki/cas': cas }),
);
export const RevocationListDetail: Story = screen(
  '/system/certificate-revocation-lists/:id',
  `/system/certificate-revocation-lists/${currentCrl.id}`,
  <CrlDetailPage />,
  resourcesState({ 'pki/crls': crls, [`pki/crls/${currentCrl.id}`]: currentCrl }),
);
