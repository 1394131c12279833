/**
 * The real checkers the generated configuration is validated with. They must be installed (`.ci/run` installs
 * `unbound` and `openssh-server`): a missing tool fails the test instead of skipping it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { findTool } from '../../../src/appliance/apply/tools';
import { SSHD_PRIVSEP_DIR } from '../../../src/appliance/ssh';

export function requireTool(name: string): string {
  const file = findTool(name);
  if (!file)
    throw new Error(`${name} is not installed: install Debian's unbound and openssh-server (see .ci/run)`);
  return file;
}

/** sshd -t needs its privilege-separation directory, which only the service's start creates. */
export function ensurePrivsepDir(): void {
  fs.mkdirSync(SSHD_PRIVSEP_DIR, { recursive: true, mode: 0o755 });
}

/** Runs a tool and returns its exit status and output. */
export function run(file: string, args: string[]): { status: number; output: string } {
  try {
    return { status: 0, output: execFileSync(file, args, { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (e) {
    const err = e as { status?: number; stdout?: string; stderr?: string };
    return { status: err.status ?? 1, output: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}
