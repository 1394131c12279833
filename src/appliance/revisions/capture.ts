/**
 * Capture, once for every route: a hook around each write (any method but GET/HEAD/OPTIONS) reads the sections the
 * route may change before its handler and again before its answer is sent; when they differ, one revision records
 * who (the account, and how: console session or API token), from which address, why (`X-Change-Reason`), the route,
 * and the before/after of each changed entity. Routes never change configuration (sign-in, sessions, acknowledgements,
 * apply jobs: exempt.ts) read nothing.
 *
 * Which sections a route may change: those of its declared area (`config.access`, the resolved area of a safe-apply
 * confirmation) whose paths the route lies under, or all of that area when none does; for admin-only and
 * signed-in-account routes (accounts, groups, providers), the sections whose paths it lies under.
 */
import Database from 'better-sqlite3';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';
import type { RouteAccess } from '../http/routeAccess';
import { sessionUser } from '../auth/guards';
import {
  CHANGE_REASON_HEADER,
  CHANGE_REASON_MAX,
  type RevisionMethod,
} from '../../shared/contracts/revisions';
import type { Access } from '../../shared/access';
import { CONFIRMATION_AREAS, type Area } from '../../shared/privileges';
import { diffEntities, diffLines, type EntityChange } from './diff';
import { EXEMPT_WRITES } from './exempt';
import { changedFiles, filesBefore, recordRevisionFiles, type FilesBefore } from './files';
import { sectionsOf, type Entities, type Section } from './sections';
import { pruneRevisions, recordRevision } from './store';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Areas with safe-apply confirmations (src/shared/privileges.ts CONFIRMATION_AREAS). */
const SAFE_APPLY_AREAS = new Set<string>(Object.values(CONFIRMATION_AREAS));

/** `METHOD path` of a route as the exempt list names it (under the API base; `{auth}` for the auth base). */
export function routeKey(
  ctx: Pick<ApplianceContext, 'apiPrefix' | 'authPrefix'>,
  method: string,
  url: string,
): string {
  if (url === ctx.authPrefix || url.startsWith(`${ctx.authPrefix}/`))
    return `${method} {auth}${url.slice(ctx.authPrefix.length)}`;
  if (url.startsWith(`${ctx.apiPrefix}/`)) return `${method} ${url.slice(ctx.apiPrefix.length)}`;
  return `${method} ${url}`;
}

const under = (path: string, prefix: string) =>
  path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/**
 * The sections a write route may change (empty: none; `exempt`: it changes no configuration). `req` resolves the area
 * of routes that know it only from the request.
 */
export function sectionsForRoute(
  ctx: ApplianceContext,
  method: string,
  url: string,
  access: RouteAccess | Access | undefined,
  req?: FastifyRequest,
): Section[] | 'exempt' {
  if (SAFE.has(method)) return [];
  const key = routeKey(ctx, method, url);
  if (key in EXEMPT_WRITES) return 'exempt';
  if (!url.startsWith(`${ctx.apiPrefix}/`)) return [];
  const path = url.slice(ctx.apiPrefix.length);
  const all = sectionsOf(ctx);
  const byPath = (list: Section[]) => list.filter((s) => s.paths.some((p) => under(path, p)));
  let area: Area | null = null;
  if (access && typeof access === 'object') {
    if ('resolved' in access || ('resolve' in access && !req))
      // Known only from the request (a safe-apply confirmation): any area whose changes wait for one.
      return all.filter((s) => SAFE_APPLY_AREAS.has(s.area));
    if ('resolve' in access) area = req ? access.resolve(req, ctx) : null;
    else if (access.need === 'read') return 'exempt';
    else area = access.area;
  }
  if (area) {
    const ofArea = all.filter((s) => s.area === area);
    const matched = byPath(ofArea);
    return matched.length ? matched : ofArea;
  }
  return byPath(all);
}

