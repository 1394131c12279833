import { placeholder } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';

export const routes: Record<string, RouteModule> = {
  update: placeholder('Updates', 'Available appliance updates and their installation.'),
};
