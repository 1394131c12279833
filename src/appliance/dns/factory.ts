/**
 * Factory settings that depend on who runs the daemons: the embedded backend must not need root nor collide with
 * the host's own resolver or sshd, so its DNS proxy and SSH start on loopback at 5353 and 2222; the host's service
 * manager gets the standard ports. `RAMPART_DNS_PORT` / `RAMPART_SSH_PORT` choose others. Written once, when the
 * settings were never saved; from then on the saved settings decide.
 */
import type { Config } from '../../../config';
import type { Db } from '../../storage/sqlite';
import { DEFAULT_DNS_SETTINGS, writeSettings } from '../dns/proxy';
import { DEFAULT_SSH_SETTINGS, writeSshSettings } from '../ssh/config';

export const factoryDnsPort = (c: Config) => c.dnsPort || (c.services === 'embedded' ? 5353 : 53);
export const factorySshPort = (c: Config) => c.sshPort || (c.services === 'embedded' ? 2222 : 22);

const never = (db: Db, table: string) => !db.prepare(`SELECT 1 FROM ${table} WHERE id = 1`).get();

export function seedDnsFactory(db: Db, config: Config, now: number): void {
  const port = factoryDnsPort(config);
  if (port !== DEFAULT_DNS_SETTINGS.port && never(db, 'dns_settings'))
    writeSettings(db, { ...DEFAULT_DNS_SETTINGS, port }, now);
}

export function seedSshFactory(db: Db, config: Config, now: number): void {
  const port = factorySshPort(config);
  const loopback = config.services === 'embedded';
  if ((port !== DEFAULT_SSH_SETTINGS.port || loopback) && never(db, 'ssh_settings'))
    writeSshSettings(
      db,
      { ...DEFAULT_SSH_SETTINGS, port, listen_addresses: loopback ? ['127.0.0.1'] : [] },
      now,
    );
}
