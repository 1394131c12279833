/**
 * Where a local backup target may write: a directory of an ordinary file system, outside the kernel's pseudo file
 * systems (/proc, /sys, /dev: writing there is meaningless at best, and a recursive mkdir under /proc spins forever)
 * and outside the appliance's own data and its daemons' directories (an archive or its rotation must not overwrite
 * or delete their files). The path is judged as it resolves (symbolic links followed, `..` removed), both when the
 * target is saved and again before every run; the directory is then made one level at a time, asynchronously.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Directories (with all beneath them) no archive is written to; the data directory is added per appliance. */
export const REFUSED_ROOTS: readonly string[] = [
  '/proc',
  '/sys',
  '/dev',
  '/run',
  '/boot',
  '/etc/ssh',
  '/etc/unbound',
];

/** Kernel pseudo file systems (statfs f_type) refused wherever they are mounted. */
const PSEUDO_FILE_SYSTEMS: Record<number, string> = {
  0x9fa0: 'proc',
  0x62656572: 'sysfs',
  0x1cd1: 'devpts',
  0x27e0eb: 'cgroup',
  0x63677270: 'cgroup2',
  0x64626720: 'debugfs',
  0x74726163: 'tracefs',
  0x73636673: 'securityfs',
  0xcafe4a11: 'bpf',
  0x6165676c: 'pstore',
  0x62656570: 'configfs',
  0xde5e81e4: 'efivarfs',
  0x65735543: 'fusectl',
  0x19800202: 'mqueue',
  0x42494e4d: 'binfmt_misc',
  0xf97cff8c: 'selinuxfs',
  0x6e736673: 'nsfs',
};

/** At most this many missing levels are created for a target (a deeper path is a mistake, not a layout). */
const MAX_NEW_LEVELS = 8;

export class RefusedDirectory extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedDirectory';
  }
}

const within = (dir: string, root: string) =>
  dir === root || dir.startsWith(root.endsWith('/') ? root : `${root}/`);

async function realOrNull(p: string): Promise<string | null> {
  try {
    return await fs.promises.realpath(p);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** The nearest existing ancestor (resolved) and the levels below it still to be made. */
async function resolveExisting(dir: string): Promise<{ existing: string; missing: string[] }> {
  const missing: string[] = [];
  let at = dir;
  for (;;) {
    const real = await realOrNull(at);
    if (real !== null) return { existing: real, missing };
    const parent = path.dirname(at);
    if (parent === at) throw new RefusedDirectory(`${dir} cannot be resolved`);
    missing.unshift(path.basename(at));
    at = parent;
  }
}

export interface ResolvedDirectory {
  /** The directory as it resolves (links followed): what is written to. */
  real: string;
  /** Levels below `real`'s nearest existing ancestor still to be made (empty once it exists). */
  missing: string[];
  existing: string;
}

/**
 * Resolves a local target's directory and refuses it when it is, or lies in, a refused place. `protectedDirs` are
 * the appliance's own (its data directory). Throws RefusedDirectory with a message the admin can act on.
 */
export async function checkLocalDirectory(
  directory: string,
  protectedDirs: readonly string[],
): Promise<ResolvedDirectory> {
  if (!path.isAbsolute(directory)) throw new RefusedDirectory('an absolute path');
  if (directory.includes('\0')) throw new RefusedDirectory('the path contains a NUL character');
  const { existing, missing } = await resolveExisting(path.resolve(directory));
  const real = path.join(existing, ...missing);
  if (missing.length > MAX_NEW_LEVELS)
    throw new RefusedDirectory(
      `${directory} is ${missing.length} levels below the nearest existing directory; at most ${MAX_NEW_LEVELS} are made`,
    );
  const roots = await Promise.all(REFUSED_ROOTS.map(async (r) => [r, (await realOrNull(r)) ?? r] as const));
  for (const [root, resolved] of roots)
    if (within(real, resolved) || within(real, root))
      throw new RefusedDirectory(`${directory} is in ${root}, where backups are not written`);
  for (const own of protectedDirs) {
    const resolved = (await realOrNull(own)) ?? path.resolve(own);
    if (within(real, resolved))
      throw new RefusedDirectory(
        `${directory} is in the appliance's own data directory, where backups are not written`,
      );
  }
  const stat = await fs.promises.stat(existing);
  if (!stat.isDirectory()) throw new RefusedDirectory(`${existing} is not a directory`);
  const fsType = PSEUDO_FILE_SYSTEMS[Number((await fs.promises.statfs(existing)).type)];
  if (fsType)
    throw new RefusedDirectory(
      `${directory} is on the kernel's ${fsType} file system, where backups are not written`,
    );
  return { real, missing, existing };
}

/**
 * Checks the directory again and makes its missing levels one at a time (never a recursive mkdir), each only as
 * a new real directory; returns the resolved directory to write to.
 */
export async function prepareLocalDirectory(
  directory: string,
  protectedDirs: readonly string[],
): Promise<string> {
  const resolved = await checkLocalDirectory(directory, protectedDirs);
  let at = resolved.existing;
  for (const level of resolved.missing) {
    at = path.join(at, level);
    try {
      await fs.promises.mkdir(at, { mode: 0o700 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    // Whatever is there now (made by us or by someone else meanwhile) must be a directory, not a link elsewhere.
    if (!(await fs.promises.lstat(at)).isDirectory()) throw new RefusedDirectory(`${at} is not a directory`);
  }
  // Resolved once more: a link swapped in between is judged like any other path.
  const real = await fs.promises.realpath(directory);
  if (real !== resolved.real) return (await checkLocalDirectory(real, protectedDirs)).real;
  return real;
}
