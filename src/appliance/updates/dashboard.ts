/** The updates' part of the home page's summary (../dashboard.ts): newer packages of the channel, the last check. */
import type { DashboardPart } from '../dashboard';
import { currentVersion, newerPackages, readSettings } from './store';

export const updatesDashboardPart: DashboardPart = (ctx) => {
  const { db } = ctx;
  const settings = readSettings(db);
  const current = currentVersion(db);
  const newer = newerPackages(db);
  return {
    updates: {
      current_version: current,
      available: newer.length,
      security: newer.filter((p) => p.security).length,
      newest: newer[0]?.version ?? null,
      last_check_at: settings.last_check_at,
      last_check_error: settings.last_check_error,
    },
  };
};
