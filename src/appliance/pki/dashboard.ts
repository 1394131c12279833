/** The PKI's part of the home page's summary (../dashboard.ts): certificates expiring soon or expired (revoked ones not counted). */
import { DASHBOARD_LIST_LIMIT, type DashboardPart } from '../dashboard';
import { DAY_MS } from './x509';

/** Certificates expiring within this many days are "expiring soon" (the PKI page's own warning window). */
export const EXPIRY_WINDOW_DAYS = 30;

export const pkiDashboardPart: DashboardPart = (ctx) => {
  const { db } = ctx;
  const now = ctx.now();
  const until = now + EXPIRY_WINDOW_DAYS * DAY_MS;
  const count = (sql: string, ...args: number[]) =>
    (
      db
        .prepare(`SELECT COUNT(*) AS n FROM pki_certificates WHERE revoked_at IS NULL AND ${sql}`)
        .get(...args) as {
        n: number;
      }
    ).n;
  const soonest = db
    .prepare(
      `SELECT id, name, not_after FROM pki_certificates
       WHERE revoked_at IS NULL AND not_after >= ? AND not_after <= ? ORDER BY not_after LIMIT ?`,
    )
    .all(now, until, DASHBOARD_LIST_LIMIT) as Array<{ id: string; name: string; not_after: number }>;
  const certificates = {
    window_days: EXPIRY_WINDOW_DAYS,
    expiring: count('not_after >= ? AND not_after <= ?', now, until),
    expired: count('not_after < ?', now),
    soonest: soonest.map((c) => ({ ...c, not_after: new Date(c.not_after).toISOString() })),
  };
  return { certificates };
};
