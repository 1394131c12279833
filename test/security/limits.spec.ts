/**
 * Limits of both embedded services over raw HTTP: parallel guesses (count first, so at most the policy's attempts
 * are checked), 429 with Retry-After, the lockout per (name, client address) with the owner still signing in from a
 * clean address, the admin's list and unlock, counts kept across a restart, sign-up enumeration, unreadable JSON
 * bodies (deep, oversized) and weak passwords. Client addresses are simulated with X-Forwarded-For
 * (RAMPART_TRUST_PROXY=true).
 */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../e2e/support/server';
import { ADMIN_PASSWORD, adminJar, Jar, rawRequest, type RawResponse } from './support/http';

const ENV = { RAMPART_TRUST_PROXY: 'true' };

let server: RunningServer;
let admin: Jar;

test.beforeAll(async () => {
  server = await startServer(ENV);
  admin = await adminJar(server);
});
test.afterAll(async () => server.stop());

const xsrfOf = (jar: Jar) => Object.entries(jar.cookies).find(([k]) => k.endsWith('XSRF-TOKEN'))?.[1] ?? '';

/** A local login from `address` (its own jar: an XSRF cookie and nothing else). */
async function applianceLogin(
  s: RunningServer,
  address: string,
  username: string,
  password: string,
): Promise<RawResponse> {
  const jar = new Jar();
  jar.absorb(await rawRequest(s, { path: '/api/auth/setup', headers: { 'x-forwarded-for': address } }));
  return rawRequest(s, {
    method: 'POST',
    path: '/api/auth/login',
    headers: {
      'content-type': 'application/json',
      cookie: jar.header(),
      'x-xsrf-token': xsrfOf(jar),
      'x-forwarded-for': address,
    },
    body: JSON.stringify({ username, password }),
  });
}

interface IdentityFlow {
  jar: Jar;
  address: string;
  path: string;
  csrf: string;
}

/** Starts a self-service flow from `address` as the account screens do (JSON), keeping its anti-CSRF cookie. */
async function identityFlow(s: RunningServer, kind: string, address: string): Promise<IdentityFlow> {
  const jar = new Jar();
  const res = jar.absorb(
    await rawRequest(s, {
      path: `/identity/self-service/${kind}/browser`,
      headers: { accept: 'application/json', 'x-forwarded-for': address },
    }),
  );
  expect(res.status).toBe(200);
  const flow = res.json<{
    ui: { action: string; nodes: Array<{ attributes: { name?: string; value?: unknown } }> };
  }>();
  const action = new URL(flow.ui.action);
  const csrf = String(flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value ?? '');
  return { jar, address, path: action.pathname + action.search, csrf };
}

function submit(s: RunningServer, flow: IdentityFlow, fields: Record<string, string>): Promise<RawResponse> {
  return rawRequest(s, {
    method: 'POST',
    path: flow.path,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: flow.jar.header(),
      'x-forwarded-for': flow.address,
    },
    body: JSON.stringify({ ...fields, csrf_token: flow.csrf }),
  });
}

interface FlowBody {
  ui: {
    messages?: Array<{ id: number; text: string }>;
    nodes: Array<{ attributes: { name?: string }; messages: Array<{ id: number; text: string }> }>;
  };
}
const flowMessages = (res: RawResponse) => (res.json<FlowBody>().ui.messages ?? []).map((m) => m.id);
const nodeMessages = (res: RawResponse, name: string) =>
  res.json<FlowBody>().ui.nodes.find((n) => n.attributes.name === name)?.messages ?? [];

/** Signs up `email` (the account exists from then on, unverified). */
async function signUp(s: RunningServer, email: string, address: string): Promise<void> {
  const flow = await identityFlow(s, 'registration', address);
  const res = await submit(s, flow, {
    method: 'password',
    'traits.email': email,
    password: 'Blue-Harbour-Lantern-47',
  });
  expect(res.status, res.body).toBe(200);
}

