/**
 * One lockout count per (name, client address) over every sign-in entry point, and sign-in lines that say where and
 * how: against the real server (appliance and identity service mounted together, as `buildServer` does), over its
 * HTTP routes.
 *
 * - Failures through one entry point (console login, token endpoint, SSH helper, identity service) count toward the
 *   lock on every other: a guesser gets one budget, not one per entry point. An admin's unlock clears it for all.
 * - Every failure path writes an audit entry naming the service, the method and the source address, in the form the
 *   log report's search finds (`source=… `, `method=…`).
 * A new entry point or failure path is one table row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config';
import { buildServer } from '../../src/server/app';
import { applianceContext, applianceOf } from '../../src/appliance';
import { matchesSearch } from '../../src/store/slices/logReport.slice';
import { generate } from 'otplib';
import { createUser } from '../../src/appliance/seed';
import { Client, logIn, node, signUpVerified, startMailBox, type MailBox } from '../identity-service/support';
import { adminAgent, Agent, tempDataDir, type Harness } from '../appliance/support/harness';

jest.setTimeout(120_000);

let h: Harness;
let admin: Agent;
let mailbox: MailBox;

beforeAll(async () => {
  mailbox = await startMailBox();
  const dataDir = tempDataDir();
  const out: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  const app = await buildServer({
    config: loadConfig(
      {},
      { dataDir, env: 'test', host: '127.0.0.1', port: 8080, publicUrl: '', smtpUrl: mailbox.url },
    ),
    logger: false,
  }).finally(() => spy.mockRestore());
  await app.ready();
  h = {
    app,
    dataDir,
    ctx: applianceContext(app),
    appliance: applianceOf(app),
    adminPassword: /Seeded admin: admin \/ (\S+)/.exec(out.join(''))?.[1] ?? null,
    close: () => app.close(),
  };
  admin = await adminAgent(h);
});
afterAll(async () => {
  await h?.close();
  await mailbox?.close();
});

/** An identity-service account with TOTP enrolled, signed in with its password only (aal1): the aal2 flow. */
async function identityAtSecondFactor(email: string, address: string) {
  const client = new Client(h.app, address);
  await signUpVerified(client, mailbox, email);
  await logIn(client, email);
  const settings = await client.init('settings');
  const secret = node(settings.json, 'totp_secret_key').attributes.text.context.secret as string;
  await client.submit(settings.json, { method: 'totp', totp_code: await generate({ secret }) });
  await client.get((await client.get('/identity/self-service/logout/browser')).json.logout_url);
  const first = await logIn(client, email);
  const aal2 = await client.get(first.json.redirect_browser_to);
  return { client, aal2 };
}

/** Answers that mean "checked and wrong" vs "refused by the lock", per entry point. */
type EntryPoint = 'console' | 'token' | 'ssh' | 'identity';
const LOCKED_STATUS = 429;

const sshSecret = () =>
  fs.readFileSync(path.join(h.dataDir, 'etc', 'ssh', 'rampart-ssh-auth.secret'), 'utf8').trim();

/** One sign-in attempt of `name` with `password` from `address` through an entry point; the HTTP status. */
async function attempt(via: EntryPoint, name: string, password: string, address: string): Promise<number> {
  switch (via) {
    case 'console': {
      const agent = new Agent(h.app);
      await agent.request({ method: 'GET', url: '/api/auth/setup', remoteAddress: address });
      const res = await agent.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: new URLSearchParams({ username: name, password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: address,
      });
      return res.statusCode;
    }
    case 'token':
      return (
        await h.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: name, password },
          remoteAddress: address,
        })
      ).statusCode;
    case 'ssh':
      // The PAM helper calls from loopback and names the SSH client's address in `rhost`.
      return (
        await h.app.inject({
          method: 'POST',
          url: '/api/auth/internal/ssh-auth',
          headers: { 'x-rampart-ssh-auth': sshSecret() },
          payload: { username: name, password, rhost: address },
          remoteAddress: '127.0.0.1',
        })
      ).statusCode;
    case 'identity': {
      const client = new Client(h.app, address);
      const flow = await client.init('login');
      return (await client.submit(flow.json, { method: 'password', identifier: name, password })).status;
    }
  }
}

const WRONG: Record<EntryPoint, number> = { console: 401, token: 401, ssh: 401, identity: 400 };

const audit = (): string[] =>
  (
    h.ctx.db.prepare("SELECT message FROM logs WHERE service = 'auth' ORDER BY id").all() as Array<{
      message: string;
    }>
  ).map((r) => r.message);

const locks = async () =>
  (await admin.get('/api/auth/lockouts')).json().data as Array<{
    username: string | null;
    source: string | null;
    services: Array<{ service: string; failures: number }>;
  }>;

