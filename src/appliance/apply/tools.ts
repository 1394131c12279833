/**
 * The real checkers of generated configuration (Debian's `unbound-checkconf` and `sshd -t`): found on the usual
 * system paths, run without a shell, their output kept for the admin. A checker that is not installed is reported
 * as such, so the caller decides whether that is acceptable.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../../service-kit/atomicFile';

const SEARCH_PATH = ['/usr/sbin', '/usr/bin', '/sbin', '/bin', '/usr/local/sbin', '/usr/local/bin'];

/** The absolute path of an executable, or null when it is not installed. */
export function findTool(name: string): string | null {
  const dirs = [...SEARCH_PATH, ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return null;
}

export type CheckResult =
  | { status: 'ok'; output: string }
  | { status: 'failed'; output: string }
  | { status: 'unavailable'; output: string };

/** Runs `tool args…`; exit status 0 is ok. A 20 s limit keeps a stuck checker from holding a job forever. */
export function runCheck(tool: string, args: string[]): Promise<CheckResult> {
  const file = findTool(tool);
  if (!file) return Promise.resolve({ status: 'unavailable', output: `${tool} is not installed` });
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 20_000, maxBuffer: 256 * 1024 }, (error, stdout, stderr) => {
      const output = `${stdout}${stderr}`.trim();
      resolve(error ? { status: 'failed', output: output || error.message } : { status: 'ok', output });
    });
  });
}

/** Writes a file atomically (temporary file, then rename), creating its directory. */
export function writeFileAtomic(file: string, content: string, mode = 0o644): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomicSync(file, content, { mode });
}
