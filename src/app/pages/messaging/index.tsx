import { placeholder } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';

export const routes: Record<string, RouteModule> = {
  agreements: placeholder('Agreements', 'Agreements you have to accept before you continue.'),
};
