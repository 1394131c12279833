/**
 * Who may read and who may change each configuration section, derived from the routes that own it (not a hand list):
 * the history shows a revision, its files, plans and search hits only to an account that may read every section it
 * touches, and a pending change is kept or reverted only by one that may write every section it touches.
 *
 * - Write: what the section's write routes declare (those the capture hook maps to it, capture.ts
 *   `sectionsForRoute`): the admin role when any of them is admins' only (accounts, groups, providers, backups,
 *   forwarding, alerts), else the write privilege of every area they declare. An account's own routes (`session`)
 *   and the confirmation routes (`resolved`) change one account or one pending change and say nothing of the section.
 * - Read: the admin role when every route that shows the section is admins' only (or, with none under its paths,
 *   when writing it is), else the read privilege of its area.
 *
 * Derived once the server is ready (every route registered); a section no route names falls back to its area.
 */
import type { FastifyInstance } from 'fastify';
import type { ApplianceContext } from '../context';
import type { SessionUser } from '../auth/sessions';
import { privilegesOf } from '../auth/privileges';
import { declaredRoutes } from '../http/routeAccess';
import { allows, type Area, type Privileges } from '../../shared/privileges';
import { sectionsForRoute } from './capture';
import { sectionsOf, type Section } from './sections';

/** `admin`: the admin role; otherwise the privilege of each of these areas. */
export type Need = 'admin' | readonly Area[];

export interface SectionGuard {
  read: Need;
  write: Need;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const under = (path: string, prefix: string) =>
  path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

const roots = new WeakMap<ApplianceContext, FastifyInstance>();
const cached = new WeakMap<ApplianceContext, Map<string, SectionGuard>>();

/** The server whose declared routes decide; the guards are derived when it is ready. */
export function deriveGuardsFrom(app: FastifyInstance, ctx: ApplianceContext): void {
  roots.set(ctx, app);
  app.addHook('onReady', async () => {
    cached.set(ctx, derive(ctx, app));
  });
}

function derive(ctx: ApplianceContext, app: FastifyInstance | undefined): Map<string, SectionGuard> {
  const routes = app ? declaredRoutes(app) : [];
  const out = new Map<string, SectionGuard>();
  for (const s of sectionsOf(ctx)) {
    const writers = routes.filter(
      (r) =>
        !SAFE.has(r.method) &&
        (r.access === 'admin' || (typeof r.access === 'object' && 'area' in r.access)) &&
        touches(ctx, r.method, r.url, r.access, s),
    );
    const write: Need = writers.some((r) => r.access === 'admin')
      ? 'admin'
      : orArea(
          writers.flatMap((r) => (typeof r.access === 'object' && 'area' in r.access ? [r.access.area] : [])),
          s,
        );
    const readers = routes.filter(
      (r) =>
        r.method === 'GET' &&
        r.url.startsWith(`${ctx.apiPrefix}/`) &&
        s.paths.some((p) => under(r.url.slice(ctx.apiPrefix.length), p)),
    );
    const adminOnly = readers.length ? readers.every((r) => r.access === 'admin') : write === 'admin';
    out.set(s.name, { read: adminOnly ? 'admin' : [s.area], write });
  }
  return out;
}

function touches(
  ctx: ApplianceContext,
  method: string,
  url: string,
  access: Parameters<typeof sectionsForRoute>[3],
  s: Section,
): boolean {
  const sections = sectionsForRoute(ctx, method, url, access);
  return sections !== 'exempt' && sections.includes(s);
}

const orArea = (areas: Area[], s: Section): readonly Area[] =>
  areas.length ? [...new Set(areas)] : [s.area];

/** Each section's guard by name. */
export function sectionGuards(ctx: ApplianceContext): ReadonlyMap<string, SectionGuard> {
  return cached.get(ctx) ?? derive(ctx, roots.get(ctx));
}

const holds = (privileges: Privileges, need: Need, privilege: 'read' | 'write') =>
  need !== 'admin' && need.every((a) => allows(privileges, a, privilege));

/**
 * The names of the sections the account may read (null: an admin, every one). A section no longer registered (its
 * feature removed) is nobody's but the admins'.
 */
export function readableSections(ctx: ApplianceContext, user: SessionUser): string[] | null {
  if (user.role === 'admin') return null;
  const privileges = privilegesOf(ctx, user);
  return [...sectionGuards(ctx)].filter(([, g]) => holds(privileges, g.read, 'read')).map(([name]) => name);
}

/** Whether the account may read every one of these sections. */
export function mayReadAll(ctx: ApplianceContext, user: SessionUser, sections: readonly string[]): boolean {
  const readable = readableSections(ctx, user);
  return readable === null || sections.every((s) => readable.includes(s));
}

/**
 * What the account lacks to change every one of these sections, in words for a 403 ("the write privilege of the SSH
 * area (SSH settings)"), or null when it may. A section no longer registered needs the admin role.
 */
export function missingWrite(
  ctx: ApplianceContext,
  user: SessionUser,
  sections: readonly string[],
): string | null {
  if (user.role === 'admin') return null;
  const privileges = privilegesOf(ctx, user);
  const guards = sectionGuards(ctx);
  const labels = new Map(sectionsOf(ctx).map((s) => [s.name, s.label]));
  for (const name of sections) {
    const need = guards.get(name)?.write ?? 'admin';
    if (holds(privileges, need, 'write')) continue;
    const what = labels.get(name) ?? name;
    if (need === 'admin') return `the admin role (the change touches ${what})`;
    const area = need.find((a) => !allows(privileges, a, 'write')) as Area;
    return `the write privilege of the ${area} area (the change touches ${what})`;
  }
  return null;
}
