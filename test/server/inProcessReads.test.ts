/**
 * The reads a server render takes in process (menu, who-am-I) answer what the routes answer for the same request
 * headers — the session check included: a logout, an expired session or a changed account shows at once.
 */
import { createInjectFetch } from '../../src/server/injectFetch';
import { adminAgent, startServer, type Harness } from '../appliance/support/harness';

let h: Harness;
beforeEach(async () => {
  h = await startServer();
});
afterEach(async () => {
  await h.close();
});

const PATHS = ['/api/menu/', '/api/users/me'];

/** The route's answer (through Fastify) and the in-process answer for the same headers. */
async function both(path: string, headers: Record<string, string>) {
  const routed = await h.app.inject({ method: 'GET', url: path, headers });
  const read = h.appliance.inProcessReads.find('GET', path);
  if (!read) throw new Error(`${path} has no in-process read`);
  const inProcess = read({ headers: new Headers(headers) });
  return { routed: { status: routed.statusCode, body: routed.json() as unknown }, inProcess };
}

describe('in-process reads', () => {
  it('answer a signed-in session like the routes do', async () => {
    const admin = await adminAgent(h);
    for (const path of PATHS) {
      const { routed, inProcess } = await both(path, { cookie: admin.cookieHeader() });
      expect(routed.status).toBe(200);
      expect(inProcess).toEqual(routed);
    }
    expect((await both('/api/users/me', { cookie: admin.cookieHeader() })).inProcess.body).toMatchObject({
      username: 'admin',
      role: 'admin',
      must_change_password: false,
    });
  });

  it('refuse a missing, unknown or malformed token with the same 401', async () => {
    for (const headers of <Array<Record<string, string>>>[
      {},
      { cookie: 'rampart_session=not-a-session' },
      { cookie: 'rampart_logged_in=1' },
      { authorization: 'Bearer ' },
      { authorization: `Bearer ${'x'.repeat(500)}` },
      { cookie: 'rampart_session=%E0%A4%A' },
    ]) {
      for (const path of PATHS) {
        const { routed, inProcess } = await both(path, headers);
        expect(routed.status).toBe(401);
        expect(inProcess).toEqual(routed);
      }
    }
  });

  it('take the bearer header before the cookies, like the routes', async () => {
    const admin = await adminAgent(h);
    const token = admin.jar.get('rampart_session')!;
    const { routed, inProcess } = await both('/api/users/me', {
      authorization: `Bearer ${token}`,
      cookie: 'rampart_session=stale',
    });
    expect(routed.status).toBe(200);
    expect(inProcess).toEqual(routed);
    const wrongBearer = await both('/api/users/me', {
      authorization: 'Bearer stale',
      cookie: admin.cookieHeader(),
    });
    expect(wrongBearer.routed.status).toBe(401);
    expect(wrongBearer.inProcess).toEqual(wrongBearer.routed);
  });

  it('see a logout, an expiry and an account change at once', async () => {
    const admin = await adminAgent(h);
    const cookie = admin.cookieHeader();
    const read = h.appliance.inProcessReads.find('GET', '/api/users/me')!;
    expect(read({ headers: new Headers({ cookie }) }).status).toBe(200);

    h.ctx.db.prepare("UPDATE users SET must_change_password = 1 WHERE username = 'admin'").run();
    expect(read({ headers: new Headers({ cookie }) }).body).toMatchObject({ must_change_password: true });

    const realNow = h.ctx.now;
    h.ctx.now = () => realNow() + 9 * 3600 * 1000;
    expect(read({ headers: new Headers({ cookie }) }).status).toBe(401);
    h.ctx.now = realNow;
    expect(read({ headers: new Headers({ cookie }) }).status).toBe(200);

    expect((await admin.post('/api/auth/logout')).statusCode).toBeLessThan(400);
    expect(read({ headers: new Headers({ cookie }) })).toEqual({
      status: 401,
      body: { detail: 'Not authenticated' },
    });
  });

  it('answer the public look and feel like the route, with or without a session', async () => {
    const admin = await adminAgent(h);
    const put = await admin.put('/api/config/settings', { primary_color: '#102030', bar_color: '#405060' });
    expect(put.statusCode).toBe(200);
    for (const headers of <Array<Record<string, string>>>[
      {},
      { cookie: admin.cookieHeader() },
      { cookie: 'rampart_session=stale' },
    ]) {
      const { routed, inProcess } = await both('/api/config/settings', headers);
      expect(routed.status).toBe(200);
      expect(inProcess).toEqual(routed);
      expect(inProcess.body).toMatchObject({ primary_color: '#102030', bar_color: '#405060' });
    }
  });

  it('cover only GET of the exact paths', () => {
    const reads = h.appliance.inProcessReads;
    expect(reads.find('POST', '/api/menu/')).toBeUndefined();
    expect(reads.find('GET', '/api/menu/?x=1')).toBeUndefined();
    expect(reads.find('GET', '/api/menu')).toBeUndefined();
    expect(reads.find('GET', '/api/users/me/messages')).toBeUndefined();
  });
});

describe('the render fetch', () => {
  it('answers the in-process reads without injecting, and everything else through the routes', async () => {
    const admin = await adminAgent(h);
    const origin = 'http://127.0.0.1:8080';
    const inject = jest.spyOn(h.app, 'inject');
    const fetchFor = createInjectFetch(h.app, origin, undefined, h.appliance.inProcessReads);
    const headers = new Headers({ cookie: admin.cookieHeader(), accept: 'application/json' });

    const me = await fetchFor(`${origin}/api/users/me`, { headers });
    expect(me.status).toBe(200);
    expect(me.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await me.json()).toMatchObject({ username: 'admin' });
    const anonymous = await fetchFor(`${origin}/api/menu/`, { headers: new Headers() });
    expect(anonymous.status).toBe(401);
    expect(inject).not.toHaveBeenCalled();

    const messages = await fetchFor(`${origin}/api/users/me/messages`, { headers });
    expect(messages.status).toBe(200);
    expect(inject).toHaveBeenCalledTimes(1);
    inject.mockRestore();
  });
});
