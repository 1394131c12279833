/**
 * The OpenAPI document (issue 27 §1): served signed in, clean under Redocly's recommended rules, one operation for
 * every route the server registered under the API, auth and event-stream bases (with who may call it), and what it
 * documents works: every GET without path parameters answers an admin with JSON.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { declaredRoutes, isGuarded } from '../../src/appliance/http/routeAccess';
import { parsePrintedRoutes } from '../security/support/routes';
import type { AnyEndpoint } from '../../src/shared/contracts/endpoint';
import * as alertsContracts from '../../src/shared/contracts/alerts';
import type { AnyStream } from '../../src/shared/contracts/stream';
import * as applyContracts from '../../src/shared/contracts/apply';
import * as backupsContracts from '../../src/shared/contracts/backups';
import * as consoleContracts from '../../src/shared/contracts/console';
import * as forwardingContracts from '../../src/shared/contracts/forwarding';
import * as servicesContracts from '../../src/shared/contracts/services';
import * as authenticationContracts from '../../src/shared/contracts/authentication';
import * as dnsContracts from '../../src/shared/contracts/dns';
import * as logsContracts from '../../src/shared/contracts/logs';
import * as networkContracts from '../../src/shared/contracts/network';

import * as pkiContracts from '../../src/shared/contracts/pki';
import * as revisionsContracts from '../../src/shared/contracts/revisions';
import * as sshContracts from '../../src/shared/contracts/ssh';
import * as systemContracts from '../../src/shared/contracts/system';
import { Agent, NEW_ADMIN_PASSWORD, adminAgent, startServer, type Harness } from './support/harness';

interface Operation {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  responses: Record<
    string,
    { content?: Record<string, unknown>; headers?: Record<string, { required?: boolean; schema?: object }> }
  >;
  security: unknown[];
  'x-rampart-access': { who: string; reauth: boolean; cookieless: boolean };
}
interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  };
}

let h: Harness;
let admin: Agent;
let doc: Document;

beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
  const res = await admin.get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json<Document>();
});
afterAll(() => h.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path: p, op })),
  );

it('is for signed-in accounts only', async () => {
  const anonymous = new Agent(h.app);
  await anonymous.visit();
  const res = await anonymous.get('/api/openapi.json');
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ detail: 'Not authenticated' });
});

it('is served to a program with a bearer token from the documented token endpoint, without cookies', async () => {
  const token = await h.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { username: 'admin', password: NEW_ADMIN_PASSWORD },
  });
  expect(token.statusCode).toBe(200);
  const { access_token } = token.json<{ access_token: string }>();
  const res = await h.app.inject({
    method: 'GET',
    url: '/api/openapi.json',
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json<Document>().paths['/api/auth/token'].post.operationId).toBe('postApiAuthToken');
});

it('is OpenAPI 3.1 of this version, with the cookie, XSRF header and bearer token schemes', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as {
    version: string;
  };
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.info.version).toBe(pkg.version);
  expect(doc.components.securitySchemes).toMatchObject({
    sessionCookie: { type: 'apiKey', in: 'cookie', name: 'rampart_session' },
    xsrfHeader: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    bearerToken: { type: 'http', scheme: 'bearer' },
  });
});

it('lints without errors under the recommended rules', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-openapi-'));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(doc));
  const run = spawnSync(process.execPath, [path.join(__dirname, '../../scripts/lint-openapi.mjs'), file], {
    encoding: 'utf8',
  });
  fs.rmSync(dir, { recursive: true, force: true });
  expect(run.stderr).toBe('');
  const result = JSON.parse(run.stdout) as { errors: number; problems: Array<{ severity: string }> };
  expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
  // The only warnings: public reads that take no input have no 4xx answer to document, and a redirect (an OpenID
  // sign-in's start and callback) has no 2xx answer.
  const pointer = (o: { method: string; path: string }) =>
    `#/paths/${o.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${o.method.toLowerCase()}/responses`;
  const publicReads = operations()
    .filter((o) => o.method === 'GET' && o.op.security.length === 0)
    .map(pointer);
  const redirects = operations()
    .filter((o) => redirectStated(o.op))
    .map(pointer);
  expect(redirects).toHaveLength(2);
  for (const p of result.problems as Array<{ severity: string; rule: string; at: string }>)
    expect([p.rule, (p.rule === 'operation-2xx-response' ? redirects : publicReads).includes(p.at)]).toEqual([
      p.rule === 'operation-2xx-response' ? 'operation-2xx-response' : 'operation-4xx-response',
      true,
    ]);
  expect(run.status).toBe(0);
});

it('has one operation for every route registered under the bases, each saying who may call it', () => {
  const registered = parsePrintedRoutes(h.app.printRoutes({ commonPrefix: false }))
    .filter((r) => isGuarded(r.route, h.ctx))
    .map((r) => ({ method: r.method, path: r.route.replace(/:([A-Za-z0-9_]+)/g, '{$1}') }));
  expect(registered.length).toBeGreaterThan(150);
  // HEAD answers like its GET: every HEAD route has its GET, which the document lists.
  const keys = new Set(registered.map((r) => `${r.method} ${r.path}`));
  for (const r of registered.filter((x) => x.method === 'HEAD')) expect(keys).toContain(`GET ${r.path}`);
  const documented = operations();
  expect(new Set(documented.map((o) => `${o.method} ${o.path}`))).toEqual(
    new Set(registered.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.path}`)),
  );

  const declared = new Map(
    declaredRoutes(h.app).map((d) => [`${d.method} ${d.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`, d]),
  );
  for (const { method, path: p, op } of documented) {
    const d = declared.get(`${method} ${p}`);
    expect([method, p, op['x-rampart-access']]).toEqual([
      method,
      p,
      { access: d?.access, who: d?.who, reauth: d?.reauth, cookieless: d?.cookieless },
    ]);
    // Public routes need no credential; every other route takes the session cookie or a bearer token.
    expect([method, p, op.security.length]).toEqual([method, p, d?.access === 'public' ? 0 : 2]);
  }
  expect(new Set(documented.map((o) => o.op.operationId)).size).toBe(documented.length);
  expect(doc.paths['/api/users/{id}'].delete['x-rampart-access']).toMatchObject({
    who: 'admins only',
    reauth: true,
  });
  expect(doc.paths['/api/auth/token'].post['x-rampart-access']).toMatchObject({
    who: 'anyone',
    cookieless: true,
  });
});

/** Every endpoint a contract module declares, also inside the tables of a list's four calls (`dns.upstreams`). */
function declaredEndpoints(): Array<[string, AnyEndpoint]> {
  const found = new Map<string, AnyEndpoint>();
  const walk = (name: string, value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 2) return;
    if ((value as { kind?: unknown }).kind === 'endpoint') {
      const e = value as AnyEndpoint;
      found.set(`${e.method} ${e.path}`, e);
      return;
    }
    // Schemas are objects too; only plain tables of endpoints are walked into.
    if (Object.getOwnPropertySymbols(value).length || Array.isArray(value)) return;
    for (const [k, v] of Object.entries(value)) walk(`${name}.${k}`, v, depth + 1);
  };
  const modules = {
    alertsContracts,
    applyContracts,
    authenticationContracts,
    backupsContracts,
    consoleContracts,
    dnsContracts,
    forwardingContracts,
    logsContracts,
    networkContracts,
    pkiContracts,
    revisionsContracts,
    servicesContracts,
    sshContracts,
    systemContracts,
  };
  for (const [m, exports] of Object.entries(modules))
    for (const [k, v] of Object.entries(exports)) walk(`${m}.${k}`, v, 0);
  return [...found.entries()];
}

