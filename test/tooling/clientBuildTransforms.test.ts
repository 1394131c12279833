/**
 * The browser build's transforms (scripts/babel, applied by webpack.config.ts to the production client build only).
 *
 * Of src/shared/contracts (contractsForClient.js): module-level values
 * are built by calls the minifier may drop when no page reads them, descriptors keep only what the console calls
 * them with, and nothing that runs later (inside functions) or that a form reads (a schema exported by name) is
 * touched. Also run over the real contract modules: each still yields descriptors the console can call.
 * Of TypeBox (typeboxBuilders.js): builders imported by name, so the bundle holds only those a page uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { transformSync } from '@babel/core';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const plugin = require('../../scripts/babel/contractsForClient.js') as { SERVER_ONLY: Set<string> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const typeboxBuilders = require('../../scripts/babel/typeboxBuilders.js') as object;

const root = path.join(__dirname, '..', '..');
const CONTRACTS = path.join(root, 'src', 'shared', 'contracts');

const transform = (code: string, filename = path.join(CONTRACTS, 'example.ts')): string =>
  transformSync(code, {
    filename,
    configFile: false,
    babelrc: false,
    presets: [['@babel/preset-typescript', { allowDeclareFields: true }]],
    plugins: [plugin],
  })!.code!;

const SOURCE = `
import { Type } from '@sinclair/typebox';
import { endpoint, stringEnum } from './endpoint';

export const Upstream = Type.Object({ address: Type.String({ format: 'ip-address' }), port: Type.Integer() });
const Kind = stringEnum(['a', 'b']);
export const limits = { max: Type.Integer({ maximum: 10 }) };

export const putUpstream = endpoint({
  method: 'PUT',
  path: 'dns/upstreams/:id',
  params: Type.Object({ id: Type.String() }),
  query: Type.Object({ dry: Type.Optional(Type.String()) }),
  body: Upstream,
  response: Upstream,
  summary: 'Change an upstream',
  status: 200,
  form: true,
});

export const getImage = endpoint({
  method: 'GET',
  path: 'system/image',
  download: { mediaTypes: ['image/png'], description: 'The image' },
  summary: 'The image',
  redirect: { status: 303, description: 'elsewhere' },
});

export function listEndpoints(base: string) {
  register(base);
  return endpoint({ method: 'GET', path: base, response: Kind, summary: 'List' });
}
`;

describe('contracts in the browser build', () => {
  const out = transform(SOURCE);

  it('marks every call building a module-level value as pure, nested ones too', () => {
    expect(out).toContain('export const Upstream = /*#__PURE__*/Type.Object({');
    expect(out).toContain("address: /*#__PURE__*/Type.String({\n    format: 'ip-address'");
    expect(out).toContain('const Kind = /*#__PURE__*/stringEnum(');
    expect(out).toContain('max: /*#__PURE__*/Type.Integer(');
    expect(out).toContain('export const putUpstream = /*#__PURE__*/endpoint({');
  });

  it('leaves calls inside functions alone: they run later, maybe for their effect', () => {
    expect(out).toMatch(/\n\s+register\(base\);/);
    expect(out).toMatch(/return endpoint\(\{/);
  });

  it('drops the schemas and the documentation of descriptors, keeping what the console calls them with', () => {
    const put = out.slice(out.indexOf('putUpstream'), out.indexOf('getImage'));
    expect(put).toContain("method: 'PUT'");
    expect(put).toContain("path: 'dns/upstreams/:id'");
    expect(put).toContain('status: 200');
    expect(put).toContain('form: true');
    for (const gone of ['params:', 'query:', 'body:', 'response:', 'summary:'])
      expect(put).not.toContain(gone);
    const image = out.slice(out.indexOf('getImage'), out.indexOf('function listEndpoints'));
    expect(image).toContain("download: {\n    mediaTypes: ['image/png']");
    expect(image).not.toContain('redirect');
    expect(image).not.toContain('summary');
    // …in descriptors built by a function too.
    expect(out.slice(out.indexOf('function listEndpoints'))).not.toContain('response');
  });

  it('keeps the schemas a form or a list page imports by name', () => {
    expect(out).toContain("address: /*#__PURE__*/Type.String({\n    format: 'ip-address'\n  })");
    expect(out).toContain('port: /*#__PURE__*/Type.Integer()');
  });

  it('leaves an object passed to a function of another name, or a local `endpoint`, as written', () => {
    const local = transform(`
      const endpoint = (spec: object) => spec;
      export const a = endpoint({ method: 'GET', path: 'x', body: 1 });
      export const b = other({ method: 'GET', path: 'x', body: 1 });
    `);
    expect(local.match(/body: 1/g)).toHaveLength(2);
  });

  it('leaves each real contract module with callable descriptors', () => {
    const files = fs
      .readdirSync(CONTRACTS, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(20);
    let descriptors = 0;
    for (const file of files) {
      const code = transform(fs.readFileSync(path.join(CONTRACTS, file), 'utf8'), path.join(CONTRACTS, file));
      for (const [, spec] of code.matchAll(/= \/\*#__PURE__\*\/endpoint\(\{([^]*?)\n\}\);/g)) {
        descriptors += 1;
        expect(spec).toMatch(/method: '(GET|POST|PUT|PATCH|DELETE)'|\.\.\.\w+/);
        for (const gone of plugin.SERVER_ONLY) expect(spec).not.toMatch(new RegExp(`^  ${gone}\\b`, 'm'));
      }
    }
    expect(descriptors).toBeGreaterThan(100);
  });
});

describe('TypeBox in the browser build', () => {
  const builders = (code: string): string =>
    transformSync(code, {
      filename: path.join(root, 'src', 'shared', 'example.ts'),
      configFile: false,
      babelrc: false,
      presets: [['@babel/preset-typescript', { allowDeclareFields: true }]],
      plugins: [typeboxBuilders],
    })!.code!;

  it('imports each builder a module uses by name, so the bundler can leave the others out', () => {
    const out = builders(`
      import { Type, type Static } from '@sinclair/typebox';
      export const Row = Type.Object({ name: Type.String(), tags: Type.Array(Type.String()) });
      export type Row = Static<typeof Row>;
    `);
    expect(out).toContain(
      "import { Object as _Object, String as _String, Array as _Array } from '@sinclair/typebox';",
    );
    expect(out).toContain('export const Row = _Object({');
    expect(out).toContain('tags: _Array(_String())');
    expect(out).not.toMatch(/\bType\b/);
  });

  it('keeps `Type` where a module uses it as a value', () => {
    const out = builders(`
      import { Type } from '@sinclair/typebox';
      export const builder = Type;
      export const Name = Type.String();
    `);
    expect(out).toContain("import { Type, String as _String } from '@sinclair/typebox';");
    expect(out).toContain('export const builder = Type;');
    expect(out).toContain('export const Name = _String();');
  });

  it('gives the same schemas as the builder namespace', () => {
    const out = builders(`
      import { Type } from '@sinclair/typebox';
      export const Row = Type.Object({ id: Type.Integer({ minimum: 1 }), kind: Type.Union([Type.Literal('a'), Type.Null()]) });
    `);
    const exports: { Row?: unknown } = {};
    const commonjs = transformSync(out, {
      configFile: false,
      babelrc: false,
      plugins: ['@babel/plugin-transform-modules-commonjs'],
    })!.code!;
    new Function('exports', 'require', commonjs)(exports, require);
    const { Type } = jest.requireActual<typeof import('@sinclair/typebox')>('@sinclair/typebox');
    expect(exports.Row).toEqual(
      Type.Object({ id: Type.Integer({ minimum: 1 }), kind: Type.Union([Type.Literal('a'), Type.Null()]) }),
    );
  });
});
