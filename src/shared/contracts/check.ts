/**
 * A JSON Schema check that runs in the browser (the console's CSP has no `unsafe-eval`, and Ajv compiles schemas to
 * functions with `new Function`). It covers what the contracts' data schemas use: `type` (one or a list),
 * `properties`/`required`/`additionalProperties: false`, `items`, `enum`, `const`, `anyOf`/`oneOf` (as "any of"),
 * `minimum`/`maximum`, `minLength`/`maxLength`, `pattern`, `minItems`/`maxItems`. `format` is not checked (the
 * appliance's Ajv checks formats where it validates). `checkerOf` walks the schema once and returns a function:
 * a schema is read once per stream, not once per event.
 */
type Json = Record<string, unknown>;

/** Null when the value fits; else where and why it does not (`/queries/0/id: must be integer`). */
export type Checker = (value: unknown) => string | null;

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v;

const isType = (v: unknown, t: string): boolean =>
  t === 'integer'
    ? Number.isInteger(v)
    : t === 'number'
      ? typeof v === 'number' && Number.isFinite(v)
      : typeOf(v) === t;

function build(schema: Json): (value: unknown, at: string) => string | null {
  const checks: Array<(value: unknown, at: string) => string | null> = [];
  const fail = (at: string, why: string) => `${at || '/'}: ${why}`;
  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
    checks.push((v, at) =>
      types.some((t) => isType(v, t)) ? null : fail(at, `must be ${types.join(' or ')}`),
    );
  }
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[];
    checks.push((v, at) => (values.includes(v) ? null : fail(at, `must be one of ${values.join(', ')}`)));
  }
  if ('const' in schema) {
    const value = JSON.stringify(schema.const);
    checks.push((v, at) => (JSON.stringify(v) === value ? null : fail(at, `must be ${value}`)));
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(alternatives)) {
    const each = alternatives.map(build);
    checks.push((v, at) =>
      each.some((c) => c(v, at) === null) ? null : fail(at, 'fits none of its shapes'),
    );
  }
  const num = (key: string, ok: (v: number, bound: number) => boolean, why: string) => {
    if (typeof schema[key] !== 'number') return;
    const bound = schema[key] as number;
    checks.push((v, at) => (typeof v !== 'number' || ok(v, bound) ? null : fail(at, `${why} ${bound}`)));
  };
  num('minimum', (v, b) => v >= b, 'must be at least');
  num('maximum', (v, b) => v <= b, 'must be at most');
  const len = (
    key: string,
    of: (v: unknown) => number | null,
    ok: (n: number, b: number) => boolean,
    why: string,
  ) => {
    if (typeof schema[key] !== 'number') return;
    const bound = schema[key] as number;
    checks.push((v, at) => {
      const n = of(v);
      return n === null || ok(n, bound) ? null : fail(at, `${why} ${bound}`);
    });
  };
  const strLen = (v: unknown) => (typeof v === 'string' ? [...v].length : null);
  const arrLen = (v: unknown) => (Array.isArray(v) ? v.length : null);
  len('minLength', strLen, (n, b) => n >= b, 'must be at least this long:');
  len('maxLength', strLen, (n, b) => n <= b, 'must be at most this long:');
  len('minItems', arrLen, (n, b) => n >= b, 'must have at least this many items:');
  len('maxItems', arrLen, (n, b) => n <= b, 'must have at most this many items:');
  if (typeof schema.pattern === 'string') {
    const re = new RegExp(schema.pattern, 'u');
    checks.push((v, at) =>
      typeof v !== 'string' || re.test(v) ? null : fail(at, `must match ${schema.pattern}`),
    );
  }
  if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    const item = build(schema.items as Json);
    checks.push((v, at) => {
      if (!Array.isArray(v)) return null;
      for (let i = 0; i < v.length; i++) {
        const why = item(v[i], `${at}/${i}`);
        if (why) return why;
      }
      return null;
    });
  }
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const propChecks = Object.entries(props).map(([k, s]) => [k, build(s)] as const);
  const required = (schema.required ?? []) as string[];
  const closed = schema.additionalProperties === false;
  if (propChecks.length || required.length || closed)
    checks.push((v, at) => {
      if (typeOf(v) !== 'object') return null;
      const o = v as Json;
      for (const k of required) if (o[k] === undefined) return fail(`${at}/${k}`, 'is missing');
      for (const [k, c] of propChecks) {
        if (o[k] === undefined) continue;
        const why = c(o[k], `${at}/${k}`);
        if (why) return why;
      }
      if (closed)
        for (const k of Object.keys(o)) if (!(k in props)) return fail(`${at}/${k}`, 'is not expected');
      return null;
    });
  return (value, at) => {
    for (const c of checks) {
      const why = c(value, at);
      if (why) return why;
    }
    return null;
  };
}

/** The check of `schema` (a TypeBox schema or plain JSON Schema). */
export function checkerOf(schema: unknown): Checker {
  const run = build(JSON.parse(JSON.stringify(schema ?? {})) as Json);
  return (value) => run(value, '');
}
