import { placeholder, placeholderDetail } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';

const detail = placeholderDetail;

export const routes: Record<string, RouteModule> = {
  users: placeholder('Users', 'Local users of the appliance.'),
  user: detail('User'),
  groups: placeholder('Groups', 'Groups of users and the rights they share.'),
  group: detail('Group'),
  services: placeholder('Services', 'Services that authenticate against the appliance.'),
  service: detail('Service'),
  providers: placeholder('Providers', 'External identity providers.'),
  provider: detail('Provider'),
  lockout: placeholder('Lockout', 'How many failed logins lock an account, and for how long.'),
};
