/**
 * What the console shell reads after login (spec §7): the context-bar menu, who-am-I with the panel flags, and the
 * messaging center (messages not yet acknowledged by the user, acknowledgements, and the admin's acceptance export).
 */
import type { FastifyInstance } from 'fastify';
import { menuShows } from '../../shared/pageAccess';
import { menuTarget } from '../../shared/menu';
import type { Privileges } from '../../shared/privileges';
import { privilegesOf } from '../auth/privileges';
import { AuditService, auditText } from '../audit';
import { currentUser, NOT_AUTHENTICATED } from '../auth/guards';
import { userForHeaders, type SessionUser } from '../auth/sessions';
import type { InProcessReads } from '../../service-kit/inProcessReads';
import { inTransaction, type ApplianceContext } from '../context';
import { notFound } from '../http/errors';
import { readMenu, type StoredMenu } from './menu';
import { deepFreeze } from '../../storage/sqlite';
import { area } from '../http/routeAccess';
import { contractRoute } from '../http/contractRoute';
import type { ResponseOf } from '../../shared/contracts/endpoint';
import {
  ackMessage,
  getMe,
  getMenu,
  getMessageAcceptances,
  getMyMessages,
} from '../../shared/contracts/console';

type ServerMessage = ResponseOf<typeof getMyMessages>['data'][number];

type AcceptanceRow = ResponseOf<typeof getMessageAcceptances>['data'][number];

type MeAnswer = ResponseOf<typeof getMe>;

