/** Backups as the assembly mounts them (../feature.ts): its dashboard part is added by ./index.ts (it needs the runs). */
import { defineFeature } from '../feature';
import { registerBackups } from './index';
import { backupMigrations } from './migrations';

export const backupsFeature = defineFeature({
  name: 'backups',
  area: 'settings',
  migrations: [{ namespace: 'backups', list: backupMigrations }],
  tables: ['backup_restores', 'backup_targets', 'backup_settings', 'backup_runs'],
  sections: ['settings.backups'],
  routes: (api, ctx, deps) => {
    registerBackups(api, ctx, deps.jobs, deps.manager());
  },
});
