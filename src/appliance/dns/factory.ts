/**
 * Factory settings that depend on who runs the daemons: the embedded backend must not need root nor collide with
 * the host's own resolver, so its DNS proxy starts on loopback at 5353; the host's service manager gets the standard
 * port. `RAMPART_DNS_PORT` chooses another. Written once, when the settings were never saved; from then on the saved
 * settings decide.
 */
import type { Config } from '../../../config';
import type { Db } from '../../storage/sqlite';
import { DEFAULT_DNS_SETTINGS, writeSettings } from './proxy';

export const factoryDnsPort = (c: Config) => c.dnsPort || (c.services === 'embedded' ? 5353 : 53);

const never = (db: Db) => !db.prepare('SELECT 1 FROM dns_settings WHERE id = 1').get();

export function seedDnsFactory(db: Db, config: Config, now: number): void {
  const port = factoryDnsPort(config);
  if (port !== DEFAULT_DNS_SETTINGS.port && never(db))
    writeSettings(db, { ...DEFAULT_DNS_SETTINGS, port }, now);
}
