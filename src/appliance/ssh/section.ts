/**
 * The SSH configuration section: the service's settings and authorised keys, written as the managed service
 * restores them (config.ts); the shell password is a marker a document cannot change. The plan marks the
 * lock-out-prone fields safe apply watches (lockout.ts).
 */
import type { ApplianceContext } from '../context';
import type { Db } from '../../storage/sqlite';
import { portClashes } from '../apply/ports';
import { registerSection, type Entities, type Json } from '../revisions/sections';
import { secretKey, secretMarker } from '../revisions/secrets';
import {
  requiredEntity,
  keyed,
  knownIds,
  listItems,
  plainObject,
  rules,
  unchanged,
} from '../revisions/sectionKit';
import * as sshContract from '../../shared/contracts/ssh';
import { checkSshSettings, readSshSnapshot, restoreSshSnapshot } from './config';
import { SSH_LOCKOUT_FIELDS } from './lockout';

export function registerSshSection(ctx: ApplianceContext): void {
  let key: Buffer | null = null;
  const marker = (v: string | null | undefined) => secretMarker((key ??= secretKey(ctx.db)), v);

  const read = (db: Db): Entities => {
    const s = readSshSnapshot(db);
    const shell = db.prepare('SELECT password_hash FROM ssh_shell_password WHERE id = 1').get() as
      { password_hash: string } | undefined;
    return {
      settings: plainObject(s.settings),
      shell_password: { password: marker(shell?.password_hash) as Json },
      ...keyed(
        s.authorized_keys,
        (k) => `authorized_key:${k.id}`,
        (k) => {
          const { id: _id, ...rest } = k as Record<string, unknown>;
          return plainObject(rest);
        },
      ),
    };
  };

  registerSection(ctx, {
    name: 'ssh',
    area: 'ssh',
    label: 'SSH',
    paths: ['/ssh'],
    read,
    title: (id, e) =>
      id === 'settings'
        ? 'SSH service'
        : id === 'shell_password'
          ? 'Shell account'
          : `Authorised key ${String(e.type)} ${String(e.comment || e.fingerprint)} (${String(e.username)})`,
    fields: { listen_addresses: { label: 'listen addresses' }, permit_root_login: { label: 'root login' } },
    service: 'ssh',
    write: (db, entities, now) => {
      const name = 'ssh';
      knownIds(name, entities, ['authorized_key'], ['settings', 'shell_password']);
      const current = read(db);
      // The shell password is a secret the document names by reference: it stays as it is.
      unchanged(
        name,
        'shell_password',
        entities.shell_password,
        current.shell_password,
        'the shell password',
      );
      const settings = requiredEntity<sshContract.SshSettings>(
        name,
        entities,
        'settings',
        sshContract.SshSettings,
        'the SSH settings',
      );
      rules(name, 'settings', [...checkSshSettings(settings), ...portClashes(ctx, 'ssh', settings.port)]);
      restoreSshSnapshot(
        db,
        { settings, authorized_keys: listItems(name, entities, 'authorized_key', sshContract.AuthorizedKey) },
        now,
      );
    },
    lockoutProne: (id) =>
      id === 'settings'
        ? SSH_LOCKOUT_FIELDS.map(([field]) => field)
        : id.startsWith('authorized_key:')
          ? ['*']
          : [],
  });
}
