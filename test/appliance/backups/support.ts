/**
 * Builds backup archives for tests the way an attacker or a damaged disk would: members changed and sealed again
 * (a valid archive of altered contents), a raw tar of chosen members (manifest included), or a header rewritten.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  BACKUP_FORMAT,
  BACKUP_MAGIC,
  SCRYPT,
  openArchive,
  packTar,
} from '../../../src/appliance/backups/format';

export const PASSPHRASE = 'a long backup passphrase';

/** Encrypts a plaintext (a tar) as `rampart-backup/1` does, with the format's own parameters. */
export function encrypt(passphrase: string, plain: Buffer): Buffer {
  const salt = crypto.randomBytes(SCRYPT.saltBytes);
  const iv = crypto.randomBytes(12);
  const header = {
    format: BACKUP_FORMAT,
    format_version: 1,
    kdf: { name: 'scrypt', N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, salt: salt.toString('base64') },
    cipher: { name: 'aes-256-gcm', iv: iv.toString('base64') },
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  const aad = Buffer.concat([BACKUP_MAGIC, length, headerBytes]);
  const key = crypto.scryptSync(passphrase, salt, 32, {
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
    maxmem: 256 * SCRYPT.N * SCRYPT.r,
  });
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([aad, body, cipher.getAuthTag()]);
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** A manifest naming `members` with their true sizes and hashes. */
export const manifestOf = (members: Array<{ name: string; data: Buffer }>) => ({
  format: BACKUP_FORMAT,
  format_version: 1,
  appliance_version: '1.0.0',
  created_at: new Date().toISOString(),
  members: members.map((m) => ({ name: m.name, size: m.data.length, sha256: sha256(m.data) })),
});

/** An archive of exactly these tar members (the manifest is one of them, or not). */
export async function archiveOf(members: Array<{ name: string; data: Buffer }>): Promise<Buffer> {
  return encrypt(PASSPHRASE, await packTar(members));
}

/** The members of a real archive, in its manifest's order. */
export async function membersOf(archive: Buffer): Promise<Array<{ name: string; data: Buffer }>> {
  const opened = await openArchive(archive, PASSPHRASE);
  return opened.manifest.members.map((m) => ({ name: m.name, data: opened.members.get(m.name)! }));
}

/** A real archive with some members replaced, sealed again with a manifest that matches them. */
export async function altered(
  archive: Buffer,
  change: (name: string, data: Buffer) => Buffer | null,
): Promise<Buffer> {
  const members = (await membersOf(archive))
    .map((m) => ({ name: m.name, data: change(m.name, m.data) }))
    .filter((m): m is { name: string; data: Buffer } => m.data !== null);
  const manifest = Buffer.from(JSON.stringify(manifestOf(members)));
  return archiveOf([{ name: 'manifest.json', data: manifest }, ...members]);
}

/** A member database changed by `sql` (foreign keys not enforced, as a forged file would not be). */
export function changedDb(data: Buffer, sql: string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-test-member-'));
  const file = path.join(dir, 'member.db');
  try {
    fs.writeFileSync(file, data);
    const db = new Database(file);
    db.pragma('foreign_keys = OFF');
    db.exec(sql);
    db.close();
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An archive's header as JSON, to be changed at will. */
export interface RawHeader {
  kdf: Record<string, unknown>;
  cipher: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * A real archive whose header is replaced: by the changed header, or by raw text when `change` returns a string (the
 * tag then fails, but a header is judged before that).
 */
export function withHeader(archive: Buffer, change: (header: RawHeader) => unknown): Buffer {
  const start = BACKUP_MAGIC.length + 4;
  const length = archive.readUInt32BE(BACKUP_MAGIC.length);
  const header = JSON.parse(archive.subarray(start, start + length).toString('utf8')) as RawHeader;
  const changed = change(header);
  const bytes = Buffer.from(typeof changed === 'string' ? changed : JSON.stringify(changed ?? header));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  return Buffer.concat([BACKUP_MAGIC, len, bytes, archive.subarray(start + length)]);
}

export async function until(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
