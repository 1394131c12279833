/**
 * The generated-file diff of a revision: when a change touches sections applied by a managed service (`service` in
 * sections.ts), the service's saved snapshot is taken before the change and after it, both are rendered (pure: nothing
 * on disk is read or written) and the files that differ are stored with the revision (`revision_files`), paths
 * relative to the data directory. One render pair per affected service per write; private files (keys) are left out
 * and a file larger than FILE_DIFF_MAX is stored without its text, marked as too large.
 */
import path from 'node:path';
import type { Db } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';
import type { ApplyManager } from '../apply/manager';
import type { RevisionFile } from '../../shared/contracts/revisions';
import type { Section } from './sections';

/** Bytes: a rendered file larger than this (before or after) is recorded as changed, without its text. */
export const FILE_DIFF_MAX = 256 * 1024;

type Renderer = Pick<ApplyManager, 'savedSnapshot' | 'renderedFiles'>;

const renderers = new WeakMap<ApplianceContext, Renderer>();

/** The assembly's ApplyManager, handed over when the history routes are registered. */
export function setFileRenderer(ctx: ApplianceContext, renderer: Renderer): void {
  renderers.set(ctx, renderer);
}

/** Each affected service's saved snapshot, taken before a change (empty when no section names a known service). */
export type FilesBefore = Map<string, unknown>;

export function filesBefore(ctx: ApplianceContext, sections: Section[]): FilesBefore {
  const renderer = renderers.get(ctx);
  const out: FilesBefore = new Map();
  if (!renderer) return out;
  for (const name of new Set(sections.map((s) => s.service).filter((s): s is string => !!s))) {
    try {
      const saved = renderer.savedSnapshot(name);
      if (saved) out.set(name, saved.snapshot);
    } catch {
      // A snapshot that cannot be read must not keep the revision from being recorded: it goes without this diff.
    }
  }
  return out;
}

const size = (text: string | null) => (text === null ? 0 : Buffer.byteLength(text, 'utf8'));

/** The files whose rendering differs between the snapshots taken before and the saved configuration now. */
export function changedFiles(ctx: ApplianceContext, before: FilesBefore): RevisionFile[] {
  const renderer = renderers.get(ctx);
  if (!renderer || !before.size) return [];
  const dataDir = ctx.config.dataDir;
  const shown = (p: string) => {
    const rel = path.relative(dataDir, p);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
  };
  const out: RevisionFile[] = [];
  for (const [name, snapshot] of before) {
    const now = renderer.savedSnapshot(name);
    if (!now) continue;
    const old = new Map(renderer.renderedFiles(name, snapshot).map((f) => [f.path, f.content]));
    const next = new Map(renderer.renderedFiles(name, now.snapshot).map((f) => [f.path, f.content]));
    for (const p of new Set([...old.keys(), ...next.keys()])) {
      const a = old.get(p) ?? null;
      const b = next.get(p) ?? null;
      if (a === b) continue;
      const tooLarge = size(a) > FILE_DIFF_MAX || size(b) > FILE_DIFF_MAX;
      out.push({
        path: shown(p),
        before: tooLarge ? null : a,
        after: tooLarge ? null : b,
        too_large: tooLarge,
      });
    }
  }
  return out.sort((x, y) => x.path.localeCompare(y.path));
}

export function recordRevisionFiles(db: Db, revision: number, files: RevisionFile[]): void {
  const insert = db.prepare(
    'INSERT INTO revision_files (revision_id, path, before, after, too_large) VALUES (?, ?, ?, ?, ?)',
  );
  for (const f of files) insert.run(revision, f.path, f.before, f.after, f.too_large ? 1 : 0);
}

export function readRevisionFiles(db: Db, revision: number): RevisionFile[] {
  const rows = db
    .prepare('SELECT path, before, after, too_large FROM revision_files WHERE revision_id = ? ORDER BY path')
    .all(revision) as Array<{ path: string; before: string | null; after: string | null; too_large: number }>;
  return rows.map((r) => ({ path: r.path, before: r.before, after: r.after, too_large: r.too_large === 1 }));
}
