/**
 * Scheduled backups: targets (a local directory, or a directory on an SFTP server whose host key is pinned by its
 * SHA-256 fingerprint), the schedule (daily or weekly at a time, or every N hours) with the passphrase scheduled
 * archives are encrypted with, retention (keep the newest N archives per target) and the runs. Credentials (an SFTP
 * password or private key) and the passphrase are sealed with the appliance secret and never answered; changing
 * an SFTP target's host or port drops its pinned key and credential, which must be given again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client, type ConnectConfig, type SFTPWrapper } from 'ssh2';
import { formatDuration } from '../../service-kit/outbound';
import { writeFileAtomic } from '../../service-kit/atomicFile';
import type { Db } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';
import { deriveKey, loadApplianceSecret, seal, unseal, type SealedColumn } from '../secrets';
import { prepareLocalDirectory } from './localDirectory';

export const ARCHIVE_PREFIX = 'rampart-backup-';
export const ARCHIVE_SUFFIX = '.rbk';
const SFTP_TIMEOUT_MS = 20_000;

/** Bounds of an SFTP send: signing in, each request the server is asked, and the whole transfer with rotation. */
export interface SftpLimits {
  connectMs: number;
  requestMs: number;
  transferMs: number;
}

export const SFTP_LIMITS: SftpLimits = {
  connectMs: SFTP_TIMEOUT_MS,
  requestMs: 30_000,
  transferMs: 10 * 60_000,
};

/** An SFTP step that did not answer in time (the message says which). */
export class SftpTimeout extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SftpTimeout';
  }
}

export type TargetKind = 'local' | 'sftp';
export type TargetAuth = 'none' | 'password' | 'key';

export interface BackupTarget {
  id: number;
  name: string;
  kind: TargetKind;
  directory: string;
  host: string;
  port: number;
  username: string;
  /** `SHA256:<base64>` as OpenSSH prints it; empty for a local target. */
  host_key_sha256: string;
  auth: TargetAuth;
  has_secret: boolean;
  keep: number;
  enabled: boolean;
}

export interface TargetInput {
  name: string;
  kind: TargetKind;
  directory: string;
  host?: string;
  port?: number;
  username?: string;
  host_key_sha256?: string;
  auth?: TargetAuth;
  /** The SFTP password or private key (OpenSSH/PEM); absent: keep the stored one. */
  secret?: string;
  keep: number;
  enabled: boolean;
}

export interface BackupSchedule {
  schedule: 'off' | 'daily' | 'weekly' | 'interval';
  /** HH:MM, the appliance's local time (daily, weekly). */
  at_time: string;
  /** 0 = Sunday … 6 (weekly). */
  weekday: number;
  interval_hours: number;
  passphrase_set: boolean;
}

export interface BackupRun {
  id: number;
  target_id: number | null;
  target: string;
  started_at: number;
  finished_at: number | null;
  ok: boolean | null;
  size: number | null;
  file: string | null;
  error: string | null;
  trigger: 'schedule' | 'manual';
}

const KEY_INFO = 'rampart backup targets';
export const PASSPHRASE_AAD = 'backup-passphrase';

/** The backups' sealed secrets (a target's password or key, the archives' passphrase), under one derived key. */
export const BACKUP_SEALED: SealedColumn[] = [
  {
    table: 'backup_targets',
    column: 'secret_sealed',
    id: 'id',
    info: KEY_INFO,
    aad: (id) => `backup-target:${String(id)}`,
  },
  {
    table: 'backup_settings',
    column: 'passphrase_sealed',
    id: 'id',
    info: KEY_INFO,
    aad: () => PASSPHRASE_AAD,
  },
];
const targetAad = BACKUP_SEALED[0].aad;

export const sealingKey = (ctx: ApplianceContext) =>
  deriveKey(loadApplianceSecret(ctx.config.dataDir), KEY_INFO);

interface TargetRow extends Omit<BackupTarget, 'has_secret' | 'enabled'> {
  secret_sealed: Buffer | null;
  enabled: number;
}

