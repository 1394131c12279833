/**
 * Security keys (WebAuthn) of console accounts, against the real server with a software authenticator that signs
 * with a P-256 key: registration by the signed-in account, the local login's key step, a counter that goes
 * backwards, removal behind re-authentication, and keys that belong to another account.
 */
import { assert, attest, newKey, type SoftKey } from '../../identity-service/softAuthenticator';
import { totpCode } from '../../../src/appliance/auth/totp';
import { Agent, startServer, userAgent, type Harness } from '../support/harness';
import { expectConforms } from '../support/contracts';
import { securityKeyStep } from '../../../src/shared/contracts/authentication';

const REAUTH_S = 30;
/** The console as the browser sees it: an inject request's host is `localhost:80`. */
const ORIGIN = 'http://localhost';
const RP_ID = 'localhost';
const at = { origin: ORIGIN };

let h: Harness;
let realNow: () => number;
let offset = 0;
beforeEach(async () => {
  h = await startServer({ config: { reauthMaxAgeSeconds: REAUTH_S } });
  realNow = h.ctx.now;
  offset = 0;
  h.ctx.now = () => realNow() + offset;
});
afterEach(() => h.close());

const auditLines = () =>
  (
    h.ctx.db.prepare("SELECT message FROM logs WHERE service = 'auth' ORDER BY id").all() as Array<{
      message: string;
    }>
  ).map((r) => r.message);

interface KeyStep {
  ticket: string;
  publicKey: { challenge: string; rpId: string; allowCredentials: Array<{ id: string }> };
}

/** Registers a software key for the agent's account under `name`; answers the stored key. */
async function register(agent: Agent, key: SoftKey, name: string) {
  const options = await agent.post('/api/users/me/second-factors/webauthn/options', {}, at);
  expect(options.statusCode).toBe(200);
  const { ticket, publicKey } = options.json() as {
    ticket: string;
    publicKey: { challenge: string; rp: { id: string }; user: { id: string } };
  };
  expect(publicKey.rp.id).toBe(RP_ID);
  const credential = JSON.parse(
    attest(key, { origin: ORIGIN, rpId: RP_ID, challenge: publicKey.challenge }),
  ) as unknown;
  return agent.post('/api/users/me/second-factors/webauthn', { ticket, name, credential }, at);
}

/** The password step of the local login, from the console's origin. */
async function passwordStep(username: string, otp?: string) {
  const agent = new Agent(h.app);
  await agent.visit();
  const res = await agent.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams({
      username,
      password: `${username}-password-123`,
      ...(otp ? { otp } : {}),
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...at },
  });
  return { agent, res };
}

const keyAnswer = (step: KeyStep, key: SoftKey, counter?: number) =>
  JSON.parse(
    assert(
      key,
      { origin: ORIGIN, rpId: RP_ID, challenge: step.publicKey.challenge },
      counter === undefined ? {} : { counter },
    ),
  ) as unknown;

it('an account registers a key; the login then asks for it after the password and signs in with it', async () => {
  const ann = await userAgent(h, 'ann');
  const key = newKey();
  const added = await register(ann, key, 'Desk key');
  expect(added.statusCode).toBe(201);
  expect(added.json()).toEqual({
    id: expect.any(Number),
    name: 'Desk key',
    created_at: expect.any(Number),
    last_used_at: null,
  });
  expect((await ann.get('/api/users/me/second-factors/webauthn')).json().data).toEqual([added.json()]);
  expect((await ann.get('/api/users/me/sign-ins')).json().security_keys).toEqual([added.json()]);
  expect(auditLines()).toContain('second factor (security key "Desk key") added by "ann"');

  // The password alone no longer signs in: the answer asks for the key with the account's keys allowed.
  const { agent, res } = await passwordStep('ann');
  expect(res.statusCode).toBe(401);
  const detail = res.json().detail as { code: number; second_factors: string[]; webauthn: KeyStep };
  expect(detail.code).toBe(3);
  expect(detail.second_factors).toEqual(['webauthn']);
  expect(detail.webauthn.publicKey.rpId).toBe(RP_ID);
  // The step is the contract's, as the console reads it (src/identity/securityKeys.ts).
  expectConforms(securityKeyStep, detail.webauthn);
  expect(detail.webauthn.publicKey.allowCredentials.map((c) => c.id)).toEqual([key.id.toString('base64url')]);
  expect(agent.jar.has('rampart_session')).toBe(false);

  const signedIn = await agent.post(
    '/api/auth/login/webauthn',
    { ticket: detail.webauthn.ticket, credential: keyAnswer(detail.webauthn, key) },
    at,
  );
  expect(signedIn.statusCode).toBe(200);
  expect(signedIn.json().data.redirect_uri).toBe('/');
  expect((await agent.get('/api/users/me/sign-ins')).statusCode).toBe(200);
  const [listed] = (await agent.get('/api/users/me/second-factors/webauthn')).json().data as Array<{
    last_used_at: number | null;
  }>;
  expect(listed.last_used_at).toEqual(expect.any(Number));

  // The ticket is used up: the same answer again is sent back to the password step.
  const replay = await agent.post(
    '/api/auth/login/webauthn',
    { ticket: detail.webauthn.ticket, credential: keyAnswer(detail.webauthn, key) },
    at,
  );
  expect(replay.statusCode).toBe(401);
  expect(replay.json().detail.code).toBe(9);
});

