/**
 * Each part of the appliance declares what it owns once, in its descriptor (src/appliance/feature.ts), and the
 * assembly mounts the one list of them (src/appliance/index.ts `APPLIANCE_FEATURES`). The declarations are held to
 * the code and to a started server: every folder that registers routes or runs migrations is in the list, each
 * descriptor's tables are the ones its migrations create, and its sections and offers are the ones it registers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { APPLIANCE_FEATURES } from '../../../src/appliance';
import { dashboardParts } from '../../../src/appliance/dashboard';
import { offersOf } from '../../../src/appliance/offers';
import { sectionsOf } from '../../../src/appliance/revisions';
import { migrate, openDatabase, type Db } from '../../../src/storage/sqlite';
import { startServer, type Harness } from '../support/harness';
import { applianceSql } from './sqlScan';

const APPLIANCE = path.join(__dirname, '../../../src/appliance');
const read = (rel: string) => fs.readFileSync(path.join(APPLIANCE, rel), 'utf8');

/** Folders (or top-level files) mounted by another part rather than by a descriptor of their own, and by whom. */
const MOUNTED_BY: Record<string, { by: string; file: string; call: string }> = {
  services: { by: 'apply', file: 'apply/index.ts', call: 'registerServices(' },
  metrics: { by: 'src/server/embedded.ts', file: '../server/embedded.ts', call: 'registerMetrics(' },
  'auditRoutes.ts': { by: 'audit', file: 'auditFeature.ts', call: 'registerAuditRoutes(' },
  'auditChain.ts': { by: 'audit', file: 'auditFeature.ts', call: 'auditChainMigrations' },
};
const ASSEMBLY = ['index.ts', 'seed.ts'];

