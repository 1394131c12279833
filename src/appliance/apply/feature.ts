/**
 * The apply engine as the assembly mounts it (../feature.ts): the managed features of the mount list (their
 * descriptors' `managed`, in mount order) and the service manager; the manager it makes is handed to the features
 * mounted after it (`deps.manager()`).
 */
import { defineFeature } from '../feature';
import { registerManagedServices } from './index';
import { applyMigrations } from './migrations';

export const applyFeature = defineFeature({
  name: 'apply',
  migrations: [{ namespace: 'apply', list: applyMigrations }],
  tables: ['apply_state', 'apply_confirmations'],
  routes: async (api, ctx, deps) => ({
    manager: await registerManagedServices(api, ctx, deps.jobs, deps.managed),
  }),
});
