/** The fleet as the assembly mounts it (../feature.ts): each audit record goes to the fleet once joined. */
import { defineFeature } from '../feature';
import { outboxMigrations } from './agent/outbox';
import { fleetStateMigrations } from './consumer/store';
import { registerFleet } from './index';
import { fleetMigrations } from './migrations';

export const fleetFeature = defineFeature({
  name: 'fleet',
  area: 'fleet',
  migrations: [
    { namespace: 'fleet_enrolment', list: fleetMigrations },
    { namespace: 'fleet_state', list: fleetStateMigrations },
    { namespace: 'fleet_agent', list: outboxMigrations },
  ],
  tables: [
    'fleet_settings',
    'fleet_material',
    'fleet_appliances',
    'fleet_history',
    'fleet_enrol_attempts',
    'fleet_membership',
    'fleet_groups',
    'fleet_states',
    'fleet_events',
    'fleet_drops',
    'fleet_outbox',
    'fleet_outbox_status',
  ],
  sections: ['settings.fleet'],
  routes: async (api, ctx, deps) => {
    await registerFleet(api, ctx, { auditChain: deps.auditChain });
  },
});
