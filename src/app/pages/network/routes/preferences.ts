/** Network preferences. */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import {
  NETWORK_PREFERENCES_KEY,
  NETWORK_PREFERENCES_PREVIEW_KEY,
  NetworkPreferencesPage,
  PREFERENCES_TITLE,
} from '../NetworkPreferences';

export const routes: Record<string, RouteModule> = {
  preferences: {
    Component: NetworkPreferencesPage,
    handle: {
      title: PREFERENCES_TITLE,
      prefetch: () => [
        resourceLoadRequested({ key: NETWORK_PREFERENCES_KEY }),
        resourceLoadRequested({ key: NETWORK_PREFERENCES_PREVIEW_KEY }),
      ],
    },
  },
};
