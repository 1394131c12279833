/**
 * Privileges enforced by the appliance: every API route has an access rule, a `user` account may read an area only
 * with its read privilege and change it only with its write privilege (through its groups), admins may do
 * everything, and managing accounts and groups stays with admins.
 */
import { accessOf, routeRules } from '../../../src/appliance/auth/areas';
import { isSensitive } from '../../../src/appliance/auth/sessionRoutes';
import { SSH_AUTH_PATH, TOKEN_PATH } from '../../../src/appliance/auth/serviceAuthRoutes';
import { declaredRoutes } from '../../../src/appliance/http/routeAccess';
import { AREAS, type Area } from '../../../src/shared/privileges';
import { parsePrintedRoutes } from '../../security/support/routes';
import { Agent, adminAgent, startServer, userAgent, type Harness } from '../support/harness';

let h: Harness;
let admin: Agent;
let user: Agent;
let userId: number;
let groupId: number;

beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
  user = await userAgent(h, 'operator');
  userId = (
    admin && ((await admin.get('/api/users')).json().data as Array<{ id: number; username: string }>)
  ).find((u) => u.username === 'operator')!.id;
  const group = await admin.post('/api/groups', { name: 'Operators', members: [userId], privileges: {} });
  expect(group.statusCode).toBe(201);
  groupId = group.json().id;
});
afterAll(() => h.close());

const grant = async (privileges: Partial<Record<Area, 'read' | 'write'>>) => {
  const res = await admin.put(`/api/groups/${groupId}`, {
    name: 'Operators',
    description: '',
    members: [userId],
    privileges,
  });
  expect(res.statusCode).toBe(200);
};

type Call = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown];

/** One read and (where the area has any) one write call per area; write bodies are refused by validation at worst. */
const AREA_CALLS: Record<Area, { read: Call; write: Call | null }> = {
  dns: { read: ['GET', '/api/dns/proxy'], write: ['POST', '/api/dns/proxy/upstreams', {}] },
  ssh: { read: ['GET', '/api/ssh/config'], write: ['POST', '/api/ssh/config/authorized_keys', {}] },
  network: {
    read: ['GET', '/api/network/preferences'],
    write: ['PUT', '/api/network/preferences', {}],
  },
  logs: { read: ['GET', '/eos/system/logs/stream?services=nope'], write: ['POST', '/api/logs', {}] },
  updates: { read: ['GET', '/api/updates'], write: ['PUT', '/api/updates/schedule', {}] },
  settings: { read: ['GET', '/api/config/settings'], write: ['PUT', '/api/config/settings', {}] },
  pki: { read: ['GET', '/api/pki/cas'], write: ['POST', '/api/pki/cas', {}] },
  authentication: { read: ['GET', '/api/config/lockout'], write: ['PUT', '/api/config/lockout', {}] },
  messaging: { read: ['GET', '/api/messages/acceptances'], write: null },
};

const send = (agent: Agent, [method, url, payload]: Call) =>
  agent.request({ method, url, payload: payload as Record<string, unknown> });

it('maps every route under the API, auth and event-stream bases to an access rule', () => {
  const rules = routeRules(h.ctx.config);
  const bases = { apiPrefix: h.ctx.apiPrefix, authPrefix: h.ctx.authPrefix };
  const routes = parsePrintedRoutes(h.app.printRoutes({ commonPrefix: false }));
  const guarded = routes.filter((r) => accessOf(r.method, r.route, bases, rules) !== undefined);
  expect(guarded.length).toBeGreaterThan(80);
  const unmapped = guarded.filter((r) => accessOf(r.method, r.route, bases, rules) === null);
  expect(unmapped).toEqual([]);
  // And the check itself notices a route nobody mapped.
  expect(accessOf('POST', '/api/brand-new/thing', bases, rules)).toBeNull();
  expect(accessOf('GET', '/dns/proxy', bases, rules)).toBeUndefined();
});

it('declares on every route the access, re-authentication and cookie rules the prefix tables gave it', () => {
  const rules = routeRules(h.ctx.config);
  const bases = { apiPrefix: h.ctx.apiPrefix, authPrefix: h.ctx.authPrefix };
  const cookieless = [`${h.ctx.authPrefix}${TOKEN_PATH}`, `${h.ctx.authPrefix}${SSH_AUTH_PATH}`];
  const declared = new Map(declaredRoutes(h.app).map((d) => [`${d.method} ${d.url}`, d]));
  const routes = parsePrintedRoutes(h.app.printRoutes({ commonPrefix: false }));
  const compared = routes.flatMap(({ method, route }) => {
    const old = accessOf(method, route, bases, rules);
    if (old === undefined) return [];
    const mine = declared.get(`${method} ${route}`);
    // The session's status was `public` in the table and checked by its own quiet guard: a session, not counted as
    // activity (`passive`).
    const table =
      method !== 'POST' && route === `${h.ctx.authPrefix}/session`
        ? 'session'
        : old && typeof old === 'object' && 'resolve' in old
          ? { resolved: 'the area of the confirmation’s service' }
          : old;
    return [
      {
        route: `${method} ${route}`,
        access: mine?.access,
        reauth: mine?.reauth,
        cookieless: mine?.cookieless,
        expected: {
          access: table,
          reauth: isSensitive(h.ctx, method, route),
          cookieless: cookieless.includes(route),
        },
      },
    ];
  });
  expect(compared.length).toBeGreaterThan(150);
  for (const c of compared)
    expect({ route: c.route, access: c.access, reauth: c.reauth, cookieless: c.cookieless }).toEqual({
      route: c.route,
      ...c.expected,
    });
});

