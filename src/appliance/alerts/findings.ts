/**
 * What the alert engine checks, each a pure read of the appliance's stores at a given time: the conditions that
 * hold now, one finding per subject (the engine keeps state and deduplicates by `key`). Thresholds follow the
 * issue's radar: certificates and authorities at 60, 30, 7 and 1 days.
 */
import type { Db } from '../../storage/sqlite';
import type { AlertKind, AlertSeverity } from '../../shared/contracts/alerts';
import { DEFAULT_EXPIRY_DAYS, DEFAULT_LOCKOUT_THRESHOLD } from '../../shared/contracts/alerts';
import type { ForwardingStatus } from '../../shared/contracts/forwarding';
import type { ExpiringAccount, PkiCrlDue, PkiEnding, PkiFailedOrder } from '../offers';

export type { AlertKind, AlertSeverity } from '../../shared/contracts/alerts';

export interface Finding {
  /** One alert per key: the kind and its subject. */
  key: string;
  kind: AlertKind;
  severity: AlertSeverity;
  subject: string;
  summary: string;
  /** Where the console shows the subject. */
  link: string;
}

const DAY = 86_400_000;
/** Names locked out at once from which a lockout storm is an alert (the default threshold). */
export const LOCKOUT_STORM = DEFAULT_LOCKOUT_THRESHOLD;

/** The severity of an end `notAfter`: critical within 7 days (or ended), warning within 30, information before. */
export function expirySeverity(notAfter: number, now: number): AlertSeverity {
  const left = notAfter - now;
  return left <= 7 * DAY ? 'critical' : left <= 30 * DAY ? 'warning' : 'info';
}

/** How far ahead the radar looks: the largest expiry step (days). */
/** How far ahead an end is an alert: the largest step. */
export const horizonOf = (steps: readonly number[]) =>
  Math.max(...(steps.length ? steps : DEFAULT_EXPIRY_DAYS)) * DAY;

const inDays = (notAfter: number, now: number) => {
  const days = Math.ceil((notAfter - now) / DAY);
  return notAfter <= now ? 'has ended' : days === 1 ? 'ends within a day' : `ends in ${days} days`;
};

/** Certificates that are not revoked and not renewed, ending within the largest step (60 days) or ended. */
export function certificateFindings(
  certificates: readonly PkiEnding[],
  now: number,
  steps: readonly number[] = DEFAULT_EXPIRY_DAYS,
): Finding[] {
  const horizon = now + horizonOf(steps);
  return certificates
    .filter((c) => !c.renewed && c.notAfter <= horizon)
    .map((c) => ({
      key: `certificate_expiry:${c.id}`,
      kind: 'certificate_expiry',
      severity: expirySeverity(c.notAfter, now),
      subject: c.name,
      summary: `Certificate ${c.name} ${inDays(c.notAfter, now)} (${new Date(c.notAfter).toISOString().slice(0, 10)})`,
      link: `/system/certificates/${c.id}`,
    }));
}

export function caFindings(
  cas: readonly PkiEnding[],
  now: number,
  steps: readonly number[] = DEFAULT_EXPIRY_DAYS,
): Finding[] {
  const horizon = now + horizonOf(steps);
  return cas
    .filter((c) => c.notAfter <= horizon)
    .map((c) => ({
      key: `ca_expiry:${c.id}`,
      kind: 'ca_expiry',
      severity: expirySeverity(c.notAfter, now),
      subject: c.name,
      summary: `Certificate authority ${c.name} ${inDays(c.notAfter, now)}`,
      link: `/system/certificate-authorities/${c.id}`,
    }));
}

/** The window within which a revocation list's next update is a warning (past it: critical). */
export const CRL_DUE_WINDOW = DAY;

