/**
 * Dismissals of the console's own notices (a certificate about to expire, …), remembered per signed-in user in this
 * browser: the server has no message to acknowledge for them (`users/me/ack-messages` answers 404), so they are
 * never sent there. A dismissal holds for what was dismissed — the notice's key and version (e.g. a certificate and
 * its expiry date): the same notice stays away on later visits, a new version of it (a renewed certificate that
 * nears its new end) shows again.
 */
import { readJson, writeJson } from '../lib/storage';

/** Storage key of one user's dismissals (spec §9 storage keys: `rampart.` prefix). */
export const dismissalsKey = (username: string | undefined) => `rampart.dismissedNotices.${username ?? ''}`;

/** How many dismissals are kept per user; the oldest go first. */
export const MAX_DISMISSALS = 2000;

type Dismissals = Record<string, string>;

function read(username: string | undefined): Dismissals {
  const data = readJson('local', dismissalsKey(username));
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const out: Dismissals = {};
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
}

export function isNoticeDismissed(
  username: string | undefined,
  notice: { key: string; version: string },
): boolean {
  return read(username)[notice.key] === notice.version;
}

/** Remembers the dismissal; false when the browser does not keep it (storage blocked or full). */
export function rememberNoticeDismissed(
  username: string | undefined,
  notice: { key: string; version: string },
): boolean {
  const all = read(username);
  delete all[notice.key];
  all[notice.key] = notice.version;
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_DISMISSALS))) delete all[k];
  return writeJson('local', dismissalsKey(username), all);
}
