/**
 * The kernel's first schema (namespace `appliance`, ./migrations.ts), migrated by the assembly before anything is
 * mounted: the accounts and sessions every request checks, the console's appearance and menu, jobs, the system state.
 */
import { defineFeature } from '../feature';
import { applianceMigrations } from './migrations';

export const applianceSchema = defineFeature({
  name: 'db',
  migrations: [{ namespace: 'appliance', list: applianceMigrations }],
  tables: [
    'users',
    'sessions',
    'lockout_policy',
    'ui_settings',
    'images',
    'menu_groups',
    'menu_children',
    'messages',
    'message_acceptances',
    'jobs',
    'config_revisions',
    'system_state',
    'login_attempts',
  ],
});
