/** What every part of the appliance is handed: storage, config-derived paths, the audit writer and the clock. */
import type { Config } from '../../config';
import type { Audit } from './audit';
import type { Db } from '../storage/sqlite';

export interface ApplianceContext {
  db: Db;
  config: Config;
  audit: Audit;
  /** Path prefixes (no trailing slash) of the API base and local-auth base, e.g. `/api`, `/api/auth`. */
  apiPrefix: string;
  authPrefix: string;
  /** Cookies get `Secure` when the console is served over HTTPS. */
  secureCookies: boolean;
  /** Milliseconds since the epoch; replaceable so tests can move the clock (lockout, session expiry). */
  now: () => number;
}

/** The path part of a base that may be a path (`/api/`) or an absolute URL, without trailing slash. */
export function pathPrefix(base: string): string {
  let p = base;
  if (/^https?:\/\//.test(base)) {
    try {
      p = new URL(base).pathname;
    } catch {
      p = '/';
    }
  }
  return p.replace(/\/+$/, '');
}

/** Runs `fn` in one immediate (write-locking) transaction: a mutating request writes all or nothing. */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}
