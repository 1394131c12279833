/** The updates feature as the assembly mounts it (../feature.ts). */
import { defineFeature } from '../feature';
import { updatesDashboardPart } from './dashboard';
import { registerUpdates } from './index';
import { updatesMigrations } from './migrations';

export const updatesFeature = defineFeature({
  name: 'updates',
  area: 'updates',
  migrations: [{ namespace: 'updates', list: updatesMigrations }],
  tables: ['update_packages', 'update_history', 'update_settings'],
  sections: ['updates.settings'],
  offers: ['updatesAvailable'],
  dashboard: { area: 'updates', part: updatesDashboardPart },
  routes: (api, ctx, deps) => registerUpdates(api, ctx, deps.jobs),
});
