/** The shop page. */
import type { RouteModule } from '../../routing/types';
import { SHOP_TITLE, ShopScreen } from '../help/ShopPage';

export const routes: Record<string, RouteModule> = {
  shop: { Component: ShopScreen, handle: { title: SHOP_TITLE } },
};
