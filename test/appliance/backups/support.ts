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

/**
 * One salt and its derived key per passphrase: scrypt at the format's cost is about a second of CPU, and a corpus
 * seals dozens of archives. The server still derives the key of each archive it opens; only the IV is per archive.
 */
const sealingKeys = new Map<string, { salt: Buffer; key: Buffer }>();
function sealingKey(passphrase: string): { salt: Buffer; key: Buffer } {
  let known = sealingKeys.get(passphrase);
  if (!known) {
    const salt = crypto.randomBytes(SCRYPT.saltBytes);
    const key = crypto.scryptSync(passphrase, salt, 32, {
      N: SCRYPT.N,
      r: SCRYPT.r,
      p: SCRYPT.p,
      maxmem: 256 * SCRYPT.N * SCRYPT.r,
    });
    known = { salt, key };
    sealingKeys.set(passphrase, known);
  }
  return known;
}

/** Encrypts a plaintext (a tar) as `rampart-backup/1` does, with the format's own parameters. */
export function encrypt(passphrase: string, plain: Buffer): Buffer {
  const { salt, key } = sealingKey(passphrase);
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

const opened = new WeakMap<Buffer, Promise<Array<{ name: string; data: Buffer }>>>();
/** The members of a real archive, in its manifest's order (opened once per archive: each opening is a scrypt). */
export async function membersOf(archive: Buffer): Promise<Array<{ name: string; data: Buffer }>> {
  let members = opened.get(archive);
  if (!members) {
    members = openArchive(archive, PASSPHRASE).then((o) =>
      o.manifest.members.map((m) => ({ name: m.name, data: o.members.get(m.name)! })),
    );
    opened.set(archive, members);
  }
  // Copies: a caller may change what it gets without changing the next caller's.
  return (await members).map((m) => ({ name: m.name, data: Buffer.from(m.data) }));
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
