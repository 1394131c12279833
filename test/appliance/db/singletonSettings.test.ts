/** A feature's settings row: defaults until written, a written row read back, an older row filled from defaults. */
import { openDatabase } from '../../../src/storage/sqlite';
import { singletonSettings } from '../../../src/appliance/db/singletonSettings';

const DEFAULTS = { enabled: true, port: 53, names: ['a'] };

function store() {
  const db = openDatabase(':memory:');
  db.exec(
    'CREATE TABLE demo_settings (id INTEGER PRIMARY KEY, data TEXT NOT NULL, updated_at INTEGER NOT NULL)',
  );
  return { db, settings: singletonSettings('demo_settings', DEFAULTS) };
}

it('reads the defaults before anything is written', () => {
  const { db, settings } = store();
  expect(settings.read(db)).toEqual(DEFAULTS);
});

it('reads back what was written, the last write winning, with its time', () => {
  const { db, settings } = store();
  settings.write(db, { enabled: false, port: 5353, names: [] }, 1000);
  settings.write(db, { enabled: false, port: 5354, names: ['b'] }, 2000);
  expect(settings.read(db)).toEqual({ enabled: false, port: 5354, names: ['b'] });
  expect(db.prepare('SELECT COUNT(*) AS n, MAX(updated_at) AS at FROM demo_settings').get()).toEqual({
    n: 1,
    at: 2000,
  });
});

it('fills a setting an older row lacks from the defaults', () => {
  const { db, settings } = store();
  db.prepare('INSERT INTO demo_settings (id, data, updated_at) VALUES (1, ?, 0)').run(
    JSON.stringify({ port: 99 }),
  );
  expect(settings.read(db)).toEqual({ enabled: true, port: 99, names: ['a'] });
});