let n = 0;
/** A fresh name and address per case, so cases never share a count. */
const fresh = () => {
  n += 1;
  return { name: `shared-${n}@example.test`, address: `198.51.100.${n}` };
};

describe('failures on one entry point count toward the lock on every other', () => {
  const points: EntryPoint[] = ['console', 'token', 'ssh', 'identity'];
  const pairs = points.flatMap((from) => points.filter((to) => to !== from).map((to) => [from, to] as const));

  it.each(pairs)('%s → %s', async (from, to) => {
    const { name, address } = fresh();
    // The default policy: 5 failures of a (name, address) within 15 min lock it.
    for (let i = 0; i < 5; i += 1) expect(await attempt(from, name, `wrong-${i}`, address)).toBe(WRONG[from]);
    expect(await attempt(to, name, 'wrong-again', address)).toBe(LOCKED_STATUS);
    // The name differs only in case and spaces: the same count.
    expect(await attempt(to, `  ${name.toUpperCase()} `, 'wrong-again', address)).toBe(LOCKED_STATUS);
    // Another address is not locked (a guesser cannot lock the owner out from elsewhere).
    expect(await attempt(to, name, 'wrong-again', '203.0.113.250')).toBe(WRONG[to]);
  });

  it.each<[string, EntryPoint[]]>([
    ['console, token, SSH and identity failures add up', ['console', 'token', 'ssh', 'identity', 'console']],
    ['identity and SSH failures add up', ['identity', 'ssh', 'identity', 'ssh', 'identity']],
  ])('%s to one lock, and the lockout list names each service', async (_label, sequence) => {
    const { name, address } = fresh();
    for (const [i, via] of sequence.entries())
      expect(await attempt(via, name, `wrong-${i}`, address)).toBe(WRONG[via]);
    for (const via of points) expect(await attempt(via, name, 'wrong-again', address)).toBe(LOCKED_STATUS);
    const lock = (await locks()).find((l) => l.username === name && l.source === address);
    const expected = new Map<string, number>();
    for (const via of sequence) {
      const service = via === 'token' ? 'api' : via;
      expected.set(service, (expected.get(service) ?? 0) + 1);
    }
    expect(lock?.services).toEqual(
      expect.arrayContaining([...expected].map(([service, failures]) => ({ service, failures }))),
    );
    expect(lock?.services).toHaveLength(expected.size);
  });

  it("an admin's unlock clears the shared count for every entry point", async () => {
    const { name, address } = fresh();
    for (let i = 0; i < 5; i += 1) expect(await attempt('identity', name, `wrong-${i}`, address)).toBe(400);
    expect(await attempt('console', name, 'x', address)).toBe(LOCKED_STATUS);
    const res = await admin.request({
      method: 'DELETE',
      url: `/api/auth/lockouts/${encodeURIComponent(name)}`,
    });
    expect(res.statusCode).toBe(204);
    for (const via of points) expect(await attempt(via, name, 'x', address)).toBe(WRONG[via]);
    expect((await locks()).some((l) => l.username === name)).toBe(false);
    // The count restarted from zero: the fifth failure since the unlock is still checked (and locks again).
    expect(await attempt('token', name, 'x', address)).toBe(401);
    expect(await attempt('ssh', name, 'x', address)).toBe(LOCKED_STATUS);
  });
});

