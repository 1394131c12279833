/**
 * The full lockout policy: bad input per field, per-account and per-source rules, allow-listed networks (IPv4 and
 * IPv6) that are never locked, and safe apply of a stricter policy (kept when confirmed, rolled back by the appliance
 * when not) while a looser one applies directly.
 */
import { stricterChanges } from '../../../src/appliance/auth/lockoutPolicy';
import type { FullLockoutPolicy } from '../../../src/appliance/auth/lockout';
import { createUser } from '../../../src/appliance/seed';
import { Agent, adminAgent, serverPer, startServer, type Harness } from '../support/harness';

let h: Harness;
let admin: Agent;

const BASE = { attempts: 5, window_seconds: 900, duration_seconds: 900 };

async function startAdmin(): Promise<Harness> {
  h = await startServer({ config: { applyConfirmSeconds: 1 } });
  admin = await adminAgent(h);
  return h;
}

const put = (body: unknown) => admin.put('/api/config/lockout', body);

/** Saves a policy and keeps it when it is stricter (this suite's confirmation window is 1 s). */
async function putKept(body: unknown): Promise<void> {
  const res = await put(body);
  expect(res.statusCode).toBe(200);
  const confirmation = res.json().confirmation as { id: string } | null;
  if (confirmation)
    expect((await admin.post(`/api/apply/confirmations/${confirmation.id}/confirm`)).statusCode).toBe(200);
}

const loginFrom = (agent: Agent, address: string, username: string, password: string) =>
  agent.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: address,
  });

describe('bad input per field', () => {
  // Each row is refused and stores nothing: one server for them all.
  serverPer('block', startAdmin);
  it.each([
    [
      'attempts missing',
      { window_seconds: 900, duration_seconds: 900 },
      ['body', 'attempts'],
      'value_error.missing',
    ],
    ['attempts zero', { ...BASE, attempts: 0 }, ['body', 'attempts'], 'value_error.number.not_ge'],
    [
      'window not a number',
      { ...BASE, window_seconds: '900' },
      ['body', 'window_seconds'],
      'type_error.integer',
    ],
    [
      'duration too long',
      { ...BASE, duration_seconds: 86401 },
      ['body', 'duration_seconds'],
      'value_error.number.not_le',
    ],
    [
      'account rule without window',
      { ...BASE, account: { attempts: 10 } },
      ['body', 'account', 'window_seconds'],
      'value_error.missing',
    ],
    [
      'account attempts too many',
      { ...BASE, account: { attempts: 1001, window_seconds: 60 } },
      ['body', 'account', 'attempts'],
      'value_error.number.not_le',
    ],
    ['source rule not an object', { ...BASE, source: 5 }, ['body', 'source'], 'type_error.dict'],
    [
      'source attempts zero',
      { ...BASE, source: { attempts: 0, window_seconds: 60 } },
      ['body', 'source', 'attempts'],
      'value_error.number.not_ge',
    ],
    [
      'allow-list not a list',
      { ...BASE, allow_list: '10.0.0.0/8' },
      ['body', 'allow_list'],
      'type_error.list',
    ],
    [
      'allow-list entry without prefix',
      { ...BASE, allow_list: ['10.0.0.1'] },
      ['body', 'allow_list', 0],
      'value_error.subnet',
    ],
    [
      'allow-list entry with host bits',
      { ...BASE, allow_list: ['10.0.0.0/8', '10.0.0.1/8'] },
      ['body', 'allow_list', 1],
      'value_error.subnet',
    ],
    [
      'allow-list IPv4 prefix over 32',
      { ...BASE, allow_list: ['10.0.0.0/33'] },
      ['body', 'allow_list', 0],
      'value_error.subnet',
    ],
    [
      'allow-list IPv6 prefix over 128',
      { ...BASE, allow_list: ['2001:db8::/129'] },
      ['body', 'allow_list', 0],
      'value_error.subnet',
    ],
    [
      'allow-list not an address',
      { ...BASE, allow_list: ['example.com/24'] },
      ['body', 'allow_list', 0],
      'value_error.subnet',
    ],
    [
      'allow-list bad IPv6',
      { ...BASE, allow_list: ['2001:db8:::/48'] },
      ['body', 'allow_list', 0],
      'value_error.subnet',
    ],
    [
      'allow-list duplicate',
      { ...BASE, allow_list: ['10.0.0.0/8', '10.0.0.0/8'] },
      ['body', 'allow_list', 1],
      'value_error.duplicate',
    ],
    ['unknown field', { ...BASE, lock_admins: true }, ['body', 'lock_admins'], 'value_error.extra'],
  ])('%s → 422 on the field, nothing stored', async (_label, body, loc, type) => {
    const before = (await admin.get('/api/config/lockout')).json();
    const res = await put(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc, type })]));
    expect((await admin.get('/api/config/lockout')).json()).toEqual(before);
  });
});

