import { placeholder } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';

export const routes: Record<string, RouteModule> = {
  layout: placeholder('Layout settings', 'The console’s custom look: logos, login background and colours.'),
};
