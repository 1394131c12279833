/**
 * Session lifetimes and re-authentication of the local login, over HTTP against the real server: the idle and
 * absolute ends, a status check that does not keep a session alive, the explicit extend, and sensitive changes that
 * need a recent password or code.
 */
import {
  Agent,
  adminAgent,
  NEW_ADMIN_PASSWORD,
  startServer,
  userAgent,
  type Harness,
} from '../support/harness';

const IDLE_S = 60;
const MAX_S = 600;
const REAUTH_S = 30;

let h: Harness;
let realNow: () => number;
let offset = 0;

beforeAll(async () => {
  h = await startServer({
    config: {
      sessionIdleSeconds: IDLE_S,
      sessionMaxSeconds: MAX_S,
      sessionWarnSeconds: 20,
      reauthMaxAgeSeconds: REAUTH_S,
    },
  });
  realNow = h.ctx.now;
  h.ctx.now = () => realNow() + offset;
});
afterAll(() => h.close());
beforeEach(() => {
  offset = 0;
});

const later = (seconds: number) => {
  offset += seconds * 1000;
};

describe('idle and absolute lifetimes', () => {
  it('ends a session that saw no activity for the idle timeout, and names the timeout', async () => {
    const agent = await userAgent(h, 'idler');
    later(IDLE_S - 5);
    expect((await agent.get('/api/users/me')).statusCode).toBe(200);
    // That request was activity: the idle timer started again.
    later(IDLE_S - 5);
    expect((await agent.get('/api/users/me')).statusCode).toBe(200);
    later(IDLE_S + 1);
    const res = await agent.get('/api/users/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated', code: 'session_timeout' });
    // The readable login flag is cleared, so the browser's route guard stops claiming a login.
    expect(agent.jar.has('rampart_logged_in')).toBe(false);
  });

  it('polling the status or passive requests do not keep the session alive; extend does', async () => {
    const agent = await userAgent(h, 'poller');
    const first = (await agent.get('/api/auth/session')).json();
    expect(first).toMatchObject({
      username: 'poller',
      idle_timeout_seconds: IDLE_S,
      warn_seconds: 20,
      absolute: false,
      reauth_max_age_seconds: REAUTH_S,
    });
    expect(first.expires_in_seconds).toBeGreaterThan(IDLE_S - 2);
    later(40);
    const status = (await agent.get('/api/auth/session')).json();
    expect(status.expires_in_seconds).toBeLessThanOrEqual(IDLE_S - 40);
    expect((await agent.get('/api/users/me', { 'x-rampart-passive': '1' })).statusCode).toBe(200);
    expect((await agent.get('/api/auth/session')).json().expires_in_seconds).toBe(status.expires_in_seconds);
    // Extending is a write: without the XSRF header it is refused.
    expect(
      (await agent.request({ method: 'POST', url: '/api/auth/session/extend', xsrf: false })).statusCode,
    ).toBe(403);
    const extended = await agent.post('/api/auth/session/extend');
    expect(extended.statusCode).toBe(200);
    expect(extended.json().expires_in_seconds).toBeGreaterThan(IDLE_S - 2);
    later(40);
    expect((await agent.get('/api/auth/session')).statusCode).toBe(200);
    later(IDLE_S);
    const gone = await agent.get('/api/auth/session');
    expect(gone.statusCode).toBe(401);
    expect(gone.json().code).toBe('session_timeout');
  });

  it('says 0 seconds left only once the session is over (a tab that reads 0 leaves)', async () => {
    const agent = await userAgent(h, 'rounder');
    const { seen } = h.ctx.db
      .prepare(
        "SELECT MAX(last_seen_at) AS seen FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = 'rounder')",
      )
      .get() as { seen: number };
    // 400 ms before the idle end (the clock is set from the session's own last activity).
    offset = seen + IDLE_S * 1000 - 400 - realNow();
    const last = await agent.get('/api/auth/session');
    expect(last.statusCode).toBe(200);
    expect(last.json().expires_in_seconds).toBe(1);
    later(0.5);
    expect((await agent.get('/api/auth/session')).statusCode).toBe(401);
  });

  it('ends every session at its absolute lifetime, however active', async () => {
    const agent = await userAgent(h, 'busy');
    for (let t = 0; t + 50 < MAX_S; t += 50) {
      later(50);
      expect((await agent.get('/api/users/me')).statusCode).toBe(200);
    }
    const near = (await agent.post('/api/auth/session/extend')).json();
    // Extending cannot pass the absolute end.
    expect(near.absolute).toBe(true);
    expect(near.expires_in_seconds).toBeLessThan(IDLE_S);
    later(near.expires_in_seconds + 1);
    expect((await agent.get('/api/users/me')).statusCode).toBe(401);
  });

  it('without a session the status is a plain 401', async () => {
    const anonymous = new Agent(h.app);
    const res = await anonymous.get('/api/auth/session');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('re-authentication for sensitive changes', () => {
  const policy = { attempts: 5, window_seconds: 900, duration_seconds: 900 };

  it('asks an admin whose sign-in is too old to re-authenticate, then accepts the same change', async () => {
    const admin = await adminAgent(h);
    expect((await admin.put('/api/config/lockout', policy)).statusCode).toBe(200);
    later(REAUTH_S + 1);
    // Reading stays allowed; only changes need a recent sign-in.
    expect((await admin.get('/api/config/lockout')).statusCode).toBe(200);
    const refused = await admin.put('/api/config/lockout', { ...policy, attempts: 6 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: { code: 'reauth_required', message: expect.stringMatching(/password or one-time code/) },
    });
    expect((await admin.get('/api/config/lockout')).json().attempts).toBe(5);
    // Other sensitive areas answer the same; unrelated changes do not ask.
    expect((await admin.post('/api/users', { username: 'later', role: 'user' })).json().detail.code).toBe(
      'reauth_required',
    );
    expect(
      (await admin.put('/api/config/settings', { primary_color: '#112233', bar_color: '#223344' }))
        .statusCode,
    ).toBe(200);

    const wrong = await admin.post('/api/auth/reauth', { password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail.code).toBe(6);
    expect((await admin.post('/api/auth/reauth', {})).statusCode).toBe(422);
    const ok = await admin.post('/api/auth/reauth', { password: NEW_ADMIN_PASSWORD });
    expect(ok.statusCode).toBe(200);
    const saved = await admin.put('/api/config/lockout', { ...policy, attempts: 6 });
    expect(saved.statusCode).toBe(200);
    expect((await admin.get('/api/config/lockout')).json().attempts).toBe(6);
    await admin.put('/api/config/lockout', policy);
  });

  it('leaves unauthenticated callers and accounts without the privilege to the guards before it', async () => {
    const anonymous = new Agent(h.app);
    await anonymous.visit();
    expect((await anonymous.put('/api/config/lockout', policy)).statusCode).toBe(401);
    const user = await userAgent(h, 'plain');
    later(REAUTH_S + 1);
    const res = await user.put('/api/config/lockout', policy);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(
      'You do not have permission to do this: this needs the write privilege of the authentication area',
    );
  });

  it('counts wrong re-authentications as failed sign-ins and records them in the history', async () => {
    const user = await userAgent(h, 'guesser');
    for (let i = 0; i < 5; i += 1)
      expect((await user.post('/api/auth/reauth', { password: `wrong-${i}` })).statusCode).toBe(401);
    const locked = await user.post('/api/auth/reauth', { password: 'guesser-password-123' });
    expect(locked.statusCode).toBe(429);
    const rows = h.ctx.db
      .prepare("SELECT method, success FROM user_logins WHERE username = 'guesser' ORDER BY id")
      .all() as Array<{ method: string; success: number }>;
    expect(rows.filter((r) => r.method === 'reauth:password' && r.success === 0)).toHaveLength(5);
  });
});

describe('own sign-in history', () => {
  it('shows users their own sign-ins and failures, never anyone else’s', async () => {
    const me = await userAgent(h, 'historian');
    const stranger = new Agent(h.app);
    await stranger.visit();
    await stranger.login('historian', 'wrong password');
    await userAgent(h, 'other');
    const res = await me.get('/api/users/me/sign-ins');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((r: { success: boolean; method: string }) => [r.success, r.method])).toEqual([
      [false, 'password'],
      [true, 'password'],
    ]);
    expect(body.data[0]).toMatchObject({ source: '127.0.0.1' });
    expect(typeof body.data[0].at).toBe('number');
    expect(body.failed_since_last_login).toBe(1);
    expect(body.active_sessions).toBe(1);
    expect((await new Agent(h.app).get('/api/users/me/sign-ins')).statusCode).toBe(401);
  });
});
