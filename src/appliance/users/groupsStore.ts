/**
 * Groups of local accounts (tables `user_groups`, `user_group_members`, `user_group_privileges`; users namespace,
 * migration 2): a name, a description, members, and read or write per privilege area. A `user`-role account holds
 * the union of its groups' privileges; the admin role holds everything whatever its groups.
 */
import type { Group } from '../../shared/authentication';
import { AREAS, type Privilege, type Privileges } from '../../shared/privileges';
import type { Db } from '../../storage/sqlite';

interface GroupRow {
  id: number;
  name: string;
  description: string;
  created_at: number;
}

function privilegesOfGroup(db: Db, groupId: number): Privileges {
  const rows = db
    .prepare('SELECT area, access FROM user_group_privileges WHERE group_id = ?')
    .all(groupId) as Array<{ area: string; access: Privilege }>;
  const out: Privileges = {};
  // Areas in their fixed order; a stored area this version no longer knows grants nothing.
  for (const a of AREAS) {
    const row = rows.find((r) => r.area === a);
    if (row) out[a] = row.access;
  }
  return out;
}

function toGroup(db: Db, r: GroupRow): Group {
  const members = db
    .prepare(
      `SELECT u.id, u.username FROM user_group_members m JOIN users u ON u.id = m.user_id
       WHERE m.group_id = ? ORDER BY u.username`,
    )
    .all(r.id) as Array<{ id: number; username: string }>;
  return { ...r, members, privileges: privilegesOfGroup(db, r.id) };
}

export function listGroups(db: Db): Group[] {
  const rows = db
    .prepare('SELECT id, name, description, created_at FROM user_groups ORDER BY name')
    .all() as GroupRow[];
  return rows.map((r) => toGroup(db, r));
}

export function findGroup(db: Db, id: number): Group | null {
  const row = db.prepare('SELECT id, name, description, created_at FROM user_groups WHERE id = ?').get(id) as
    GroupRow | undefined;
  return row ? toGroup(db, row) : null;
}

/** The groups an account belongs to, by name. */
export function groupsOfUser(db: Db, userId: number): Array<{ id: number; name: string }> {
  return db
    .prepare(
      `SELECT g.id, g.name FROM user_group_members m JOIN user_groups g ON g.id = m.group_id
       WHERE m.user_id = ? ORDER BY g.name`,
    )
    .all(userId) as Array<{ id: number; name: string }>;
}

export interface GroupInput {
  name: string;
  description: string;
  members: number[];
  privileges: Privileges;
}

/** Inserts or replaces a group with its members and privileges; runs inside the caller's transaction. */
export function saveGroup(db: Db, id: number | null, input: GroupInput, now: number): number {
  let groupId: number;
  if (id === null) {
    groupId = Number(
      db
        .prepare('INSERT INTO user_groups (name, description, created_at) VALUES (?, ?, ?)')
        .run(input.name, input.description, now).lastInsertRowid,
    );
  } else {
    groupId = id;
    db.prepare('UPDATE user_groups SET name = ?, description = ? WHERE id = ?').run(
      input.name,
      input.description,
      id,
    );
    db.prepare('DELETE FROM user_group_members WHERE group_id = ?').run(id);
    db.prepare('DELETE FROM user_group_privileges WHERE group_id = ?').run(id);
  }
  const member = db.prepare('INSERT INTO user_group_members (group_id, user_id) VALUES (?, ?)');
  for (const userId of input.members) member.run(groupId, userId);
  const privilege = db.prepare('INSERT INTO user_group_privileges (group_id, area, access) VALUES (?, ?, ?)');
  for (const a of AREAS) {
    const p = input.privileges[a];
    if (p) privilege.run(groupId, a, p);
  }
  return groupId;
}

/** Makes `groupIds` the groups of an account; runs inside the caller's transaction. */
export function setGroupsOfUser(db: Db, userId: number, groupIds: number[]): void {
  db.prepare('DELETE FROM user_group_members WHERE user_id = ?').run(userId);
  const member = db.prepare('INSERT INTO user_group_members (group_id, user_id) VALUES (?, ?)');
  for (const g of groupIds) member.run(g, userId);
}

/** Deletes a group with its members and privileges; runs inside the caller's transaction. */
export function removeGroup(db: Db, id: number): void {
  db.prepare('DELETE FROM user_group_members WHERE group_id = ?').run(id);
  db.prepare('DELETE FROM user_group_privileges WHERE group_id = ?').run(id);
  db.prepare('DELETE FROM user_groups WHERE id = ?').run(id);
}

/**
 * Makes `groups` every group, by id (a configuration document, a revert, a restore): the others are deleted, a
 * missing one is created with its id. Runs inside the caller's transaction.
 */
export function putGroups(db: Db, groups: Array<{ id: number; input: GroupInput }>, now: number): void {
  const keep = new Set(groups.map((g) => g.id));
  for (const g of listGroups(db)) if (!keep.has(g.id)) removeGroup(db, g.id);
  // Names are unique: every kept group is given a free name first, so two may swap theirs.
  for (const g of groups)
    db.prepare('UPDATE user_groups SET name = ? WHERE id = ?').run(`\u0000${g.id}`, g.id);
  for (const g of groups) {
    db.prepare(
      'INSERT OR IGNORE INTO user_groups (id, name, description, created_at) VALUES (?, ?, ?, ?)',
    ).run(g.id, g.input.name, g.input.description, now);
    saveGroup(db, g.id, g.input, now);
  }
}