/** CSV cell: quoted, quotes doubled, and a leading formula character neutralised (spreadsheet injection). */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export async function registerConsoleRoutes(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  inProcess?: InProcessReads,
): Promise<void> {
  const { db, config, audit } = ctx;

  // Every signed-in page reads the menu and who-am-I. Their answers are kept while nothing changed (the stored menu
  // and an account's privileges are kept reads, see keptRead), so a render gets the very same answer objects and can
  // keep what it made of them.

  // The menu of the pages this account may open: entries leading to others are left out.
  const menus = new WeakMap<StoredMenu, WeakMap<Privileges, Map<string, StoredMenu>>>();
  const menuFor = (user: SessionUser) => {
    const stored = readMenu(db);
    const privileges = privilegesOf(ctx, user);
    let byPrivileges = menus.get(stored);
    if (!byPrivileges) menus.set(stored, (byPrivileges = new WeakMap()));
    let byRole = byPrivileges.get(privileges);
    if (!byRole) byPrivileges.set(privileges, (byRole = new Map()));
    let menu = byRole.get(user.role);
    if (!menu) {
      // An entry is shown to whoever may open the page it leads to (src/shared/pageAccess.ts, the route table's list).
      const viewer = { role: user.role, privileges };
      menu = deepFreeze(
        stored
          .map((g) => ({ ...g, children: g.children.filter((c) => menuShows(viewer, menuTarget(g, c))) }))
          .filter(
            (g, i) => g.children.length > 0 || (stored[i].children.length === 0 && menuShows(viewer, g.path)),
          ),
      );
      byRole.set(user.role, menu);
    }
    return menu;
  };
  const mes = new WeakMap<Privileges, Map<string, MeAnswer>>();
  const me = (user: SessionUser): MeAnswer => {
    const privileges = privilegesOf(ctx, user);
    let byUser = mes.get(privileges);
    if (!byUser) mes.set(privileges, (byUser = new Map()));
    const key = `${user.username}\n${user.role}\n${user.mustChangePassword}`;
    let answer = byUser.get(key);
    if (!answer) {
      answer = deepFreeze({
        username: user.username,
        role: user.role,
        panels: { ...config.panels },
        must_change_password: user.mustChangePassword,
        // Read or write per area (everything for admins): the console disables what the account may not change.
        privileges,
      });
      byUser.set(key, answer);
    }
    return answer;
  };
  // The answer is the kept, frozen menu: serialised, never changed.
  contractRoute(
    scope,
    getMenu,
    { access: 'session' },
    async (req) => menuFor(currentUser(req)) as ResponseOf<typeof getMenu>,
  );
  contractRoute(scope, getMe, { access: 'session' }, async (req) => me(currentUser(req)));
  // Every signed-in render reads both; the server answers them in process (same check, same body).
  if (inProcess) {
    // A render reads both with the same headers object (one request's): the session is looked up once for both.
    const users = new WeakMap<Headers, SessionUser | null>();
    const userOf = (headers: Headers) => {
      let user = users.get(headers);
      if (user === undefined) users.set(headers, (user = userForHeaders(ctx, headers)));
      return user;
    };
    const signedIn = (answer: (user: SessionUser) => unknown) => (req: { headers: Headers }) => {
      const user = userOf(req.headers);
      return user ? { status: 200, body: answer(user) } : { status: 401, body: NOT_AUTHENTICATED };
    };
    inProcess.add(`${ctx.apiPrefix}/menu/`, signedIn(menuFor));
    inProcess.add(`${ctx.apiPrefix}/users/me`, signedIn(me));
  }

  contractRoute(scope, getMyMessages, { access: 'session' }, async (req) => {
    const user = currentUser(req);
    const data = db
      .prepare(
        // Only the newest active version of each message, and only if this user has not acknowledged it.
        `SELECT m.id, m.version_id, m.text, m.name, m.level, m.type FROM messages m
         WHERE m.active = 1
           AND NOT EXISTS (SELECT 1 FROM messages n WHERE n.id = m.id AND n.active = 1 AND n.rowid > m.rowid)
           AND NOT EXISTS (
             SELECT 1 FROM message_acceptances a WHERE a.user_id = ? AND a.message_id = m.id AND a.version_id = m.version_id)
         ORDER BY m.created_at, m.id`,
      )
      .all(user.id) as ServerMessage[];
    return { data };
  });

  contractRoute(scope, ackMessage, { access: 'session' }, async (req) => {
    const user = currentUser(req);
    const { message_id, version_id } = req.body;
    const result = inTransaction(db, () => {
      const message = db
        .prepare('SELECT name FROM messages WHERE id = ? AND version_id = ?')
        .get(message_id, version_id) as { name: string } | undefined;
      if (!message) return null;
      const inserted = db
        .prepare(
          'INSERT OR IGNORE INTO message_acceptances (user_id, message_id, version_id, accepted_at) VALUES (?, ?, ?, ?)',
        )
        .run(user.id, message_id, version_id, ctx.now()).changes;
      const row = db
        .prepare(
          'SELECT accepted_at FROM message_acceptances WHERE user_id = ? AND message_id = ? AND version_id = ?',
        )
        .get(user.id, message_id, version_id) as { accepted_at: number };
      return { inserted: inserted === 1, acceptedAt: row.accepted_at, name: message.name };
    });
    if (!result) throw notFound('Message does not exist');
    if (result.inserted) {
      audit.record(
        AuditService.messages,
        `"${auditText(user.username)}" acknowledged message ${message_id} version ${version_id}`,
      );
    }
    return { data: { message_id, version_id, accepted_at: new Date(result.acceptedAt).toISOString() } };
  });

  contractRoute(scope, getMessageAcceptances, { access: area('messaging') }, async (req, reply) => {
    const rows = db
      .prepare(
        `SELECT u.username, a.message_id, a.version_id, m.name AS message_name, a.accepted_at
           FROM message_acceptances a JOIN users u ON u.id = a.user_id
           JOIN messages m ON m.id = a.message_id AND m.version_id = a.version_id
           ORDER BY a.accepted_at, u.username`,
      )
      .all() as AcceptanceRow[];
    const data = rows.map((r) => ({ ...r, accepted_at: new Date(r.accepted_at).toISOString() }));
    if (req.query.format !== 'csv') return { data };
    const header = ['username', 'message_id', 'version_id', 'message_name', 'accepted_at'] as const;
    // §9 CSV convention of the console: semicolon separator, newline rows, quoted values.
    const csv =
      [header.map(csvCell).join(';'), ...data.map((r) => header.map((h) => csvCell(r[h])).join(';'))].join(
        '\n',
      ) + '\n';
    const stamp = new Date(ctx.now()).toISOString().replace(/[:.]/g, '-');
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="message_acceptances_${stamp}.csv"`)
      .send(csv);
  });
}