test.describe('parallel guesses: at most 5 are checked, the rest answer 429 with Retry-After', () => {
  test('appliance local login', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        applianceLogin(server, '203.0.113.7', 'admin', `guess-${i}-password`),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 401)).toHaveLength(5);
    expect(statuses.filter((x) => x === 429)).toHaveLength(15);
    for (const r of results.filter((x) => x.status === 429)) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(800);
      expect(r.json<{ detail: string }>().detail).toMatch(
        /^Too many failed attempts; try again in 1[45] minutes$/,
      );
    }
  });

  test('identity service password login', async () => {
    const email = 'guessed@example.test';
    await signUp(server, email, '198.51.100.20');
    const flow = await identityFlow(server, 'login', '203.0.113.8');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submit(server, flow, { method: 'password', identifier: email, password: `guess-${i}-password` }),
      ),
    );
    const checked = results.filter((r) => r.status === 400);
    const refused = results.filter((r) => r.status === 429);
    expect(checked).toHaveLength(5);
    for (const r of checked) expect(flowMessages(r)).toEqual([4000006]);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(800);
      expect(r.json<FlowBody>().ui.messages?.[0].text).toMatch(/Too many failed sign-in attempts/);
    }
  });
});

test.describe('lockout per client address', () => {
  test('appliance: the guessing address is refused even with the right password; the owner logs in from a clean address', async () => {
    expect((await applianceLogin(server, '203.0.113.7', 'admin', ADMIN_PASSWORD)).status).toBe(429);
    expect((await applianceLogin(server, '198.51.100.1', 'admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  test('identity service: the guessing address is refused; a clean address has the password checked', async () => {
    const email = 'guessed@example.test';
    const attacker = await identityFlow(server, 'login', '203.0.113.8');
    const refused = await submit(server, attacker, {
      method: 'password',
      identifier: email,
      password: 'Blue-Harbour-Lantern-47',
    });
    expect(refused.status).toBe(429);
    const owner = await identityFlow(server, 'login', '198.51.100.21');
    const checked = await submit(server, owner, {
      method: 'password',
      identifier: email,
      password: 'Blue-Harbour-Lantern-47',
    });
    // Right password: the only thing left is the e-mail verification.
    expect(checked.status).toBe(400);
    expect(flowMessages(checked)).toEqual([4000010]);
  });

  test('an admin lists the locks with the time left and unlocks a name (XSRF required)', async () => {
    const list = await rawRequest(server, {
      path: '/api/auth/lockouts',
      headers: { cookie: admin.header() },
    });
    expect(list.status).toBe(200);
    const data = list.json<{
      data: Array<{ username: string; source: string | null; seconds_left: number }>;
    }>().data;
    expect(data).toContainEqual(expect.objectContaining({ username: 'admin', source: '203.0.113.7' }));
    expect(data.find((l) => l.source === '203.0.113.7')!.seconds_left).toBeGreaterThan(800);

    const anonymous = await rawRequest(server, { path: '/api/auth/lockouts' });
    expect(anonymous.status).toBe(401);
    const noXsrf = await rawRequest(server, {
      method: 'DELETE',
      path: '/api/auth/lockouts/admin',
      headers: { cookie: admin.header() },
    });
    expect(noXsrf.status).toBe(403);
    const unlocked = await rawRequest(server, {
      method: 'DELETE',
      path: '/api/auth/lockouts/admin',
      headers: { cookie: admin.header(), 'x-xsrf-token': xsrfOf(admin) },
    });
    expect(unlocked.status).toBe(204);
    expect((await applianceLogin(server, '203.0.113.7', 'admin', ADMIN_PASSWORD)).status).toBe(200);
  });
});

test('identity sign-ups of a registered address are limited per client address (no account enumeration)', async () => {
  const email = 'enumerated@example.test';
  await signUp(server, email, '198.51.100.30');
  const address = '203.0.113.9';
  for (let i = 0; i < 5; i += 1) {
    const flow = await identityFlow(server, 'registration', address);
    const res = await submit(server, flow, {
      method: 'password',
      'traits.email': email,
      password: 'Blue-Harbour-Lantern-47',
    });
    expect(res.status).toBe(400);
    expect(flowMessages(res)).toEqual([4000007]);
  }
  const flow = await identityFlow(server, 'registration', address);
  const limited = await submit(server, flow, {
    method: 'password',
    'traits.email': email,
    password: 'Blue-Harbour-Lantern-47',
  });
  expect(limited.status).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(flowMessages(limited)).toEqual([4000001]);
});

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const oversized = JSON.stringify({ username: 'admin', password: 'x'.repeat(70 * 1024) });

/** [name, body, status, what the answer says] */
const unreadable: Array<[string, string, number, RegExp]> = [
  ['5,000 nested arrays', deep(5000), 400, /nested deeper than 32 levels/],
  ['5,000 nested objects', deepObject(5000), 400, /nested deeper than 32 levels/],
  ['33 nested arrays', deep(33), 400, /nested deeper than 32 levels/],
  ['a 70 KiB body', oversized, 413, /too large/i],
];

for (const [name, body, status, says] of unreadable) {
  test(`appliance: ${name} answers ${status} with a detail, never a 500`, async () => {
    const res = await rawRequest(server, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', cookie: admin.header(), 'x-xsrf-token': xsrfOf(admin) },
      body,
    });
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.json<{ detail: unknown }>().detail)).toMatch(says);
  });

  test(`identity service: ${name} answers ${status} with a Kratos error, never a 500`, async () => {
    const flow = await identityFlow(server, 'login', '198.51.100.40');
    const res = await rawRequest(server, {
      method: 'POST',
      path: flow.path,
      headers: { 'content-type': 'application/json', accept: 'application/json', cookie: flow.jar.header() },
      body,
    });
    expect(res.status).toBe(status);
    const error = res.json<{ error: { code: number; reason?: string; message: string } }>().error;
    expect(error.code).toBe(status);
    expect(`${error.message} ${error.reason ?? ''}`).toMatch(says);
  });
}