it('an account with an authenticator app and a key is offered both, and either signs in', async () => {
  const ann = await userAgent(h, 'ann');
  const fresh = (await ann.get('/api/users/me/second-factors/totp/new')).json() as { secret: string };
  const nowS = () => Math.floor(h.ctx.now() / 1000);
  await ann.put('/api/users/me/second-factors/totp', {
    secret: fresh.secret,
    code: await totpCode(fresh.secret, nowS()),
  });
  const key = newKey();
  expect((await register(ann, key, '')).json().name).toBe('My security key');

  const { res } = await passwordStep('ann');
  expect(res.json().detail).toMatchObject({ code: 3, second_factors: ['totp', 'webauthn'] });
  offset += 30_000;
  const withCode = await passwordStep('ann', await totpCode(fresh.secret, nowS()));
  expect(withCode.res.statusCode).toBe(200);
});

it('refuses an answer whose signature counter went backwards, and audits it', async () => {
  const ann = await userAgent(h, 'ann');
  const key = newKey();
  await register(ann, key, 'Desk key');

  const first = await passwordStep('ann');
  const step1 = first.res.json().detail.webauthn as KeyStep;
  const ok = await first.agent.post(
    '/api/auth/login/webauthn',
    { ticket: step1.ticket, credential: keyAnswer(step1, key, 5) },
    at,
  );
  expect(ok.statusCode).toBe(200);

  // A copy of the key still at counter 3 (a clone) is refused; a fresh step is offered for the real key.
  const second = await passwordStep('ann');
  const step2 = second.res.json().detail.webauthn as KeyStep;
  const cloned = await second.agent.post(
    '/api/auth/login/webauthn',
    { ticket: step2.ticket, credential: keyAnswer(step2, key, 3) },
    at,
  );
  expect(cloned.statusCode).toBe(401);
  const refused = cloned.json().detail as { code: number; message: string; webauthn: KeyStep };
  expect(refused.code).toBe(8);
  expect(refused.message).toMatch(/counter did not increase/);
  expect(second.agent.jar.has('rampart_session')).toBe(false);
  expect(auditLines().some((l) => /login failed for "ann" .*security key refused/.test(l))).toBe(true);
  const history = (await ann.get('/api/users/me/sign-ins')).json().data as Array<{
    method: string;
    success: boolean;
  }>;
  expect(history).toContainEqual(expect.objectContaining({ method: 'password+webauthn', success: false }));

  const retried = await second.agent.post(
    '/api/auth/login/webauthn',
    { ticket: refused.webauthn.ticket, credential: keyAnswer(refused.webauthn, key, 6) },
    at,
  );
  expect(retried.statusCode).toBe(200);
});

