/**
 * A feature that arrives after an appliance's menu was seeded adds its page with a migration: at the end of its
 * group, once, and never into a menu that has no such group (an appliance's own menu).
 */
import { appendMenuEntry, readMenu } from '../../../src/appliance/console/menu';
import { fleetMigrations } from '../../../src/appliance/fleet/migrations';
import { startServer, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(() => h.close());

const children = (group: string) =>
  readMenu(h.ctx.db)
    .find((g) => g.id === group)
    ?.children.map((c) => c.id);

test('adds the page at the end of its group, once', () => {
  h.ctx.db.prepare("DELETE FROM menu_children WHERE group_id = 'system' AND id = 'backups'").run();
  expect(children('system')).not.toContain('backups');
  appendMenuEntry(h.ctx.db, 'system', { id: 'backups', name: 'Backups', path: '/backups' });
  appendMenuEntry(h.ctx.db, 'system', { id: 'backups', name: 'Backups', path: '/backups' });
  const system = children('system')!;
  expect(system.at(-1)).toBe('backups');
  expect(system.filter((id) => id === 'backups')).toHaveLength(1);
});

test('leaves a menu without the group as it is', () => {
  const before = readMenu(h.ctx.db);
  appendMenuEntry(h.ctx.db, 'nowhere', { id: 'x', name: 'X', path: '/x' });
  expect(readMenu(h.ctx.db)).toEqual(before);
});

test('a console set up before the fleet pages gets System → Fleet from the fleet’s migration', () => {
  h.ctx.db.prepare("DELETE FROM menu_children WHERE group_id = 'system' AND id = 'fleet'").run();
  expect(children('system')).not.toContain('fleet');
  const menuStep = fleetMigrations.find((m) => m.name.includes('Fleet page'))!;
  menuStep.up(h.ctx.db);
  expect(
    readMenu(h.ctx.db)
      .find((g) => g.id === 'system')
      ?.children.at(-1),
  ).toMatchObject({
    id: 'fleet',
    name: 'Fleet',
    path: '/fleet',
  });
});
