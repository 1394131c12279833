/** The context-bar menu, stored so an appliance can change it; seeded from the console's built-in menu. */
import { fallbackMenu, type MenuItem } from '../../shared/menu';
import { keptReads, type Db } from '../../storage/sqlite';

export function seedMenu(db: Db, items: MenuItem[] = fallbackMenu): void {
  const group = db.prepare('INSERT INTO menu_groups (id, name, path, position) VALUES (?, ?, ?, ?)');
  const child = db.prepare(
    'INSERT INTO menu_children (group_id, id, name, path, position) VALUES (?, ?, ?, ?, ?)',
  );
  items.forEach((g, i) => {
    group.run(g.id, g.name ?? g.id, g.path, i);
    g.children.forEach((c, j) => child.run(g.id, c.id, c.name, c.path, j));
  });
}

/**
 * Adds a page to the end of a stored menu group (a migration of a feature that arrived after the menu was seeded);
 * nothing when the group is not there (an appliance's own menu) or the entry already is.
 */
export function appendMenuEntry(
  db: Db,
  groupId: string,
  entry: { id: string; name: string; path: string },
): void {
  if (!db.prepare('SELECT 1 FROM menu_groups WHERE id = ?').get(groupId)) return;
  db.prepare(
    `INSERT OR IGNORE INTO menu_children (group_id, id, name, path, position)
     VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(position) + 1, 0) FROM menu_children WHERE group_id = ?))`,
  ).run(groupId, entry.id, entry.name, entry.path, groupId);
}

export type StoredMenu = ReadonlyArray<
  Readonly<Required<Pick<MenuItem, 'id' | 'name' | 'path' | 'children'>>>
>;

const keptMenu = keptReads((db: Db) => readMenuRows(db) as StoredMenu);

/**
 * The stored menu. Every signed-in page shows it, and it changes rarely: it is read again only when the database
 * may have changed since the last read (see keptRead). The answer is frozen and shared: never change it.
 */
export function readMenu(db: Db): StoredMenu {
  return keptMenu(db, undefined);
}

function readMenuRows(db: Db): Array<Required<Pick<MenuItem, 'id' | 'name' | 'path' | 'children'>>> {
  const groups = db.prepare('SELECT id, name, path FROM menu_groups ORDER BY position').all() as Array<{
    id: string;
    name: string;
    path: string;
  }>;
  const children = db
    .prepare('SELECT group_id, id, name, path FROM menu_children ORDER BY group_id, position')
    .all() as Array<{
    group_id: string;
    id: string;
    name: string;
    path: string;
  }>;
  return groups.map((g) => ({
    ...g,
    children: children.filter((c) => c.group_id === g.id).map(({ id, name, path }) => ({ id, name, path })),
  }));
}
