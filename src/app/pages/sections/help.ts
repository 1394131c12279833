/** The help pages (the route table's `area-sections`). */
import type { RouteModule } from '../../routing/types';
import { HELP_TITLE, HelpScreen } from '../help/HelpPage';

export const routes: Record<string, RouteModule> = {
  help: { Component: HelpScreen, handle: { title: HELP_TITLE } },
};
