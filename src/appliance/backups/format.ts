/**
 * The backup archive (`rampart-backup/1`): a tar of members (manifest.json first, with the SHA-256 and size of every
 * other member) encrypted with AES-256-GCM under a key derived from a passphrase with scrypt. The file is
 *
 *   "RAMPART-BACKUP\n" · header length (4 bytes, big-endian) · header (JSON, UTF-8) · ciphertext · GCM tag (16 bytes)
 *
 * The header states the format version, the KDF and its parameters (N, r, p, salt) and the cipher's IV; the bytes
 * before the ciphertext (magic, length, header) are the GCM additional data, so a changed parameter fails the tag
 * like a changed byte of the ciphertext. `bin/rampart-backup` reads the same format without the console.
 */
import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import tar from 'tar-stream';

export const BACKUP_MAGIC = Buffer.from('RAMPART-BACKUP\n', 'ascii');
export const BACKUP_FORMAT = 'rampart-backup/1';
export const BACKUP_FORMAT_VERSION = 1;
/** scrypt: N = 2^17, r = 8, p = 1 (128 MiB, about half a second), 16-byte salt; AES-256-GCM with a 12-byte IV. */
export const SCRYPT = { N: 2 ** 17, r: 8, p: 1, saltBytes: 16 } as const;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_MAX = 64 * 1024;

export interface BackupHeader {
  format: string;
  format_version: number;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  cipher: { name: 'aes-256-gcm'; iv: string };
}

export interface ManifestMember {
  name: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: string;
  format_version: number;
  appliance_version: string;
  created_at: string;
  members: ManifestMember[];
}

/** Why an archive is refused: `status` 400 (cannot be read: passphrase, tampering) or 422 (a format we do not read). */
export class BackupError extends Error {
  constructor(
    readonly status: 400 | 422,
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

const damaged = (message: string) => new BackupError(400, 'value_error.backup.damaged', message);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Canonical base64 of exactly `bytes` bytes (Buffer.from skips what is not base64, so the length alone proves nothing). */
const isBase64Of = (v: unknown, bytes: number): v is string =>
  typeof v === 'string' &&
  Buffer.from(v, 'base64').length === bytes &&
  Buffer.from(v, 'base64').toString('base64') === v;

/** A manifest as this format writes it: anything else is refused before a field of it is used. */
function isManifest(v: unknown): v is BackupManifest {
  return (
    isObject(v) &&
    typeof v.format === 'string' &&
    typeof v.format_version === 'number' &&
    typeof v.appliance_version === 'string' &&
    typeof v.created_at === 'string' &&
    Array.isArray(v.members) &&
    v.members.every(
      (m) =>
        isObject(m) &&
        typeof m.name === 'string' &&
        Number.isSafeInteger(m.size) &&
        typeof m.sha256 === 'string',
    )
  );
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** scrypt off the event loop (libuv's thread pool): the server keeps answering while a key is derived. */
function deriveKey(passphrase: string, kdf: BackupHeader['kdf']): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(kdf.salt, 'base64'),
      32,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export async function packTar(members: Array<{ name: string; data: Buffer }>): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    pack.on('data', (c: Buffer) => chunks.push(c));
    pack.on('end', resolve);
    pack.on('error', reject);
  });
  for (const m of members)
    pack.entry({ name: m.name, size: m.data.length, mode: 0o600, mtime: new Date(0) }, m.data);
  pack.finalize();
  await done;
  return Buffer.concat(chunks);
}

export async function unpackTar(data: Buffer): Promise<Map<string, Buffer>> {
  const extract = tar.extract();
  const out = new Map<string, Buffer>();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const parts: Buffer[] = [];
      stream.on('data', (c: Buffer) => parts.push(c));
      stream.on('end', () => {
        if (header.type === 'file') out.set(header.name, Buffer.concat(parts));
        next();
      });
      stream.resume();
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  const source = new PassThrough();
  source.pipe(extract);
  source.end(data);
  await done;
  return out;
}

/** Builds the manifest of members and the encrypted archive. */
export async function sealArchive(
  passphrase: string,
  members: Array<{ name: string; data: Buffer }>,
  meta: { appliance_version: string; created_at: string },
): Promise<{ archive: Buffer; manifest: BackupManifest }> {
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    appliance_version: meta.appliance_version,
    created_at: meta.created_at,
    members: members.map((m) => ({ name: m.name, size: m.data.length, sha256: sha256(m.data) })),
  };
  const plain = await packTar([
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) },
    ...members,
  ]);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    kdf: {
      name: 'scrypt',
      N: SCRYPT.N,
      r: SCRYPT.r,
      p: SCRYPT.p,
      salt: crypto.randomBytes(SCRYPT.saltBytes).toString('base64'),
    },
    cipher: { name: 'aes-256-gcm', iv: crypto.randomBytes(IV_BYTES).toString('base64') },
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  const aad = Buffer.concat([BACKUP_MAGIC, length, headerBytes]);
  const cipher = crypto.createCipheriv(
    'aes-256-gcm',
    await deriveKey(passphrase, header.kdf),
    Buffer.from(header.cipher.iv, 'base64'),
  );
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { archive: Buffer.concat([aad, body, cipher.getAuthTag()]), manifest };
}