describe('policies in use', () => {
  serverPer('test', startAdmin);

  it('stores IPv4 and IPv6 networks and both rules; absent fields keep their values', async () => {
    const res = await put({
      attempts: 6,
      window_seconds: 600,
      duration_seconds: 600,
      account: { attempts: 80, window_seconds: 600 },
      allow_list: [' 192.168.10.0/24 ', '2001:db8:10::/48'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      attempts: 6,
      account: { attempts: 80, window_seconds: 600 },
      source: null,
      allow_list: ['192.168.10.0/24', '2001:db8:10::/48'],
      confirmation: null,
    });
    const again = await put({ attempts: 7, window_seconds: 600, duration_seconds: 600 });
    expect(again.json()).toMatchObject({ attempts: 7, allow_list: ['192.168.10.0/24', '2001:db8:10::/48'] });
  });

  it('applies a looser policy directly and a stricter one through safe apply, rolled back unless kept', async () => {
    const looser = await put({ ...BASE, attempts: 8 });
    expect(looser.json().confirmation).toBeNull();
    expect((await admin.get('/api/apply/confirmations')).json().data).toEqual([]);

    const stricter = await put({ ...BASE, attempts: 3, source: { attempts: 20, window_seconds: 600 } });
    expect(stricter.statusCode).toBe(200);
    const confirmation = stricter.json().confirmation;
    expect(confirmation).toMatchObject({ service: 'auth', changes: ['attempts', 'per-source rule'] });
    // In force at once, and a second change waits for the first to be kept or rolled back.
    expect((await admin.get('/api/config/lockout')).json()).toMatchObject({ attempts: 3 });
    expect((await put({ ...BASE, attempts: 9 })).statusCode).toBe(409);
    // Not kept: the appliance restores the previous policy by itself.
    await new Promise((r) => setTimeout(r, 1600));
    expect((await admin.get('/api/config/lockout')).json()).toMatchObject({ attempts: 8, source: null });
    expect((await admin.get('/api/apply/confirmations')).json().data).toEqual([]);

    const kept = (await put({ ...BASE, attempts: 4 })).json().confirmation;
    expect(kept).toMatchObject({ changes: ['attempts'] });
    expect((await admin.post(`/api/apply/confirmations/${kept.id}/confirm`)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1300));
    expect((await admin.get('/api/config/lockout')).json()).toMatchObject({ attempts: 4 });
  });

  it('never locks an allow-listed address, IPv4 or IPv6, while others are locked', async () => {
    await createUser(h.ctx, { username: 'owner', password: 'Owner-passphrase-42', role: 'user' });
    await putKept({
      attempts: 2,
      window_seconds: 600,
      duration_seconds: 600,
      allow_list: ['10.9.0.0/16', 'fd00:1::/32'],
    });
    const agent = new Agent(h.app);
    await agent.visit();
    for (const address of ['10.9.3.4', '::ffff:10.9.3.5', 'fd00:1:2::7']) {
      for (let i = 0; i < 4; i += 1)
        expect((await loginFrom(agent, address, 'owner', `wrong-${i}`)).statusCode).toBe(401);
      expect((await loginFrom(agent, address, 'owner', 'Owner-passphrase-42')).statusCode).toBe(200);
    }
    for (let i = 0; i < 2; i += 1) await loginFrom(agent, '10.8.0.1', 'owner', `wrong-${i}`);
    expect((await loginFrom(agent, '10.8.0.1', 'owner', 'Owner-passphrase-42')).statusCode).toBe(429);
    expect((await loginFrom(agent, 'fd00:2::1', 'owner', 'x')).statusCode).toBe(401);
  });

  it('locks an address over every name by the per-source rule, and a name everywhere by the per-account rule', async () => {
    await putKept({
      ...BASE,
      attempts: 100,
      account: { attempts: 4, window_seconds: 600 },
      source: { attempts: 3, window_seconds: 600 },
    });
    const agent = new Agent(h.app);
    await agent.visit();
    // One address trying three different names is then refused for a fourth.
    for (const name of ['a1', 'a2', 'a3'])
      expect((await loginFrom(agent, '10.1.1.1', name, 'x')).statusCode).toBe(401);
    expect((await loginFrom(agent, '10.1.1.1', 'a4', 'x')).statusCode).toBe(429);
    expect((await loginFrom(agent, '10.1.1.2', 'a4', 'x')).statusCode).toBe(401);
    // The queue lists the address (for every name); unlocking it lets it try again.
    const queue = (await admin.get('/api/auth/lockouts')).json().data;
    expect(queue).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: null, source: '10.1.1.1' })]),
    );
    const lift = await admin.request({ method: 'DELETE', url: '/api/auth/lockouts/source/10.1.1.1' });
    expect(lift.statusCode).toBe(204);
    expect((await loginFrom(agent, '10.1.1.1', 'a4', 'x')).statusCode).toBe(401);
    expect(
      (await admin.request({ method: 'DELETE', url: '/api/auth/lockouts/source/10.1.1.9' })).statusCode,
    ).toBe(404);
    // One name tried from four addresses is refused everywhere.
    for (const ip of ['10.2.0.1', '10.2.0.2', '10.2.0.3']) await loginFrom(agent, ip, 'target', 'x');
    expect((await loginFrom(agent, '10.2.0.4', 'target', 'x')).statusCode).toBe(401);
    const refused = await loginFrom(agent, '10.2.0.5', 'target', 'x');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toContain('for this account');
  });
});

