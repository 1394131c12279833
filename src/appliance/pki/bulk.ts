/**
 * Bulk actions of the PKI lists (`POST {api}pki/…/bulk {action, ids}`): each id goes through the same checks and
 * audit as the single endpoint, all in one transaction. What could be done is done; what the single endpoint would
 * refuse (in use, already revoked, still has certificates…) is named with its reason:
 *
 *   200 { done: [ids…], refused: [{ id, name, reason }] }
 *
 * When nothing could be done the answer is a 409 whose items (`loc: ['body', 'ids', i]`) say why for each id.
 */
import { HttpError, type ErrorItem } from '../http/errors';
import { inTransaction } from '../context';
import type { PkiContext } from './context';
import type { BulkAnswer } from '../../shared/contracts/pki';

type BulkRefusal = BulkAnswer['refused'][number];

/** The first message of a refusal the single endpoint would answer. */
function refusalOf(e: unknown): { msg: string; type: string } | null {
  if (!(e instanceof HttpError)) return null;
  if (typeof e.detail === 'string') return { msg: e.detail, type: `status_error.${e.statusCode}` };
  if (Array.isArray(e.detail) && e.detail[0]) return { msg: e.detail[0].msg, type: e.detail[0].type };
  return null;
}

/**
 * Runs `one` for each id in one transaction (each id in its own savepoint, so a refused id leaves no trace);
 * `name` reads the object's name before it is touched (null: it does not exist).
 */
export function runBulk(
  p: PkiContext,
  ids: readonly string[],
  name: (id: string) => string | null,
  one: (id: string) => void,
): BulkAnswer {
  const done: string[] = [];
  const refused: Array<BulkRefusal & { index: number; type: string }> = [];
  inTransaction(p.app.db, () => {
    ids.forEach((id, index) => {
      const known = name(id);
      if (known === null) {
        refused.push({ id, name: id, reason: 'does not exist', index, type: 'value_error.not_found' });
        return;
      }
      try {
        inTransaction(p.app.db, () => one(id));
        done.push(id);
      } catch (e) {
        const refusal = refusalOf(e);
        if (!refusal) throw e;
        refused.push({ id, name: known, reason: refusal.msg, index, type: refusal.type });
      }
    });
  });
  if (!done.length) {
    const items: ErrorItem[] = refused.map((r) => ({
      loc: ['body', 'ids', r.index],
      msg: `${r.name}: ${r.reason}`,
      type: r.type,
      ctx: { id: r.id, name: r.name },
    }));
    throw new HttpError(409, items);
  }
  return { done, refused: refused.map(({ id, name: n, reason }) => ({ id, name: n, reason })) };
}

/** A name from a table's `name` column (null when the row does not exist). */
export const nameIn =
  (p: PkiContext, table: 'pki_certificates' | 'pki_cas' | 'pki_crls') =>
  (id: string): string | null =>
    (p.app.db.prepare(`SELECT name FROM ${table} WHERE id = ?`).get(id) as { name: string } | undefined)
      ?.name ?? null;
