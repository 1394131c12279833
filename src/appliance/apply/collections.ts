/**
 * Lists of a service's configuration (upstream servers, host overrides, authorised keys, …) kept as validated JSON
 * items in one table per module, with the same four calls each: add, replace, delete one, delete many. A body is
 * checked by its route schema (types, formats, lengths), then by the list's own rules (addresses, duplicates),
 * which answer pydantic-style items under `body.<field>`.
 */
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { auditText, type AuditServiceName } from '../audit';
import { currentUser } from '../auth/guards';
import { inTransaction, type ApplianceContext } from '../context';
import type { Db } from '../../storage/sqlite';
import { HttpError, notFound, type ErrorItem } from '../http/errors';
import { contractRoute } from '../http/contractRoute';
import type { RouteAccess } from '../http/routeAccess';
import { LIST_MAX_ITEMS, type ListEndpoints } from '../../shared/contracts/apply';

/** Items one list may hold (the bulk delete's limit too: src/shared/contracts/apply.ts). */
export { LIST_MAX_ITEMS };

export type Item = Record<string, unknown>;
export type Stored<T> = T & { id: number };

export interface ListSpec<T extends Item> {
  /** Table holding the module's lists: `(id INTEGER PRIMARY KEY, list TEXT, data TEXT, created_at INTEGER)`. */
  table: string;
  /** Name of the list in the table and in the URL: `host_overrides`. */
  list: string;
  /** The list's four endpoints (`listEndpoints` of src/shared/contracts/apply.ts): paths, body and item schemas. */
  endpoints: ListEndpoints;
  /** What the audit trail calls one item: `host override "www.example.org"`. */
  describe: (item: T) => string;
  auditService: AuditServiceName;
  /**
   * The list's own rules after the schema: returns the item to store (normalised) or error items. `others` are the
   * list's other items (for duplicates).
   */
  check: (body: T, others: Array<Stored<T>>) => { item: T } | { errors: ErrorItem[] };
}

export function readList<T extends Item>(db: Db, table: string, list: string): Array<Stored<T>> {
  const rows = db.prepare(`SELECT id, data FROM ${table} WHERE list = ? ORDER BY id`).all(list) as Array<{
    id: number;
    data: string;
  }>;
  return rows.map((r) => ({ ...(JSON.parse(r.data) as T), id: r.id }));
}

/** Replaces a whole list (rollback of a service's configuration), keeping the items' ids. */
export function replaceList<T extends Item>(
  db: Db,
  table: string,
  list: string,
  items: Array<Stored<T>>,
): void {
  db.prepare(`DELETE FROM ${table} WHERE list = ?`).run(list);
  const insert = db.prepare(`INSERT INTO ${table} (id, list, data, created_at) VALUES (?, ?, ?, ?)`);
  for (const { id, ...data } of items) insert.run(id, list, JSON.stringify(data), Date.now());
}

export async function registerList<T extends Item>(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  spec: ListSpec<T>,
  /** Who may read and change the list, declared on each of its routes (http/routeAccess.ts). */
  config: FastifyContextConfig,
): Promise<void> {
  const { db } = ctx;
  const { add, replace, remove, removeMany } = spec.endpoints;
  const access = { ...config, access: config.access as RouteAccess };
  const checked = (input: T, exceptId?: number): T => {
    const others = readList<T>(db, spec.table, spec.list).filter((o) => o.id !== exceptId);
    const verdict = spec.check(input, others);
    if ('errors' in verdict) throw new HttpError(422, verdict.errors);
    return verdict.item;
  };
  const audit = (req: Parameters<typeof currentUser>[0], what: string) =>
    ctx.audit.record(spec.auditService, `${what} by "${auditText(currentUser(req).username)}"`);

  contractRoute(scope, add, access, async (req, reply) => {
    const item = checked(req.body as T);
    const id = inTransaction(db, () => {
      const count = (
        db.prepare(`SELECT COUNT(*) AS n FROM ${spec.table} WHERE list = ?`).get(spec.list) as { n: number }
      ).n;
      if (count >= LIST_MAX_ITEMS) {
        throw new HttpError(422, [
          {
            loc: ['body'],
            msg: `ensure this list has at most ${LIST_MAX_ITEMS} items`,
            type: 'value_error.list.max_items',
            ctx: { limit_value: LIST_MAX_ITEMS },
          },
        ]);
      }
      return Number(
        db
          .prepare(`INSERT INTO ${spec.table} (list, data, created_at) VALUES (?, ?, ?)`)
          .run(spec.list, JSON.stringify(item), ctx.now()).lastInsertRowid,
      );
    });
    audit(req, `${spec.describe(item)} added`);
    return reply.code(201).send({ ...item, id });
  });

  contractRoute(scope, replace, access, async (req) => {
    const id = Number(req.params.id);
    const exists = db.prepare(`SELECT 1 FROM ${spec.table} WHERE id = ? AND list = ?`).get(id, spec.list);
    if (!exists) throw notFound();
    const item = checked(req.body as T, id);
    inTransaction(db, () =>
      db
        .prepare(`UPDATE ${spec.table} SET data = ? WHERE id = ? AND list = ?`)
        .run(JSON.stringify(item), id, spec.list),
    );
    audit(req, `${spec.describe(item)} changed`);
    return { ...item, id };
  });

  contractRoute(scope, remove, access, async (req, reply) => {
    const id = Number(req.params.id);
    const item = readList<T>(db, spec.table, spec.list).find((i) => i.id === id);
    if (!item) throw notFound();
    inTransaction(db, () =>
      db.prepare(`DELETE FROM ${spec.table} WHERE id = ? AND list = ?`).run(id, spec.list),
    );
    audit(req, `${spec.describe(item)} deleted`);
    return reply.code(204).send();
  });

  contractRoute(scope, removeMany, access, async (req) => {
    const ids = new Set(req.body.ids);
    const items = readList<T>(db, spec.table, spec.list).filter((i) => ids.has(i.id));
    const missing = req.body.ids.filter((id) => !items.some((i) => i.id === id));
    if (missing.length) {
      throw new HttpError(422, [
        {
          loc: ['body', 'ids', req.body.ids.indexOf(missing[0])],
          msg: 'no such item',
          type: 'value_error.not_found',
          ctx: { ids: missing },
        },
      ]);
    }
    inTransaction(db, () => {
      const del = db.prepare(`DELETE FROM ${spec.table} WHERE id = ? AND list = ?`);
      for (const i of items) del.run(i.id, spec.list);
    });
    audit(req, `${items.length} ${spec.list.replace(/_/g, ' ')} deleted`);
    return { deleted: items.length };
  });
}

/** A pydantic-style item for a field of the body. */
export const fieldError = (field: string, msg: string, type: string): ErrorItem => ({
  loc: ['body', field],
  msg,
  type,
});