describe.each(AREAS.map((a) => [a] as const))('area %s', (area) => {
  const { read, write } = AREA_CALLS[area];
  const others = AREAS.filter((a) => a !== area);

  it('is refused without a privilege, even when every other area is granted', async () => {
    await grant(Object.fromEntries(others.map((a) => [a, 'write'])));
    if (area !== 'settings') {
      // Colours are public; every other read of an area needs its privilege.
      const res = await send(user, read);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/^You do not have permission to do this: .*read privilege of the/);
    }
    if (write) {
      const res = await send(user, write);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toContain(`write privilege of the ${area} area`);
    }
  });

  it('reads but cannot change with the read privilege', async () => {
    await grant({ [area]: 'read' });
    expect([200, 400]).toContain((await send(user, read)).statusCode);
    if (write) expect((await send(user, write)).statusCode).toBe(403);
  });

  it('changes with the write privilege (the request reaches validation)', async () => {
    await grant({ [area]: 'write' });
    expect([200, 400]).toContain((await send(user, read)).statusCode);
    if (write) expect([400, 422]).toContain((await send(user, write)).statusCode);
  });

  it('is open to admins without any group', async () => {
    expect([200, 400]).toContain((await send(admin, read)).statusCode);
    if (write) expect([400, 422]).toContain((await send(admin, write)).statusCode);
  });
});

it('saves a real change with the write privilege and refuses the same change with read', async () => {
  const body = { attempts: 7, window_seconds: 600, duration_seconds: 600 };
  await grant({ authentication: 'read' });
  expect((await user.put('/api/config/lockout', body)).statusCode).toBe(403);
  expect((await admin.get('/api/config/lockout')).json()).not.toMatchObject({ attempts: 7 });
  await grant({ authentication: 'write' });
  expect((await user.put('/api/config/lockout', body)).statusCode).toBe(200);
  expect((await admin.get('/api/config/lockout')).json()).toMatchObject({ attempts: 7 });
});

it('keeps managing accounts and groups with admins, whatever the groups grant', async () => {
  await grant(Object.fromEntries(AREAS.map((a) => [a, 'write'])));
  expect((await user.get('/api/users')).statusCode).toBe(200);
  expect((await user.get('/api/groups')).statusCode).toBe(200);
  const create = await user.post('/api/users', { username: 'sneaky', role: 'admin' });
  expect(create.statusCode).toBe(403);
  expect(create.json().detail).toContain('admin role');
  expect((await user.post('/api/groups', { name: 'Mine' })).statusCode).toBe(403);
  expect(
    (await user.put(`/api/groups/${groupId}`, { name: 'x', description: '', members: [], privileges: {} }))
      .statusCode,
  ).toBe(403);
});

it('shows providers and services to authentication readers, and leaves changing them to admins', async () => {
  await grant({ authentication: 'write' });
  expect((await user.get('/api/authentication/providers')).statusCode).toBe(200);
  const services = await user.get('/api/authentication/services');
  expect(services.statusCode).toBe(200);
  expect(JSON.stringify(services.json())).not.toMatch(/secret/i);
  expect((await user.put('/api/authentication/services/console', { providers: [1] })).statusCode).toBe(403);
  expect((await user.post('/api/authentication/providers', { type: 'ldap' })).statusCode).toBe(403);
  await grant({});
  expect((await user.get('/api/authentication/providers')).statusCode).toBe(403);
});

it('unions the privileges of several groups, write winning over read', async () => {
  await grant({ dns: 'read' });
  const other = await admin.post('/api/groups', {
    name: 'DNS writers',
    members: [userId],
    privileges: { dns: 'write', ssh: 'read' },
  });
  expect(other.statusCode).toBe(201);
  const me = (await user.get('/api/users/me')).json();
  expect(me.privileges).toEqual({ dns: 'write', ssh: 'read' });
  expect((await user.post('/api/dns/proxy/upstreams', {})).statusCode).toBe(422);
  expect((await admin.request({ method: 'DELETE', url: `/api/groups/${other.json().id}` })).statusCode).toBe(
    204,
  );
  expect((await user.get('/api/users/me')).json().privileges).toEqual({ dns: 'read' });
});

it('shows only the menu entries of readable areas and says which privileges the account holds', async () => {
  await grant({ dns: 'read' });
  const menu = (await user.get('/api/menu/')).json() as Array<{
    id: string;
    children: Array<{ id: string }>;
  }>;
  expect(menu.map((g) => g.id).sort()).toEqual(['dns', 'network']);
  expect(menu.find((g) => g.id === 'network')!.children.map((c) => c.id)).toEqual(['overview']);
  const adminMenu = (await admin.get('/api/menu/')).json() as Array<{ id: string }>;
  expect(adminMenu.map((g) => g.id)).toEqual(
    expect.arrayContaining(['dns', 'ssh', 'system', 'authentication']),
  );
  expect((await admin.get('/api/users/me')).json().privileges).toMatchObject({ dns: 'write', pki: 'write' });
});

it('answers 401, not 403, to anonymous callers of guarded areas', async () => {
  const anon = new Agent(h.app);
  await anon.visit();
  expect((await anon.get('/api/dns/proxy')).statusCode).toBe(401);
  expect((await anon.post('/api/dns/proxy/upstreams', {})).statusCode).toBe(401);
});
