import { placeholder } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';

export const routes: Record<string, RouteModule> = {
  shop: placeholder('Shop', 'Licences and add-ons for the appliance.'),
  help: placeholder('Help', 'Documentation and support for the appliance.'),
};
