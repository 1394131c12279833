/**
 * The network preferences' configuration section, written as the Network preferences page saves them
 * (preferences.ts); the plan marks the lock-out-prone fields safe apply watches (lockout.ts).
 */
import type { ApplianceContext } from '../context';
import { registerSection, type Entities } from '../revisions/sections';
import { checked, knownIds, plainObject, rules } from '../revisions/sectionKit';
import { networkPreferences, type NetworkPreferences } from '../../shared/contracts/system';
import { NETWORK_LOCKOUT_FIELDS } from './lockout';
import { checkPreferences, clearPreferences, readPreferences, writePreferences } from './preferences';

export function registerNetworkSection(ctx: ApplianceContext, zones: ReadonlySet<string>): void {
  registerSection(ctx, {
    name: 'network.preferences',
    area: 'network',
    label: 'Network preferences',
    paths: ['/network/preferences'],
    read: (db): Entities => {
      const p = readPreferences(db);
      // Until saved, the preferences are the host's own: nothing the console configured.
      return p.updatedAt === null ? {} : { preferences: plainObject(p.value) };
    },
    title: () => 'Network preferences',
    fields: { dns_servers: { label: 'DNS servers' }, ntp_servers: { label: 'NTP servers' } },
    lockoutProne: () => NETWORK_LOCKOUT_FIELDS.map(([field]) => field),
    service: 'network',
    write: (db, entities, now) => {
      const name = 'network.preferences';
      knownIds(name, entities, [], ['preferences']);
      // Leaving the preferences out goes back to the host's own: nothing the console configured.
      if (!entities.preferences) {
        clearPreferences(db);
        return;
      }
      const p = checked<NetworkPreferences>(networkPreferences, name, 'preferences', entities.preferences);
      rules(name, 'preferences', checkPreferences(p, zones));
      writePreferences(db, p, now, 'configuration document');
    },
  });
}
