/**
 * One writer per table: every SQL statement under src/appliance that writes a table (`INSERT`, `UPDATE`, `DELETE`,
 * `REPLACE`, in any string or template literal) is written from one module only — one feature (as the lint zones of
 * eslint.config.mjs claim its folders), the kernel, or the assembly (index.ts, seed.ts). A page's
 * save and the configuration document's writer are then one write path: the feature's store. That module is the
 * table's owner, the one whose descriptor (src/appliance/feature.ts) declares it.
 */
import { applianceSql, tableOwners, writtenTables } from './sqlScan';

/**
 * The tables still written from two modules, with who writes them. This list may only shrink: a table leaves it
 * when its second writer moves into its feature's store (the test below fails while a listed table has one writer).
 */
const DOUBLE_WRITERS: Record<string, string> = {
  users: 'the authentication feature and the first start (seed.ts)',
  sessions: 'the kernel (auth/sessions.ts) and a restore (backups/snapshot.ts)',
  system_state: "the kernel's keys (jobs/steps.ts, revisions/secrets.ts) and the version (updates/store.ts)",
};

/** Per table, the modules writing it and the files they write it from. */
function writers(): Map<string, Map<string, string[]>> {
  const out = new Map<string, Map<string, string[]>>();
  for (const { rel, owner, written } of applianceSql())
    for (const table of new Set(written)) {
      const byModule = out.get(table) ?? new Map<string, string[]>();
      byModule.set(owner, [...(byModule.get(owner) ?? []), rel]);
      out.set(table, byModule);
    }
  return out;
}

const all = writers();
const describeWriters = (m: Map<string, string[]>) =>
  [...m].map(([owner, files]) => `${owner}: ${files.join(', ')}`).join('; ');

it('finds the writes of string and template SQL, not a keyword inside an upsert or a dynamic table name', () => {
  const code = [
    "db.prepare('INSERT INTO alpha (id) VALUES (1) ON CONFLICT(id) DO UPDATE SET id = excluded.id');",
    'db.prepare(`UPDATE beta SET x = ? WHERE id = ${"?"}`);',
    'db.prepare(\'DELETE FROM main."gamma" WHERE id = 1\');',
    "db.prepare('INSERT OR IGNORE INTO delta (id) VALUES (1)');",
    'db.prepare(`DELETE FROM ${table}`);',
    '// UPDATE epsilon SET x = 1 (a comment is no write)',
    "db.prepare('SELECT * FROM zeta');",
    "const row = singletonSettings('eta', DEFAULTS);",
  ].join('\n');
  expect(writtenTables('probe.ts', code)).toEqual(['alpha', 'beta', 'gamma', 'delta', 'eta']);
});

it("sees each feature's own tables written from its folder", () => {
  expect([...(all.get('ddns_accounts')?.keys() ?? [])]).toEqual(['feature dns']);
  expect([...(all.get('alert_channels')?.keys() ?? [])]).toEqual(['feature alerts']);
  expect([...(all.get('ui_settings')?.keys() ?? [])]).toEqual(['kernel']);
  expect([...(all.get('dns_settings')?.keys() ?? [])]).toEqual(['feature dns']);
  expect([...(all.get('ssh_settings')?.keys() ?? [])]).toEqual(['feature ssh']);
});

it.each([...all].filter(([table]) => !(table in DOUBLE_WRITERS)))(
  'the table %s is written from one module',
  (_table, byModule) => {
    expect(describeWriters(byModule)).toBe(describeWriters(new Map([...byModule].slice(0, 1))));
  },
);

it.each(Object.keys(DOUBLE_WRITERS))(
  'the allowed double writer %s still has two writers (else it leaves the list)',
  (table) => {
    expect(all.get(table)?.size ?? 0).toBeGreaterThan(1);
  },
);

/**
 * Tables written by a module other than the one whose descriptor declares them, `table <- writer`. This list may only
 * shrink (the test below fails while a listed write no longer happens).
 */
const FOREIGN_WRITES: Record<string, string> = {
  'users <- feature authentication':
    "the accounts are the kernel's first schema (db/feature.ts: every request checks them), kept by the authentication feature",
  'lockout_allow_list <- kernel':
    "the authentication feature's allow-list (users migrations), read and kept by the kernel's login throttle (auth/lockout.ts)",
  'sessions <- feature backups': 'a restore drops the sessions of accounts the archive does not have',
  'system_state <- feature updates': 'the running version (updates/store.ts)',
};

const owners = tableOwners();
/** `table <- writer` → the files writing it, for every write not by the table's owner (the assembly wires all). */
const foreign = new Map<string, string[]>();
for (const { rel, owner, written } of applianceSql())
  for (const table of new Set(written)) {
    if (owner === 'assembly' || owners.get(table) === owner) continue;
    const key = `${table} <- ${owner}`;
    foreign.set(key, [...(foreign.get(key) ?? []), rel]);
  }

it('writes only tables a descriptor declares, each from its owner beyond the known list', () => {
  const undeclared = [...all.keys()].filter((table) => !owners.has(table));
  expect(undeclared).toEqual([]);
  const unknown = [...foreign].filter(([key]) => !(key in FOREIGN_WRITES));
  expect(unknown.map(([key, files]) => `${key} (${files.join(', ')})`)).toEqual([]);
});

it.each(Object.keys(FOREIGN_WRITES))(
  'the known foreign write %s still happens (else it leaves the list)',
  (key) => {
    expect(foreign.has(key)).toBe(true);
  },
);
