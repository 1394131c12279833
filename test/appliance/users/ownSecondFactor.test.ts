import { totpCode } from '../../../src/appliance/auth/totp';
import { Agent, startServer, userAgent, type Harness } from '../support/harness';

let h: Harness;
beforeEach(async () => {
  h = await startServer();
});
afterEach(() => h.close());

const nowS = () => Math.floor(h.ctx.now() / 1000);

it('a console account sets up its own authenticator app; the local login then asks for its code', async () => {
  const ann = await userAgent(h, 'ann');
  const fresh = await ann.get('/api/users/me/second-factors/totp/new');
  expect(fresh.statusCode).toBe(200);
  const { secret, uri, qr } = fresh.json() as { secret: string; uri: string; qr: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/.*ann.*secret=/);
  expect(qr).toMatch(/^data:image\/png;base64,/);
  // Nothing is kept until a code of the secret is confirmed.
  expect((await ann.get('/api/users/me/sign-ins')).json().second_factors).toEqual([]);

  const wrong = await ann.put('/api/users/me/second-factors/totp', { secret, code: '000000' });
  expect(wrong.statusCode).toBe(422);
  expect(wrong.json().detail[0].loc).toEqual(['body', 'code']);
  const ok = await ann.put('/api/users/me/second-factors/totp', {
    secret,
    code: await totpCode(secret, nowS()),
  });
  expect(ok.statusCode).toBe(200);
  expect((await ann.get('/api/users/me/sign-ins')).json().second_factors).toEqual([
    { type: 'totp', created_at: expect.any(Number) },
  ]);
  // A second one is refused: an administrator resets the first.
  const again = await ann.put('/api/users/me/second-factors/totp', {
    secret,
    code: await totpCode(secret, nowS() + 30),
  });
  expect(again.statusCode).toBe(409);

  const other = new Agent(h.app);
  await other.visit();
  expect((await other.login('ann', 'ann-password-123')).statusCode).toBe(401);
  const withCode = await other.login('ann', 'ann-password-123', await totpCode(secret, nowS() + 30));
  expect(withCode.statusCode).toBe(200);
});

it('needs a session', async () => {
  const anonymous = new Agent(h.app);
  await anonymous.visit();
  expect((await anonymous.get('/api/users/me/second-factors/totp/new')).statusCode).toBe(401);
  const put = await anonymous.put('/api/users/me/second-factors/totp', {
    secret: 'A'.repeat(32),
    code: '123456',
  });
  expect(put.statusCode).toBe(401);
});