/** Reads an archive's header (no passphrase needed); refuses what is not an archive or a format this one can't read. */
export function readHeader(archive: Buffer): { header: BackupHeader; aad: Buffer } {
  if (
    archive.length < BACKUP_MAGIC.length + 4 ||
    !archive.subarray(0, BACKUP_MAGIC.length).equals(BACKUP_MAGIC)
  )
    throw new BackupError(400, 'value_error.backup.not_archive', 'This file is not a Rampart backup.');
  const length = archive.readUInt32BE(BACKUP_MAGIC.length);
  const start = BACKUP_MAGIC.length + 4;
  if (length > HEADER_MAX || start + length + TAG_BYTES > archive.length)
    throw new BackupError(400, 'value_error.backup.truncated', 'The backup is truncated or damaged.');
  let header: BackupHeader;
  try {
    header = JSON.parse(archive.subarray(start, start + length).toString('utf8')) as BackupHeader;
  } catch {
    throw damaged('The backup’s header is damaged.');
  }
  if (!isObject(header) || !Number.isInteger(header.format_version))
    throw damaged('The backup’s header is damaged.');
  if (header.format_version > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      422,
      'value_error.backup.newer_format',
      `This backup has format version ${header.format_version}, made by a newer Rampart; this appliance reads version ${BACKUP_FORMAT_VERSION}. Update the appliance first.`,
    );
  const k = header.kdf as Partial<BackupHeader['kdf']> | undefined;
  const c = header.cipher as Partial<BackupHeader['cipher']> | undefined;
  if (
    header.format !== BACKUP_FORMAT ||
    !isObject(k) ||
    k.name !== 'scrypt' ||
    !isObject(c) ||
    c.name !== 'aes-256-gcm'
  )
    throw damaged('The backup’s header is damaged.');
  // Only the parameters this format writes: a header asking for more would make the appliance spend its memory and
  // time on a derivation before the tag can tell the header was forged (the header is checked by that tag).
  if (k.N !== SCRYPT.N || k.r !== SCRYPT.r || k.p !== SCRYPT.p)
    throw new BackupError(
      400,
      'value_error.backup.kdf',
      `The backup’s key derivation parameters are not this format’s (scrypt N = 2^17, r = 8, p = 1).`,
    );
  if (!isBase64Of(k.salt, SCRYPT.saltBytes) || !isBase64Of(c.iv, IV_BYTES))
    throw damaged('The backup’s header is damaged: its salt or IV is not of the format’s length.');
  return { header, aad: archive.subarray(0, start + length) };
}

export interface OpenedArchive {
  header: BackupHeader;
  manifest: BackupManifest;
  members: Map<string, Buffer>;
}

/**
 * Decrypts an archive and checks it: the GCM tag (a wrong passphrase and a changed byte are told apart only as far as
 * the tag allows: both fail it), then every member against the manifest's size and SHA-256.
 */
export async function openArchive(archive: Buffer, passphrase: string): Promise<OpenedArchive> {
  const { header, aad } = readHeader(archive);
  const body = archive.subarray(aad.length, archive.length - TAG_BYTES);
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    await deriveKey(passphrase, header.kdf),
    Buffer.from(header.cipher.iv, 'base64'),
  );
  decipher.setAAD(aad);
  decipher.setAuthTag(archive.subarray(archive.length - TAG_BYTES));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new BackupError(
      400,
      'value_error.backup.authentication',
      'The backup could not be decrypted: the passphrase is wrong or the file was changed.',
    );
  }
  let members: Map<string, Buffer>;
  try {
    members = await unpackTar(plain);
  } catch {
    throw damaged('The backup’s contents are not a readable archive of members.');
  }
  const manifestBytes = members.get('manifest.json');
  if (!manifestBytes) throw damaged('The backup has no manifest.');
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw damaged('The backup’s manifest is not JSON.');
  }
  if (!isManifest(manifest)) throw damaged('The backup’s manifest is damaged.');
  if (manifest.format_version > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      422,
      'value_error.backup.newer_format',
      `This backup has format version ${manifest.format_version}, made by a newer Rampart; this appliance reads version ${BACKUP_FORMAT_VERSION}.`,
    );
  members.delete('manifest.json');
  for (const m of manifest.members) {
    const data = members.get(m.name);
    if (!data || data.length !== m.size || sha256(data) !== m.sha256)
      throw new BackupError(
        400,
        'value_error.backup.damaged',
        `The backup's member ${m.name} does not match its manifest.`,
      );
  }
  for (const name of members.keys())
    if (!manifest.members.some((m) => m.name === name))
      throw new BackupError(
        400,
        'value_error.backup.damaged',
        `The backup's member ${name} is not in its manifest.`,
      );
  return { header, manifest, members };
}
