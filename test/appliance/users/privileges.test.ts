/**
 * Privileges enforced by the appliance: every API route declares its access, a `user` account may read an area only
 * with its read privilege and change it only with its write privilege (through its groups), admins may do
 * everything, and managing accounts and groups stays with admins.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ApplianceContext } from '../../../src/appliance';
import {
  declaredRoutes,
  isGuarded,
  requireDeclaredAccess,
  type DeclaredRoute,
} from '../../../src/appliance/http/routeAccess';
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
  fleet: { read: ['GET', '/api/fleet/appliances'], write: ['POST', '/api/fleet/appliances', {}] },
};

const send = (agent: Agent, [method, url, payload]: Call) =>
  agent.request({ method, url, payload: payload as Record<string, unknown> });

/**
 * What each route declares (`config.access`, http/routeAccess.ts), method by method (HEAD as its GET): `public`,
 * `session`, `admin`, an area (read on GET, write otherwise; `:read` when a change-shaped call only reads), or
 * `confirmation` (the write privilege of the confirmation's service's area); `+reauth` for changes that need a recent
 * sign-in, `+cookieless` for the two program endpoints that set and read no cookie. Written out so that a change of who
 * may do what is a visible change of this list.
 */
const DECLARED: Record<string, string> = {
  'GET /api/config/settings': 'public',
  'PUT /api/config/settings': 'settings',
  'DELETE /api/config/settings': 'settings',
  'GET /api/config/:slot': 'public',
  'PUT /api/config/:slot': 'settings',
  'DELETE /api/config/:slot': 'settings',
  'GET /api/menu/': 'session',
  'GET /api/openapi.json': 'session',
  'GET /api/users/me': 'session',
  'GET /api/users/me/messages': 'session',
  'POST /api/users/me/ack-messages': 'session',
  'GET /api/messages/acceptances': 'messaging',
  'POST /api/jobs': 'settings',
  'GET /api/jobs': 'session',
  'GET /api/jobs/:id': 'session',
  'GET /api/updates': 'updates',
  'POST /api/updates/check': 'updates',
  'POST /api/updates/apply': 'updates',
  'POST /api/updates/rollback': 'updates',
  'PUT /api/updates/settings': 'updates',
  'POST /api/updates/trusted-keys': 'updates',
  'PUT /api/updates/schedule': 'updates',
  'POST /api/updates/packages': 'updates',
  'GET /api/dns/proxy': 'dns',
  'GET /api/dns/queries': 'dns',
  'GET /api/dns/queries/top': 'dns',
  'GET /eos/dns/queries/stream': 'dns',
  'GET /api/dns/proxy/service': 'dns',
  'POST /api/dns/proxy/service/start': 'dns',
  'POST /api/dns/proxy/service/stop': 'dns',
  'POST /api/dns/proxy/service/restart': 'dns',
  'GET /api/ssh/service': 'ssh',
  'POST /api/ssh/service/start': 'ssh +reauth',
  'POST /api/ssh/service/stop': 'ssh +reauth',
  'POST /api/ssh/service/restart': 'ssh +reauth',
  'PUT /api/dns/proxy/settings': 'dns',
  'POST /api/dns/proxy/upstreams': 'dns',
  'PUT /api/dns/proxy/upstreams/:id': 'dns',
  'DELETE /api/dns/proxy/upstreams/:id': 'dns',
  'POST /api/dns/proxy/upstreams/delete': 'dns',
  'POST /api/dns/proxy/host_overrides': 'dns',
  'PUT /api/dns/proxy/host_overrides/:id': 'dns',
  'DELETE /api/dns/proxy/host_overrides/:id': 'dns',
  'POST /api/dns/proxy/host_overrides/delete': 'dns',
  'POST /api/dns/proxy/domain_overrides': 'dns',
  'PUT /api/dns/proxy/domain_overrides/:id': 'dns',
  'DELETE /api/dns/proxy/domain_overrides/:id': 'dns',
  'POST /api/dns/proxy/domain_overrides/delete': 'dns',
  'POST /api/dns/proxy/access_lists': 'dns',
  'PUT /api/dns/proxy/access_lists/:id': 'dns',
  'DELETE /api/dns/proxy/access_lists/:id': 'dns',
  'POST /api/dns/proxy/access_lists/delete': 'dns',
  'GET /api/dns/proxy/preview': 'dns',
  'POST /api/dns/proxy/apply': 'dns',
  'GET /api/dns/dynamic': 'dns',
  'POST /api/dns/dynamic/accounts': 'dns',
  'PUT /api/dns/dynamic/accounts/:id': 'dns',
  'DELETE /api/dns/dynamic/accounts/:id': 'dns',
  'POST /api/dns/dynamic/accounts/delete': 'dns',
  'POST /api/dns/dynamic/accounts/:id/update': 'dns',
  'GET /api/ssh/config': 'ssh',
  'PUT /api/ssh/config/settings': 'ssh +reauth',
  'POST /api/ssh/config/authorized_keys': 'ssh +reauth',
  'PUT /api/ssh/config/authorized_keys/:id': 'ssh +reauth',
  'DELETE /api/ssh/config/authorized_keys/:id': 'ssh +reauth',
  'POST /api/ssh/config/authorized_keys/delete': 'ssh +reauth',
  'GET /api/ssh/config/preview': 'ssh',
  'POST /api/ssh/config/apply': 'ssh +reauth',
  'GET /api/ssh/password': 'ssh',
  'PUT /api/ssh/password': 'ssh +reauth',
  'GET /api/network/preferences': 'network',
  'PUT /api/network/preferences': 'network',
  'GET /api/network/preferences/preview': 'network',
  'POST /api/network/preferences/apply': 'network',
  'GET /api/apply/confirmations': 'session',
  'POST /api/apply/confirmations/:id/confirm': 'confirmation',
  'POST /api/apply/confirmations/:id/revert': 'confirmation',
  'GET /api/groups': 'authentication',
  'GET /api/groups/:id': 'authentication',
  'POST /api/groups': 'admin +reauth',
  'PUT /api/groups/:id': 'admin +reauth',
  'DELETE /api/groups/:id': 'admin +reauth',
  'POST /api/groups/bulk': 'admin +reauth',
  'GET /api/users': 'authentication',
  'GET /api/users/me/sign-ins': 'session',
  'GET /api/users/me/second-factors/totp/new': 'session',
  'PUT /api/users/me/second-factors/totp': 'session +reauth',
  'GET /api/users/me/second-factors/webauthn': 'session',
  'POST /api/users/me/second-factors/webauthn/options': 'session +reauth',
  'POST /api/users/me/second-factors/webauthn': 'session +reauth',
  'DELETE /api/users/me/second-factors/webauthn/:id': 'session +reauth',
  'GET /api/users/:id': 'authentication',
  'POST /api/users': 'admin +reauth',
  'PUT /api/users/:id': 'admin +reauth',
  'DELETE /api/users/:id': 'admin +reauth',
  'POST /api/users/bulk': 'admin +reauth',
  'DELETE /api/users/:id/sessions': 'admin +reauth',
  'POST /api/users/lockout-simulation': 'authentication:read',
  'DELETE /api/users/:id/second-factors': 'admin +reauth',
  'GET /api/config/lockout': 'authentication',
  'PUT /api/config/lockout': 'authentication +reauth',
  'GET /api/authentication/providers': 'authentication',
  'GET /api/authentication/providers/:id': 'authentication',
  'POST /api/authentication/providers': 'admin',
  'PUT /api/authentication/providers/:id': 'admin',
  'DELETE /api/authentication/providers/:id': 'admin',
  'GET /api/alerts': 'admin',
  'POST /api/alerts/evaluate': 'admin',
  'GET /api/alerts/channels': 'admin',
  'POST /api/alerts/channels': 'admin +reauth',
  'PUT /api/alerts/channels/:id': 'admin +reauth',
  'DELETE /api/alerts/channels/:id': 'admin +reauth',
  'POST /api/alerts/channels/:id/test': 'admin',
  'GET /api/alerts/channels/:id/deliveries': 'admin',
  'GET /api/audit/verify': 'admin',
  'GET /api/fleet/service': 'fleet',
  'POST /api/fleet/service/start': 'fleet +reauth',
  'POST /api/fleet/service/stop': 'fleet +reauth',
  'POST /api/fleet/service/restart': 'fleet +reauth',
  'GET /api/fleet/settings': 'fleet',
  'GET /api/fleet/summary': 'fleet',
  'PUT /api/fleet/settings': 'admin +reauth',
  'GET /api/fleet/appliances': 'fleet',
  'GET /api/fleet/appliances/:id': 'fleet',
  'GET /api/fleet/appliances/:id/events': 'fleet',
  'POST /api/fleet/appliances': 'fleet +reauth',
  'DELETE /api/fleet/appliances/:id': 'fleet +reauth',
  'POST /api/fleet/appliances/bulk': 'fleet +reauth',
  'POST /api/fleet/join': 'admin +reauth',
  'GET /api/fleet/membership': 'fleet',
  'GET /api/fleet/groups': 'fleet',
  'GET /api/fleet/groups/:group/document': 'fleet',
  'PUT /api/fleet/groups/:group/document': 'fleet +reauth',
  'POST /api/fleet/groups/:group/plan': 'fleet:read',
  'GET /api/forwarding/targets': 'admin',
  'POST /api/forwarding/targets': 'admin +reauth',
  'PUT /api/forwarding/targets/:id': 'admin +reauth',
  'DELETE /api/forwarding/targets/:id': 'admin +reauth',
  'POST /api/forwarding/targets/:id/test': 'admin',
  'POST /api/alerts/acknowledge/:id': 'admin',
  'GET /api/alerts/settings': 'admin',
  'PUT /api/alerts/settings': 'admin +reauth',
  'GET /api/alerts/notifications': 'admin',
  'POST /api/alerts/notifications/read': 'admin',
  'POST /api/authentication/providers/test': 'admin',
  'GET /api/authentication/services': 'authentication',
  'GET /api/authentication/services/:id': 'authentication',
  'PUT /api/authentication/services/:id': 'admin',
  'GET /api/authentication/signup': 'authentication',
  'PUT /api/authentication/signup': 'admin',
  'GET /api/pki/cas': 'pki',
  'GET /api/pki/cas/:id': 'pki',
  'POST /api/pki/cas': 'pki +reauth',
  'POST /api/pki/cas/import': 'pki +reauth',
  'GET /api/pki/cas/:id/certificate': 'pki',
  'POST /api/pki/cas/bulk': 'pki +reauth',
  'DELETE /api/pki/cas/:id': 'pki +reauth',
  'GET /api/pki/certificates': 'pki',
  'GET /api/pki/certificates/summary': 'pki',
  'POST /api/pki/certificates/bulk': 'pki +reauth',
  'GET /api/pki/certificates/:id': 'pki',
  'POST /api/pki/certificates': 'pki +reauth',
  'POST /api/pki/certificates/csr': 'pki +reauth',
  'POST /api/pki/certificates/import': 'pki +reauth',
  'POST /api/pki/certificates/import-pkcs12': 'pki +reauth',
  'GET /api/pki/certificates/:id/certificate': 'pki',
  'POST /api/pki/certificates/:id/export': 'pki +reauth',
  'POST /api/pki/certificates/:id/renew': 'pki +reauth',
  'POST /api/pki/certificates/:id/revoke': 'pki +reauth',
  'DELETE /api/pki/certificates/:id': 'pki +reauth',
  'GET /api/pki/crls': 'pki',
  'GET /api/pki/crls/:id': 'pki',
  'GET /api/pki/crls/:id/download': 'pki',
  'POST /api/pki/crls/import': 'pki +reauth',
  'POST /api/pki/crls/bulk': 'pki +reauth',
  'DELETE /api/pki/crls/:id': 'pki +reauth',
  'GET /api/pki/cas/:id/crl': 'pki',
  'POST /api/pki/cas/:id/crl': 'pki +reauth',
  'GET /api/pki/public/cas/:id/crl': 'public',
  'GET /api/pki/acme/accounts': 'pki',
  'GET /api/pki/acme/accounts/:id': 'pki',
  'POST /api/pki/acme/accounts': 'pki +reauth',
  'DELETE /api/pki/acme/accounts/:id': 'pki +reauth',
  'GET /api/pki/acme/orders': 'pki',
  'GET /api/pki/acme/orders/:id': 'pki',
  'PATCH /api/pki/acme/orders/:id': 'pki +reauth',
  'POST /api/pki/acme/orders/bulk': 'pki +reauth',
  'DELETE /api/pki/acme/orders/:id': 'pki +reauth',
  'POST /api/pki/acme/orders': 'pki +reauth',
  'GET /eos/pki/acme/orders/:id/stream': 'pki',
  'GET /api/auth/setup': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/login/webauthn': 'public',
  'POST /api/auth/change_password': 'public',
  'POST /api/auth/token': 'public +cookieless',
  'POST /api/auth/internal/ssh-auth': 'public +cookieless',
  'GET /api/auth/lockouts': 'authentication',
  'DELETE /api/auth/lockouts/source/:address': 'authentication',
  'DELETE /api/auth/lockouts/:name': 'authentication',
  'GET /api/auth/session': 'session',
  'POST /api/auth/session/extend': 'session',
  'POST /api/auth/reauth': 'session',
  'GET /api/auth/oidc/:id/start': 'public',
  'GET /api/auth/oidc/:id/callback': 'public',
  'POST /api/auth/logout': 'public',
  'GET /eos/jobs/:id/stream': 'session',
  'GET /api/network/interfaces': 'public',
  'GET /api/network/samples': 'network',
  'GET /api/system/status': 'session',
  'GET /api/dashboard': 'session',
  'GET /eos/network/stream': 'public',
  'GET /eos/system/logs/stream': 'logs',
  'POST /api/logs': 'logs',
  'GET /api/revisions': 'session',
  'GET /api/revisions/:id': 'session',
  'GET /api/revisions/:id/revert-plan': 'session',
  'GET /api/revisions/:id/files': 'session',
  'GET /api/config': 'admin',
  'POST /api/config/plan': 'admin',
  'POST /api/backups/export': 'admin +reauth',
  'POST /api/backups/restore/plan': 'admin +reauth',
  'POST /api/backups/restore': 'admin +reauth',
  'GET /api/backups/restores/pending': 'admin',
  'POST /api/backups/restores/:id/keep': 'admin',
  'POST /api/backups/restores/:id/revert': 'admin',
  'GET /api/backups': 'admin',
  'PUT /api/backups/schedule': 'admin +reauth',
  'POST /api/backups/targets': 'admin +reauth',
  'PUT /api/backups/targets/:id': 'admin +reauth',
  'DELETE /api/backups/targets/:id': 'admin +reauth',
  'POST /api/backups/fingerprint': 'admin',
  'POST /api/backups/run': 'admin',
  'PUT /api/config': 'admin',
  'GET /api/revisions/:id/restore-plan': 'admin',
  'POST /api/revisions/:id/revert': 'admin',
  'POST /api/revisions/:id/restore': 'admin',
};