/** Registers a route (a path as its first argument) or runs a migration: the calls a mount step makes. */
const REGISTERS =
  /\b(?:contractRoute|registerList|migrate)\(|\.(?:get|post|put|patch|delete)\(\s*['`](?:\/|\$\{)|\.route\(\s*\{/;
/** A source without its comments (a call named in prose registers nothing). */
const code = (rel: string) =>
  read(rel)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

/** Migration namespaces a started server has not run yet, each with where and when it runs. */
const LATER: Record<string, { file: string; when: string }> = {
  fleet_agent: {
    file: 'fleet/agent/outbox.ts',
    when: "the agent's outbox, made when this appliance joins a fleet",
  },
};

/** The module a file's folder belongs to: a feature as the lint zones claim it, else its top-level folder or file. */
const byFile = new Map(applianceSql().map((s) => [s.rel, s.owner]));
function partOf(rel: string): string {
  const owner = byFile.get(rel) ?? 'kernel';
  if (owner.startsWith('feature ')) return owner.slice('feature '.length);
  return rel.split('/')[0];
}

const names = APPLIANCE_FEATURES.map((f) => f.name);

it('names each part once', () => {
  expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
});

it('has a descriptor in the mount list for every folder that registers routes or runs migrations', () => {
  const registering = new Set(
    [...byFile.keys()].filter((rel) => !ASSEMBLY.includes(rel) && REGISTERS.test(code(rel))).map(partOf),
  );
  expect(registering.size).toBeGreaterThan(15);
  const missing = [...registering].filter((part) => !names.includes(part) && !(part in MOUNTED_BY));
  expect(missing).toEqual([]);
});

it.each(Object.entries(MOUNTED_BY).map(([part, m]) => [part, m.by, m.file, m.call]))(
  '%s is mounted by %s',
  (_part, by, file, call) => {
    expect(read(file)).toContain(call);
    if (!by.includes('/')) expect(names).toContain(by);
  },
);

it('hands the apply engine its managed features in mount order, before any part asks for its manager', () => {
  const managed = APPLIANCE_FEATURES.filter((f) => f.managed).map((f) => f.name);
  expect(managed).toEqual(['dns', 'ssh', 'network']);
  expect(names.indexOf('apply')).toBeLessThan(names.indexOf('authentication'));
  expect(names.at(-1)).toBe('http');
});

it('declares no table in two descriptors', () => {
  const tables = APPLIANCE_FEATURES.flatMap((f) => f.tables.map((t) => `${t} (${f.name})`));
  const twice = tables.filter((t, i) => tables.findIndex((u) => u.split(' ')[0] === t.split(' ')[0]) !== i);
  expect(twice).toEqual([]);
});

/** The tables of a database, less SQLite's own and the migrations' bookkeeping. */
const tablesOf = (db: Db): string[] =>
  (
    db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
           AND name NOT IN ('schema_migrations', 'schema_tables') ORDER BY name`,
      )
      .all() as Array<{ name: string }>
  ).map((r) => r.name);

describe('on a started server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer();
  }, 60_000);
  afterAll(() => h.close());

  it("has exactly the declared tables, each created by its descriptor's migrations", () => {
    const later = new Set(Object.keys(LATER));
    const now = APPLIANCE_FEATURES.flatMap((f) =>
      f.migrations.some((m) => later.has(m.namespace)) ? [] : f.tables,
    );
    const started = tablesOf(h.ctx.db);
    expect(started.filter((t) => !now.includes(t))).toEqual(
      APPLIANCE_FEATURES.filter((f) => f.migrations.some((m) => later.has(m.namespace)))
        .flatMap((f) => f.tables)
        .filter((t) => started.includes(t))
        .sort(),
    );
    expect(now.filter((t) => !started.includes(t))).toEqual([]);
    // Each descriptor's migrations alone, in mount order, create its tables and no others.
    const db = openDatabase(':memory:');
    try {
      const created: Record<string, string[]> = {};
      for (const f of APPLIANCE_FEATURES) {
        const before = new Set(tablesOf(db));
        for (const { namespace, list } of f.migrations) migrate(db, namespace, list);
        created[f.name] = tablesOf(db).filter((t) => !before.has(t));
      }
      expect(created).toEqual(
        Object.fromEntries(APPLIANCE_FEATURES.map((f) => [f.name, [...f.tables].sort()])),
      );
    } finally {
      db.close();
    }
  });

  it('ran the migrations of exactly the declared namespaces', () => {
    const ran = (
      h.ctx.db.prepare('SELECT DISTINCT namespace FROM schema_migrations ORDER BY namespace').all() as Array<{
        namespace: string;
      }>
    ).map((r) => r.namespace);
    const declared = APPLIANCE_FEATURES.flatMap((f) => f.migrations.map((m) => m.namespace));
    expect(declared.filter((n, i) => declared.indexOf(n) !== i)).toEqual([]);
    expect(ran).toEqual(declared.filter((n) => !(n in LATER)).sort());
  });

  it.each(Object.entries(LATER).map(([namespace, l]) => [namespace, l.when, l.file]))(
    'runs the namespace %s later (%s)',
    (namespace, _when, file) => {
      expect(code(file)).toContain(`migrate(db, '${namespace}'`);
    },
  );

  it('registers exactly the declared configuration sections, each declared once', () => {
    const declared = APPLIANCE_FEATURES.flatMap((f) => f.sections);
    expect(declared.filter((s, i) => declared.indexOf(s) !== i)).toEqual([]);
    expect(
      sectionsOf(h.ctx)
        .map((s) => s.name)
        .sort(),
    ).toEqual([...declared].sort());
  });

  it('answers exactly the declared offers, each declared once', () => {
    const declared = APPLIANCE_FEATURES.flatMap((f) => f.offers);
    expect(declared.filter((s, i) => declared.indexOf(s) !== i)).toEqual([]);
    expect(offersOf(h.ctx).sort()).toEqual([...declared].sort());
  });

  it("adds each descriptor's dashboard part", () => {
    const parts = dashboardParts(h.ctx).map((p) => p.part);
    for (const f of APPLIANCE_FEATURES) if (f.dashboard) expect(parts).toContain(f.dashboard.part);
  });
});
