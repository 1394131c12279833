/**
 * The home page's summary (`GET {api}dashboard`): the system contract's shape (contracts/system.ts), named here for
 * the appliance that answers it (src/appliance/network/dashboard.ts) and the view that shows it.
 */
export type { DaemonSummary, DashboardSummary } from './contracts/system';
