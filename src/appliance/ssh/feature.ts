/** SSH as the assembly mounts it (../feature.ts): managed by the apply engine. */
import { defineFeature } from '../feature';
import { sshDaemon } from './daemon';
import { sshDashboardPart } from './dashboard';
import { registerSsh } from './index';
import { sshMigrations } from './migrations';

export const sshFeature = defineFeature({
  name: 'ssh',
  area: 'ssh',
  migrations: [{ namespace: 'ssh', list: sshMigrations }],
  tables: ['ssh_settings', 'ssh_lists', 'ssh_shell_password'],
  sections: ['ssh'],
  dashboard: { area: 'ssh', part: sshDashboardPart },
  managed: { register: registerSsh, daemon: sshDaemon },
});
