import { placeholder } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';

export const routes: Record<string, RouteModule> = {
  overview: placeholder('Live logs', 'The live log report of every appliance service.'),
};
