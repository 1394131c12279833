/**
 * The lockout model of local login: failures per (name, client address), a per-name ceiling with a progressive delay,
 * counts persisted in SQLite (a restart keeps them), admin list and unlock (audited), and the password policy of
 * the password change.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { loadConfig } from '../../../config';
import { applianceContext, registerAppliance, type LogEntry } from '../../../src/appliance';
import { writePolicy } from '../../../src/appliance/auth/lockout';
import { createUser } from '../../../src/appliance/seed';
import { Agent, adminAgent, tempDataDir, type Harness } from '../support/harness';

interface Started {
  app: FastifyInstance;
  h: Harness;
  entries: LogEntry[];
}

async function start(dataDir = tempDataDir()): Promise<Started> {
  const entries: LogEntry[] = [];
  const app = Fastify({ logger: false });
  await app.register(fastifyCookie);
  let password: string | null = null;
  await registerAppliance(app, loadConfig({}, { dataDir }), {
    logSink: { append: (e) => entries.push(e) },
    print: (line) => {
      password = /admin \/ (\S+)/.exec(line)?.[1] ?? null;
    },
  });
  await app.ready();
  const { applianceOf } = await import('../../../src/appliance');
  const h: Harness = {
    app,
    dataDir,
    ctx: applianceContext(app),
    appliance: applianceOf(app),
    adminPassword: password,
    close: () => app.close(),
  };
  return { app, h, entries };
}

const loginFrom = (agent: Agent, address: string, username: string, password: string) =>
  agent.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: address,
  });

const audit = (s: Started) => s.entries.map((e) => e.message);

describe('lockout per name and client address', () => {
  let s: Started;
  let agent: Agent;
  beforeAll(async () => {
    s = await start();
    await createUser(s.h.ctx, { username: 'owner', password: 'Owner-passphrase-42', role: 'user' });
    agent = new Agent(s.app);
    await agent.visit();
  });
  afterAll(() => s.app.close());

  it('lets at most the policy attempts of 20 parallel guesses be checked; the rest are refused with Retry-After', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginFrom(agent, '10.1.0.1', 'owner', `guess-${i}`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((x) => x === 401)).toHaveLength(5);
    expect(statuses.filter((x) => x === 429)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 429))
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(audit(s)).toContain(
      'account "owner" locked for 900 s after 5 failed attempts [service=console method=password source=10.1.0.1]',
    );
  });

  it('keeps the locked address out, even with the right password, while the owner signs in from a clean address', async () => {
    const locked = await loginFrom(agent, '10.1.0.1', 'owner', 'Owner-passphrase-42');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: 'Too many failed attempts; try again in 15 minutes' });
    expect((await loginFrom(agent, '10.1.0.2', 'owner', 'Owner-passphrase-42')).statusCode).toBe(200);
  });

  it('lists current locks with the time left, for admins only', async () => {
    const admin = await adminAgent(s.h);
    const list = await admin.get('/api/auth/lockouts');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      {
        username: 'owner',
        source: '10.1.0.1',
        service: 'console',
        services: [{ service: 'console', failures: 5 }],
        locked_until: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        seconds_left: expect.any(Number),
      },
    ]);
    expect(list.json().data[0].seconds_left).toBeGreaterThan(890);
    expect(list.json().data[0].seconds_left).toBeLessThanOrEqual(900);

    const anonymous = new Agent(s.app);
    await anonymous.visit();
    expect((await anonymous.get('/api/auth/lockouts')).statusCode).toBe(401);
    await createUser(s.h.ctx, { username: 'plain', password: 'Plain-passphrase-42', role: 'user' });
    const plain = new Agent(s.app);
    await plain.visit();
    expect((await plain.login('plain', 'Plain-passphrase-42')).statusCode).toBe(200);
    expect((await plain.get('/api/auth/lockouts')).statusCode).toBe(403);
    expect((await plain.request({ method: 'DELETE', url: '/api/auth/lockouts/owner' })).statusCode).toBe(403);
  });

  it('lets an admin unlock a name (XSRF required), audits it, and answers 404 when nothing is locked', async () => {
    const admin = await adminAgent(s.h);
    const noXsrf = await admin.request({ method: 'DELETE', url: '/api/auth/lockouts/owner', xsrf: false });
    expect(noXsrf.statusCode).toBe(403);
    const unlocked = await admin.request({ method: 'DELETE', url: '/api/auth/lockouts/OWNER' });
    expect(unlocked.statusCode).toBe(204);
    expect(audit(s)).toContain('account "owner" unlocked by "admin" (1 lock lifted)');
    expect((await admin.get('/api/auth/lockouts')).json().data).toEqual([]);
    expect((await loginFrom(agent, '10.1.0.1', 'owner', 'Owner-passphrase-42')).statusCode).toBe(200);
    const again = await admin.request({ method: 'DELETE', url: '/api/auth/lockouts/owner' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'No lock on "owner"' });
  });

  it('waits progressively past 10 failures of a name without holding the server, and refuses the name everywhere at 50', async () => {
    // 50 failures from 10 addresses (5 each, the pair limit), sent at once: the delays run side by side.
    const guesses = Array.from({ length: 50 }, (_, i) =>
      loginFrom(agent, `10.2.0.${Math.floor(i / 5) + 1}`, 'owner', `spread-${i}`),
    );
    const setup = new Agent(s.app).get('/api/auth/setup').then(() => Date.now());
    const started = Date.now();
    const results = await Promise.all(guesses);
    const finished = Date.now();
    expect(results.map((r) => r.statusCode).filter((x) => x === 401)).toHaveLength(50);
    // Other requests are answered while the delayed guesses wait.
    expect((await setup) - started).toBeLessThan(finished - started);
    expect(finished - started).toBeGreaterThanOrEqual(3000);
    expect(audit(s)).toContainEqual(
      expect.stringMatching(
        /^account "owner" locked for every address for 900 s after 50 failed attempts \[service=console method=password source=10\./,
      ),
    );

    const everywhere = await loginFrom(agent, '10.3.0.1', 'owner', 'Owner-passphrase-42');
    expect(everywhere.statusCode).toBe(429);
    expect(everywhere.json().detail).toMatch(
      /^Too many failed attempts for this account; try again in 1[45] minutes$/,
    );
    const admin = await adminAgent(s.h);
    const locks = (await admin.get('/api/auth/lockouts')).json().data as Array<{ source: string | null }>;
    expect(locks.filter((l) => l.source === null)).toHaveLength(1);
    expect(locks.filter((l) => l.source !== null)).toHaveLength(10);
    expect((await admin.request({ method: 'DELETE', url: '/api/auth/lockouts/owner' })).statusCode).toBe(204);
    expect(audit(s)).toContain('account "owner" unlocked by "admin" (11 locks lifted)');
    expect((await loginFrom(agent, '10.3.0.1', 'owner', 'Owner-passphrase-42')).statusCode).toBe(200);
  }, 30_000);
});

describe('lockout counts survive a restart', () => {
  it('a new server on the same data directory keeps the failures and the lock', async () => {
    const first = await start();
    await createUser(first.h.ctx, { username: 'keeper', password: 'Keeper-passphrase-42', role: 'user' });
    writePolicy(first.h.ctx.db, { attempts: 3, window_seconds: 600, duration_seconds: 600 });
    const a = new Agent(first.app);
    await a.visit();
    expect((await a.login('keeper', 'wrong-1')).statusCode).toBe(401);
    expect((await a.login('keeper', 'wrong-2')).statusCode).toBe(401);
    await first.app.close();

    const second = await start(first.h.dataDir);
    try {
      const b = new Agent(second.app);
      await b.visit();
      expect((await b.login('keeper', 'wrong-3')).statusCode).toBe(401);
      const locked = await b.login('keeper', 'Keeper-passphrase-42');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(590);
    } finally {
      await second.app.close();
    }
  });
});

describe('password policy of the password change', () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.app.close());

  it.each([
    ['1234567890', 'common'],
    ['aaaaaaaaaa', 'weak'],
    ['ADMINadmin', 'user_name'],
    ['nimdaNIMDA', 'user_name'],
    ['Admin2024!', 'user_name'],
    ['qwertyuiop', 'common'],
    ['abcabcabc1', 'weak'],
  ])('refuses %s for the admin (%s) with a 422 on new_password', async (password, reason) => {
    const agent = new Agent(s.app);
    await agent.visit();
    const res = await agent.form('/api/auth/change_password', {
      username: 'admin',
      password: s.h.adminPassword as string,
      new_password: password,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      {
        loc: ['body', 'new_password'],
        msg: expect.stringMatching(/^the new password cannot be used because /),
        type: 'value_error.str.password',
        ctx: { reason },
      },
    ]);
  });

  it('accepts a medium password that only mentions the user name among other things', async () => {
    const agent = new Agent(s.app);
    await agent.visit();
    const res = await agent.form('/api/auth/change_password', {
      username: 'admin',
      password: s.h.adminPassword as string,
      new_password: 'Security-suite-Admin-2026!',
    });
    expect(res.statusCode).toBe(200);
  });
});
