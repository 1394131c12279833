/**
 * The network preferences whose change can cut the admin off the console (it may be reached by the appliance's
 * name), with their labels: one list, read by safe apply (the confirmation window, managed.ts) and by the
 * configuration plan's marking (section.ts).
 */
import type { NetworkPreferences } from '../../shared/contracts/system';

export const NETWORK_LOCKOUT_FIELDS: ReadonlyArray<readonly [keyof NetworkPreferences, string]> = [
  ['hostname', 'host name'],
  ['domain', 'domain'],
];