describe('what counts as stricter', () => {
  const p: FullLockoutPolicy = {
    ...BASE,
    account: { attempts: 50, window_seconds: 900 },
    source: null,
    allow_list: ['10.0.0.0/8'],
  };
  it.each<[string, Partial<FullLockoutPolicy>, string[]]>([
    ['the same', {}, []],
    [
      'more attempts, shorter lock, another network',
      { attempts: 9, duration_seconds: 60, allow_list: ['10.0.0.0/8', '::1/128'] },
      [],
    ],
    ['fewer attempts', { attempts: 4 }, ['attempts']],
    [
      'a longer window and lock',
      { window_seconds: 1000, duration_seconds: 1000 },
      ['window', 'lock duration'],
    ],
    ['a tighter per-account rule', { account: { attempts: 10, window_seconds: 900 } }, ['per-account rule']],
    ['a per-source rule turned on', { source: { attempts: 100, window_seconds: 60 } }, ['per-source rule']],
    ['a network off the allow-list', { allow_list: [] }, ['allow-listed networks']],
  ])('%s', (_label, change, expected) => expect(stricterChanges(p, { ...p, ...change })).toEqual(expected));

  it('a per-source rule turned off or loosened is not stricter', () => {
    const withSource = { ...p, source: { attempts: 10, window_seconds: 600 } };
    expect(stricterChanges(withSource, p)).toEqual([]);
    expect(stricterChanges(withSource, { ...p, source: { attempts: 20, window_seconds: 300 } })).toEqual([]);
  });
});
