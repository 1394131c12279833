/**
 * Limits of the identity service: failures counted before the password check (parallel guesses), per account and
 * client address (the owner still signs in from elsewhere), persisted (a restart keeps them), 429 with Retry-After
 * and the flow's message, sign-ups of taken addresses limited, unreadable JSON bodies refused, and the password policy.
 */
import { loadConfig } from '../../config';
import { buildServer } from '../../src/server/app';
import {
  Client,
  messageIds,
  node,
  PASSWORD,
  signUpVerified,
  startHarness,
  startMailBox,
  type Harness,
  type MailBox,
} from './support';

jest.setTimeout(60_000);

let mailbox: MailBox;
let h: Harness;
beforeAll(async () => {
  mailbox = await startMailBox();
  h = await startHarness({ smtpUrl: mailbox.url });
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
});

const loginAttempt = async (client: Client, identifier: string, password: string) => {
  const flow = await client.init('login');
  return client.submit(flow.json, { method: 'password', identifier, password });
};

describe('failed sign-ins', () => {
  const email = 'owner-limits@example.test';
  beforeAll(async () => {
    await signUpVerified(new Client(h.app, '10.8.0.1'), mailbox, email);
  });

  it('checks at most 5 of 20 parallel guesses; the rest get 429 with Retry-After and the flow message', async () => {
    const attacker = new Client(h.app, '10.8.0.66');
    // The first flow sets the anti-CSRF cookie the others share, as in one browser.
    const flows = [await attacker.init('login')];
    for (let i = 1; i < 20; i += 1) flows.push(await attacker.init('login'));
    const results = await Promise.all(
      flows.map((f, i) =>
        attacker.submit(f.json, { method: 'password', identifier: email, password: `guess-${i}` }),
      ),
    );
    const wrong = results.filter((r) => r.status === 400);
    const refused = results.filter((r) => r.status === 429);
    expect(wrong).toHaveLength(5);
    for (const r of wrong) expect(messageIds(r.json)).toEqual([4000006]);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(800);
      expect(r.json.ui.messages[0]).toMatchObject({ id: 4000001, type: 'error' });
      expect(r.json.ui.messages[0].text).toMatch(
        /^Too many failed sign-in attempts\. Please try again in 1[45] minutes\.$/,
      );
    }
  });

  it('keeps the guessing address out even with the right password, while the owner signs in from elsewhere', async () => {
    const attacker = new Client(h.app, '10.8.0.66');
    expect((await loginAttempt(attacker, email, PASSWORD)).status).toBe(429);
    const owner = new Client(h.app, '10.8.0.2');
    const ok = await loginAttempt(owner, email, PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.json.session.identity.traits.email).toBe(email);
  });
});

describe('limits after a restart', () => {
  it('a new service instance on the same data directory keeps the count', async () => {
    const dataDir = `${h.dataDir}-restart`;
    const config = loadConfig(
      {},
      { dataDir, env: 'test', host: '127.0.0.1', port: 8080, logLevel: 'silent' },
    );
    const first = await buildServer({ config, logger: false });
    await first.ready();
    const a = new Client(first, '10.8.1.1');
    for (let i = 0; i < 4; i += 1)
      expect((await loginAttempt(a, 'nobody@example.test', `wrong-${i}-pw`)).status).toBe(400);
    await first.close();

    const second = await buildServer({ config, logger: false });
    await second.ready();
    try {
      const b = new Client(second, '10.8.1.1');
      expect((await loginAttempt(b, 'nobody@example.test', 'wrong-5-pw')).status).toBe(400);
      const refused = await loginAttempt(b, 'nobody@example.test', 'wrong-6-pw');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    } finally {
      await second.close();
    }
  });
});

describe('sign-ups of taken addresses', () => {
  it('counts each as a failure of the client address: the 6th within 15 minutes gets 429', async () => {
    const email = 'taken-limits@example.test';
    await signUpVerified(new Client(h.app, '10.8.2.1'), mailbox, email);
    const prober = new Client(h.app, '10.8.2.99');
    for (let i = 0; i < 5; i += 1) {
      const reg = await prober.init('registration');
      const res = await prober.submit(reg.json, {
        method: 'password',
        'traits.email': email,
        password: PASSWORD,
      });
      expect(res.status).toBe(400);
      expect(messageIds(res.json)).toEqual([4000007]);
    }
    const reg = await prober.init('registration');
    const limited = await prober.submit(reg.json, {
      method: 'password',
      'traits.email': 'another-probe@example.test',
      password: PASSWORD,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json.ui.messages[0].text).toMatch(/Too many sign-up attempts/);
    // New accounts do not count: another address signs up several in a row.
    const office = new Client(h.app, '10.8.2.100');
    for (let i = 0; i < 6; i += 1) {
      const r = await office.init('registration');
      const res = await office.submit(r.json, {
        method: 'password',
        'traits.email': `colleague-${i}@example.test`,
        password: PASSWORD,
      });
      expect(res.status).toBe(200);
      await mailbox.next(`colleague-${i}@example.test`);
    }
  });
});

describe('request bodies', () => {
  const post = (payload: string) =>
    h.app.inject({
      method: 'POST',
      url: '/identity/self-service/login?flow=00000000-0000-0000-0000-000000000000',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload,
    });

  it.each([
    ['5,000 levels of arrays', '['.repeat(5000) + ']'.repeat(5000)],
    ['5,000 levels of objects', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)],
    ['33 levels', '['.repeat(33) + ']'.repeat(33)],
  ])('refuses %s with a Kratos-style 400', async (_name, payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 400,
        status: 'Bad Request',
        message: 'The request was malformed or contained invalid parameters',
        reason: 'JSON body is nested deeper than 32 levels',
        details: {},
      },
    });
  });

  it('reads brackets inside strings as text, not nesting', async () => {
    const res = await post(JSON.stringify({ method: 'password', identifier: '['.repeat(100) }));
    expect(res.statusCode).toBe(404); // the (unknown) flow, so the body was read
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const res = await post(JSON.stringify({ method: 'password', password: 'x'.repeat(70 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 413, status: 'Payload Too Large' });
  });
});

describe('password policy', () => {
  it.each([
    ['1234567890', 4000005, /commonly used/],
    ['aaaaaaaaaa', 4000005, /too weak/],
    ['qwertyuiop', 4000005, /commonly used/],
    ['Policy-probe-2024', 4000031, /too similar/],
  ])('refuses %s at sign-up on the password node (%i)', async (password, id, text) => {
    const client = new Client(h.app, '10.8.3.1');
    const reg = await client.init('registration');
    const res = await client.submit(reg.json, {
      method: 'password',
      'traits.email': 'policy-probe@example.test',
      password,
    });
    expect(res.status).toBe(400);
    const messages = node(res.json, 'password').messages;
    expect(messages).toEqual([expect.objectContaining({ id, type: 'error' })]);
    expect(messages[0].text).toMatch(text);
  });
});