it('removing a key needs a recent sign-in: an older session re-authenticates first', async () => {
  const ann = await userAgent(h, 'ann');
  const key = newKey();
  const added = (await register(ann, key, 'Desk key')).json() as { id: number };
  offset += (REAUTH_S + 1) * 1000;

  const refused = await ann.request({
    method: 'DELETE',
    url: `/api/users/me/second-factors/webauthn/${added.id}`,
  });
  expect(refused.statusCode).toBe(403);
  expect(refused.json().detail.code).toBe('reauth_required');
  expect((await ann.get('/api/users/me/second-factors/webauthn')).json().data).toHaveLength(1);

  expect((await ann.post('/api/auth/reauth', { password: 'ann-password-123' })).statusCode).toBe(200);
  const removed = await ann.request({
    method: 'DELETE',
    url: `/api/users/me/second-factors/webauthn/${added.id}`,
  });
  expect(removed.statusCode).toBe(204);
  expect((await ann.get('/api/users/me/second-factors/webauthn')).json().data).toEqual([]);
  expect(auditLines()).toContain('second factor (security key "Desk key") removed by "ann"');
  // With no factor left the password alone signs in again.
  expect((await passwordStep('ann')).res.statusCode).toBe(200);
});

it("refuses another account's key, at sign-in, at removal and with another session's registration", async () => {
  const ann = await userAgent(h, 'ann');
  const bob = await userAgent(h, 'bob');
  const annKey = newKey();
  const bobKey = newKey();
  await register(ann, annKey, 'Ann key');
  const bobAdded = (await register(bob, bobKey, 'Bob key')).json() as { id: number };

  const { agent, res } = await passwordStep('ann');
  const step = res.json().detail.webauthn as KeyStep;
  const wrongKey = await agent.post(
    '/api/auth/login/webauthn',
    { ticket: step.ticket, credential: keyAnswer(step, bobKey) },
    at,
  );
  expect(wrongKey.statusCode).toBe(401);
  expect(wrongKey.json().detail).toMatchObject({
    code: 8,
    message: 'This security key is not registered for the account.',
  });
  expect(agent.jar.has('rampart_session')).toBe(false);

  const removeBobs = await ann.request({
    method: 'DELETE',
    url: `/api/users/me/second-factors/webauthn/${bobAdded.id}`,
  });
  expect(removeBobs.statusCode).toBe(404);
  expect((await bob.get('/api/users/me/second-factors/webauthn')).json().data).toHaveLength(1);

  // A registration Bob started cannot be completed by Ann's session.
  const options = (await bob.post('/api/users/me/second-factors/webauthn/options', {}, at)).json() as {
    ticket: string;
    publicKey: { challenge: string };
  };
  const credential = JSON.parse(
    attest(newKey(), { origin: ORIGIN, rpId: RP_ID, challenge: options.publicKey.challenge }),
  ) as unknown;
  const stolen = await ann.post(
    '/api/users/me/second-factors/webauthn',
    { ticket: options.ticket, name: 'x', credential },
    at,
  );
  expect(stolen.statusCode).toBe(422);
  expect((await ann.get('/api/users/me/second-factors/webauthn')).json().data).toHaveLength(1);
});

it('refuses a registration answer made for another origin', async () => {
  const ann = await userAgent(h, 'ann');
  const options = (await ann.post('/api/users/me/second-factors/webauthn/options', {}, at)).json() as {
    ticket: string;
    publicKey: { challenge: string };
  };
  const credential = JSON.parse(
    attest(newKey(), { origin: 'https://evil.example', rpId: RP_ID, challenge: options.publicKey.challenge }),
  ) as unknown;
  const res = await ann.post(
    '/api/users/me/second-factors/webauthn',
    { ticket: options.ticket, name: 'x', credential },
    at,
  );
  expect(res.statusCode).toBe(422);
  expect(res.json().detail[0]).toMatchObject({
    loc: ['body', 'credential'],
    msg: 'The origin does not match.',
  });
  expect(auditLines().some((l) => /security key registration by "ann" refused/.test(l))).toBe(true);
});

it('an administrator reset removes the keys with the authenticator app', async () => {
  const ann = await userAgent(h, 'ann');
  await register(ann, newKey(), 'Desk key');
  const { adminAgent } = await import('../support/harness');
  const admin = await adminAgent(h);
  const id = (h.ctx.db.prepare("SELECT id FROM users WHERE username = 'ann'").get() as { id: number }).id;
  expect((await admin.get(`/api/users/${id}`)).json().security_keys).toHaveLength(1);
  expect((await admin.request({ method: 'DELETE', url: `/api/users/${id}/second-factors` })).statusCode).toBe(
    204,
  );
  expect((await ann.get('/api/users/me/second-factors/webauthn')).json().data).toEqual([]);
});
