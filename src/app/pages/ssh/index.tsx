import { placeholder } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';

export const routes: Record<string, RouteModule> = {
  config: placeholder(
    'SSH configuration',
    'The SSH service: listening address, port and allowed authentication methods.',
  ),
  password: placeholder('SSH password', 'The password of the appliance shell account.'),
};
