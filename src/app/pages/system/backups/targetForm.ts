/**
 * The backup target dialog's values and body (its rules, from the endpoint's body schema, are in backupRules.ts).
 */
import * as backups from '../../../../shared/contracts/backups';

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

export const SECRET_MAX_LENGTH = backups.BackupTargetBody.properties.secret.maxLength ?? 0;

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