it('has the route of every endpoint a contract declares, with its method, params and body', () => {
  // A descriptor whose path or method the server does not have would send the console's call nowhere.
  const endpoints = declaredEndpoints();
  expect(endpoints.length).toBeGreaterThan(60);
  const missing: string[] = [];
  for (const [, e] of endpoints) {
    const op = doc.paths[`/api/${e.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`]?.[e.method.toLowerCase()];
    if (!op) {
      missing.push(`${e.method} ${e.path}`);
      continue;
    }
    const inPath = (op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name);
    expect([e.path, inPath.sort()]).toEqual([
      e.path,
      Object.keys((e.params as { properties?: object } | undefined)?.properties ?? {}).sort(),
    ]);
    const body = (op as { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } })
      .requestBody?.content['application/json']?.schema;
    if (e.body) {
      const declared = JSON.parse(JSON.stringify(e.body)) as { properties?: object; required?: string[] };
      expect([
        e.path,
        Object.keys(body?.properties ?? {}).sort(),
        [...((body?.required as string[]) ?? [])].sort(),
      ]).toEqual([
        e.path,
        Object.keys(declared.properties ?? {}).sort(),
        [...(declared.required ?? [])].sort(),
      ]);
    }
  }
  expect(missing).toEqual([]);
});

it('documents every declared stream under the event-stream base, with its events and their data schemas', () => {
  // A stream descriptor whose route is not registered from it would open a URL the server does not have.
  const streams: AnyStream[] = [
    logsContracts.logStream,
    dnsContracts.queryStream,
    applyContracts.jobStream,
    pkiContracts.acmeOrderStream,
    networkContracts.throughputStream,
  ];
  for (const s of streams) {
    const op = doc.paths[`/eos/${s.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`]?.get as unknown as {
      parameters?: Array<{ name: string; in: string }>;
      responses: Record<string, { content?: Record<string, Record<string, unknown>> }>;
    };
    expect([s.path, Boolean(op)]).toEqual([s.path, true]);
    const content = op.responses['200'].content?.['text/event-stream'];
    expect(Object.keys((content?.['x-rampart-events'] ?? {}) as object)).toEqual(Object.keys(s.events));
    expect(content?.['x-rampart-events']).toEqual(JSON.parse(JSON.stringify(s.events)));
    const query = Object.keys((s.query as { properties?: object } | undefined)?.properties ?? {});
    expect((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)).toEqual(query);
  }
});

