/**
 * PKI test helpers: the real `openssl` command (a missing binary fails the test, it never skips), files in a temp
 * directory, and an admin agent on a real appliance server.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';

export interface OpensslResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs openssl; throws when the binary cannot be started (so a machine without it fails the suite). */
export function openssl(args: string[], input?: string | Buffer): OpensslResult {
  const r = spawnSync('openssl', args, { input, timeout: 60_000 });
  if (r.error) throw new Error(`openssl could not run: ${r.error.message}`);
  return { status: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-pki-'));
}

export function writeTemp(dir: string, name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

/** A key and self-signed certificate made by openssl itself, for imports from outside. */
export function opensslSelfSigned(
  dir: string,
  subject: string,
  opts: { ca: boolean; days?: number; key?: string },
) {
  const keyFile = path.join(dir, `${opts.key ?? 'ext'}-key.pem`);
  const certFile = path.join(dir, `${opts.key ?? 'ext'}-cert.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      String(opts.days ?? 30),
      '-subj',
      subject,
      '-addext',
      opts.ca ? 'basicConstraints=critical,CA:TRUE' : 'basicConstraints=critical,CA:FALSE',
    ],
    { stdio: 'pipe' },
  );
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
}

export interface PkiHarness {
  h: Harness;
  admin: Agent;
  dir: string;
}

export async function startPki(): Promise<PkiHarness> {
  const h = await startServer();
  const admin = await adminAgent(h);
  return { h, admin, dir: tempDir() };
}

export const rootCaBody = (name = 'Test Root', key_type = 'rsa-2048') => ({
  name,
  key_type,
  subject: { common_name: name, organization: 'Rampart Tests', country: 'FR' },
  validity_days: 3650,
});

export function auditMessages(h: Harness): string[] {
  return (
    h.ctx.db.prepare("SELECT message FROM logs WHERE service = 'certificates' ORDER BY id").all() as Array<{
      message: string;
    }>
  ).map((r) => r.message);
}