const toTarget = (r: TargetRow): BackupTarget => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  directory: r.directory,
  host: r.host,
  port: r.port,
  username: r.username,
  host_key_sha256: r.host_key_sha256,
  auth: r.auth,
  has_secret: r.secret_sealed !== null && r.secret_sealed.length > 0,
  keep: r.keep,
  enabled: r.enabled === 1,
});

export function listTargets(db: Db): BackupTarget[] {
  return (db.prepare('SELECT * FROM backup_targets ORDER BY name').all() as TargetRow[]).map(toTarget);
}

export function getTarget(db: Db, id: number): BackupTarget | null {
  const r = db.prepare('SELECT * FROM backup_targets WHERE id = ?').get(id) as TargetRow | undefined;
  return r ? toTarget(r) : null;
}

export function targetSecret(ctx: ApplianceContext, id: number): string | null {
  const r = ctx.db.prepare('SELECT secret_sealed FROM backup_targets WHERE id = ?').get(id) as
    { secret_sealed: Buffer | null } | undefined;
  if (!r?.secret_sealed?.length) return null;
  return unseal(sealingKey(ctx), targetAad(id), r.secret_sealed).toString('utf8');
}

/** Saves a target (new when `id` is null); returns its id. An SFTP target's new host or port drops its key and credential. */
export function saveTarget(ctx: ApplianceContext, id: number | null, input: TargetInput): number {
  const sftp = input.kind === 'sftp';
  const values = {
    name: input.name.trim(),
    kind: input.kind,
    directory: input.directory.trim(),
    host: sftp ? (input.host ?? '').trim() : '',
    port: sftp ? (input.port ?? 22) : 22,
    username: sftp ? (input.username ?? '').trim() : '',
    host_key_sha256: sftp ? (input.host_key_sha256 ?? '').trim() : '',
    auth: sftp ? (input.auth ?? 'password') : 'none',
    keep: input.keep,
    enabled: input.enabled ? 1 : 0,
  };
  let targetId = id;
  if (targetId === null) {
    targetId = Number(
      ctx.db
        .prepare(
          `INSERT INTO backup_targets (name, kind, directory, host, port, username, host_key_sha256, auth, keep, enabled)
           VALUES (@name, @kind, @directory, @host, @port, @username, @host_key_sha256, @auth, @keep, @enabled)`,
        )
        .run(values).lastInsertRowid,
    );
  } else {
    const before = getTarget(ctx.db, targetId);
    const moved =
      before && (before.host !== values.host || before.port !== values.port || before.kind !== values.kind);
    ctx.db
      .prepare(
        `UPDATE backup_targets SET name = @name, kind = @kind, directory = @directory, host = @host, port = @port,
           username = @username, host_key_sha256 = @host_key_sha256, auth = @auth, keep = @keep, enabled = @enabled
         WHERE id = @id`,
      )
      .run({ ...values, id: targetId });
    if (moved && input.secret === undefined)
      ctx.db.prepare('UPDATE backup_targets SET secret_sealed = NULL WHERE id = ?').run(targetId);
  }
  if (!sftp || values.auth === 'none')
    ctx.db.prepare('UPDATE backup_targets SET secret_sealed = NULL WHERE id = ?').run(targetId);
  else if (input.secret !== undefined)
    ctx.db
      .prepare('UPDATE backup_targets SET secret_sealed = ? WHERE id = ?')
      .run(seal(sealingKey(ctx), targetAad(targetId), Buffer.from(input.secret, 'utf8')), targetId);
  return targetId;
}

export function deleteTarget(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM backup_targets WHERE id = ?').run(id).changes > 0;
}

interface SettingsRow {
  schedule: BackupSchedule['schedule'];
  at_time: string;
  weekday: number;
  interval_hours: number;
  passphrase_sealed: Buffer | null;
}

