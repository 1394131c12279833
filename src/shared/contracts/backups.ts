/**
 * Backups (src/appliance/backups): the schedule and its passphrase, the targets (a local directory or an SFTP server
 * with a pinned host key), "Back up now" and the runs. Secrets (passphrase, SFTP password or key) are write-only: the
 * answers say whether one is set. The archive itself is binary: the export answers a file (its `download`); an
 * upload (the restore's plan and the restore) sends it base64 in JSON, at most `BACKUP_UPLOAD_LIMIT` bytes.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdParams, JobProgress } from './apply';
import { endpoint } from './endpoint';
import { configPlan } from './revisions';
import { nullable, stringEnum } from './fields';

/** A passphrase has at least this many characters (the export's, the schedule's). */
export const PASSPHRASE_MIN_LENGTH = 12;
/** An uploaded archive is at most this large (before base64). */
export const BACKUP_UPLOAD_LIMIT = 64 * 1024 * 1024;
/** The base64 text of the largest archive an upload takes. */
export const BACKUP_UPLOAD_BASE64 = Math.ceil(BACKUP_UPLOAD_LIMIT / 3) * 4;
export const SCHEDULES = ['off', 'daily', 'weekly', 'interval'] as const;
export const TARGET_KINDS = ['local', 'sftp'] as const;
export const TARGET_AUTH = ['none', 'password', 'key'] as const;
/** OpenSSH's form of a SHA-256 key fingerprint. */
export const FINGERPRINT_PATTERN = '^SHA256:[A-Za-z0-9+/]{43}$';

export const BackupSchedule = Type.Object({
  schedule: stringEnum(SCHEDULES, { description: 'Off, daily or weekly at a time, or every N hours.' }),
  at_time: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, appliance time.' }),
  weekday: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday (weekly).' }),
  interval_hours: Type.Integer({ minimum: 1, maximum: 168 }),
  passphrase_set: Type.Boolean({
    description: 'A passphrase for scheduled archives is stored (never answered).',
  }),
});
export type BackupSchedule = Static<typeof BackupSchedule>;

export const BackupScheduleBody = Type.Object(
  {
    schedule: BackupSchedule.properties.schedule,
    at_time: BackupSchedule.properties.at_time,
    weekday: BackupSchedule.properties.weekday,
    interval_hours: BackupSchedule.properties.interval_hours,
    passphrase: Type.Optional(
      Type.String({
        minLength: PASSPHRASE_MIN_LENGTH,
        maxLength: 1024,
        description: 'The passphrase of scheduled archives; absent: keep the stored one.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type BackupScheduleBody = Static<typeof BackupScheduleBody>;

export const BackupTarget = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: stringEnum(TARGET_KINDS),
  directory: Type.String(),
  host: Type.String(),
  port: Type.Integer(),
  username: Type.String(),
  host_key_sha256: Type.String(),
  auth: stringEnum(TARGET_AUTH),
  has_secret: Type.Boolean({ description: 'A password or private key is stored (never answered).' }),
  keep: Type.Integer(),
  enabled: Type.Boolean(),
});
export type BackupTarget = Static<typeof BackupTarget>;

export const BackupTargetBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64 }),
    kind: stringEnum(TARGET_KINDS),
    directory: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'Absolute path (local) or path on the server.',
    }),
    host: Type.Optional(Type.String({ maxLength: 253, description: 'SFTP server name or address.' })),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
    username: Type.Optional(Type.String({ maxLength: 64 })),
    host_key_sha256: Type.Optional(
      Type.String({ maxLength: 60, description: 'The pinned host key: `SHA256:` and 43 base64 characters.' }),
    ),
    auth: Type.Optional(stringEnum(TARGET_AUTH)),
    secret: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 16384,
        description: 'SFTP password or private key; absent: keep.',
      }),
    ),
    keep: Type.Integer({
      minimum: 1,
      maximum: 365,
      description: 'Archives kept on the target (older are deleted).',
    }),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type BackupTargetBody = Static<typeof BackupTargetBody>;

export const BackupRun = Type.Object({
  id: Type.Integer(),
  target_id: nullable(Type.Integer()),
  target: Type.String(),
  started_at: Type.Integer(),
  finished_at: nullable(Type.Integer()),
  ok: nullable(Type.Boolean()),
  size: nullable(Type.Integer()),
  file: nullable(Type.String()),
  error: nullable(Type.String()),
  trigger: stringEnum(['schedule', 'manual']),
});
export type BackupRun = Static<typeof BackupRun>;

export const PendingRestore = Type.Object({
  id: Type.String(),
  archive_created_at: Type.String(),
  changes: Type.Array(Type.String()),
  deadline: Type.Integer(),
  seconds_left: Type.Integer(),
  created_by: Type.String(),
});
export type PendingRestore = Static<typeof PendingRestore>;

export const BackupsOverview = Type.Object({
  schedule: BackupSchedule,
  next_run_at: nullable(Type.Integer({ description: 'When the schedule runs next (ms), null when off.' })),
  targets: Type.Array(BackupTarget),
  runs: Type.Array(BackupRun, { description: 'The latest runs, newest first.' }),
  pending_restores: Type.Array(PendingRestore),
});
export type BackupsOverview = Static<typeof BackupsOverview>;

export const getBackups = endpoint({
  method: 'GET',
  path: 'backups',
  response: BackupsOverview,
  summary: 'Backup schedule, targets and latest runs',
});

export const putBackupSchedule = endpoint({
  method: 'PUT',
  path: 'backups/schedule',
  body: BackupScheduleBody,
  response: BackupSchedule,
  summary: 'Change the backup schedule (and the passphrase of scheduled archives)',
});

