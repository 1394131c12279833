/**
 * Remote syslog as the assembly mounts it (../feature.ts). The forwarder itself starts before the mount (index.ts
 * `startForwarder`: it must hear the first start's audit records); this mounts its targets' routes.
 */
import { defineFeature } from '../feature';
import { forwarderOf, registerForwardingRoutes } from './index';
import { forwardingMigrations } from './migrations';

export const forwardingFeature = defineFeature({
  name: 'forwarding',
  area: 'settings',
  migrations: [{ namespace: 'forwarding', list: forwardingMigrations }],
  tables: ['forwarding_targets', 'forwarding_queue', 'forwarding_status'],
  sections: ['settings.log_forwarding'],
  routes: (api, ctx) => {
    registerForwardingRoutes(api, ctx, () => {
      const forwarder = forwarderOf(ctx);
      if (!forwarder) throw new Error('the forwarder was not started before the mount');
      return forwarder;
    });
  },
});
