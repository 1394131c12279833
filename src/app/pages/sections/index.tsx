import type { RouteModule } from '../../routing/types';
import { HELP_TITLE, HelpScreen } from '../help/HelpPage';
import { SHOP_TITLE, ShopScreen } from '../help/ShopPage';
import { PROFILE_TITLE, SIGN_INS_KEY, SignInsPage } from '../profile/SignInsPage';
import { resourceLoadRequested } from '../../../store/slices/resources.slice';

export const routes: Record<string, RouteModule> = {
  shop: { Component: ShopScreen, handle: { title: SHOP_TITLE } },
  help: { Component: HelpScreen, handle: { title: HELP_TITLE } },
  profile: {
    Component: SignInsPage,
    handle: { title: PROFILE_TITLE, prefetch: () => [resourceLoadRequested({ key: SIGN_INS_KEY })] },
  },
};