const short = (d: DeclaredRoute): string => {
  const a = d.access;
  const who =
    typeof a === 'string' ? a : 'resolved' in a ? 'confirmation' : a.need ? `${a.area}:${a.need}` : a.area;
  return `${who}${d.reauth ? ' +reauth' : ''}${d.cookieless ? ' +cookieless' : ''}`;
};

it('declares its access on every route under the API, auth and event-stream bases, as listed', () => {
  const declared = declaredRoutes(h.app);
  const printed = parsePrintedRoutes(h.app.printRoutes({ commonPrefix: false })).filter((r) =>
    isGuarded(r.route, h.ctx),
  );
  expect(printed.length).toBeGreaterThan(200);
  expect(new Set(declared.map((d) => `${d.method} ${d.url}`))).toEqual(
    new Set(printed.map((r) => `${r.method} ${r.route}`)),
  );
  const byRoute = Object.fromEntries(declared.map((d) => [`${d.method} ${d.url}`, short(d)]));
  for (const [key, value] of Object.entries(byRoute))
    if (key.startsWith('HEAD ')) expect([key, value]).toEqual([key, byRoute[key.replace('HEAD', 'GET')]]);
  expect(Object.fromEntries(Object.entries(byRoute).filter(([k]) => !k.startsWith('HEAD ')))).toEqual(
    DECLARED,
  );
});

