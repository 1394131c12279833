/**
 * What the alert engine checks, each a pure read of the appliance's stores at a given time: the conditions that
 * hold now, one finding per subject (the engine keeps state and deduplicates by `key`). Thresholds follow the
 * issue's radar: certificates and authorities at 60, 30, 7 and 1 days.
 */
import type { Db } from '../../storage/sqlite';

export type AlertSeverity = 'critical' | 'warning' | 'info';
export type AlertKind =
  | 'certificate_expiry'
  | 'ca_expiry'
  | 'crl_next_update'
  | 'acme_order_failed'
  | 'lockouts'
  | 'service_down'
  | 'account_expiry';

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
/** Days before an end at which the radar speaks, most urgent first, with the severity each step has. */
export const EXPIRY_STEPS: ReadonlyArray<{ days: number; severity: AlertSeverity }> = [
  { days: 1, severity: 'critical' },
  { days: 7, severity: 'critical' },
  { days: 30, severity: 'warning' },
  { days: 60, severity: 'info' },
];
/** Names locked out at once from which a lockout storm is an alert. */
export const LOCKOUT_STORM = 5;

function expiryStep(notAfter: number, now: number) {
  if (notAfter <= now) return { days: 0, severity: 'critical' as const };
  return EXPIRY_STEPS.find((s) => notAfter - now <= s.days * DAY);
}

const inDays = (notAfter: number, now: number) => {
  const days = Math.ceil((notAfter - now) / DAY);
  return notAfter <= now ? 'has ended' : days === 1 ? 'ends within a day' : `ends in ${days} days`;
};

/** Certificates that are not revoked and not renewed, ending within 60 days or ended. */
export function certificateFindings(db: Db, now: number): Finding[] {
  const rows = db
    .prepare(
      `SELECT c.id, c.name, c.not_after FROM pki_certificates c
        WHERE c.revoked_at IS NULL AND c.not_after <= ?
          AND NOT EXISTS (SELECT 1 FROM pki_certificates n WHERE n.renewed_from = c.id)`,
    )
    .all(now + 60 * DAY) as Array<{ id: string; name: string; not_after: number }>;
  return rows.map((c) => ({
    key: `certificate_expiry:${c.id}`,
    kind: 'certificate_expiry',
    severity: expiryStep(c.not_after, now)!.severity,
    subject: c.name,
    summary: `Certificate ${c.name} ${inDays(c.not_after, now)} (${new Date(c.not_after).toISOString().slice(0, 10)})`,
    link: `/system/certificates/${c.id}`,
  }));
}

export function caFindings(db: Db, now: number): Finding[] {
  const rows = db
    .prepare('SELECT id, name, not_after FROM pki_cas WHERE not_after <= ?')
    .all(now + 60 * DAY) as Array<{ id: string; name: string; not_after: number }>;
  return rows.map((c) => ({
    key: `ca_expiry:${c.id}`,
    kind: 'ca_expiry',
    severity: expiryStep(c.not_after, now)!.severity,
    subject: c.name,
    summary: `Certificate authority ${c.name} ${inDays(c.not_after, now)}`,
    link: `/system/certificate-authorities/${c.id}`,
  }));
}

/** Each authority's newest revocation list past its next update (critical) or within a day of it (warning). */
export function crlFindings(db: Db, now: number): Finding[] {
  const rows = db
    .prepare(
      `SELECT l.id, l.name, l.next_update FROM pki_crls l
        WHERE l.next_update IS NOT NULL AND l.next_update <= ?
          AND l.this_update = (SELECT max(o.this_update) FROM pki_crls o WHERE o.ca_id IS l.ca_id)`,
    )
    .all(now + DAY) as Array<{ id: string; name: string; next_update: number }>;
  return rows.map((l) => ({
    key: `crl_next_update:${l.id}`,
    kind: 'crl_next_update',
    severity: l.next_update <= now ? 'critical' : 'warning',
    subject: l.name,
    summary:
      l.next_update <= now
        ? `Revocation list ${l.name} is past its next update: clients may refuse the certificates it covers`
        : `Revocation list ${l.name} reaches its next update within a day`,
    link: `/system/certificate-revocation-lists/${l.id}`,
  }));
}

/** ACME orders that failed, unless a later order renewing the same one succeeded. */
export function acmeFindings(db: Db): Finding[] {
  const rows = db
    .prepare(
      `SELECT o.id, o.names, o.detail FROM pki_acme_orders o
        WHERE o.status = 'invalid'
          AND NOT EXISTS (SELECT 1 FROM pki_acme_orders r WHERE r.renews_order_id = o.renews_order_id
                            AND o.renews_order_id IS NOT NULL AND r.status = 'valid' AND r.created_at > o.created_at)`,
    )
    .all() as Array<{ id: string; names: string; detail: string }>;
  return rows.map((o) => {
    const names = (JSON.parse(o.names) as string[]).join(', ');
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

export function lockoutFindings(lockedNames: number): Finding[] {
  if (lockedNames < LOCKOUT_STORM) return [];
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

/** Enabled accounts that expire within seven days (admins: a warning, others: information). */
export function accountFindings(db: Db, now: number): Finding[] {
  const today = new Date(now).toISOString().slice(0, 10);
  const limit = new Date(now + 7 * DAY).toISOString().slice(0, 10);
  const rows = db
    .prepare(
      'SELECT id, username, role, expires_at FROM users WHERE enabled = 1 AND expires_at IS NOT NULL AND expires_at >= ? AND expires_at <= ?',
    )
    .all(today, limit) as Array<{ id: number; username: string; role: string; expires_at: string }>;
  return rows.map((u) => ({
    key: `account_expiry:${u.id}`,
    kind: 'account_expiry',
    severity: u.role === 'admin' ? 'warning' : 'info',
    subject: u.username,
    summary: `${u.role === 'admin' ? 'Administrator' : 'Account'} ${u.username} expires on ${u.expires_at}`,
    link: `/authentication/users/${u.id}`,
  }));
}