/** [password, why] — each refused for the admin (422 on new_password) and at identity sign-up (4000005/4000031). */
const weakPasswords: Array<[string, string]> = [
  ['1234567890', 'common'],
  ['aaaaaaaaaa', 'weak'],
  ['qwertyuiop', 'common'],
  ['abcabcabc1', 'weak'],
];
const nameLike: Array<[string, string]> = [
  ['ADMINadmin', 'user_name'],
  ['nimdaADMIN', 'user_name'],
  ['Admin2024!', 'user_name'],
];

for (const [password, why] of [...weakPasswords, ...nameLike]) {
  test(`appliance refuses the admin password ${password} (${why}) with a 422 on new_password`, async () => {
    const res = await rawRequest(server, {
      method: 'POST',
      path: '/api/auth/change_password',
      headers: { 'content-type': 'application/json', cookie: admin.header(), 'x-xsrf-token': xsrfOf(admin) },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD, new_password: password }),
    });
    expect(res.status).toBe(422);
    expect(res.json<{ detail: unknown[] }>().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'new_password'],
        type: 'value_error.str.password',
        ctx: { reason: why },
      }),
    ]);
  });
}

for (const [password, why] of weakPasswords) {
  test(`identity sign-up refuses ${password} (${why}) with 4000005 on the password node`, async () => {
    const flow = await identityFlow(server, 'registration', '198.51.100.50');
    const res = await submit(server, flow, {
      method: 'password',
      'traits.email': 'weak-password@example.test',
      password,
    });
    expect(res.status).toBe(400);
    expect(nodeMessages(res, 'password').map((m) => m.id)).toEqual([4000005]);
  });
}

test('identity sign-up refuses a password built on the e-mail address (4000031)', async () => {
  const flow = await identityFlow(server, 'registration', '198.51.100.51');
  const res = await submit(server, flow, {
    method: 'password',
    'traits.email': 'harbourmaster@example.test',
    password: 'HarbourMaster-2024',
  });
  expect(res.status).toBe(400);
  expect(nodeMessages(res, 'password').map((m) => m.id)).toEqual([4000031]);
});

test.describe('counts survive a restart', () => {
  let own: RunningServer;
  test.afterAll(async () => own?.stop());

  test('a new server on the same data directory keeps the failures of both services', async () => {
    own = await startServer(ENV);
    for (let i = 0; i < 4; i += 1)
      expect((await applianceLogin(own, '203.0.113.50', 'ghost', `wrong-${i}-password`)).status).toBe(401);
    const before = await identityFlow(own, 'login', '203.0.113.51');
    for (let i = 0; i < 4; i += 1)
      expect(
        (
          await submit(own, before, {
            method: 'password',
            identifier: 'ghost@example.test',
            password: `wrong-${i}-password`,
          })
        ).status,
      ).toBe(400);
    const dataDir = own.dataDir;
    await own.stop();

    own = await startServer({ ...ENV, RAMPART_DATA_DIR: dataDir });
    expect((await applianceLogin(own, '203.0.113.50', 'ghost', 'wrong-5-password')).status).toBe(401);
    expect((await applianceLogin(own, '203.0.113.50', 'ghost', 'wrong-6-password')).status).toBe(429);
    const after = await identityFlow(own, 'login', '203.0.113.51');
    const fifth = await submit(own, after, {
      method: 'password',
      identifier: 'ghost@example.test',
      password: 'wrong-5-password',
    });
    expect(fifth.status).toBe(400);
    const sixth = await submit(own, after, {
      method: 'password',
      identifier: 'ghost@example.test',
      password: 'wrong-6-password',
    });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(800);
  });
});
