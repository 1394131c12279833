import type { RouteModule } from '../../routing/types';
import { API_REFERENCE_TITLE, ApiReferenceScreen } from '../help/ApiReferencePage';
import { HELP_TITLE, HelpScreen } from '../help/HelpPage';
import { SHOP_TITLE, ShopScreen } from '../help/ShopPage';

export const routes: Record<string, RouteModule> = {
  shop: { Component: ShopScreen, handle: { title: SHOP_TITLE } },
  help: { Component: HelpScreen, handle: { title: HELP_TITLE } },
  apiReference: { Component: ApiReferenceScreen, handle: { title: API_REFERENCE_TITLE } },
};
