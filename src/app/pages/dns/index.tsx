import { placeholder } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';

export const routes: Record<string, RouteModule> = {
  proxy: placeholder('DNS proxy', 'Forwarders, local zones and cache settings of the DNS proxy.'),
  dynamic: placeholder('Dynamic DNS', 'Dynamic DNS providers and the host names they keep up to date.'),
};
