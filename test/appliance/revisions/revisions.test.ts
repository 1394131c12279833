/**
 * Revisions (issue 29): a saved change records who, how, from where, why and the structured before/after per entity,
 * with secrets as "changed"; the history pages them with filters and shows each one's semantic diff, and an account
 * sees only the revisions of the areas it may read.
 */
import {
  adminAgent,
  grantPrivileges,
  startServer,
  userAgent,
  type Agent,
  type Harness,
} from '../support/harness';

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
}, 60_000);
afterAll(() => h.close());

const latest = async (agent: Agent = admin, query = '') =>
  (await agent.get(`/api/revisions?page=1&per_page=50${query}`)).json() as {
    data: Array<Record<string, unknown>>;
    total: number;
  };

it('records an added upstream and a settings change as lines people read, with the reason given', async () => {
  const add = await admin.request({
    method: 'POST',
    url: '/api/dns/proxy/upstreams',
    payload: { address: '9.9.9.9', port: 853, tls: true, tls_name: 'dns.quad9.net' },
    headers: { 'x-change-reason': 'Encrypt upstream queries (ticket 42)' },
  });
  expect(add.statusCode).toBe(201);
  const settings = (await admin.get('/api/dns/proxy')).json().settings;
  expect((await admin.put('/api/dns/proxy/settings', { ...settings, cache_size_mb: 16 })).statusCode).toBe(
    200,
  );

  const page = await latest(admin, '&area=dns');
  expect(page.data.slice(0, 2)).toEqual([
    expect.objectContaining({
      actor: 'admin',
      method: 'console',
      area: 'dns',
      route: 'PUT /api/dns/proxy/settings',
      summary: 'DNS proxy: cache size 4 → 16 MiB',
      reason: null,
    }),
    expect.objectContaining({
      summary: 'Upstream 9.9.9.9@853 (TLS) added',
      reason: 'Encrypt upstream queries (ticket 42)',
      source: '127.0.0.1',
    }),
  ]);
  const detail = (await admin.get(`/api/revisions/${String(page.data[1].id)}`)).json();
  expect(detail.changes).toEqual([
    expect.objectContaining({
      section: 'dns.proxy',
      op: 'added',
      before: null,
      after: { address: '9.9.9.9', port: 853, tls: true, tls_name: 'dns.quad9.net' },
      line: 'Upstream 9.9.9.9@853 (TLS) added',
    }),
  ]);
});

it('records nothing for a refused change or a change that changes nothing', async () => {
  const { total } = await latest();
  expect((await admin.post('/api/dns/proxy/upstreams', { address: 'nope' })).statusCode).toBe(422);
  const settings = (await admin.get('/api/dns/proxy')).json().settings;
  expect((await admin.put('/api/dns/proxy/settings', settings)).statusCode).toBe(200);
  expect((await latest()).total).toBe(total);
});

it('records a secret as changed, never its value', async () => {
  const body = {
    provider: 'dyndns',
    hostname: 'home.example.net',
    username: 'me',
    secret: 'first-s3cret',
    update_url: '',
    ip_source: 'web',
    check_url: 'https://ip.example.test/',
    interface: '',
    interval_seconds: 300,
    ttl: 60,
    enabled: true,
  };
  const id = (await admin.post('/api/dns/dynamic/accounts', body)).json().id;
  expect(
    (await admin.put(`/api/dns/dynamic/accounts/${id}`, { ...body, secret: 'second-s3cret' })).statusCode,
  ).toBe(200);
  const [changed] = (await latest()).data;
  expect(changed.summary).toBe('Dynamic DNS account home.example.net: secret changed');
  const raw = h.ctx.db.prepare('SELECT changes FROM revisions').all() as Array<{ changes: string }>;
  expect(JSON.stringify(raw)).not.toMatch(/s3cret/);
  const detail = JSON.stringify((await admin.get(`/api/revisions/${String(changed.id)}`)).json());
  expect(detail).not.toMatch(/s3cret/);
});

it('names changes made with an API token', async () => {
  const token = await admin.request({
    method: 'POST',
    url: '/api/auth/token',
    payload: { username: 'admin', password: 'correct horse battery staple' },
    headers: { cookie: '' },
  });
  expect(token.statusCode).toBe(200);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/dns/proxy/access_lists',
    payload: { subnet: '10.20.0.0/16', action: 'allow' },
    headers: { authorization: `Bearer ${token.json().access_token}`, 'x-change-reason': 'Branch office' },
  });
  expect(res.statusCode).toBe(201);
  expect((await latest()).data[0]).toMatchObject({
    method: 'api',
    actor: 'admin',
    reason: 'Branch office',
    summary: 'Access rule 10.20.0.0/16 added',
  });
});

it('records account changes without secrets, and filters by who and when', async () => {
  const created = await admin.post('/api/users', { username: 'dora', role: 'user' });
  expect(created.statusCode).toBe(201);
  const all = await latest(admin, '&actor=admin&area=authentication');
  expect(all.data[0]).toMatchObject({ summary: 'Account dora added', area: 'authentication' });
  expect(JSON.stringify((await admin.get(`/api/revisions/${String(all.data[0].id)}`)).json())).not.toContain(
    created.json().one_time_password,
  );
  expect((await latest(admin, '&actor=nobody')).total).toBe(0);
  const future = Date.now() + 60_000;
  expect((await latest(admin, `&from=${future}`)).total).toBe(0);
  expect((await latest(admin, `&to=${future}&area=authentication`)).total).toBe(all.total);
  expect((await admin.get('/api/revisions?area=moon')).statusCode).toBe(422);
});

it('shows an account only the revisions of the areas it may read', async () => {
  const reader = await userAgent(h, 'reader');
  await grantPrivileges(h, 'reader', { dns: 'read' });
  const page = await latest(reader);
  expect(page.total).toBeGreaterThan(0);
  expect(new Set(page.data.map((r) => r.area))).toEqual(new Set(['dns']));
  const accounts = (await latest(admin, '&area=authentication')).data[0];
  expect((await reader.get(`/api/revisions/${String(accounts.id)}`)).statusCode).toBe(404);
});

describe('a change nobody kept in time', () => {
  let quick: Harness;
  afterAll(() => quick?.close());

  it('is restored as a revision of the appliance itself, naming why', async () => {
    quick = await startServer({ config: { applyConfirmSeconds: 1 } });
    const agent = await adminAgent(quick);
    const stricter = await agent.put('/api/config/lockout', {
      attempts: 3,
      window_seconds: 900,
      duration_seconds: 900,
    });
    expect(stricter.json().confirmation).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1_600));
    const [rollback, change] = (await latest(agent, '&area=authentication')).data;
    expect(change).toMatchObject({ actor: 'admin', summary: 'Lockout policy: attempts 5 → 3' });
    expect(rollback).toMatchObject({
      actor: 'system',
      method: 'system',
      route: null,
      reason: 'not kept within 1 s: the previous configuration was restored',
      summary: 'Lockout policy: attempts 3 → 5',
    });
  });
});

it('documents the change reason on every write the revisions record, and not on the others', async () => {
  const doc = (await admin.get('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
  };
  const takesReason = (path: string, method: string) =>
    (doc.paths[path][method].parameters ?? []).some((p) => p.in === 'header' && p.name === 'X-Change-Reason');
  expect(takesReason('/api/dns/proxy/upstreams', 'post')).toBe(true);
  expect(takesReason('/api/users/{id}', 'put')).toBe(true);
  expect(takesReason('/api/dns/proxy/apply', 'post')).toBe(false);
  expect(takesReason('/api/revisions', 'get')).toBe(false);
});
