/** The console's page data (menu, messages, who-am-I) as the assembly mounts it (../feature.ts). */
import { defineFeature } from '../feature';
import { registerConsoleRoutes } from './routes';

export const consoleFeature = defineFeature({
  name: 'console',
  // Its tables (the menu's, the messages') are the kernel's first schema (../db/feature.ts).
  migrations: [],
  routes: (api, ctx, deps) => registerConsoleRoutes(api, ctx, deps.inProcessReads),
});
