/**
 * The home page's summary (`GET {api}dashboard`, network/dashboard.ts) is made of one part per area. A feature's part
 * reads that feature's own storage, so the code answering the request imports no feature: the assembly (index.ts)
 * registers each feature's part with its privilege area, and a part is asked only for an account that can read it.
 */
import type { DashboardSummary } from '../shared/dashboard';
import type { Area } from '../shared/privileges';
import type { ApplianceContext } from './context';

/** A feature's share of the summary (its own key, e.g. `{ dns: {…} }`). */
export type DashboardPart = (ctx: ApplianceContext) => Partial<Omit<DashboardSummary, 'host'>>;

interface RegisteredPart {
  area: Area;
  part: DashboardPart;
}

const registry = new WeakMap<ApplianceContext, RegisteredPart[]>();

export function addDashboardPart(ctx: ApplianceContext, area: Area, part: DashboardPart): void {
  const parts = registry.get(ctx) ?? [];
  parts.push({ area, part });
  registry.set(ctx, parts);
}

/** The registered parts, in registration order. */
export const dashboardParts = (ctx: ApplianceContext): readonly RegisteredPart[] => registry.get(ctx) ?? [];

/** The count of the summary's short lists (the soonest certificates, the recent failed sign-ins). */
export const DASHBOARD_LIST_LIMIT = 5;
