/** The `revisions` table: record one revision, page them with filters in SQL, read one. */
import type { Db } from '../../storage/sqlite';
import type { ListPage } from '../../shared/contracts/listing';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../shared/contracts/listing';
import type { RevisionDetail, RevisionMethod, RevisionSummary } from '../../shared/contracts/revisions';
import type { EntityChange } from './diff';

export interface RevisionInput {
  at: number;
  actor: string;
  method: RevisionMethod;
  source: string | null;
  reason: string | null;
  area: string;
  route: string | null;
  changes: EntityChange[];
  lines: string[];
  reverts?: number | null;
}

interface Row {
  id: number;
  at: number;
  actor: string;
  method: RevisionMethod;
  source: string | null;
  reason: string | null;
  area: string;
  sections: string;
  route: string | null;
  summary: string;
  changes?: string;
  entity_count: number;
  reverts: number | null;
}

const SUMMARY_MAX = 400;

export function recordRevision(db: Db, r: RevisionInput): number {
  const summary = r.lines.join('; ');
  const sections = [...new Set(r.changes.map((c) => c.section))];
  return Number(
    db
      .prepare(
        `INSERT INTO revisions (at, actor, method, source, reason, area, sections, route, summary, changes,
           entity_count, reverts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        r.at,
        r.actor,
        r.method,
        r.source,
        r.reason,
        r.area,
        JSON.stringify(sections),
        r.route,
        summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX - 1)}…` : summary,
        JSON.stringify(r.changes),
        r.changes.length,
        r.reverts ?? null,
      ).lastInsertRowid,
  );
}

/**
 * Retention: the newest `keepCount` revisions are kept, and (with `keepDays` > 0) none older than that; a revision
 * that reverted a removed one keeps its reason ("Revert of #12"), its link becomes null. Both deletes use indexes.
 */
export function pruneRevisions(db: Db, keep: { count: number; days: number }, now: number): number {
  let removed = db
    .prepare('DELETE FROM revisions WHERE id <= (SELECT id FROM revisions ORDER BY id DESC LIMIT 1 OFFSET ?)')
    .run(keep.count).changes;
  if (keep.days > 0)
    removed += db.prepare('DELETE FROM revisions WHERE at < ?').run(now - keep.days * 86_400_000).changes;
  return removed;
}

const summaryOf = (r: Row): RevisionSummary => ({
  id: r.id,
  at: r.at,
  actor: r.actor,
  method: r.method,
  source: r.source,
  reason: r.reason,
  area: r.area,
  sections: JSON.parse(r.sections) as string[],
  route: r.route,
  summary: r.summary,
  entities: r.entity_count,
  reverts: r.reverts,
});

export interface RevisionQuery {
  page?: string;
  per_page?: string;
  sort?: string;
  q?: string;
  area?: string;
  actor?: string;
  method?: string;
  from?: string;
  to?: string;
}

/**
 * Which revisions a caller may see: `readable`, the names of the sections it may read (null: all, an admin); a
 * revision is shown only when every section it touches is readable (guards.ts), so a list, its total and its search
 * hits never count what they hide. `areaSections`: the sections of the `area` filter's area, which a revision matches
 * when it touches any of them.
 */
export interface RevisionScope {
  readable: readonly string[] | null;
  areaSections?: readonly string[];
}

const list = (names: readonly string[]) => names.map(() => '?').join(',');

/** A page of revisions, filtered and cut in SQL, limited to what the scope may see. */
export function listRevisions(db: Db, query: RevisionQuery, scope: RevisionScope): ListPage<RevisionSummary> {
  const where: string[] = [];
  const args: Array<string | number> = [];
  if (scope.readable) {
    where.push(
      `NOT EXISTS (SELECT 1 FROM json_each(revisions.sections) WHERE value NOT IN (${list(scope.readable)}))`,
    );
    args.push(...scope.readable);
  }
  if (query.area) {
    const names = scope.areaSections ?? [];
    where.push(
      `(area = ? OR EXISTS (SELECT 1 FROM json_each(revisions.sections) WHERE value IN (${list(names)})))`,
    );
    args.push(query.area, ...names);
  }
  if (query.actor) {
    where.push('actor = ? COLLATE NOCASE');
    args.push(query.actor);
  }
  if (query.method) {
    where.push('method = ?');
    args.push(query.method);
  }
  if (query.from) {
    where.push('at >= ?');
    args.push(Number(query.from));
  }
  if (query.to) {
    where.push('at <= ?');
    args.push(Number(query.to));
  }
  const q = query.q?.trim();
  if (q) {
    // LIKE is case-insensitive for ASCII; the pattern's own wildcards are escaped.
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push("(summary LIKE ? ESCAPE '\\' OR reason LIKE ? ESCAPE '\\' OR actor LIKE ? ESCAPE '\\')");
    args.push(like, like, like);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = query.sort === 'at' ? 'at ASC, id ASC' : 'at DESC, id DESC';
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM revisions ${clause}`).get(...args) as { n: number }).n;
  const paged = query.page !== undefined || query.per_page !== undefined;
  const perPage = paged ? Math.min(Number(query.per_page ?? DEFAULT_PER_PAGE), MAX_PER_PAGE) : total;
  const page = paged ? Number(query.page ?? 1) : 1;
  const rows = db
    .prepare(
      `SELECT id, at, actor, method, source, reason, area, sections, route, summary, entity_count, reverts
       FROM revisions ${clause} ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .all(...args, paged ? perPage : -1, paged ? (page - 1) * perPage : 0) as Row[];
  return { data: rows.map(summaryOf), total, page, per_page: perPage };
}

export function readRevision(
  db: Db,
  id: number,
  lines: (changes: EntityChange[]) => string[],
): RevisionDetail | null {
  const row = db.prepare('SELECT * FROM revisions WHERE id = ?').get(id) as Row | undefined;
  if (!row) return null;
  const changes = JSON.parse(row.changes ?? '[]') as EntityChange[];
  const text = lines(changes);
  return {
    ...summaryOf(row),
    changes: changes.map((c, i) => ({ ...c, line: text[i] })),
  };
}
