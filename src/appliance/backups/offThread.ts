/**
 * The backups' heavy work on a worker pool of their own (src/service-kit/cpuPool.ts, script worker.ts), so no other
 * request waits while an archive is made, read or restored: reading the restore upload (uploadBody.ts), sealing and
 * opening archives (format.ts), checking the member databases (memberDbs.ts) and staging them (stage.ts). A refusal
 * thrown on the worker comes back as the BackupError or HttpError it was; a full queue is a 503.
 */
import path from 'node:path';
import { CpuPool, CpuPoolBusyError, CpuTaskError } from '../../service-kit/cpuPool';
import { HttpError, type ErrorDetail } from '../http/errors';
import { BackupError, type BackupManifest, type OpenedArchive } from './format';
import type { MemberDb } from './memberDbs';
import type { StageFiles } from './stage';

// In the server bundle __dirname is dist/server, where webpack writes backup-worker.js; from the sources, the .ts file.
const pool = new CpuPool({
  built: path.join(__dirname, 'backup-worker.js'),
  source: path.join(__dirname, 'worker.ts'),
});

/** Ends the workers (at server close; a later task starts new ones). */
export const closeBackupPool = () => pool.close();

/** The longest one archive may take to seal, open or read as an upload (scrypt, cipher, hashes of 64 MiB). */
const ARCHIVE_BUDGET_MS = 2 * 60_000;
/** The longest checking or staging the databases of one archive may take. */
const DATABASE_BUDGET_MS = 10 * 60_000;

const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * The memory of these buffers that is theirs alone, to move to the worker rather than copy (a copy of 60 MB holds
 * the event loop for tens of milliseconds); the caller does not use them afterwards.
 */
const moved = (buffers: Uint8Array[]): ArrayBuffer[] =>
  buffers
    .filter(
      (b) => b.buffer instanceof ArrayBuffer && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength,
    )
    .map((b) => b.buffer as ArrayBuffer)
    .filter((b, i, all) => b.byteLength >= 64 * 1024 && all.indexOf(b) === i);

async function run<T>(
  task: string,
  args: unknown[],
  budgetMs: number,
  transfer: ArrayBuffer[] = [],
): Promise<T> {
  try {
    return await pool.run<T>(task, args, budgetMs, transfer);
  } catch (e) {
    if (e instanceof CpuTaskError && e.remoteName === 'BackupError') {
      const f = e.fields as { status: 400 | 422; type: string };
      throw new BackupError(f.status, f.type, e.message);
    }
    if (e instanceof CpuTaskError && e.remoteName === 'HttpError') {
      const f = e.fields as { statusCode: number; detail: ErrorDetail; headers?: Record<string, string> };
      throw new HttpError(f.statusCode, f.detail, f.headers ?? {});
    }
    if (e instanceof CpuPoolBusyError)
      throw new HttpError(503, 'the server is busy with other backups; try again in a moment', {
        'Retry-After': '5',
      });
    throw e;
  }
}

/** A restore upload's body read and checked (uploadBody.ts readRestoreUpload); the body is moved there. */
export async function readRestoreUploadOffThread(
  body: Buffer,
): Promise<{ archive: Buffer; passphrase: string }> {
  const out = await run<{ archive: Uint8Array; passphrase: string }>(
    'readRestoreUpload',
    [body],
    ARCHIVE_BUDGET_MS,
    moved([body]),
  );
  return { archive: buf(out.archive), passphrase: out.passphrase };
}

/** Seals an archive of `members` (format.ts sealArchive); their bytes are moved to the worker. */
export async function sealArchiveOffThread(
  passphrase: string,
  members: Array<{ name: string; data: Buffer }>,
  meta: { appliance_version: string; created_at: string },
): Promise<{ archive: Buffer; manifest: BackupManifest }> {
  const out = await run<{ archive: Uint8Array; manifest: BackupManifest }>(
    'sealArchive',
    [passphrase, members, meta],
    ARCHIVE_BUDGET_MS,
    moved(members.map((m) => m.data)),
  );
  return { archive: buf(out.archive), manifest: out.manifest };
}

/** Opens and checks an archive (format.ts openArchive); its bytes are moved to the worker. */
export async function openArchiveOffThread(archive: Buffer, passphrase: string): Promise<OpenedArchive> {
  const out = await run<{
    header: OpenedArchive['header'];
    manifest: BackupManifest;
    members: Map<string, Uint8Array>;
  }>('openArchive', [archive, passphrase], ARCHIVE_BUDGET_MS, moved([archive]));
  return { ...out, members: new Map([...out.members].map(([name, data]) => [name, buf(data)])) };
}

/** Checks and counts member databases, given as files (memberDbs.ts). */
export const inspectMemberDbsOffThread = (members: MemberDb[]) =>
  run<Record<string, Record<string, number>>>('inspectMemberDbs', [members], DATABASE_BUDGET_MS);

export const memberPasswordHashOffThread = (file: string, username: string) =>
  run<string | null>('memberPasswordHash', [file, username], DATABASE_BUDGET_MS);

export const stageDatabasesOffThread = (job: StageFiles) =>
  run<void>('stageDatabases', [job], DATABASE_BUDGET_MS);
