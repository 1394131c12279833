/**
 * The backups' tasks of the configuration worker (revisions/yamlWorker.ts; called through offThread.ts). Buffers
 * arrive as Uint8Array (structured clone) and are read as Buffers again here.
 */
import { openArchive, sealArchive } from './format';
import { inspectMemberDbs, memberPasswordHash } from './memberDbs';
import { stageDatabases } from './stage';
import { readRestoreUpload } from './uploadBody';

const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export const backupTasks = {
  sealArchive: (
    passphrase: string,
    members: Array<{ name: string; data: Uint8Array }>,
    meta: { appliance_version: string; created_at: string },
  ) =>
    sealArchive(
      passphrase,
      members.map((m) => ({ name: m.name, data: buf(m.data) })),
      meta,
    ),
  openArchive: (archive: Uint8Array, passphrase: string) => openArchive(buf(archive), passphrase),
  inspectMemberDbs,
  memberPasswordHash,
  stageDatabases,
  readRestoreUpload,
};
