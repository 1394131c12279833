/**
 * One writer per table: every SQL statement under src/appliance that writes a table (`INSERT`, `UPDATE`, `DELETE`,
 * `REPLACE`, in any string or template literal) is written from one module only — one feature (as the lint zones of
 * eslint.config.mjs claim its folders), the kernel, or the assembly (index.ts, seed.ts). A page's
 * save and the configuration document's writer are then one write path: the feature's store.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The tables still written from two modules, with who writes them. This list may only shrink: a table leaves it
 * when its second writer moves into its feature's store (the test below fails while a listed table has one writer).
 */
const DOUBLE_WRITERS: Record<string, string> = {
  users: 'the authentication feature and the first start (seed.ts)',
  sessions: 'the kernel (auth/sessions.ts) and a restore (backups/snapshot.ts)',
  system_state: "the kernel's keys (jobs/steps.ts, revisions/secrets.ts) and the version (updates/store.ts)",
};

const root = path.resolve(__dirname, '../../..');
const APPLIANCE = path.join(root, 'src/appliance');

/** The lint zones' claims (eslint.config.mjs is an ES module: read in a child Node process, as lintZones does). */
function zones(): { features: Record<string, string[]>; assembly: string[] } {
  const script = `
    const { applianceFeatures, applianceAssembly } = await import('./eslint.config.mjs');
    process.stdout.write(JSON.stringify({ features: applianceFeatures, assembly: applianceAssembly }));
  `;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
  ) as { features: Record<string, string[]>; assembly: string[] };
}

/** The module a file under src/appliance belongs to: `feature <name>`, `assembly` or `kernel`. */
function ownerOf(rel: string, claims: ReturnType<typeof zones>): string {
  if (claims.assembly.includes(rel)) return 'assembly';
  for (const [name, paths] of Object.entries(claims.features))
    if (paths.some((p) => rel === p || rel.startsWith(`${p}/`))) return `feature ${name}`;
  return 'kernel';
}

const WRITE =
  /\b(?:INSERT(?: OR [A-Z]+)? INTO|REPLACE INTO|UPDATE(?: OR [A-Z]+)?|DELETE FROM)\s+(?:main\.)?"?([a-z_][a-z0-9_]*)\b/g;

/** The tables a source text writes, from its string and template literals (a `${table}` names none). */
export function writtenTables(file: string, text: string): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    let literal: string | null = null;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) literal = n.text;
    else if (ts.isTemplateExpression(n))
      literal = [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join('\u0000');
    if (literal) for (const m of literal.matchAll(WRITE)) found.push(m[1]);
    // A settings row (db/singletonSettings.ts) is written by the module that names its table.
    if (
      ts.isCallExpression(n) &&
      ts.isIdentifier(n.expression) &&
      n.expression.text === 'singletonSettings' &&
      n.arguments[0] &&
      ts.isStringLiteral(n.arguments[0])
    )
      found.push(n.arguments[0].text);
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return found;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Per table, the modules writing it and the files they write it from. */
function writers(): Map<string, Map<string, string[]>> {
  const claims = zones();
  const out = new Map<string, Map<string, string[]>>();
  for (const file of sources(APPLIANCE)) {
    const rel = path.relative(APPLIANCE, file).split(path.sep).join('/');
    for (const table of new Set(writtenTables(rel, fs.readFileSync(file, 'utf8')))) {
      const byModule = out.get(table) ?? new Map<string, string[]>();
      const owner = ownerOf(rel, claims);
      byModule.set(owner, [...(byModule.get(owner) ?? []), rel]);
      out.set(table, byModule);
    }
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
