/**
 * Factory settings that depend on who runs the daemons: the embedded backend must not need root nor collide with
 * the host's own sshd, so its SSH starts on loopback at 2222; the host's service manager gets the standard port.
 * `RAMPART_SSH_PORT` chooses another. Written once, when the settings were never saved; from then on the saved
 * settings decide.
 */
import type { Config } from '../../../config';
import type { Db } from '../../storage/sqlite';
import { DEFAULT_SSH_SETTINGS, writeSshSettings } from './config';

export const factorySshPort = (c: Config) => c.sshPort || (c.services === 'embedded' ? 2222 : 22);

const never = (db: Db) => !db.prepare('SELECT 1 FROM ssh_settings WHERE id = 1').get();

export function seedSshFactory(db: Db, config: Config, now: number): void {
  const port = factorySshPort(config);
  const loopback = config.services === 'embedded';
  if ((port !== DEFAULT_SSH_SETTINGS.port || loopback) && never(db))
    writeSshSettings(
      db,
      { ...DEFAULT_SSH_SETTINGS, port, listen_addresses: loopback ? ['127.0.0.1'] : [] },
      now,
    );
}
