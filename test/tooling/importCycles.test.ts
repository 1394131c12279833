/**
 * No import circle in the code, type-only imports included. Lint's `import-x/no-cycle` skips `import type` (a type
 * circle costs nothing at run time, but it ties modules together all the same: the six PKI files that named each
 * other's types could not be split or tested apart), so this walks the whole graph itself: every `import`, `import
 * type`, `export … from`, `import()` and `import('…')` type of src/, sagas/, machines/ and config/, resolved as the
 * compiler resolves them, and reports each strongly connected group of files with the imports that close it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
const FOLDERS = ['src', 'sagas', 'machines', 'config'];
const options: ts.CompilerOptions = {
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
  resolveJsonModule: true,
};

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(file, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(file);
  }
  return out;
}

/** Every module specifier a file names, whatever the kind of import. */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The project's import graph: file → files it imports (packages left out). */
export function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const folder of FOLDERS)
    for (const file of sourceFiles(path.join(root, folder))) {
      const targets = new Set<string>();
      for (const spec of specifiers(file)) {
        const resolved = ts.resolveModuleName(spec, file, options, ts.sys).resolvedModule;
        if (!resolved || resolved.isExternalLibraryImport || !/\.tsx?$/.test(resolved.resolvedFileName))
          continue;
        targets.add(path.relative(root, resolved.resolvedFileName));
      }
      graph.set(path.relative(root, file), targets);
    }
  return graph;
}

/** Strongly connected groups of more than one file, or a file importing itself (Tarjan). */
export function circles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.has(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

describe('import circles', () => {
  it('finds a circle closed by type-only imports', () => {
    const graph = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts'])],
      ['d.ts', new Set(['a.ts'])],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(circles(new Map([['a.ts', new Set(['b.ts'])]]))).toEqual([]);
  });

  it('has none in src/, sagas/, machines/ and config/, type-only imports included', () => {
    const graph = importGraph();
    // The walk sees type-only imports (`import type { ApiClient }` in the services provider).
    expect(graph.get('src/app/services.tsx')?.has('src/api/client.ts')).toBe(true);
    const report = circles(graph).map((group) =>
      group
        .flatMap((from) =>
          [...graph.get(from)!].filter((to) => group.includes(to)).map((to) => `${from} → ${to}`),
        )
        .join('\n'),
    );
    expect(report).toEqual([]);
  });
});