export function readSchedule(db: Db): BackupSchedule {
  const r = db.prepare('SELECT * FROM backup_settings WHERE id = 1').get() as SettingsRow;
  return {
    schedule: r.schedule,
    at_time: r.at_time,
    weekday: r.weekday,
    interval_hours: r.interval_hours,
    passphrase_set: r.passphrase_sealed !== null && r.passphrase_sealed.length > 0,
  };
}

export function saveSchedule(
  ctx: ApplianceContext,
  s: Omit<BackupSchedule, 'passphrase_set'> & { passphrase?: string },
): void {
  const before = readSchedule(ctx.db);
  const changed =
    before.schedule !== s.schedule ||
    before.at_time !== s.at_time ||
    before.weekday !== s.weekday ||
    before.interval_hours !== s.interval_hours;
  ctx.db
    .prepare(
      'UPDATE backup_settings SET schedule = ?, at_time = ?, weekday = ?, interval_hours = ? WHERE id = 1',
    )
    .run(s.schedule, s.at_time, s.weekday, s.interval_hours);
  // A new schedule counts from now: setting "daily at 03:00" at 04:00 runs tomorrow, not at once.
  if (changed) ctx.db.prepare('UPDATE backup_settings SET scheduled_since = ? WHERE id = 1').run(ctx.now());
  if (s.passphrase !== undefined)
    ctx.db
      .prepare('UPDATE backup_settings SET passphrase_sealed = ? WHERE id = 1')
      .run(seal(sealingKey(ctx), PASSPHRASE_AAD, Buffer.from(s.passphrase, 'utf8')));
}

export function schedulePassphrase(ctx: ApplianceContext): string | null {
  const r = ctx.db.prepare('SELECT passphrase_sealed FROM backup_settings WHERE id = 1').get() as {
    passphrase_sealed: Buffer | null;
  };
  if (!r.passphrase_sealed?.length) return null;
  return unseal(sealingKey(ctx), PASSPHRASE_AAD, r.passphrase_sealed).toString('utf8');
}

export function listRuns(db: Db, limit = 20): BackupRun[] {
  return (
    db.prepare('SELECT * FROM backup_runs ORDER BY started_at DESC, id DESC LIMIT ?').all(limit) as Array<
      Omit<BackupRun, 'ok'> & { ok: number | null }
    >
  ).map((r) => ({ ...r, ok: r.ok === null ? null : r.ok === 1 }));
}

/** Since when the schedule counts (its last change), ms since the epoch. */
export function scheduledSince(db: Db): number | null {
  return (
    db.prepare('SELECT scheduled_since FROM backup_settings WHERE id = 1').get() as {
      scheduled_since: number | null;
    }
  ).scheduled_since;
}

/**
 * When the schedule is next due (ms since the epoch), or null when off: the first occurrence after the last
 * scheduled run or, before any, after the schedule was set (`lastScheduled` is the later of both).
 */
export function nextDue(s: BackupSchedule, lastScheduled: number | null, now: number): number | null {
  if (s.schedule === 'off') return null;
  if (s.schedule === 'interval')
    return lastScheduled === null ? now : lastScheduled + s.interval_hours * 3_600_000;
  const [hh, mm] = s.at_time.split(':').map(Number);
  // The latest occurrence at or before now; due when no scheduled run started since it.
  const occurrence = new Date(now);
  occurrence.setHours(hh, mm, 0, 0);
  if (occurrence.getTime() > now) occurrence.setDate(occurrence.getDate() - 1);
  if (s.schedule === 'weekly')
    while (occurrence.getDay() !== s.weekday) occurrence.setDate(occurrence.getDate() - 1);
  const latest = occurrence.getTime();
  if (lastScheduled === null || lastScheduled < latest) return latest;
  const next = new Date(latest);
  next.setDate(next.getDate() + (s.schedule === 'weekly' ? 7 : 1));
  return next.getTime();
}

/** The OpenSSH form of a host key's SHA-256 fingerprint: `SHA256:` and unpadded base64. */
export const fingerprintOf = (key: Buffer): string =>
  `SHA256:${crypto.createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

export class HostKeyMismatch extends Error {
  constructor(readonly presented: string) {
    super(`the server's host key ${presented} is not the pinned one: refused`);
    this.name = 'HostKeyMismatch';
  }
}

