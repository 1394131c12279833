/**
 * The sign-up policy as the identity service sees it: `${dataDir}/identity-registration.json`, written by the
 * appliance's Authentication settings (src/shared/signupPolicy.ts). Read when a registration flow is created or
 * an identity would be registered, so a change applies at once without a restart; the file is read again only
 * when it changed (size, mtime or inode).
 *
 * No file: the default, open. A file that cannot be read or parsed closes sign-up (fail closed) and is logged
 * once per version of the file: an administrator meant to restrict something.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_SIGNUP_POLICY,
  parseSignupPolicy,
  SIGNUP_POLICY_FILE,
  type SignupPolicy,
} from '../shared/signupPolicy';

const CLOSED: SignupPolicy = { mode: 'closed', allowed_domains: [] };

export class SignupPolicyFile {
  private readonly file: string;
  private seen: string | null = null;
  private policy: SignupPolicy = DEFAULT_SIGNUP_POLICY;

  constructor(
    dataDir: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.file = path.join(dataDir, SIGNUP_POLICY_FILE);
  }

  current(): SignupPolicy {
    let stamp: string;
    try {
      const st = fs.statSync(this.file);
      stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_SIGNUP_POLICY;
      return this.refuse(`cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`, 'unreadable');
    }
    if (stamp === this.seen) return this.policy;
    let parsed: SignupPolicy | null;
    try {
      parsed = parseSignupPolicy(JSON.parse(fs.readFileSync(this.file, 'utf8')));
    } catch {
      parsed = null;
    }
    this.seen = stamp;
    if (!parsed) {
      this.policy = CLOSED;
      this.log.warn(`identity: ${SIGNUP_POLICY_FILE} is not a valid sign-up policy; sign-up is closed`);
    } else this.policy = parsed;
    return this.policy;
  }

  private refuse(why: string, stamp: string): SignupPolicy {
    if (this.seen !== stamp) this.log.warn(`identity: ${SIGNUP_POLICY_FILE} ${why}; sign-up is closed`);
    this.seen = stamp;
    this.policy = CLOSED;
    return CLOSED;
  }
}

/** The field message of an address the allow-list refuses (names the address's own domain, never the list). */
export function domainRefusedReason(email: string): string {
  const domain = email.slice(email.lastIndexOf('@') + 1).trim();
  return `Sign-up is not open to addresses at ${domain}. Use an address of your organisation.`;
}
