import { placeholder, placeholderDetail } from '../common/PlaceholderPage';
import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import type { RouteModule } from '../../routing/types';
import { CaDetailPage } from './authorities/CaDetailPage';
import { CA_LIST_TITLE, CaListPage } from './authorities/CaListPage';
import { caKey, CAS_KEY } from './types';

const detail = placeholderDetail;
const load = (key: string) => resourceLoadRequested({ key });

export const routes: Record<string, RouteModule> = {
  acmeOrders: placeholder('ACME orders', 'Certificate orders placed with ACME certificate authorities.'),
  acmeOrder: detail('ACME order'),
  certificates: placeholder('Certificates', 'Certificates issued by or imported into the appliance.'),
  certificate: detail('Certificate'),
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
  revocationLists: placeholder(
    'Certificate revocation lists',
    'Revocation lists published by the appliance’s authorities.',
  ),
  revocationList: detail('Certificate revocation list'),
};