export const postBackupTarget = endpoint({
  method: 'POST',
  path: 'backups/targets',
  body: BackupTargetBody,
  response: BackupTarget,
  status: 201,
  summary: 'Add a backup target',
});

export const putBackupTarget = endpoint({
  method: 'PUT',
  path: 'backups/targets/:id',
  params: IdParams,
  body: BackupTargetBody,
  response: BackupTarget,
  summary: 'Change a backup target (a new host or port drops its pinned key and credential)',
});

export const deleteBackupTarget = endpoint({
  method: 'DELETE',
  path: 'backups/targets/:id',
  params: IdParams,
  status: 204,
  summary: 'Remove a backup target (archives already written stay)',
});

export const FingerprintBody = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 253 }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
  },
  { additionalProperties: false },
);
export const Fingerprint = Type.Object({
  host_key_sha256: Type.String({
    description: 'What the server presented, for the admin to compare and confirm.',
  }),
});

export const postFingerprint = endpoint({
  method: 'POST',
  path: 'backups/fingerprint',
  body: FingerprintBody,
  response: Fingerprint,
  summary: "Fetch an SFTP server's host key fingerprint (nothing is stored)",
});

export const RunBody = Type.Object(
  {
    target_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'One target; absent: every enabled one.' }),
    ),
  },
  { additionalProperties: false },
);

export const postBackupRun = endpoint({
  method: 'POST',
  path: 'backups/run',
  body: RunBody,
  response: JobProgress,
  status: 202,
  summary: 'Back up now (a job)',
});

export const ExportBody = Type.Object(
  {
    passphrase: Type.String({
      minLength: PASSPHRASE_MIN_LENGTH,
      maxLength: 1024,
      description: 'Encrypts the archive (scrypt, AES-256-GCM); needed to restore it.',
    }),
  },
  { additionalProperties: false },
);

export const exportBackup = endpoint({
  method: 'POST',
  path: 'backups/export',
  body: ExportBody,
  download: {
    mediaTypes: ['application/octet-stream'],
    description: 'The encrypted archive (`.rbk`: a manifest and AES-256-GCM sealed members; see the README).',
  },
  summary: 'Download an encrypted backup archive (a file; audited)',
});

export const RestoreBody = Type.Object(
  {
    archive: Type.String({
      maxLength: BACKUP_UPLOAD_BASE64,
      contentEncoding: 'base64',
      description: 'The archive (`.rbk`), base64; at most 64 MiB before base64.',
    }),
    passphrase: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type RestoreBody = Static<typeof RestoreBody>;

export const BackupManifest = Type.Object({
  format: Type.String(),
  format_version: Type.Integer(),
  appliance_version: Type.String(),
  created_at: Type.String({ description: 'ISO 8601.' }),
  members: Type.Array(Type.Object({ name: Type.String(), size: Type.Integer(), sha256: Type.String() })),
});

export const RESTORE_COUNTED = [
  'accounts',
  'groups',
  'certificate_authorities',
  'certificates',
  'identities',
] as const;

export const RestorePlan = Type.Object({
  manifest: BackupManifest,
  configuration: configPlan,
  counts: Type.Array(
    Type.Object({
      what: stringEnum(RESTORE_COUNTED),
      label: Type.String(),
      now: Type.Integer(),
      restored: Type.Integer({ description: 'How many the restore brings back.' }),
    }),
  ),
});
export type RestorePlan = Static<typeof RestorePlan>;

export const postRestorePlan = endpoint({
  method: 'POST',
  path: 'backups/restore/plan',
  body: RestoreBody,
  response: RestorePlan,
  summary: 'What restoring an archive would change (nothing changes)',
});

export const RestoreResult = Type.Object({
  status: Type.Literal('restored'),
  revision: nullable(Type.Integer({ description: 'The revision (method `restore`) that records it.' })),
  plan: RestorePlan,
  job: nullable(JobProgress, { description: 'The job applying every managed service again.' }),
  confirmation: nullable(PendingRestore, {
    description: 'Lock-out-prone: keep it before the deadline or it is rolled back.',
  }),
});
export type RestoreResult = Static<typeof RestoreResult>;

export const postRestore = endpoint({
  method: 'POST',
  path: 'backups/restore',
  body: RestoreBody,
  response: RestoreResult,
  summary: 'Restore an archive (recorded as a revision `restore`; lock-out-prone parts need "Keep changes")',
});

export const PendingRestores = Type.Object({ data: Type.Array(PendingRestore) });

export const getPendingRestores = endpoint({
  method: 'GET',
  path: 'backups/restores/pending',
  response: PendingRestores,
  summary: 'Restores awaiting "Keep changes"',
});

export const RestoreIdParams = Type.Object(
  { id: Type.String({ format: 'uuid', description: 'The pending restore’s id.' }) },
  { additionalProperties: false },
);

export const keepRestore = endpoint({
  method: 'POST',
  path: 'backups/restores/:id/keep',
  params: RestoreIdParams,
  response: Type.Object({ status: Type.Literal('kept') }),
  summary: 'Keep a restore that awaits confirmation',
});

export const revertRestore = endpoint({
  method: 'POST',
  path: 'backups/restores/:id/revert',
  params: RestoreIdParams,
  response: Type.Object({
    status: Type.Literal('rolled_back'),
    job: nullable(JobProgress, { description: 'The job applying every managed service again.' }),
  }),
  summary: 'Put back the state a restore replaced (databases, identity settings, services)',
});
