/**
 * The SQL of src/appliance as text: which module (a feature as the lint zones of eslint.config.mjs claim its
 * folders, the kernel, or the assembly) writes and reads which table, from string and template literals. Used by
 * the one-writer and the cross-reads tests.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { APPLIANCE_FEATURES } from '../../../src/appliance';

const root = path.resolve(__dirname, '../../..');
const APPLIANCE = path.join(root, 'src/appliance');

type Claims = { features: Record<string, string[]>; assembly: string[] };

/** The lint zones' claims (eslint.config.mjs is an ES module: read in a child Node process, as lintZones does). */
function zones(): Claims {
  const script = `
    const { applianceFeatures, applianceAssembly } = await import('./eslint.config.mjs');
    process.stdout.write(JSON.stringify({ features: applianceFeatures, assembly: applianceAssembly }));
  `;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
  ) as Claims;
}

/** The module a file under src/appliance belongs to: `feature <name>`, `assembly` or `kernel`. */
function ownerOf(rel: string, claims: Claims): string {
  if (claims.assembly.includes(rel)) return 'assembly';
  for (const [name, paths] of Object.entries(claims.features))
    if (paths.some((p) => rel === p || rel.startsWith(`${p}/`))) return `feature ${name}`;
  return 'kernel';
}

const WRITE =
  /\b(?:INSERT(?: OR [A-Z]+)? INTO|REPLACE INTO|UPDATE(?: OR [A-Z]+)?|DELETE FROM)\s+(?:main\.)?"?([a-z_][a-z0-9_]*)\b(?!\.)/g;
const READ = /\b(?:FROM|JOIN)\s+(?:main\.)?"?([a-z_][a-z0-9_]*)\b(?!\.)/g;
/** A literal that is a statement (a `FROM` in prose is none). */
const STATEMENT = /^\s*(?:SELECT|WITH|INSERT|UPDATE|DELETE|REPLACE)\b/i;

/** The string and template literals of a source text (a `${…}` part names nothing: a NUL stands there). */
function literals(file: string, text: string, onCall?: (n: ts.CallExpression) => void): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) found.push(n.text);
    else if (ts.isTemplateExpression(n))
      found.push([n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join('\u0000'));
    else if (ts.isCallExpression(n)) onCall?.(n);
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return found;
}

/** The tables a source text writes, from its string and template literals (a `${table}` names none). */
export function writtenTables(file: string, text: string): string[] {
  const found: string[] = [];
  const onCall = (n: ts.CallExpression) => {
    // A settings row (db/singletonSettings.ts) is written by the module that names its table.
    if (
      ts.isIdentifier(n.expression) &&
      n.expression.text === 'singletonSettings' &&
      n.arguments[0] &&
      ts.isStringLiteral(n.arguments[0])
    )
      found.push(n.arguments[0].text);
  };
  const texts = literals(file, text, onCall);
  const fromLiterals = texts.flatMap((l) => [...l.matchAll(WRITE)].map((m) => m[1]));
  // Keep the order a reader meets them in: literals first, then the settings rows named by calls.
  return [...fromLiterals, ...found];
}

/** The tables a source text's SQL statements read (`FROM`, `JOIN`). */
export function readTables(file: string, text: string): string[] {
  return literals(file, text)
    .filter((l) => STATEMENT.test(l))
    .flatMap((l) => [...l.matchAll(READ)].map((m) => m[1]));
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

export interface SourceSql {
  /** Relative to src/appliance, `/`-separated. */
  rel: string;
  owner: string;
  written: string[];
  read: string[];
}

/** Every source file of src/appliance with its module and the tables its SQL writes and reads. */
export function applianceSql(): SourceSql[] {
  const claims = zones();
  return sources(APPLIANCE).map((file) => {
    const rel = path.relative(APPLIANCE, file).split(path.sep).join('/');
    const text = fs.readFileSync(file, 'utf8');
    return {
      rel,
      owner: ownerOf(rel, claims),
      written: writtenTables(rel, text),
      read: readTables(rel, text),
    };
  });
}

/** The module a descriptor of the mount list is, named as `ownerOf` names the module of a file. */
function moduleOf(name: string, claims: Claims): string {
  return name in claims.features ? `feature ${name}` : 'kernel';
}

/**
 * Which module owns each table: the one whose descriptor (src/appliance/index.ts `APPLIANCE_FEATURES`) declares it,
 * as created by its migrations (descriptors.test.ts holds the declarations to the migrated database).
 */
export function tableOwners(): Map<string, string> {
  const claims = zones();
  const owners = new Map<string, string>();
  for (const f of APPLIANCE_FEATURES)
    for (const table of f.tables) owners.set(table, moduleOf(f.name, claims));
  return owners;
}
