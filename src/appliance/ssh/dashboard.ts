/** SSH's part of the home page's summary (../dashboard.ts): its saved settings. */
import type { DashboardPart } from '../dashboard';
import { readSshSettings } from './config';

export const sshDashboardPart: DashboardPart = (ctx) => {
  const s = readSshSettings(ctx.db);
  return {
    ssh: {
      enabled: s.enabled,
      port: s.port,
      password_authentication: s.password_authentication,
      permit_root_login: s.permit_root_login,
    },
  };
};