/**
 * Connects, verifying the host key against the pinned fingerprint, and hands the SFTP session to `fn`. The whole
 * exchange (sign-in, opening SFTP, `fn`) ends within `limits.transferMs`, or at once when `signal` aborts: the
 * connection is then torn down, so a server that stops answering holds nothing.
 */
export function withSftp<T>(
  target: BackupTarget,
  secret: string | null,
  fn: (sftp: SFTPWrapper) => Promise<T>,
  limits: SftpLimits = SFTP_LIMITS,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const client = new Client();
    let presented = '';
    let settled = false;
    const onAbort = () => done((signal?.reason as Error | undefined) ?? new Error('stopped'));
    const transfer = setTimeout(
      () =>
        done(
          new SftpTimeout(
            `the SFTP server did not finish the transfer within ${formatDuration(limits.transferMs)}`,
          ),
        ),
      limits.transferMs,
    );
    const done = (err: Error | null, value?: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(transfer);
      signal?.removeEventListener('abort', onAbort);
      // destroy, not end: a server that stopped answering would never acknowledge a polite close.
      if (err) client.destroy();
      else client.end();
      if (err) reject(err);
      else resolve(value as T);
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const config: ConnectConfig = {
      host: target.host,
      port: target.port,
      username: target.username,
      readyTimeout: limits.connectMs,
      hostVerifier: (key: Buffer) => {
        presented = fingerprintOf(key);
        return presented === target.host_key_sha256;
      },
      ...(target.auth === 'password' && secret !== null ? { password: secret } : {}),
      ...(target.auth === 'key' && secret !== null ? { privateKey: secret } : {}),
    };
    client.on('error', (e) => {
      if (presented && presented !== target.host_key_sha256) done(new HostKeyMismatch(presented));
      else done(e);
    });
    client.on('ready', () => {
      // Opening the SFTP subsystem is a request like any other: a server may accept the sign-in and never answer it.
      const opening = setTimeout(
        () =>
          done(
            new SftpTimeout(
              `the SFTP server did not open its SFTP session within ${formatDuration(limits.requestMs)}`,
            ),
          ),
        limits.requestMs,
      );
      client.sftp((err, sftp) => {
        clearTimeout(opening);
        if (err) return done(err);
        fn(sftp).then(
          (v) => done(null, v),
          (e: Error) => done(e),
        );
      });
    });
    client.connect(config);
  });
}

/** Connects to learn the server's host key fingerprint (nothing else is done: the admin confirms it first). */
export function fetchFingerprint(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let fingerprint = '';
    const timer = setTimeout(() => {
      client.end();
      reject(new Error('no answer from the server'));
    }, SFTP_TIMEOUT_MS);
    client.on('error', (e) => {
      clearTimeout(timer);
      if (fingerprint) resolve(fingerprint);
      else reject(e);
    });
    client.on('ready', () => {
      clearTimeout(timer);
      client.end();
      resolve(fingerprint);
    });
    client.connect({
      host,
      port,
      username: 'rampart-fingerprint',
      readyTimeout: SFTP_TIMEOUT_MS,
      hostVerifier: (key: Buffer) => {
        fingerprint = fingerprintOf(key);
        return false;
      },
    });
  });
}

/** One SFTP request, bounded: a server that never answers it fails the send with what was asked. */
const sftpCall = <T>(
  what: string,
  limits: SftpLimits,
  f: (cb: (err: Error | null | undefined, v?: T) => void) => void,
): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new SftpTimeout(
            `the SFTP server did not answer (${what}) within ${formatDuration(limits.requestMs)}`,
          ),
        ),
      limits.requestMs,
    );
    f((err, v) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(v as T);
    });
  });

/** The archive goes in pieces, each a bounded request (a stalled server is noticed within one request's time). */
const SFTP_CHUNK = 256 * 1024;

