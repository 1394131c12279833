/**
 * The backup target dialog's values, rules and body. The rules come from the endpoint's body schema
 * (`BackupTargetBody`): names, directories and the archives kept are checked as the appliance checks them.
 */
import { object } from 'yup';
import * as backups from '../../../../shared/contracts/backups';
import { fieldSchemaOf } from '../../../forms/contractRules';

export interface TargetValues {
  name: string;
  kind: 'local' | 'sftp';
  directory: string;
  host: string;
  port: string;
  username: string;
  host_key_sha256: string;
  auth: 'password' | 'key';
  secret: string;
  keep: string;
  enabled: boolean;
}

const BODY = backups.BackupTargetBody;
export const SECRET_MAX_LENGTH = BODY.properties.secret.maxLength ?? 0;

export const targetSchema = object({
  name: fieldSchemaOf(BODY, 'name', 'Name'),
  directory: fieldSchemaOf(BODY, 'directory', 'Directory'),
  host: fieldSchemaOf(BODY, 'host', 'Server'),
  port: fieldSchemaOf(BODY, 'port', 'Port'),
  username: fieldSchemaOf(BODY, 'username', 'User'),
  host_key_sha256: fieldSchemaOf(BODY, 'host_key_sha256', 'Host key fingerprint'),
  secret: fieldSchemaOf(BODY, 'secret', 'Secret'),
  keep: fieldSchemaOf(BODY, 'keep', 'Archives kept'),
});

export const toTargetValues = (target: backups.BackupTarget | null): TargetValues => ({
  name: target?.name ?? '',
  kind: target?.kind ?? 'local',
  directory: target?.directory ?? '',
  host: target?.host ?? '',
  port: String(target?.port ?? 22),
  username: target?.username ?? '',
  host_key_sha256: target?.host_key_sha256 ?? '',
  auth: target?.auth === 'key' ? 'key' : 'password',
  secret: '',
  keep: String(target?.keep ?? 7),
  enabled: target?.enabled ?? true,
});

/** A local target sends no server fields; a blank secret keeps the stored one. */
export const toTargetBody = (v: TargetValues): backups.BackupTargetBody => ({
  name: v.name,
  kind: v.kind,
  directory: v.directory,
  keep: Number(v.keep),
  enabled: v.enabled,
  ...(v.kind === 'sftp'
    ? {
        host: v.host,
        port: Number(v.port),
        username: v.username,
        host_key_sha256: v.host_key_sha256,
        auth: v.auth,
        ...(v.secret ? { secret: v.secret } : {}),
      }
    : {}),
});
