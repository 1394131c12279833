/** The console's appearance (colours, images, the login page) as the assembly mounts it (../feature.ts). */
import { defineFeature } from '../feature';
import { registerSettingsRoutes } from './routes';

export const settingsFeature = defineFeature({
  name: 'settings',
  area: 'settings',
  // Its tables (`ui_settings`, `images`) are the kernel's first schema (../db/feature.ts).
  migrations: [],
  sections: ['settings.layout'],
  routes: (api, ctx, deps) => registerSettingsRoutes(api, ctx, deps.inProcessReads),
});
