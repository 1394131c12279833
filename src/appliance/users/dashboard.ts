/** The sign-ins' part of the home page's summary (../dashboard.ts): failed sign-ins of all local accounts, recently. */
import { DASHBOARD_LIST_LIMIT, type DashboardPart } from '../dashboard';

/** Failed sign-ins counted over this window. */
export const SIGN_IN_WINDOW_HOURS = 24;

export const signInsDashboardPart: DashboardPart = (ctx) => {
  const { db } = ctx;
  const now = ctx.now();
  const since = now - SIGN_IN_WINDOW_HOURS * 3_600_000;
  const failed = db
    .prepare('SELECT COUNT(*) AS n FROM user_logins WHERE success = 0 AND at >= ?')
    .get(since) as { n: number };
  const sign_ins = {
    window_hours: SIGN_IN_WINDOW_HOURS,
    failed: failed.n,
    recent: db
      .prepare(
        `SELECT username, at, source, method FROM user_logins
         WHERE success = 0 AND at >= ? ORDER BY at DESC, id DESC LIMIT ?`,
      )
      .all(since, DASHBOARD_LIST_LIMIT) as Array<{
      username: string;
      at: number;
      source: string;
      method: string;
    }>,
  };
  return { sign_ins };
};
