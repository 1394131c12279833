/**
 * Section readers: each configuration area registers what it holds as plain JSON entities keyed by id (`upstream:3`,
 * `settings`), secrets as markers (secrets.ts), runtime state (last update results, counters, sessions) left out so
 * that only configuration makes a revision. The capture hook (capture.ts) reads the sections a write route may change
 * before and after it; the configuration document (document.ts) is every section read at once.
 *
 * `paths` are the route prefixes under the API base that may change a section: a write route of the section's area
 * (or, for admin-only routes, whose path matches) reads only the sections it can touch, so a DNS change never reads
 * ten thousand certificates.
 *
 * This is the kernel's registry; each feature registers its own section (`<feature>/section.ts`) when it is
 * mounted, built from its own store: the page's save and the document's writer are one write path.
 */
import type { ApplianceContext } from '../context';
import type { Area } from '../../shared/privileges';
import type { Db } from '../../storage/sqlite';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Entity = { [key: string]: Json };
export type Entities = Record<string, Entity>;

export interface FieldInfo {
  label: string;
  unit?: string;
}

export interface Section {
  /** `dns.proxy`: unique, stable (stored in revisions and in the configuration document). */
  name: string;
  area: Area;
  /** "DNS proxy". */
  label: string;
  /** Route prefixes under the API base whose writes may change the section (`/dns/proxy`). */
  paths: string[];
  /** The section as stored, read on `db` (the appliance's connection, or a snapshot of it taken before a change). */
  read(db: Db): Entities;
  /** Kept in files rather than the database: read before every write that may change it (no snapshot sees files). */
  files?: boolean;
  /** How an entity is named in a diff line ("Upstream 9.9.9.9@853"). */
  title(id: string, entity: Entity): string;
  /** Field names and units for diff lines (others: the name with spaces). */
  fields?: Record<string, FieldInfo>;
  /** The fields whose change can lock an admin out (marked in a plan); `*` for the whole entity. */
  lockoutProne?: (id: string) => string[];
  /**
   * Makes `entities` the section's configuration (the whole section: an entity left out is removed), inside the
   * caller's transaction; throws an HttpError (422) naming the entity for one that does not fit; `returning` are the
   * ids a revert brings back without their secret (`withoutSecret`); `actor` is the account applying the document,
   * revert or restore (none for a rollback, which puts back what was). Without it the section is read-only in a
   * configuration document (a plan that changes it is refused on PUT).
   */
  write?(db: Db, entities: Entities, now: number, returning?: ReadonlySet<string>, actor?: string): void;
  /**
   * A removed entity whose secret went with it, as a revert of its removal brings it back: disabled and without its
   * secret (a revision never holds a secret's value), and the plan's note saying where to enter it again. `write`
   * then takes it without the secret its kind needs (its id is in `returning`). Without this hook such a removal is
   * not reverted.
   */
  withoutSecret?(entity: Entity): { entity: Entity; note: string };
  /**
   * Sections whose write changes this one too (the services name providers: a removed or renamed provider changes
   * their lists). A document that leaves this section as it is while changing one of these must still find it as it
   * says once written; otherwise it is refused, naming the entity to bring in line.
   */
  follows?: string[];
  /** Why a document cannot write the section (no `write`): said in the refusal. */
  readOnly?: string;
  /**
   * Why `write` refuses a change of the section (creating an account needs a password, a certificate is issued on
   * its page): said in the plan as the change's note, marked `refused`, and a document or revert holding it refused
   * (422) before anything is written. `undefined`: the change can be written.
   */
  refuses?(change: {
    id: string;
    op: 'added' | 'removed' | 'changed';
    before: Entity | null;
    after: Entity | null;
  }): string | undefined;
  /**
   * Entities a document may leave out, which then stay as they are (the layout's images: their bytes are not in a
   * document). The plan and `write` treat a left-out one as unchanged.
   */
  kept?: (id: string) => boolean;
  /**
   * What the area's own routes do after such a write, for a section no managed service applies: run once the
   * transaction that wrote it (a document, a revert, a rolled-back document, a restore) committed, so the feature
   * picks the change up (the forwarder reloads its targets, the SSH helper is rewritten). A failure is logged.
   */
  written?(): void;
  /** The managed service (apply/manager.ts) that applies what `write` saved (`dns`, `ssh`, `network`, `auth`). */
  service?: string;
}

const registries = new WeakMap<ApplianceContext, Map<string, Section>>();

/** Registers (or replaces) a section of an area. */
export function registerSection(ctx: ApplianceContext, section: Section): void {
  let map = registries.get(ctx);
  if (!map) {
    map = new Map();
    registries.set(ctx, map);
  }
  map.set(section.name, section);
}

export function sectionsOf(ctx: ApplianceContext): Section[] {
  return [...(registries.get(ctx)?.values() ?? [])];
}

const versionReaders = new WeakMap<ApplianceContext, () => string>();

/** Who knows the appliance's version (the updates feature) tells the configuration document through this. */
export function registerVersionReader(ctx: ApplianceContext, read: () => string): void {
  versionReaders.set(ctx, read);
}

/** Runs the `written` hooks of sections a committed change wrote (a failing hook is logged, never thrown). */
export function afterWrite(ctx: ApplianceContext, sections: readonly Section[]): void {
  for (const s of sections)
    try {
      s.written?.();
    } catch (e) {
      ctx.audit.log('settings', `${s.label} could not pick up its change: ${String(e)}`, 'error');
    }
}

export const applianceVersionOf = (ctx: ApplianceContext): string => versionReaders.get(ctx)?.() ?? 'unknown';
