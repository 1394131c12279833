/**
 * The log store as the appliance declares it (../feature.ts): its table lives in the appliance's database (the
 * store is made from it, `deps.logSink`), its routes and syslog receiver are mounted beside the appliance by
 * src/server/embedded.ts (./mount.ts), so it has no mount step here.
 */
import { defineFeature } from '../feature';
import { logMigrations } from './store';

export const logsFeature = defineFeature({
  name: 'logs',
  area: 'logs',
  migrations: [{ namespace: 'logs', list: logMigrations }],
  tables: ['logs'],
});
