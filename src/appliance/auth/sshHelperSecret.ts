/**
 * The per-install secret of the SSH PAM helper (`<data>/etc/ssh/rampart-ssh-auth.secret`, 0600, made once): the
 * SSH feature writes the helper that presents it (ssh/pam.ts), the authentication feature's internal endpoint
 * checks it (auth/serviceAuthRoutes.ts). Both need it, so it lives in the kernel and names neither.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../../service-kit/atomicFile';

export const SSH_AUTH_SECRET_FILE = 'rampart-ssh-auth.secret';
export const sshAuthSecretPath = (dataDir: string) =>
  path.resolve(dataDir, 'etc', 'ssh', SSH_AUTH_SECRET_FILE);

const secrets = new Map<string, string>();

/** Creates the per-install secret once (0600); later calls keep it. */
export function ensureSshAuthSecret(dataDir: string): string {
  const file = sshAuthSecretPath(dataDir);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    writeFileAtomicSync(file, `${crypto.randomBytes(32).toString('base64url')}\n`, {
      mode: 0o600,
      sync: true,
    });
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  secrets.set(dataDir, secret);
  return secret;
}

/** The secret the helper must present, or null when none was made (the endpoint then refuses everyone). */
export function sshAuthSecret(dataDir: string): string | null {
  const known = secrets.get(dataDir);
  if (known) return known;
  try {
    const secret = fs.readFileSync(sshAuthSecretPath(dataDir), 'utf8').trim();
    if (secret) secrets.set(dataDir, secret);
    return secret || null;
  } catch {
    return null;
  }
}
