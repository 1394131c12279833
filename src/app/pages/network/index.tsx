import { placeholder } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';

export const routes: Record<string, RouteModule> = {
  overview: placeholder('Network overview', 'Interfaces, addresses and link state of the appliance.'),
  analytics: placeholder('Network analytics', 'Traffic by interface, protocol and host.'),
  preferences: placeholder(
    'Network preferences',
    'Addressing, routing and name resolution of the appliance.',
  ),
};