it('keeps changing accounts, groups and where accounts come from with admins, and says who in words', () => {
  const declared = declaredRoutes(h.app).filter((d) => d.method !== 'GET' && d.method !== 'HEAD');
  const changes = (prefix: string) => declared.filter((d) => d.url.startsWith(prefix));
  for (const d of [...changes('/api/users'), ...changes('/api/groups'), ...changes('/api/authentication/')]) {
    if (d.url.startsWith('/api/users/me') || d.url === '/api/users/lockout-simulation') continue;
    expect([d.method, d.url, d.who]).toEqual([d.method, d.url, 'admins only']);
  }
  expect(declared.find((d) => d.url === '/api/users/lockout-simulation')?.who).toBe(
    'the read privilege of the authentication area (admins always)',
  );
});

describe('a route under the guarded bases that declares no access', () => {
  const bases = { apiPrefix: '/api', authPrefix: '/api/auth' } as ApplianceContext;
  const serve = async (register: (app: FastifyInstance) => void) => {
    const app = Fastify();
    requireDeclaredAccess(app, bases);
    await app.register(async (scope) => register(scope));
    return app;
  };

  it.each(['/api/brand-new/thing', '/api/auth/new', '/eos/new/stream'])(
    'stops the server from starting: %s',
    async (url) => {
      const app = await serve((scope) => scope.post(url, async () => 'ok')).catch((e: Error) => e);
      const error =
        app instanceof Error
          ? app
          : await app.ready().then(
              () => null,
              (e: Error) => e,
            );
      expect(error?.message).toMatch(`route POST ${url} declares no access`);
    },
  );

  it('is not asked of routes outside them, and a declared one starts', async () => {
    const app = await serve((scope) => {
      scope.get('/healthz', async () => 'ok');
      scope.get('/api/thing', { config: { access: 'session' } }, async () => 'ok');
    });
    await app.ready();
    expect(declaredRoutes(app).map((d) => `${d.method} ${d.url} ${d.who}`)).toEqual([
      'GET /api/thing any signed-in account',
      'HEAD /api/thing any signed-in account',
    ]);
    await app.close();
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
  expect(menu.map((g) => g.id).sort()).toEqual(['dns', 'network', 'system']);
  expect(menu.find((g) => g.id === 'network')!.children.map((c) => c.id)).toEqual(['overview']);
  // The configuration's history is everyone's (each account sees the revisions of the areas it may read).
  expect(menu.find((g) => g.id === 'system')!.children.map((c) => c.id)).toEqual(['history']);
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