/** Each authority's newest revocation list past its next update (critical) or within a day of it (warning). */
export function crlFindings(due: readonly PkiCrlDue[], now: number): Finding[] {
  return due.map((l) => ({
    key: `crl_next_update:${l.id}`,
    kind: 'crl_next_update',
    severity: l.nextUpdate <= now ? 'critical' : 'warning',
    subject: l.name,
    summary:
      l.nextUpdate <= now
        ? `Revocation list ${l.name} is past its next update: clients may refuse the certificates it covers`
        : `Revocation list ${l.name} reaches its next update within a day`,
    link: `/system/certificate-revocation-lists/${l.id}`,
  }));
}

/** ACME orders that failed, unless a later order renewing the same one succeeded. */
export function acmeFindings(orders: readonly PkiFailedOrder[]): Finding[] {
  return orders.map((o) => {
    const names = o.names.join(', ');
    return {
      key: `acme_order_failed:${o.id}`,
      kind: 'acme_order_failed',
      severity: 'warning',
      subject: names,
      summary: `ACME order for ${names} failed${o.detail ? `: ${o.detail}` : ''}`,
      link: `/system/acme-orders/${o.id}`,
    };
  });
}

export function lockoutFindings(lockedNames: number, threshold = LOCKOUT_STORM): Finding[] {
  if (lockedNames < threshold) return [];
  return [
    {
      key: 'lockouts:storm',
      kind: 'lockouts',
      severity: 'warning',
      subject: 'Sign-ins',
      summary: `${lockedNames} sign-in names are locked out at once: someone may be guessing passwords`,
      link: '/authentication/lockout',
    },
  ];
}

export function serviceFindings(
  states: ReadonlyArray<{ name: string; label: string; status: string }>,
): Finding[] {
  return states
    .filter((s) => s.status === 'failed')
    .map((s) => ({
      key: `service_down:${s.name}`,
      kind: 'service_down',
      severity: 'critical',
      subject: s.label,
      summary: `${s.label} is down: the daemon failed and the appliance is restarting it`,
      link: s.name === 'dns' ? '/dns/proxy' : '/ssh/config',
    }));
}

/** The days (`YYYY-MM-DD`, both included) within which an expiring account is an alert: today and the next seven. */
export function accountExpiryDays(now: number): [string, string] {
  return [new Date(now).toISOString().slice(0, 10), new Date(now + 7 * DAY).toISOString().slice(0, 10)];
}

/** Enabled accounts that expire within seven days (admins: a warning, others: information). */
export function accountFindings(accounts: readonly ExpiringAccount[]): Finding[] {
  return accounts.map((u) => ({
    key: `account_expiry:${u.id}`,
    kind: 'account_expiry',
    severity: u.role === 'admin' ? 'warning' : 'info',
    subject: u.username,
    summary: `${u.role === 'admin' ? 'Administrator' : 'Account'} ${u.username} expires on ${u.expiresOn}`,
    link: `/authentication/users/${u.id}`,
  }));
}

