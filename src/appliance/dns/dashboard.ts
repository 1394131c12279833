/** The DNS proxy's part of the home page's summary (../dashboard.ts): its saved settings. */
import type { DashboardPart } from '../dashboard';
import { readSettings } from './proxy';

export const dnsDashboardPart: DashboardPart = (ctx) => {
  const s = readSettings(ctx.db);
  return { dns: { enabled: s.enabled, port: s.port, dnssec: s.dnssec } };
};
