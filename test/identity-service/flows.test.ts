/**
 * End-to-end at the API level: every self-service flow of the embedded identity service through the real server,
 * SQLite storage and a real SMTP delivery.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { generate } from 'otplib';
import {
  BASE,
  Client,
  codeFrom,
  logIn,
  messageIds,
  node,
  ORIGIN,
  PASSWORD,
  signUpVerified,
  startHarness,
  startMailBox,
  type Harness,
  type MailBox,
} from './support';

// argon2id hashing on a busy 2-core machine: journeys of several sign-ins need more than the default 5 s.
jest.setTimeout(30_000);

let mailbox: MailBox;
let h: Harness;
let client: Client;

beforeAll(async () => {
  mailbox = await startMailBox();
});
afterAll(async () => {
  await mailbox.close();
});
beforeEach(async () => {
  h = await startHarness({ smtpUrl: mailbox.url });
  client = new Client(h.app);
});
afterEach(async () => {
  await h.close();
});

const uniqueEmail = (() => {
  let n = 0;
  return (tag: string) => `${tag}-${Date.now()}-${++n}@example.test`;
})();

describe('sign-up and verification', () => {
  it('registers, mails the code over real SMTP, verifies with it, and then allows login', async () => {
    const email = uniqueEmail('signup');
    const reg = await client.init('registration');
    expect(reg.status).toBe(200);
    expect(reg.json.ui.action).toBe(`${BASE}/self-service/registration?flow=${reg.json.id}`);
    expect(node(reg.json, 'traits.email').attributes).toMatchObject({ type: 'email', required: true });
    expect(node(reg.json, 'method', 'password').meta.label).toEqual({
      id: 1040001,
      text: 'Sign up',
      type: 'info',
    });

    const done = await client.submit(reg.json, { method: 'password', traits: { email }, password: PASSWORD });
    expect(done.status).toBe(200);
    expect(done.json.identity.traits.email).toBe(email);
    expect(done.json.identity.verifiable_addresses[0]).toMatchObject({
      value: email,
      verified: false,
      via: 'email',
      status: 'sent',
    });
    expect(done.json.session).toBeUndefined();
    const cont = done.json.continue_with[0];
    expect(cont).toMatchObject({ action: 'show_verification_ui', flow: { verifiable_address: email } });
    expect(cont.flow.url).toBe(`${ORIGIN}/verification/?flow=${cont.flow.id}`);

    // Not active before verification.
    const early = await logIn(client, email);
    expect(early.status).toBe(400);
    expect(messageIds(early.json)).toEqual([4000010]);

    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('Please verify your email address');
    const code = codeFrom(mail);
    expect(mail.text).toContain(`${BASE}/self-service/verification?flow=${cont.flow.id}&code=${code}`);
    // The password hash is argon2id, never the password.
    const [cred] = h.sql<{ config: string }>("SELECT config FROM credentials WHERE type = 'password'");
    expect(JSON.parse(cred.config).hashed_password).toMatch(/^\$argon2id\$/);

    const flow = await client.get(`/identity/self-service/verification/flows?id=${cont.flow.id}`);
    expect(flow.json.state).toBe('sent_email');
    expect(messageIds(flow.json)).toEqual([1080003]);
    expect(node(flow.json, 'code').attributes).toMatchObject({ autocomplete: 'one-time-code' });
    expect(node(flow.json, 'email').attributes).toMatchObject({ type: 'submit', value: email });

    const wrong = await client.submit(flow.json, {
      method: 'code',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(200);
    expect(wrong.json.state).toBe('sent_email');
    expect(messageIds(wrong.json)).toEqual([4070006]);

    const ok = await client.submit(flow.json, { method: 'code', code });
    expect(ok.status).toBe(200);
    expect(ok.json.state).toBe('passed_challenge');
    expect(messageIds(ok.json)).toEqual([1080002]);
    expect(ok.json.ui.method).toBe('GET');
    expect(node(ok.json, 'continue').attributes).toMatchObject({ node_type: 'a', href: `${ORIGIN}/` });

    const again = await client.submit(flow.json, { method: 'code', code });
    expect(messageIds(again.json)).toEqual([4070002]);

    const login = await logIn(client, email);
    expect(login.status).toBe(200);
    expect(login.json.session.identity.verifiable_addresses[0]).toMatchObject({
      verified: true,
      status: 'completed',
    });
  });

  it('verifies through the mailed link and redirects the browser to the verification page', async () => {
    const email = uniqueEmail('link');
    const reg = await client.init('registration');
    const done = await client.submit(reg.json, {
      method: 'password',
      'traits.email': email,
      password: PASSWORD,
    });
    const mail = await mailbox.next(email);
    const link = /(http:\/\/\S+self-service\/verification\?\S+)/.exec(mail.text)![1];
    const res = await client.get(link, false);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${ORIGIN}/verification/?flow=${done.json.continue_with[0].flow.id}`);
    const flow = await client.get(
      `/identity/self-service/verification/flows?id=${done.json.continue_with[0].flow.id}`,
    );
    expect(flow.json.state).toBe('passed_challenge');
  });

  it('re-sends a verification code after the cooldown, and only the newest code works', async () => {
    // Only Date is faked: the cooldown is measured in wall-clock time, SMTP and I/O keep their real timers.
    jest.useFakeTimers({
      now: Date.now(),
      doNotFake: [
        'nextTick',
        'setImmediate',
        'clearImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
    try {
      const email = uniqueEmail('resend');
      const reg = await client.init('registration');
      await client.submit(reg.json, { method: 'password', 'traits.email': email, password: PASSWORD });
      codeFrom(await mailbox.next(email));
      const flow = await client.init('verification');
      // Right after the sign-up mail a further send is refused with a message and Retry-After.
      const tooSoon = await client.submit(flow.json, { method: 'code', email });
      expect(tooSoon.status).toBe(429);
      expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
      expect(tooSoon.json.ui.messages[0]).toMatchObject({ id: 4000001, type: 'error' });
      expect(tooSoon.json.ui.messages[0].text).toMatch(/Too many code requests/);

      jest.setSystemTime(Date.now() + 31_000);
      const sent = await client.submit(flow.json, { method: 'code', email });
      expect(sent.status).toBe(200);
      expect(sent.json.state).toBe('sent_email');
      const first = codeFrom(await mailbox.next(email));
      jest.setSystemTime(Date.now() + 31_000);
      const resent = await client.submit(sent.json, { method: 'code', email });
      expect(resent.json.state).toBe('sent_email');
      const second = codeFrom(await mailbox.next(email));
      if (first !== second) {
        const stale = await client.submit(flow.json, { method: 'code', code: first });
        expect(messageIds(stale.json)).toEqual([4070006]);
      }
      const ok = await client.submit(flow.json, { method: 'code', code: second });
      expect(ok.json.state).toBe('passed_challenge');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the verified flow to another browser that opened the mailed link (no CSRF binding for verification)', async () => {
    const email = uniqueEmail('phone');
    const reg = await client.init('registration');
    const done = await client.submit(reg.json, {
      method: 'password',
      'traits.email': email,
      password: PASSWORD,
    });
    const id = done.json.continue_with[0].flow.id;
    const link = /(http:\/\/\S+self-service\/verification\?\S+)/.exec((await mailbox.next(email)).text)![1];
    const phone = new Client(h.app, '10.0.0.7');
    expect((await phone.get(link, false)).status).toBe(303);
    const seen = await phone.get(`/identity/self-service/verification/flows?id=${id}`);
    expect(seen.status).toBe(200);
    expect(seen.json.state).toBe('passed_challenge');
  });

  it('limits code mails and sign-ups per client address', async () => {
    const ip = '10.0.0.42';
    const c = new Client(h.app, ip);
    const flow = await c.init('recovery');
    for (let i = 0; i < 20; i += 1) {
      const res = await c.submit(flow.json, { method: 'code', email: `nobody-${i}@example.test` });
      expect(res.status).toBe(200);
    }
    const blocked = await c.submit(flow.json, { method: 'code', email: 'nobody-21@example.test' });
    expect(blocked.status).toBe(429);
    expect(blocked.json.ui.messages[0].text).toMatch(/Too many code requests/);
    const reg = await c.init('registration');
    const signUp = await c.submit(reg.json, {
      method: 'password',
      'traits.email': uniqueEmail('flood'),
      password: PASSWORD,
    });
    expect(signUp.status).toBe(429);
    expect(signUp.json.ui.messages[0].text).toMatch(/Too many sign-up attempts/);
    expect(h.sql<{ n: number }>('SELECT COUNT(*) AS n FROM identities')[0].n).toBe(0);
    // Another client address is not affected.
    const other = new Client(h.app, '10.0.0.43');
    const reg2 = await other.init('registration');
    expect(
      (
        await other.submit(reg2.json, {
          method: 'password',
          'traits.email': uniqueEmail('ok'),
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it('reports field errors with the contract ids and keeps the typed e-mail', async () => {
    const reg = await client.init('registration');
    const short = await client.submit(reg.json, {
      method: 'password',
      'traits.email': 'not-an-email',
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(node(short.json, 'traits.email').attributes.value).toBe('not-an-email');
    expect(node(short.json, 'traits.email').messages[0]).toMatchObject({ id: 4000001, type: 'error' });
    expect(node(short.json, 'password').messages[0]).toEqual({
      id: 4000032,
      text: 'The password must be at least 8 characters long, but got 5.',
      type: 'error',
      context: { min_length: 8, actual_length: 5 },
    });
    expect(node(short.json, 'password').attributes.value).toBeUndefined();
    const missing = await client.submit(reg.json, { method: 'password', password: PASSWORD });
    expect(node(missing.json, 'traits.email').messages[0]).toMatchObject({
      id: 4000002,
      text: 'Property email is missing.',
    });
  });

  it('refuses a second account for the same address', async () => {
    const email = uniqueEmail('dup');
    await signUpVerified(client, mailbox, email);
    const other = new Client(h.app);
    const reg = await other.init('registration');
    const dup = await other.submit(reg.json, {
      method: 'password',
      'traits.email': email.toUpperCase(),
      password: PASSWORD,
    });
    expect(dup.status).toBe(400);
    expect(messageIds(dup.json)).toEqual([4000007]);
  });
});

describe('login, whoami and logout', () => {
  it('logs in with a password, answers whoami, and logs out with the logout token', async () => {
    const email = uniqueEmail('login');
    await signUpVerified(client, mailbox, email);
    const login = await logIn(client, email);
    expect(login.status).toBe(200);
    expect(login.json.session).toMatchObject({ active: true, authenticator_assurance_level: 'aal1' });
    expect(login.json.session.authentication_methods[0]).toMatchObject({ method: 'password', aal: 'aal1' });
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] as string[])
      .find((c) => c.startsWith('ory_kratos_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // http origin in this test

    const who = await client.get('/identity/sessions/whoami');
    expect(who.status).toBe(200);
    expect(who.headers['x-kratos-authenticated-identity-id']).toBe(login.json.session.identity.id);
    expect(who.json.identity.traits.email).toBe(email);

    const again = await client.init('login');
    expect(again.status).toBe(400);
    expect(again.json.error.id).toBe('session_already_available');
    const browserAgain = await client.get('/identity/self-service/login/browser', false);
    expect(browserAgain.status).toBe(303);
    expect(browserAgain.location).toBe(`${ORIGIN}/`);

    const logout = await client.get('/identity/self-service/logout/browser');
    expect(logout.status).toBe(200);
    expect(logout.json.logout_url).toBe(`${BASE}/self-service/logout?token=${logout.json.logout_token}`);
    const bad = await client.get(`/identity/self-service/logout?token=nope`);
    expect(bad.status).toBe(403);
    const missing = await client.get(`/identity/self-service/logout`);
    expect(missing.status).toBe(400);
    const out = await client.get(
      `${logout.json.logout_url}&return_to=${encodeURIComponent(`${ORIGIN}/login/`)}`,
      false,
    );
    expect(out.status).toBe(303);
    expect(out.location).toBe(`${ORIGIN}/login/`);
    const gone = await client.get('/identity/sessions/whoami');
    expect(gone.status).toBe(401);
    expect(gone.json.error.id).toBe('session_inactive');
    const noLogout = await client.get('/identity/self-service/logout/browser');
    expect(noLogout.status).toBe(401);
  });

  it('rejects a wrong password with 4000006 and keeps the identifier', async () => {
    const email = uniqueEmail('wrong');
    await signUpVerified(client, mailbox, email);
    const flow = await client.init('login');
    const res = await client.submit(flow.json, {
      method: 'password',
      identifier: email,
      password: 'not the password',
    });
    expect(res.status).toBe(400);
    expect(res.json.ui.messages).toEqual([
      {
        id: 4000006,
        text: 'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
        type: 'error',
      },
    ]);
    expect(node(res.json, 'identifier').attributes.value).toBe(email);
    const unknown = await client.submit(flow.json, {
      method: 'password',
      identifier: 'nobody@example.test',
      password: 'whatever123',
    });
    expect(messageIds(unknown.json)).toEqual([4000006]);
  });

  it('sends plain browsers back to the login page with the flow, and signs them in with a form post', async () => {
    const email = uniqueEmail('browser');
    await signUpVerified(client, mailbox, email);
    const init = await client.get('/identity/self-service/login/browser?return_to=%2Fsettings%2F', false);
    expect(init.status).toBe(303);
    const flowId = new URL(init.location!).searchParams.get('flow')!;
    expect(init.location).toBe(`${ORIGIN}/login/?flow=${flowId}`);
    const flow = await client.get(`/identity/self-service/login/flows?id=${flowId}`);
    expect(flow.json.return_to).toBe(`${ORIGIN}/settings/`);
    const wrong = await client.submit(
      flow.json,
      { method: 'password', identifier: email, password: 'nope-nope' },
      { form: true },
    );
    expect(wrong.status).toBe(303);
    expect(wrong.location).toBe(`${ORIGIN}/login/?flow=${flowId}`);
    const ok = await client.submit(
      flow.json,
      { method: 'password', identifier: email, password: PASSWORD },
      { form: true },
    );
    expect(ok.status).toBe(303);
    expect(ok.location).toBe(`${ORIGIN}/settings/`);
  });

  it('limits failed sign-in attempts per account', async () => {
    const email = uniqueEmail('limit');
    await signUpVerified(client, mailbox, email);
    const flow = await client.init('login');
    for (let i = 0; i < 5; i += 1) {
      const res = await client.submit(flow.json, {
        method: 'password',
        identifier: email,
        password: `wrong-${i}-password`,
      });
      expect(messageIds(res.json)).toEqual([4000006]);
    }
    const blocked = await client.submit(flow.json, {
      method: 'password',
      identifier: email,
      password: PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json.ui.messages[0].text).toMatch(/Too many failed sign-in attempts/);
    expect((await client.get('/identity/sessions/whoami')).status).toBe(401);
  });
});

describe('a corrupt stored password hash', () => {
  it('refuses the sign-in like wrong credentials and logs the account as corrupt, never the hash', async () => {
    const email = uniqueEmail('corrupt');
    await signUpVerified(client, mailbox, email);
    const [{ identity_id: identityId }] = h.sql<{ identity_id: string }>(
      "SELECT identity_id FROM credentials WHERE type = 'password' AND identifier = ?",
      email,
    );
    const db = new Database(path.join(h.dataDir, 'identity.db'));
    db.prepare(
      `UPDATE credentials SET config = json_set(config, '$.hashed_password', '$argon2id$broken')
       WHERE identity_id = ? AND type = 'password'`,
    ).run(identityId);
    db.close();
    const login = await logIn(client, email);
    expect(login.status).toBe(400);
    expect(messageIds(login.json)).toEqual([4000006]);
    const line = h.logLines.find((l) => l.includes('stored password hash is corrupt'));
    expect(line).toContain(identityId);
    expect(line).not.toContain('$argon2id$broken');
  });
});

describe('a corrupt stored credential row', () => {
  it('answers a Kratos-style 500 and logs which credential of which identity is corrupt', async () => {
    const email = uniqueEmail('corrupt-row');
    await signUpVerified(client, mailbox, email);
    const [{ identity_id: identityId }] = h.sql<{ identity_id: string }>(
      "SELECT identity_id FROM credentials WHERE type = 'password' AND identifier = ?",
      email,
    );
    const db = new Database(path.join(h.dataDir, 'identity.db'));
    db.prepare("UPDATE credentials SET config = '{\"hashed' WHERE identity_id = ? AND type = 'password'").run(
      identityId,
    );
    db.close();
    const login = await logIn(client, email);
    expect(login.status).toBe(500);
    expect(login.json.error).toMatchObject({ code: 500 });
    expect(
      h.logLines.some((l) => l.includes(`stored password credential of identity ${identityId} is corrupt`)),
    ).toBe(true);
  });
});

describe('two factors', () => {
  async function enrolTotp(email: string): Promise<string> {
    await signUpVerified(client, mailbox, email);
    await logIn(client, email);
    const settings = await client.init('settings');
    expect(settings.status).toBe(200);
    const qr = node(settings.json, 'totp_qr');
    expect(qr.type).toBe('img');
    expect(qr.attributes.src).toMatch(/^data:image\/png;base64,/);
    expect(qr.meta.label.id).toBe(1050005);
    const secretNode = node(settings.json, 'totp_secret_key');
    expect(secretNode.attributes.text.id).toBe(1050006);
    const secret = secretNode.attributes.text.context.secret as string;
    expect(secretNode.attributes.text.text).toBe(secret);

    const wrong = await client.submit(settings.json, { method: 'totp', totp_code: '000000' });
    expect(wrong.status).toBe(400);
    expect(node(wrong.json, 'totp_code').messages[0].id).toBe(4000008);

    const ok = await client.submit(settings.json, { method: 'totp', totp_code: await generate({ secret }) });
    expect(ok.status).toBe(200);
    expect(ok.json.state).toBe('success');
    expect(messageIds(ok.json)).toEqual([1050001]);
    expect(node(ok.json, 'totp_unlink')).toBeDefined();
    expect(node(ok.json, 'totp_qr')).toBeUndefined();
    return secret;
  }

  it('enrols TOTP, then login needs the code (aal2)', async () => {
    const email = uniqueEmail('totp');
    const secret = await enrolTotp(email);
    const who = await client.get('/identity/sessions/whoami');
    expect(who.json.authenticator_assurance_level).toBe('aal2');

    const logout = await client.get('/identity/self-service/logout/browser');
    await client.get(logout.json.logout_url);

    const first = await logIn(client, email);
    expect(first.status).toBe(422);
    expect(first.json.error.id).toBe('browser_location_change_required');
    expect(first.json.redirect_browser_to).toBe(`${BASE}/self-service/login/browser?aal=aal2`);
    const half = await client.get('/identity/sessions/whoami');
    expect(half.status).toBe(403);
    expect(half.json.error.id).toBe('session_aal2_required');
    expect(half.json.redirect_browser_to).toBe(`${BASE}/self-service/login/browser?aal=aal2`);
    const settingsTooLow = await client.init('settings');
    expect(settingsTooLow.status).toBe(403);
    expect(settingsTooLow.json.error.id).toBe('session_aal2_required');

    const aal2 = await client.get(first.json.redirect_browser_to);
    expect(aal2.status).toBe(200);
    expect(aal2.json.requested_aal).toBe('aal2');
    expect(messageIds(aal2.json)).toEqual([1010004]);
    expect(node(aal2.json, 'totp_code').meta.label.id).toBe(1010006);
    const wrong = await client.submit(aal2.json, { method: 'totp', totp_code: '123456' });
    expect(messageIds(wrong.json)).toEqual([4000008]);
    // The enrolment used the current 30 s step; the next step's code is valid (tolerance) and not a replay.
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const done = await client.submit(aal2.json, { method: 'totp', totp_code: code });
    expect(done.status).toBe(200);
    expect(done.json.session.authenticator_assurance_level).toBe('aal2');
    expect(done.json.session.authentication_methods.map((m: { method: string }) => m.method)).toEqual([
      'password',
      'totp',
    ]);
    expect((await client.get('/identity/sessions/whoami')).status).toBe(200);

    // Half-way (password done, code not yet) the user can still abandon and log out.
    await client.get((await client.get('/identity/self-service/logout/browser')).json.logout_url);
    expect((await logIn(client, email)).status).toBe(422);
    const halfLogout = await client.get('/identity/self-service/logout/browser');
    expect(halfLogout.status).toBe(200);
    expect((await client.get(halfLogout.json.logout_url)).status).toBe(204);
    expect((await client.get('/identity/sessions/whoami')).status).toBe(401);
  });

  it('creates, confirms, reveals and uses backup codes once each', async () => {
    const email = uniqueEmail('lookup');
    await signUpVerified(client, mailbox, email);
    await logIn(client, email);
    const settings = await client.init('settings');
    expect(node(settings.json, 'lookup_secret_regenerate').meta.label.id).toBe(1050008);
    const generated = await client.submit(settings.json, {
      method: 'lookup_secret',
      lookup_secret_regenerate: true,
    });
    expect(generated.status).toBe(200);
    const list = node(generated.json, 'lookup_secret_codes');
    expect(list.meta.label.id).toBe(1050010);
    const codes = (list.attributes.text.context.secrets as Array<{ context: { secret: string } }>).map(
      (s) => s.context.secret,
    );
    expect(codes).toHaveLength(12);
    const confirmed = await client.submit(settings.json, {
      method: 'lookup_secret',
      lookup_secret_confirm: true,
    });
    expect(confirmed.json.state).toBe('success');
    expect(node(confirmed.json, 'lookup_secret_reveal')).toBeDefined();
    const revealed = await client.submit(settings.json, {
      method: 'lookup_secret',
      lookup_secret_reveal: 'true',
    });
    expect(
      node(revealed.json, 'lookup_secret_codes').attributes.text.context.secrets.map(
        (s: { context: { secret: string } }) => s.context.secret,
      ),
    ).toEqual(codes);

    const logout = await client.get('/identity/self-service/logout/browser');
    await client.get(logout.json.logout_url);
    const first = await logIn(client, email);
    expect(first.status).toBe(422);
    const aal2 = await client.get(first.json.redirect_browser_to);
    expect(node(aal2.json, 'lookup_secret').meta.label.id).toBe(1010007);
    const bad = await client.submit(aal2.json, { method: 'lookup_secret', lookup_secret: 'zzzzzzzz' });
    expect(messageIds(bad.json)).toEqual([4000016]);
    const ok = await client.submit(aal2.json, { method: 'lookup_secret', lookup_secret: codes[0] });
    expect(ok.status).toBe(200);
    expect(ok.json.session.authenticator_assurance_level).toBe('aal2');
    const settings2 = await client.init('settings');
    const shown = await client.submit(settings2.json, {
      method: 'lookup_secret',
      lookup_secret_reveal: true,
    });
    const secrets = node(shown.json, 'lookup_secret_codes').attributes.text.context.secrets;
    expect(secrets[0]).toMatchObject({ id: 1050014 });
    expect(secrets[0].text).toMatch(/^Secret was used at /);
    expect(secrets[1]).toMatchObject({ id: 1050009, text: codes[1] });

    const logout2 = await client.get('/identity/self-service/logout/browser');
    await client.get(logout2.json.logout_url);
    const second = await logIn(client, email);
    const aal2b = await client.get(second.json.redirect_browser_to);
    const reused = await client.submit(aal2b.json, { method: 'lookup_secret', lookup_secret: codes[0] });
    expect(messageIds(reused.json)).toEqual([4000012]);
  });

  it('unlinks TOTP', async () => {
    const email = uniqueEmail('unlink');
    await enrolTotp(email);
    const settings = await client.init('settings');
    const res = await client.submit(settings.json, { method: 'totp', totp_unlink: true });
    expect(res.json.state).toBe('success');
    expect(node(res.json, 'totp_qr')).toBeDefined();
    expect(node(res.json, 'totp_unlink')).toBeUndefined();
  });
});

describe('recovery', () => {
  it('recovers by mailed code into a privileged session and a settings flow, then changes the password', async () => {
    const email = uniqueEmail('recover');
    await signUpVerified(client, mailbox, email);
    const stranger = new Client(h.app);
    const flow = await stranger.init('recovery');
    expect(flow.json.state).toBe('choose_method');
    expect(node(flow.json, 'email').meta.label.id).toBe(1070007);
    const sent = await stranger.submit(flow.json, { method: 'code', email });
    expect(sent.status).toBe(200);
    expect(sent.json.state).toBe('sent_email');
    expect(messageIds(sent.json)).toEqual([1060003]);
    expect(node(sent.json, 'code').attributes).toMatchObject({ pattern: '[0-9]+', maxlength: 6 });
    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('Recover access to your account');
    const code = codeFrom(mail);

    const wrong = await stranger.submit(flow.json, {
      method: 'code',
      code: code === '999999' ? '888888' : '999999',
    });
    expect(wrong.status).toBe(200);
    expect(wrong.json.ui.messages).toEqual([
      {
        id: 4060006,
        text: 'The recovery code is invalid or has already been used. Please try again.',
        type: 'error',
      },
    ]);

    const ok = await stranger.submit(flow.json, { method: 'code', code });
    expect(ok.status).toBe(200);
    expect(ok.json.state).toBe('passed_challenge');
    const next = ok.json.continue_with[0];
    expect(next).toMatchObject({
      action: 'show_settings_ui',
      flow: { url: `${ORIGIN}/settings/?flow=${next.flow.id}` },
    });
    const settings = await stranger.get(`/identity/self-service/settings/flows?id=${next.flow.id}`);
    expect(settings.status).toBe(200);
    expect(settings.json.ui.messages[0]).toMatchObject({ id: 1060001, type: 'success' });
    expect(settings.json.ui.messages[0].text).toContain('within the next 10.00 minutes');

    const changed = await stranger.submit(settings.json, {
      method: 'password',
      password: 'a brand new passphrase',
    });
    expect(changed.status).toBe(200);
    expect(changed.json.state).toBe('success');
    const reuse = await stranger.submit(flow.json, { method: 'code', code });
    expect(reuse.status).toBe(400);
    expect(reuse.json.error.id).toBe('session_already_available');

    const fresh = new Client(h.app);
    expect((await logIn(fresh, email)).status).toBe(400);
    expect((await logIn(fresh, email, 'a brand new passphrase')).status).toBe(200);
  });

  it('does not reveal unknown addresses and sends nothing to them', async () => {
    const flow = await client.init('recovery');
    const before = h.sql<{ n: number }>('SELECT COUNT(*) AS n FROM courier_messages')[0].n;
    const sent = await client.submit(flow.json, { method: 'code', email: 'nobody@example.test' });
    expect(sent.json.state).toBe('sent_email');
    expect(messageIds(sent.json)).toEqual([1060003]);
    expect(h.sql<{ n: number }>('SELECT COUNT(*) AS n FROM courier_messages')[0].n).toBe(before);
  });

  it('retires the code after five wrong attempts', async () => {
    const email = uniqueEmail('attempts');
    await signUpVerified(client, mailbox, email);
    const stranger = new Client(h.app);
    const flow = await stranger.init('recovery');
    await stranger.submit(flow.json, { method: 'code', email });
    const code = codeFrom(await mailbox.next(email));
    const wrongCode = code === '123123' ? '321321' : '123123';
    for (let i = 0; i < 5; i += 1) await stranger.submit(flow.json, { method: 'code', code: wrongCode });
    const late = await stranger.submit(flow.json, { method: 'code', code });
    expect(messageIds(late.json)).toEqual([4060006]);
  });
});

describe('settings', () => {
  it('needs a session: 401 for JSON, login redirect for browsers', async () => {
    const res = await client.init('settings');
    expect(res.status).toBe(401);
    expect(res.json.error.id).toBe('session_inactive');
    const browser = await client.get('/identity/self-service/settings/browser', false);
    expect(browser.status).toBe(303);
    expect(browser.location).toBe(
      `${BASE}/self-service/login/browser?return_to=${encodeURIComponent(`${ORIGIN}/settings/`)}`,
    );
  });

  it('asks for a fresh login before a password change in an old session', async () => {
    const email = uniqueEmail('refresh');
    await signUpVerified(client, mailbox, email);
    await logIn(client, email);
    const settings = await client.init('settings');
    h.ageSession(email, 20);
    const res = await client.submit(settings.json, {
      method: 'password',
      password: 'another long passphrase',
    });
    expect(res.status).toBe(403);
    expect(res.json.error.id).toBe('session_refresh_required');
    const target = new URL(res.json.redirect_browser_to);
    expect(target.searchParams.get('refresh')).toBe('true');
    const refresh = await client.get(res.json.redirect_browser_to);
    expect(refresh.status).toBe(200);
    expect(refresh.json.refresh).toBe(true);
    expect(node(refresh.json, 'identifier').attributes).toMatchObject({ type: 'hidden', value: email });
    const re = await client.submit(refresh.json, {
      method: 'password',
      identifier: email,
      password: PASSWORD,
    });
    expect(re.status).toBe(200);
    const ok = await client.submit(settings.json, {
      method: 'password',
      password: 'another long passphrase',
    });
    expect(ok.json.state).toBe('success');
    const same = await client.submit(settings.json, {
      method: 'password',
      password: 'another long passphrase',
    });
    expect(node(same.json, 'password').messages[0].id).toBe(4000039);
  });

  it('changes the e-mail, which then needs verification again', async () => {
    const email = uniqueEmail('profile');
    const newEmail = uniqueEmail('profile-new');
    await signUpVerified(client, mailbox, email);
    await logIn(client, email);
    const settings = await client.init('settings');
    expect(node(settings.json, 'traits.email').attributes.value).toBe(email);
    const res = await client.submit(settings.json, { method: 'profile', traits: { email: newEmail } });
    expect(res.json.state).toBe('success');
    expect(res.json.identity.traits.email).toBe(newEmail);
    expect(res.json.identity.verifiable_addresses[0]).toMatchObject({ value: newEmail, verified: false });
    expect(res.json.continue_with[0].action).toBe('show_verification_ui');
    expect(codeFrom(await mailbox.next(newEmail))).toMatch(/^\d{6}$/);
  });
});

describe('flow security', () => {
  it('answers an expired flow with 410 and a replacement flow carrying the expiry message', async () => {
    const flow = await client.init('login');
    h.expireFlow(flow.json.id);
    const fetched = await client.get(`/identity/self-service/login/flows?id=${flow.json.id}`);
    expect(fetched.status).toBe(410);
    expect(fetched.json.error.id).toBe('self_service_flow_expired');
    expect(fetched.json.error.details.redirect_to).toBe(`${BASE}/self-service/login/browser`);

    const res = await client.submit(flow.json, {
      method: 'password',
      identifier: 'a@example.test',
      password: 'whatever1',
    });
    expect(res.status).toBe(410);
    expect(res.json.error.id).toBe('self_service_flow_expired');
    expect(res.json.use_flow_id).toMatch(/^[0-9a-f-]{36}$/);
    const replacement = await client.get(`/identity/self-service/login/flows?id=${res.json.use_flow_id}`);
    expect(replacement.status).toBe(200);
    expect(replacement.json.ui.messages[0].id).toBe(4010001);
    expect(replacement.json.ui.messages[0].text).toMatch(
      /^The login flow expired \d+\.\d{2} minutes ago, please try again\.$/,
    );

    const browser = await client.submit(
      flow.json,
      { method: 'password', identifier: 'a@example.test', password: 'whatever1' },
      { form: true },
    );
    expect(browser.status).toBe(303);
    expect(browser.location).toMatch(new RegExp(`^${ORIGIN}/login/\\?flow=`));
  });

  it('refuses submits without the matching CSRF token or cookie', async () => {
    const flow = await client.init('login');
    const noToken = await client.submit(
      flow.json,
      { method: 'password', identifier: 'a@example.test', password: 'whatever1' },
      { csrf: null },
    );
    expect(noToken.status).toBe(403);
    expect(noToken.json.error).toMatchObject({ id: 'security_csrf_violation', code: 403 });
    expect(noToken.json.error.details.reject_reason).toBeDefined();
    const wrongToken = await client.submit(
      flow.json,
      { method: 'password', identifier: 'a@example.test', password: 'whatever1' },
      { csrf: 'x'.repeat(43) },
    );
    expect(wrongToken.status).toBe(403);
    // The token may come in the X-CSRF-Token header instead of the body.
    const header = await client.request('POST', flow.json.ui.action, {
      body: { method: 'password', identifier: 'a@example.test', password: 'whatever1' },
      headers: { 'x-csrf-token': node(flow.json, 'csrf_token').attributes.value },
    });
    expect(header.status).toBe(400);
    expect(messageIds(header.json)).toEqual([4000006]);
    // Another browser (no cookie) can neither read nor submit the flow.
    const other = new Client(h.app);
    expect((await other.get(`/identity/self-service/login/flows?id=${flow.json.id}`)).status).toBe(403);
    const cross = await other.submit(flow.json, {
      method: 'password',
      identifier: 'a@example.test',
      password: 'whatever1',
    });
    expect(cross.status).toBe(403);
    // A plain browser lands on the error page, whose error can be read back.
    const page = await other.submit(
      flow.json,
      { method: 'password', identifier: 'a@example.test', password: 'whatever1' },
      { form: true },
    );
    expect(page.status).toBe(303);
    const errorId = new URL(page.location!).searchParams.get('id');
    expect(page.location).toBe(`${ORIGIN}/error/?id=${errorId}`);
    const stored = await other.get(`/identity/self-service/errors?id=${errorId}`);
    expect(stored.json.error).toMatchObject({ id: 'security_csrf_violation', code: 403 });
  });

  it('sets the CSRF cookie named after the public base URL, HttpOnly and SameSite=Lax', async () => {
    const { createHash } = await import('node:crypto');
    const res = await client.init('login');
    const name = `csrf_token_${createHash('sha256').update(BASE).digest('hex')}`;
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] as string[])
      .find((c) => c.startsWith(`${name}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(client.jar.get(name)).toBe(node(res.json, 'csrf_token').attributes.value);
  });

  it.each([
    ['https://evil.example/phish'],
    ['//evil.example/'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['http://127.0.0.1:8080@evil.example/'],
    ['http://127.0.0.1:9999/'],
  ])('refuses the redirect target %s and logs it', async (target) => {
    const res = await client.get(
      `/identity/self-service/login/browser?return_to=${encodeURIComponent(target)}`,
    );
    expect(res.status).toBe(400);
    expect(res.json.error.id).toBe('self_service_flow_return_to_forbidden');
    expect(h.logLines.some((l) => l.includes('refused redirect target'))).toBe(true);
    const browser = await client.get(
      `/identity/self-service/recovery/browser?return_to=${encodeURIComponent(target)}`,
      false,
    );
    expect(browser.status).toBe(303);
    expect(browser.location).toMatch(new RegExp(`^${ORIGIN}/error/\\?id=`));
  });

  it('refuses a foreign return_to on logout too', async () => {
    const email = uniqueEmail('logout-redirect');
    await signUpVerified(client, mailbox, email);
    await logIn(client, email);
    const logout = await client.get(
      `/identity/self-service/logout/browser?return_to=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(logout.status).toBe(400);
    const ok = await client.get('/identity/self-service/logout/browser');
    const res = await client.get(
      `${ok.json.logout_url}&return_to=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(res.status).toBe(400);
    expect((await client.get('/identity/sessions/whoami')).status).toBe(200);
  });

  it('refuses a settings flow of one account to the next account signed in on the same browser', async () => {
    const a = uniqueEmail('owner-a');
    const b = uniqueEmail('owner-b');
    await signUpVerified(client, mailbox, a);
    await signUpVerified(client, mailbox, b);
    await logIn(client, a);
    const settingsA = await client.init('settings');
    const logout = await client.get('/identity/self-service/logout/browser');
    await client.get(logout.json.logout_url);
    await logIn(client, b);
    const res = await client.submit(settingsA.json, {
      method: 'profile',
      traits: { email: uniqueEmail('takeover') },
    });
    expect(res.status).toBe(403);
    expect(res.json.error.id).toBe('security_identity_mismatch');
    expect((await client.get(`/identity/self-service/settings/flows?id=${settingsA.json.id}`)).status).toBe(
      403,
    );
  });

  it('accepts the session token as X-Session-Token or Bearer, and a foreign bearer token does not hide the cookie', async () => {
    const email = uniqueEmail('token');
    await signUpVerified(client, mailbox, email);
    await logIn(client, email);
    const token = client.jar.get('ory_kratos_session')!;
    const api = new Client(h.app);
    expect(
      (await api.request('GET', '/identity/sessions/whoami', { headers: { 'x-session-token': token } }))
        .status,
    ).toBe(200);
    expect(
      (
        await api.request('GET', '/identity/sessions/whoami', {
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api.request('GET', '/identity/sessions/whoami', { headers: { authorization: 'Bearer nope' } }))
        .status,
    ).toBe(401);
    const both = await client.request('GET', '/identity/sessions/whoami', {
      headers: { authorization: 'Bearer appliance-api-token' },
    });
    expect(both.status).toBe(200);
  });

  it('asks for an existing session before a second factor (aal2 without session)', async () => {
    const res = await client.init('login', 'aal=aal2');
    expect(res.status).toBe(401);
    expect(res.json.error.id).toBe('session_aal1_required');
  });

  it('refuses oversized credentials without work and without crashing', async () => {
    const flow = await client.init('login');
    const res = await client.submit(flow.json, {
      method: 'password',
      identifier: `${'a'.repeat(5000)}@example.test`,
      password: 'x'.repeat(5000),
    });
    expect(res.status).toBe(400);
    expect(messageIds(res.json)).toEqual([4000006]);
    const bad = await client.request('POST', flow.json.ui.action, {
      headers: { 'content-type': 'application/json' },
      json: true,
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.json.error).toBeDefined();
  });

  it('answers unknown identity paths with a 404 in the error envelope', async () => {
    const res = await client.request('POST', '/identity/self-service/nothing-here', { body: {} });
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ code: 404, status: 'Not Found' });
    expect(
      (await client.get('/identity/self-service/errors?id=00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
  });

  it('accepts relative and same-origin return_to', async () => {
    const res = await client.init('login', `return_to=${encodeURIComponent('/settings/?tab=2')}`);
    expect(res.status).toBe(200);
    expect(res.json.return_to).toBe(`${ORIGIN}/settings/?tab=2`);
  });
});