describe('every sign-in path writes an audit entry with the source address and the method', () => {
  /** [path, what to do from `address` with a fresh `name`, the line expected (with NAME and ADDR filled in)]. */
  const cases: Array<[string, (name: string, address: string) => Promise<unknown>, string]> = [
    [
      'console login, wrong password',
      (name, address) => attempt('console', name, 'wrong', address),
      'login failed for "NAME" [service=console method=password source=ADDR]: wrong credentials',
    ],
    [
      'token endpoint, wrong password',
      (name, address) => attempt('token', name, 'wrong', address),
      'login failed for "NAME" [service=api method=password source=ADDR]: wrong credentials',
    ],
    [
      'token endpoint, password and code',
      (name, address) =>
        h.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: name, password: 'wrong', otp: '123456' },
          remoteAddress: address,
        }),
      'login failed for "NAME" [service=api method=password+otp source=ADDR]: wrong credentials',
    ],
    [
      'console login, password and a wrong one-time code',
      async (name, address) => {
        await createUser(h.ctx, {
          username: name,
          password: 'a-long-enough-password',
          role: 'user',
          totpSecret: 'JBSWY3DPEHPK3PXP',
        });
        const agent = new Agent(h.app);
        await agent.request({ method: 'GET', url: '/api/auth/setup', remoteAddress: address });
        await agent.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: new URLSearchParams({
            username: name,
            password: 'a-long-enough-password',
            otp: '99999x',
          }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress: address,
        });
      },
      'login failed for "NAME" [service=console method=password+otp source=ADDR]: invalid one-time code',
    ],
    [
      'SSH helper, the rhost it sends',
      (name, address) => attempt('ssh', name, 'wrong', address),
      'login failed for "NAME" [service=ssh method=password source=ADDR]: wrong credentials',
    ],
    [
      'identity service, wrong password',
      (name, address) => attempt('identity', name, 'wrong', address),
      'login failed for "NAME" [service=identity method=password source=ADDR]: wrong credentials',
    ],
    [
      'identity service, wrong one-time code (second factor)',
      async (name, address) => {
        const { client, aal2 } = await identityAtSecondFactor(name, address);
        await client.submit(aal2.json, { method: 'totp', totp_code: '12345x' });
      },
      'second factor failed for "NAME" [service=identity method=otp source=ADDR]: invalid one-time code',
    ],
    [
      'identity service, wrong backup code (second factor)',
      async (name, address) => {
        const { client, aal2 } = await identityAtSecondFactor(name, address);
        await client.submit(aal2.json, { method: 'lookup_secret', lookup_secret: 'not-a-code' });
      },
      'second factor failed for "NAME" [service=identity method=backup-code source=ADDR]: invalid backup code',
    ],
    [
      'identity service, security key without one registered (second factor)',
      async (name, address) => {
        const { client, aal2 } = await identityAtSecondFactor(name, address);
        await client.submit(aal2.json, { method: 'webauthn', webauthn_login: '{"id":"forged"}' });
      },
      'second factor failed for "NAME" [service=identity method=webauthn source=ADDR]: no security key registered',
    ],
    [
      'a locked name, refused',
      async (name, address) => {
        for (let i = 0; i < 6; i += 1) await attempt('token', name, 'wrong', address);
      },
      'login refused for "NAME" [service=api method=password source=ADDR]: account locked',
    ],
    [
      'the lock itself',
      async (name, address) => {
        for (let i = 0; i < 5; i += 1) await attempt('console', name, 'wrong', address);
      },
      'account "NAME" locked for 900 s after 5 failed attempts [service=console method=password source=ADDR]',
    ],
    [
      're-authentication, wrong password',
      (_name, address) =>
        admin.request({
          method: 'POST',
          url: '/api/auth/reauth',
          payload: { password: 'wrong' },
          remoteAddress: address,
        }),
      're-authentication failed for "admin" [service=console method=password source=ADDR]: wrong password',
    ],
    [
      're-authentication, wrong code',
      (_name, address) =>
        admin.request({
          method: 'POST',
          url: '/api/auth/reauth',
          payload: { otp: '000000' },
          remoteAddress: address,
        }),
      're-authentication failed for "admin" [service=console method=otp source=ADDR]: invalid one-time code',
    ],
    [
      'console OpenID callback not started in this browser',
      (_name, address) =>
        h.app.inject({
          method: 'GET',
          url: '/api/auth/oidc/7/callback?state=forged',
          remoteAddress: address,
        }),
      'provider sign-in failed [service=console method=oidc source=ADDR]: the sign-in did not start in this browser',
    ],
    [
      'identity OpenID callback of an unknown provider',
      (_name, address) =>
        new Client(h.app, address).get('/identity/self-service/methods/oidc/callback/nobody?state=x'),
      'provider sign-in failed [service=identity method=oidc source=ADDR]: unknown provider',
    ],
  ];

  it.each(cases)('%s', async (_label, act, expected) => {
    const { name, address } = fresh();
    const line = expected.replace('NAME', name).replace('ADDR', address);
    await act(name, address);
    expect(audit()).toContain(line);
    // The log report's search finds it by address and by method (spec §5: substring of the message).
    const row = { id: 1, service: 'auth', timestamp: 0, message: line };
    expect(matchesSearch(row, `source=${address}]`)).toBe(true);
    expect(matchesSearch(row, /method=\S+/.exec(line)![0])).toBe(true);
  });

  it.each<[string, EntryPoint, string]>([
    ['console', 'console', 'login succeeded for "admin" [service=console method=password source=ADDR]'],
    ['token endpoint', 'token', 'login succeeded for "admin" [service=api method=password source=ADDR]'],
  ])('a successful sign-in through the %s carries them too', async (_label, via, expected) => {
    const { address } = fresh();
    expect(await attempt(via, 'admin', 'correct horse battery staple', address)).toBe(200);
    expect(audit()).toContain(expected.replace('ADDR', address));
  });

  it('a successful identity-service sign-in carries them too', async () => {
    const { name, address } = fresh();
    const client = new Client(h.app, address);
    await signUpVerified(client, mailbox, name);
    await client.get((await client.get('/identity/self-service/logout/browser')).json.logout_url);
    expect((await logIn(client, name)).status).toBe(200);
    expect(audit()).toContain(
      `login succeeded for "${name}" [service=identity method=password source=${address}]`,
    );
  });
});