/** The reason a request gives (`X-Change-Reason`), printable and bounded, or null. */
export function changeReason(req: FastifyRequest): string | null {
  const raw = req.headers[CHANGE_REASON_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  let text = value;
  // Header values are Latin-1 on the wire; a client that sent UTF-8 bytes gets them read back as UTF-8.
  try {
    const bytes = Buffer.from(value, 'latin1');
    const utf8 = bytes.toString('utf8');
    if (!utf8.includes('\uFFFD')) text = utf8;
  } catch {
    // Kept as sent.
  }
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if (!clean) return null;
  return clean.length > CHANGE_REASON_MAX ? `${clean.slice(0, CHANGE_REASON_MAX - 1)}…` : clean;
}

/** How the request was made: a program's API token, or the console's session. */
export function methodOf(req: FastifyRequest): RevisionMethod {
  const auth = req.headers.authorization;
  const bearer = typeof auth === 'string' && /^bearer\s/i.test(auth);
  // The console in bearer mode keeps its readable flag cookie; a program sends the token alone.
  return bearer && !/(^|;\s*)rampart_logged_in=/.test(req.headers.cookie ?? '') ? 'api' : 'console';
}

interface Pending {
  sections: Section[];
  /** The file-backed sections as they were (no database snapshot sees files). */
  files: Map<Section, Entities>;
  /** A read transaction on its own connection: the database as it was before the handler ran. */
  snapshot: Db;
  /** The appliance connection's `total_changes()` before: unchanged after, nothing was written at all. */
  changes: number;
  /** The saved snapshot of each managed service the sections name, for the generated-file diff. */
  rendered: FilesBefore;
}

const pendingOf = new WeakMap<FastifyRequest, Pending>();

const readAll = (sections: Section[], db: Db): Entities[] => sections.map((s) => s.read(db));

/**
 * Read-only connections holding the database as it was when a write began (WAL snapshots), so the sections are read
 * "before" only when the request did write: a write that changed nothing costs one `total_changes()`, and a change of
 * one certificate does not read ten thousand of them twice on every refused or no-op request.
 */
class Snapshots {
  private readonly idle: Db[] = [];
  private closed = false;
  constructor(private readonly file: string) {}

  take(): Db {
    const conn = this.idle.pop() ?? new Database(this.file, { readonly: true, fileMustExist: true });
    conn.exec('BEGIN');
    // The snapshot starts at the transaction's first read.
    conn.prepare('SELECT COUNT(*) FROM schema_migrations').get();
    return conn;
  }

  give(conn: Db): void {
    if (conn.inTransaction) conn.exec('COMMIT');
    if (this.closed || this.idle.length >= 4) conn.close();
    else this.idle.push(conn);
  }

  close(): void {
    this.closed = true;
    for (const conn of this.idle.splice(0)) conn.close();
  }
}

const totalChanges = (db: Db) => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

/** Compares the sections of a capture with what they hold now and records a revision when they changed. */
export function recordChanges(
  ctx: ApplianceContext,
  sections: Section[],
  before: Entities[],
  meta: {
    actor: string;
    method: RevisionMethod;
    source: string | null;
    reason: string | null;
    area: string;
    route: string | null;
    reverts?: number | null;
  },
  /** The managed services' snapshots before the change (files.ts): the files they render differently are kept. */
  rendered?: FilesBefore,
): number | null {
  const after = readAll(sections, ctx.db);
  const changes: EntityChange[] = sections.flatMap((s, i) => diffEntities(s, before[i], after[i]));
  if (!changes.length) return null;
  const map = new Map(sectionsOf(ctx).map((s) => [s.name, s]));
  const id = recordRevision(ctx.db, {
    at: ctx.now(),
    ...meta,
    area: map.get(changes[0].section)?.area ?? meta.area,
    changes,
    lines: diffLines(map, changes),
  });
  if (rendered?.size) {
    try {
      recordRevisionFiles(ctx.db, id, changedFiles(ctx, rendered));
    } catch {
      // The revision stands without its file diff (a service that cannot render is reported by its apply).
    }
  }
  pruneRevisions(
    ctx.db,
    { count: ctx.config.revisionRetentionCount, days: ctx.config.revisionRetentionDays },
    ctx.now(),
  );
  return id;
}

/** Installs the capture hooks at the root of the server: every write route registered after is captured. */
export function installRevisionCapture(app: FastifyInstance, ctx: ApplianceContext): void {
  const snapshots = new Snapshots(ctx.db.name);
  const release = (req: FastifyRequest) => {
    const pending = pendingOf.get(req);
    if (!pending) return null;
    pendingOf.delete(req);
    return pending;
  };
  app.addHook('preHandler', async (req) => {
    if (SAFE.has(req.method)) return;
    const url = req.routeOptions.url;
    if (!url) return;
    const sections = sectionsForRoute(ctx, req.method, url, req.routeOptions.config.access, req);
    if (sections === 'exempt' || !sections.length) return;
    try {
      const files = new Map(sections.filter((s) => s.files).map((s) => [s, s.read(ctx.db)] as const));
      pendingOf.set(req, {
        sections,
        files,
        snapshot: snapshots.take(),
        changes: totalChanges(ctx.db),
        rendered: filesBefore(ctx, sections),
      });
    } catch (e) {
      // A section that cannot be read must not refuse the change; the change goes unrecorded and is logged.
      req.log.error({ err: e }, 'configuration sections could not be read before a change');
    }
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    const pending = release(req);
    if (!pending) return payload;
    try {
      const wrote = totalChanges(ctx.db) !== pending.changes;
      const sections = wrote ? pending.sections : pending.sections.filter((s) => s.files);
      const before = sections.map((s) => pending.files.get(s) ?? s.read(pending.snapshot));
      snapshots.give(pending.snapshot);
      if (!sections.length) return payload;
      const user = sessionUser(req);
      recordChanges(
        ctx,
        sections,
        before,
        {
          actor: user?.username ?? 'anonymous',
          method: methodOf(req),
          source: req.ip ?? null,
          reason: changeReason(req),
          area: sections[0].area,
          route: `${req.method} ${req.routeOptions.url ?? ''}`,
        },
        pending.rendered,
      );
    } catch (e) {
      req.log.error({ err: e }, 'a configuration revision could not be recorded');
    } finally {
      if (pending.snapshot.inTransaction) snapshots.give(pending.snapshot);
    }
    return payload;
  });
  // A request that ends without an answer (the client went away) gives its snapshot back too.
  const drop = async (req: FastifyRequest) => {
    const pending = release(req);
    if (pending) snapshots.give(pending.snapshot);
  };
  app.addHook('onResponse', drop);
  app.addHook('onRequestAbort', drop);
  app.addHook('onClose', async () => snapshots.close());
}

/**
 * Runs a change the appliance makes by itself (a safe-apply rollback at its deadline) and records it as a revision of
 * `system`, with the reason given, when it changed a section of the area.
 */
export function captureSystemChange(
  ctx: ApplianceContext,
  area: Area | null,
  reason: string,
  change: () => void,
): void {
  const sections = sectionsOf(ctx).filter((s) => s.area === area);
  let before: Entities[] | null;
  let rendered: FilesBefore | undefined;
  try {
    before = readAll(sections, ctx.db);
    rendered = filesBefore(ctx, sections);
  } catch {
    before = null;
  }
  change();
  if (!before || !area) return;
  try {
    recordChanges(
      ctx,
      sections,
      before,
      {
        actor: 'system',
        method: 'system',
        source: null,
        reason,
        area,
        route: null,
      },
      rendered,
    );
  } catch {
    // The rollback itself happened; a revision that cannot be written must not undo or hide it (the audit log has it).
  }
}