/** Tables another feature creates (the alerts may be registered without it, in tests). */
const hasTable = (db: Db, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/**
 * Updates waiting on the appliance's channel (from the updates feature's packages): one alert for a pending
 * security update (critical), else one for an available update (information).
 */
export function updateFindings(
  available: ReadonlyArray<{ version: string; security: boolean }>,
  current: string,
): Finding[] {
  if (!available.length) return [];
  const security = available.filter((p) => p.security);
  if (security.length)
    return [
      {
        key: 'security_updates:appliance',
        kind: 'security_updates',
        severity: 'critical',
        subject: 'Appliance updates',
        summary: `Security update ${security[0].version} is pending (running ${current})`,
        link: '/updates/update',
      },
    ];
  return [
    {
      key: 'updates_available:appliance',
      kind: 'updates_available',
      severity: 'info',
      subject: 'Appliance updates',
      summary: `Update ${available[0].version} is available (running ${current})`,
      link: '/updates/update',
    },
  ];
}

const SERVICE_LABELS: Record<string, string> = {
  dns: 'DNS proxy',
  ssh: 'SSH',
  network: 'network',
  auth: 'lockout policy',
};

const ROLLBACK_LINKS: Record<string, string> = {
  dns: '/dns/proxy',
  ssh: '/ssh/config',
  network: '/network/preferences',
  auth: '/authentication/lockout',
};
const ROLLBACK_WINDOW = 30 * DAY;

/**
 * Safe-apply changes rolled back (not kept in time, or reverted) in the last 30 days: the newest rollback of each
 * service fires until an admin acknowledges it or the service's configuration is applied again successfully (a
 * later change kept, or an apply by an account after it).
 */
export function rollbackFindings(db: Db, now: number): Finding[] {
  if (!hasTable(db, 'apply_confirmations')) return [];
  const rows = db
    .prepare(
      `SELECT c.id, c.service, c.changes, c.resolved_at FROM apply_confirmations c
        WHERE c.status = 'rolled_back' AND c.resolved_at >= ?
          AND c.resolved_at = (SELECT max(o.resolved_at) FROM apply_confirmations o
                                WHERE o.service = c.service AND o.status = 'rolled_back')
          AND NOT EXISTS (SELECT 1 FROM alert_acknowledgements a WHERE a.key = 'safe_apply_rollback:' || c.id)
          AND NOT EXISTS (SELECT 1 FROM apply_confirmations k WHERE k.service = c.service
                            AND k.status = 'confirmed' AND k.created_at > c.resolved_at)
          AND NOT EXISTS (SELECT 1 FROM apply_state s WHERE s.service = c.service
                            AND s.applied_by <> 'system' AND s.applied_at > c.resolved_at)`,
    )
    .all(now - ROLLBACK_WINDOW) as Array<{
    id: string;
    service: string;
    changes: string;
    resolved_at: number;
  }>;
  return rows.map((r) => {
    const changes = (JSON.parse(r.changes) as string[]).join(', ');
    return {
      key: `safe_apply_rollback:${r.id}`,
      kind: 'safe_apply_rollback',
      severity: 'warning',
      subject: SERVICE_LABELS[r.service] ?? r.service,
      summary: `The ${SERVICE_LABELS[r.service] ?? r.service} configuration change${changes ? ` (${changes})` : ''} was rolled back on ${new Date(r.resolved_at).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      link: ROLLBACK_LINKS[r.service] ?? '/system/history',
    };
  });
}

/** Backup targets whose last backup failed (from the `backupFinished` events the alerts keep). */
export function backupFindings(db: Db): Finding[] {
  const rows = db
    .prepare('SELECT target, error, at FROM alert_backup_results WHERE ok = 0 ORDER BY target')
    .all() as Array<{ target: string; error: string | null; at: number }>;
  return rows.map((r) => ({
    key: `backup_failed:${r.target}`,
    kind: 'backup_failed',
    severity: 'critical',
    subject: r.target,
    summary: `The backup to ${r.target} failed${r.error ? `: ${r.error}` : ''}`,
    link: '/system/backups',
  }));
}

/**
 * Remote syslog targets losing records (critical: the queue is full and the oldest are dropped) or not reaching
 * their collector with records waiting (warning: they are kept, up to the queue's limit).
 */
export function forwardingFindings(
  targets: ReadonlyArray<{ id: number; name: string; status: ForwardingStatus }>,
): Finding[] {
  const out: Finding[] = [];
  for (const { id, name, status: s } of targets) {
    const failing = s.last_error_at !== null && s.last_error_at > (s.last_sent_at ?? 0) && s.pending > 0;
    if (!s.dropping && !failing) continue;
    const error = s.last_error ? `: ${s.last_error}` : '';
    out.push({
      key: `forwarding_failing:${id}`,
      kind: 'forwarding_failing',
      severity: s.dropping ? 'critical' : 'warning',
      subject: name,
      summary: s.dropping
        ? `Log forwarding to ${name} is dropping records: its queue is full (${s.dropped} dropped so far)${error}`
        : `Log forwarding to ${name} cannot reach its collector${error} (${s.pending} records waiting)`,
      link: '/system/log-forwarding',
    });
  }
  return out;
}
