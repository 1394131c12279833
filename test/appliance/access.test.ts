/** Who may call what: every endpoint against anonymous, user and admin callers, and XSRF on every mutating one. */
import { Agent, adminAgent, startServer, userAgent, type Harness } from './support/harness';

type Level = 'public' | 'user' | 'admin';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JOB = '00000000-0000-4000-8000-000000000000';

const endpoints: Array<[string, string, Level, unknown?, string?]> = [
  ['GET', '/api/auth/setup', 'public'],
  ['GET', '/api/config/settings', 'public'],
  ['GET', '/api/config/login_logo', 'public'],
  ['PUT', '/api/config/settings', 'admin', { primary_color: '#000', bar_color: '#fff' }],
  ['PUT', '/api/config/bar_logo', 'admin', PNG, 'image/png'],
  ['DELETE', '/api/config/bar_logo', 'admin'],
  ['GET', '/api/config/lockout', 'admin'],
  ['GET', '/api/authentication/signup', 'admin'],
  ['PUT', '/api/authentication/signup', 'admin', { mode: 'open', allowed_domains: [] }],
  ['PUT', '/api/config/lockout', 'admin', { attempts: 5, window_seconds: 900, duration_seconds: 900 }],
  ['GET', '/api/menu/', 'user'],
  ['GET', '/api/users/me', 'user'],
  ['GET', '/api/users/me/messages', 'user'],
  ['POST', '/api/users/me/ack-messages', 'user', { message_id: 'terms', version_id: '1' }],
  ['GET', '/api/messages/acceptances', 'admin'],
  ['GET', '/api/messages/acceptances?format=csv', 'admin'],
  ['POST', '/api/jobs', 'admin', { type: 'reboot' }],
  ['GET', '/api/jobs', 'user'],
  ['GET', '/api/jobs?active=1', 'user'],
  ['GET', `/api/jobs/${JOB}`, 'user'],
  ['GET', `/eos/jobs/${JOB}/stream`, 'user'],
];
const mutating = ([method]: [string, ...unknown[]]) => !['GET', 'HEAD'].includes(method);

describe('access to every endpoint', () => {
  let h: Harness;
  let anon: Agent;
  let user: Agent;
  let admin: Agent;
  beforeAll(async () => {
    h = await startServer();
    admin = await adminAgent(h);
    user = await userAgent(h, 'someone');
    anon = new Agent(h.app);
    await anon.visit();
  });
  afterAll(() => h.close());

  const call = (agent: Agent, [method, url, , payload, type]: (typeof endpoints)[number], xsrf = true) =>
    agent.request({
      method: method as 'GET',
      url,
      payload: payload as string,
      headers: type ? { 'content-type': type } : undefined,
      xsrf,
    });

  it.each(endpoints.filter(([, , level]) => level !== 'public'))(
    '%s %s refuses anonymous callers with 401',
    async (...e) => {
      const res = await call(anon, e);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Not authenticated' });
    },
  );

  it.each(endpoints.filter(([, , level]) => level === 'admin'))(
    '%s %s refuses a user whose groups grant nothing with 403',
    async (...e) => {
      const res = await call(user, e);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/^You do not have permission to do this: /);
    },
  );

  it.each(endpoints.filter(([, , level]) => level !== 'admin'))('%s %s lets a user in', async (...e) => {
    const res = await call(user, e);
    expect([200, 404]).toContain(res.statusCode);
  });

  it.each(endpoints.filter(([, , level]) => level === 'admin'))('%s %s lets an admin in', async (...e) => {
    const res = await call(admin, e);
    expect(res.statusCode).not.toBe(401);
    expect(res.statusCode).not.toBe(403);
  });

  it.each(endpoints.filter(mutating))('%s %s needs the XSRF header even from an admin', async (...e) => {
    const res = await call(admin, e, false);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/^XSRF check failed/);
  });

  it('exempts bearer-authenticated calls from XSRF, but not calls with browser-sent Basic credentials', async () => {
    const bearer = await h.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { authorization: 'Bearer not-a-session' },
      payload: { type: 'config' },
    });
    expect(bearer.statusCode).toBe(401);
    const basic = await admin.request({
      method: 'PUT',
      url: '/api/config/settings',
      payload: { primary_color: '#000', bar_color: '#000' },
      headers: { authorization: 'Basic YWRtaW46eA==' },
      xsrf: false,
    });
    expect(basic.statusCode).toBe(403);
  });

  it.each([
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/change_password'],
    ['POST', '/api/auth/logout'],
  ])('%s %s needs the XSRF header', async (method, url) => {
    const res = await anon.request({
      method: method as 'POST',
      url,
      payload: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      xsrf: false,
    });
    expect(res.statusCode).toBe(403);
  });
});
