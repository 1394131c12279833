/**
 * What the command palette offers: every page the session may open (the context-bar menu the appliance serves, plus
 * the pages outside it) and the current page's actions; a search over names, groups and keywords; recent choices
 * first, remembered in local storage (src/lib/storage).
 */
import { readJson, writeJson } from '../../lib/storage';
import { menuTarget, type MenuItem } from '../../shared/menu';
import { menuShows, pageAccessAt, type Viewer } from '../../shared/pageAccess';
import type { PaletteAction } from './actions';

export interface PaletteEntry {
  /** `page:/dns/proxy`, `action:<id>` or `object:<kind>:<id>`: stable across visits (the recent list stores it). */
  id: string;
  /** An object is a certificate, account or group found by name (./objects.ts). */
  kind: 'page' | 'action' | 'object';
  name: string;
  /** Menu group of a page; "This page" for actions. */
  group: string;
  keywords: string;
  to?: string;
  run?: () => void;
}

/** Pages the route table has outside the menu. */
export const OTHER_PAGES: ReadonlyArray<{ name: string; to: string; keywords: string }> = [
  { name: 'Home', to: '/', keywords: 'dashboard start status' },
  { name: 'Help', to: '/help', keywords: 'documentation manual' },
  { name: 'Agreements', to: '/messaging/agreements', keywords: 'messages terms' },
  { name: 'Shop', to: '/shop', keywords: 'store' },
];

export interface SessionView {
  loggedIn: boolean;
  /** The signed-in account with its role and privileges (src/shared/pageAccess.ts Viewer). */
  viewer?: Viewer;
}

/** The pages this session may open, menu order first, without duplicates. */
export function pageEntries(menu: readonly MenuItem[], session: SessionView): PaletteEntry[] {
  const pages: PaletteEntry[] = [];
  const seen = new Set<string>();
  const add = (name: string, group: string, to: string, keywords = '') => {
    if (seen.has(to)) return;
    seen.add(to);
    pages.push({ id: `page:${to}`, kind: 'page', name, group, keywords, to });
  };
  for (const g of menu) for (const c of g.children) add(c.name, g.name ?? g.id, menuTarget(g, c));
  for (const p of OTHER_PAGES) add(p.name, 'Console', p.to, p.keywords);
  // The page access list decides, as it does for the menu and the pages' gates: one list, no second copy here.
  return pages.filter((p) =>
    session.loggedIn ? menuShows(session.viewer, p.to as string) : pageAccessAt(p.to as string) === 'public',
  );
}

export const actionEntries = (actions: readonly PaletteAction[]): PaletteEntry[] =>
  actions.map((a) => ({
    id: `action:${a.id}`,
    kind: 'action',
    name: a.name,
    group: 'This page',
    keywords: a.keywords ?? '',
    run: a.run,
  }));

/** Every word of the query appears in the entry's name, group or keywords (case and accents ignored). */
export function matches(entry: PaletteEntry, query: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const text = fold(`${entry.name} ${entry.group} ${entry.keywords} ${entry.to ?? ''}`);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => text.includes(w));
}

/**
 * The entries to show for a query: recent ones first (most recent first), then the current page's actions, then
 * the pages in menu order.
 */
export function paletteResults(
  entries: readonly PaletteEntry[],
  query: string,
  recent: readonly string[],
): { recent: PaletteEntry[]; actions: PaletteEntry[]; pages: PaletteEntry[] } {
  const found = entries.filter((e) => matches(e, query));
  const byId = new Map(found.map((e) => [e.id, e]));
  const first = recent.map((id) => byId.get(id)).filter((e): e is PaletteEntry => e !== undefined);
  const shown = new Set(first.map((e) => e.id));
  const rest = found.filter((e) => !shown.has(e.id));
  return {
    recent: first,
    actions: rest.filter((e) => e.kind === 'action'),
    pages: rest.filter((e) => e.kind === 'page'),
  };
}

export const RECENT_KEY = 'rampart-command-palette-recent';
export const RECENT_LIMIT = 5;

export function readRecent(): string[] {
  const stored = readJson('local', RECENT_KEY);
  return Array.isArray(stored)
    ? stored.filter((x): x is string => typeof x === 'string').slice(0, RECENT_LIMIT)
    : [];
}

/** Puts an entry first in the recent list (stored; false when storage is unavailable). */
export function rememberRecent(id: string): boolean {
  return writeJson('local', RECENT_KEY, [id, ...readRecent().filter((r) => r !== id)].slice(0, RECENT_LIMIT));
}
