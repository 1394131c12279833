import { placeholder } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';

export const routes: Record<string, RouteModule> = {
  home: placeholder('Console', 'An overview of the appliance’s state.'),
};