it('states the answer of every route registered from a contract, under its success status', () => {
  const settings = doc.paths['/api/dns/proxy/settings'].put;
  expect(settings.responses['200'].content?.['application/json']).toMatchObject({
    schema: {
      type: 'object',
      required: expect.arrayContaining(['listen_interfaces', 'port']),
      properties: {
        listen_interfaces: { type: 'array', items: { type: 'string', format: 'ip-address' } },
        port: { type: 'integer', minimum: 1, maximum: 65535 },
      },
    },
  });
  expect((settings as unknown as { summary: string }).summary).toBe(
    'Change the DNS proxy’s general settings',
  );
  // A creation answers 201 with the stored item, an Apply 202 with its job, a deletion 204 without content.
  const upstreams = doc.paths['/api/dns/proxy/upstreams'].post.responses;
  expect(upstreams['201'].content?.['application/json']).toMatchObject({
    schema: { properties: { id: { type: 'integer' }, address: { format: 'ip-address' } } },
  });
  expect(upstreams['200']).toBeUndefined();
  expect(
    doc.paths['/api/ssh/config/apply'].post.responses['202'].content?.['application/json'],
  ).toMatchObject({
    schema: { properties: { id: { type: 'string' } } },
  });
  expect(doc.paths['/api/ssh/config/authorized_keys/{id}'].delete.responses['204']).toEqual({
    description: 'Done; no content.',
  });
  // A redirect states its status and where it goes; an answer in two media types names both; the sign-in's body is
  // taken as a form too; the document states its own shape.
  const start = doc.paths['/api/auth/oidc/{id}/start'].get.responses;
  expect(start['303'].headers?.Location).toMatchObject({ required: true, schema: { type: 'string' } });
  expect(start['200']).toBeUndefined();
  expect(Object.keys(doc.paths['/api/messages/acceptances'].get.responses['200'].content ?? {})).toEqual([
    'application/json',
    'text/csv',
  ]);
  const login = doc.paths['/api/auth/login'].post as unknown as {
    requestBody: { content: Record<string, { schema: { required: string[] } }> };
  };
  expect(Object.keys(login.requestBody.content)).toEqual([
    'application/json',
    'application/x-www-form-urlencoded',
  ]);
  expect(login.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual([
    'username',
    'password',
  ]);
  expect(doc.paths['/api/openapi.json'].get.responses['200'].content?.['application/json']).toMatchObject({
    schema: { type: 'object', required: expect.arrayContaining(['openapi', 'info', 'paths']) },
  });
  // Nullable fields are OpenAPI 3.1 type lists.
  expect(doc.paths['/api/ssh/password'].get.responses['200'].content?.['application/json']).toMatchObject({
    schema: { properties: { changed_at: { type: ['integer', 'null'] } } },
  });
});

/**
 * Whether an operation is a redirect that states where it goes: a 302 or 303 (and no other answer of 2xx or 3xx)
 * with a required `Location` header of a string schema.
 */
function redirectStated(op: Operation): boolean {
  const codes = Object.keys(op.responses).filter((code) => /^[23]/.test(code));
  if (!codes.length || !codes.every((code) => code === '302' || code === '303')) return false;
  return codes.every((code) => {
    const location = op.responses[code].headers?.Location;
    return (
      location?.required === true && (location.schema as { type?: string } | undefined)?.type === 'string'
    );
  });
}

/**
 * Whether an operation states its success answer: 204, a download's media type, a JSON schema that says something,
 * or a redirect with its Location.
 */
function statesAnswer(op: Operation): boolean {
  const ok = Object.entries(op.responses).find(([code]) => code.startsWith('2'));
  if (!ok) return redirectStated(op);
  if (ok[0] === '204') return true;
  const content = Object.entries(ok[1].content ?? {});
  if (!content.length) return false;
  return content.every(([type, media]) => {
    if (type !== 'application/json') return true;
    const schema = ((media as { schema?: Record<string, unknown> }).schema ?? {}) as Record<string, unknown>;
    const vague =
      !Object.keys(schema).length ||
      (schema.type === 'object' &&
        !schema.properties &&
        !schema.additionalProperties &&
        !schema.$ref &&
        !schema.anyOf &&
        !schema.oneOf);
    return !vague;
  });
}

it('states the answer of every operation', () => {
  const unstated = operations()
    .filter(({ op }) => !statesAnswer(op))
    .map(({ method, path: p }) => `${method} ${p}`);
  expect(unstated).toEqual([]);
});

it('documents endpoints that work: every JSON GET without path parameters answers an admin', async () => {
  const gets = operations().filter(
    ({ method, path: p, op }) =>
      method === 'GET' && !p.includes('{') && op.responses['200'].content?.['application/json'],
  );
  expect(gets.length).toBeGreaterThan(30);
  const failures: string[] = [];
  for (const { path: p, op } of gets) {
    // Required query parameters get their schema's first allowed value.
    const query = new URLSearchParams();
    for (const param of op.parameters ?? [])
      if (param.in === 'query' && param.required) {
        const s = param.schema as { enum?: string[]; const?: string; anyOf?: Array<{ const?: string }> };
        query.set(param.name, String(s.enum?.[0] ?? s.const ?? s.anyOf?.[0]?.const ?? '1'));
      }
    const url = query.size ? `${p}?${query}` : p;
    const res = await admin.get(url);
    const json = /^application\/json/.test(String(res.headers['content-type']));
    if (res.statusCode < 200 || res.statusCode > 299 || !json)
      failures.push(`GET ${url}: ${res.statusCode} ${String(res.headers['content-type'])}`);
  }
  expect(failures).toEqual([]);
});

/** A path's parameters filled with each one's first allowed value (`config/:slot` → `config/login_logo`). */
function examplePath(e: AnyEndpoint): string {
  const props = ((e.params as { properties?: Record<string, { enum?: string[] }> } | undefined)?.properties ??
    {}) as Record<string, { enum?: string[] }>;
  return `/api/${e.path.replace(/:([A-Za-z0-9_]+)/g, (_, n: string) => props[n]?.enum?.[0] ?? '1')}`;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

it('documents uploads as raw bytes of the media types their route takes, and the route takes each of them', async () => {
  const uploads = declaredEndpoints()
    .map(([, e]) => e)
    .filter((e) => e.upload);
  expect(uploads.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
    'POST updates/packages',
    'PUT config/:slot',
  ]);
  for (const e of uploads) {
    const op = doc.paths[`/api/${e.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`][
      e.method.toLowerCase()
    ] as unknown as {
      requestBody: { content: Record<string, { schema: { contentMediaType: string; maxLength: number } }> };
    };
    expect([e.path, Object.keys(op.requestBody.content)]).toEqual([
      e.path,
      [...(e.upload?.mediaTypes ?? [])],
    ]);
    for (const [type, { schema }] of Object.entries(op.requestBody.content)) {
      expect(schema).toEqual({ type: 'string', contentMediaType: type, maxLength: e.upload?.maxBytes });
      // An empty file of each documented type reaches the handler (its 422 names the body), never a 415.
      const res = await admin.request({
        method: e.method,
        url: examplePath(e),
        payload: Buffer.alloc(0),
        headers: { 'content-type': type.replace('/*', '/png') },
      });
      expect([
        e.path,
        type,
        res.statusCode,
        res.json<{ detail: Array<{ loc: string[] }> }>().detail[0].loc,
      ]).toEqual([e.path, type, 422, ['body']]);
    }
  }
  // The example image goes in as documented and comes back as the document's download says.
  const put = await admin.put('/api/config/login_logo', PNG, { 'content-type': 'image/png' });
  expect(put.json()).toEqual({ slot: 'login_logo', mime: 'image/png', size: PNG.length });
  const image = doc.paths['/api/config/{slot}'].get.responses['200'].content as Record<string, unknown>;
  expect(Object.keys(image)).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
  const got = await admin.get('/api/config/login_logo');
  expect([got.statusCode, got.headers['content-type'], got.rawPayload.equals(PNG)]).toEqual([
    200,
    'image/png',
    true,
  ]);
  expect((await admin.request({ method: 'DELETE', url: '/api/config/login_logo' })).statusCode).toBe(204);
});

it('documents the log ingestion’s body, and its example is stored', async () => {
  const op = doc.paths['/api/logs'].post as unknown as {
    requestBody: { content: Record<string, { schema: { anyOf: unknown[] } }> };
    responses: Record<string, unknown>;
  };
  expect(op.requestBody.content['application/json'].schema.anyOf).toHaveLength(2);
  expect(Object.keys(op.responses)).toContain('201');
  const res = await admin.post('/api/logs', {
    logs: [{ service: 'updates', message: 'example entry', severity: 'warning', timestamp: 1_700_000_000 }],
  });
  expect([res.statusCode, res.json<{ count: number }>().count]).toEqual([201, 1]);
  // The handler's own parser answers what the schema says, as one item per problem.
  const bad = await admin.post('/api/logs', { service: 'nope', message: '' });
  expect(bad.statusCode).toBe(422);
  expect(bad.json<{ detail: Array<{ loc: string[] }> }>().detail.map((d) => d.loc.join('.'))).toEqual([
    'body.service',
    'body.message',
  ]);
});
