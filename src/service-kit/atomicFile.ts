/**
 * Writing a file whole: the content goes to a new temporary file beside it, which then replaces the file by a
 * rename, so a reader sees the old or the new content and never half of it. The temporary file has a random name
 * and is created exclusively without following links (O_CREAT | O_EXCL | O_NOFOLLOW): a file or link planted at a
 * name in a shared directory is never written through, whoever owns the directory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants;
/** O_EXCL with O_CREAT already refuses any existing name, a dangling link included; O_NOFOLLOW says it twice. */
export const EXCLUSIVE_CREATE = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/** A fresh temporary name beside `file`: hidden, random, never guessed ahead. */
export const temporaryName = (file: string): string =>
  path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(12).toString('hex')}.tmp`);

export interface AtomicWriteOptions {
  /** The file's mode, set exactly (not masked by the umask). Default 0o600. */
  mode?: number;
  /** Flush the content to the disk before the rename (archives, keys). */
  sync?: boolean;
}

/** Writes `file` whole, synchronously: for small files (configuration, keys, cursors). */
export function writeFileAtomicSync(
  file: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  const mode = options.mode ?? 0o600;
  const tmp = temporaryName(file);
  const fd = fs.openSync(tmp, EXCLUSIVE_CREATE, mode);
  try {
    try {
      fs.fchmodSync(fd, mode);
      fs.writeFileSync(fd, data);
      if (options.sync) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/** Writes `file` whole without blocking the event loop: for large content (backup archives). */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const mode = options.mode ?? 0o600;
  const tmp = temporaryName(file);
  const handle = await fs.promises.open(tmp, EXCLUSIVE_CREATE, mode);
  try {
    try {
      await handle.chmod(mode);
      await handle.writeFile(data);
      if (options.sync) await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, file);
  } catch (e) {
    await fs.promises.rm(tmp, { force: true });
    throw e;
  }
}
