import { layoutSettingsLoadRequested } from '../../../store/slices/layoutSettings.slice';
import type { RouteModule } from '../../routing/types';
import { LAYOUT_TITLE, LayoutSettingsPage } from './LayoutSettingsPage';

export const routes: Record<string, RouteModule> = {
  // The settings load before the server renders (and on client navigation).
  layout: {
    Component: LayoutSettingsPage,
    handle: { title: LAYOUT_TITLE, prefetch: () => [layoutSettingsLoadRequested()] },
  },
};