const isArchive = (name: string) => name.startsWith(ARCHIVE_PREFIX) && name.endsWith(ARCHIVE_SUFFIX);

/** The archives to delete so that `keep` remain (names sort by their time stamp). */
export const rotation = (names: string[], keep: number): string[] =>
  names
    .filter(isArchive)
    .sort()
    .slice(0, Math.max(0, names.filter(isArchive).length - keep));

/** The directories of the appliance itself, never a local target's (its daemons' live beneath the data directory). */
export const ownDirectories = (ctx: ApplianceContext): string[] => [ctx.config.dataDir];

/** Writes an archive to a local directory (checked again now) and applies its retention; returns the file. */
async function sendToDirectory(
  ctx: ApplianceContext,
  target: BackupTarget,
  name: string,
  archive: Buffer,
): Promise<string> {
  const dir = await prepareLocalDirectory(target.directory, ownDirectories(ctx));
  const file = path.join(dir, name);
  await writeFileAtomic(file, archive, { mode: 0o600, sync: true });
  for (const old of rotation(await fs.promises.readdir(dir), target.keep))
    await fs.promises.rm(path.join(dir, old), { force: true });
  return file;
}

async function sendOverSftp(
  ctx: ApplianceContext,
  target: BackupTarget,
  name: string,
  archive: Buffer,
  limits: SftpLimits,
  signal?: AbortSignal,
): Promise<string> {
  if (!target.host_key_sha256)
    throw new Error('the server’s host key is not pinned: fetch and confirm it first');
  const secret = targetSecret(ctx, target.id);
  const call = <T>(what: string, f: (cb: (err: Error | null | undefined, v?: T) => void) => void) =>
    sftpCall<T>(what, limits, f);
  return withSftp(
    target,
    secret,
    async (sftp) => {
      const dir = target.directory.replace(/\/+$/, '') || '.';
      const file = `${dir}/${name}`;
      // A random temporary name, created exclusively: nothing planted on the server is written through.
      const part = `${dir}/.${name}.${crypto.randomBytes(12).toString('hex')}.part`;
      const handle = await call<Buffer>('open', (cb) => sftp.open(part, 'wx', { mode: 0o600 }, cb));
      try {
        try {
          for (let at = 0; at < archive.length; at += SFTP_CHUNK) {
            const piece = archive.subarray(at, Math.min(archive.length, at + SFTP_CHUNK));
            await call<void>('write', (cb) => sftp.write(handle, piece, 0, piece.length, at, (e) => cb(e)));
          }
        } finally {
          await call<void>('close', (cb) => sftp.close(handle, (e) => cb(e)));
        }
        await call<void>('rename', (cb) => sftp.rename(part, file, (e) => cb(e)));
      } catch (e) {
        // A half-written archive is not left behind (when the server still answers).
        await call<void>('delete', (cb) => sftp.unlink(part, (err) => cb(err))).catch(() => undefined);
        throw e;
      }
      const list = await call<Array<{ filename: string }>>('list', (cb) => sftp.readdir(dir, cb));
      for (const old of rotation(
        list.map((e) => e.filename),
        target.keep,
      ))
        await call<void>('delete', (cb) => sftp.unlink(`${dir}/${old}`, (e) => cb(e)));
      return `sftp://${target.username}@${target.host}:${target.port}${file.startsWith('/') ? '' : '/'}${file}`;
    },
    limits,
    signal,
  );
}

/**
 * Writes an archive to a target and applies its retention; returns the path written. Every step is bounded
 * (`limits` for SFTP) and stops when `signal` aborts (the job's budget).
 */
export async function sendToTarget(
  ctx: ApplianceContext,
  target: BackupTarget,
  name: string,
  archive: Buffer,
  options: { limits?: SftpLimits; signal?: AbortSignal } = {},
): Promise<string> {
  if (target.kind === 'local') return sendToDirectory(ctx, target, name, archive);
  return sendOverSftp(ctx, target, name, archive, options.limits ?? SFTP_LIMITS, options.signal);
}
