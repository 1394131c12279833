import { placeholder, placeholderDetail } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';

const detail = placeholderDetail;

export const routes: Record<string, RouteModule> = {
  acmeOrders: placeholder('ACME orders', 'Certificate orders placed with ACME certificate authorities.'),
  acmeOrder: detail('ACME order'),
  certificates: placeholder('Certificates', 'Certificates issued by or imported into the appliance.'),
  certificate: detail('Certificate'),
  certificateAuthorities: placeholder(
    'Certificate authorities',
    'Root and intermediate certificate authorities.',
  ),
  certificateAuthority: detail('Certificate authority'),
  revocationLists: placeholder(
    'Certificate revocation lists',
    'Revocation lists published by the appliance’s authorities.',
  ),
  revocationList: detail('Certificate revocation list'),
};
