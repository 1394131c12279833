import { placeholder, placeholderDetail } from '../common/PlaceholderPage';
import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import type { RouteModule } from '../../routing/types';
import { CaDetailPage } from './authorities/CaDetailPage';
import { CA_LIST_TITLE, CaListPage } from './authorities/CaListPage';
import { CertificateDetailPage } from './certificates/CertificateDetailPage';
import { CERTIFICATES_TITLE, CertificateListPage } from './certificates/CertificateListPage';
import { CrlDetailPage } from './crls/CrlDetailPage';
import { CRLS_TITLE, CrlListPage } from './crls/CrlListPage';
import { caKey, CAS_KEY, certificateKey, CERTIFICATES_KEY, crlKey, CRLS_KEY } from './types';
import { startFeatureSaga } from '../../../../sagas/featureSagas';
import { fileDownloadSaga } from '../../../../sagas/fileDownload.saga';

// Exports with the private key are POSTs whose answer the browser saves.
startFeatureSaga('fileDownload', fileDownloadSaga);

const detail = placeholderDetail;
const load = (key: string) => resourceLoadRequested({ key });

export const routes: Record<string, RouteModule> = {
  acmeOrders: placeholder('ACME orders', 'Certificate orders placed with ACME certificate authorities.'),
  acmeOrder: detail('ACME order'),
  certificates: {
    Component: CertificateListPage,
    handle: { title: CERTIFICATES_TITLE, prefetch: () => [load(CERTIFICATES_KEY), load(CAS_KEY)] },
  },
  certificate: {
    Component: CertificateDetailPage,
    handle: {
      title: 'Certificate',
      prefetch: ({ params }) => [load(CERTIFICATES_KEY), load(certificateKey(params.id ?? ''))],
    },
  },
  certificateAuthorities: {
    Component: CaListPage,
    handle: { title: CA_LIST_TITLE, prefetch: () => [load(CAS_KEY)] },
  },
  certificateAuthority: {
    Component: CaDetailPage,
    handle: {
      title: 'Certificate authority',
      prefetch: ({ params }) => [load(CAS_KEY), load(caKey(params.id ?? ''))],
    },
  },
  revocationLists: {
    Component: CrlListPage,
    handle: { title: CRLS_TITLE, prefetch: () => [load(CRLS_KEY)] },
  },
  revocationList: {
    Component: CrlDetailPage,
    handle: {
      title: 'Certificate revocation list',
      prefetch: ({ params }) => [load(CRLS_KEY), load(crlKey(params.id ?? ''))],
    },
  },
};
