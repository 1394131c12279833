/**
 * Layout settings API (the /settings/layout page's calls): colours with bad input, the three image slots with
 * oversized and non-image bodies, the login setup showing the login images, and reset to defaults.
 */
import { Agent, adminAgent, startServer, type Harness } from '../support/harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('layout settings', () => {
  let h: Harness;
  let admin: Agent;
  beforeAll(async () => {
    h = await startServer();
    admin = await adminAgent(h);
  });
  afterAll(() => h.close());

  const settings = async () => (await admin.get('/api/config/settings')).json();

  it.each([
    ['no #', { primary_color: '123456', bar_color: '#000000' }, 'primary_color'],
    ['a colour name', { primary_color: 'red', bar_color: '#000000' }, 'primary_color'],
    ['five digits', { primary_color: '#12345', bar_color: '#000000' }, 'primary_color'],
    ['not hex', { primary_color: '#12345g', bar_color: '#000000' }, 'primary_color'],
    ['CSS injection', { primary_color: '#fff;background:url(x)', bar_color: '#000' }, 'primary_color'],
    ['a number', { primary_color: '#ffffff', bar_color: 0x123456 }, 'bar_color'],
    ['missing', { primary_color: '#ffffff' }, 'bar_color'],
    [
      'a title too long',
      { primary_color: '#fff', bar_color: '#000', login_title: 'x'.repeat(61) },
      'login_title',
    ],
    [
      'a title with a line break',
      { primary_color: '#fff', bar_color: '#000', login_title: 'a\nb' },
      'login_title',
    ],
    ['a title that is a number', { primary_color: '#fff', bar_color: '#000', login_title: 7 }, 'login_title'],
  ])('refuses a colour that is %s (422 on the field) and keeps the old ones', async (_n, body, field) => {
    const before = await settings();
    const res = await admin.put('/api/config/settings', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.map((d: { loc: string[] }) => d.loc.join('.'))).toContain(`body.${field}`);
    expect(await settings()).toEqual(before);
  });

  it('keeps a login title for the login setup until it is removed; saving colours alone leaves it', async () => {
    const put = await admin.put('/api/config/settings', {
      primary_color: '#76b100',
      bar_color: '#1f2a33',
      login_title: '  ACME gateway  ',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().login_title).toBe('ACME gateway');
    const setup = () => new Agent(h.app).get('/api/auth/setup').then((r) => r.json().login_title);
    expect(await setup()).toBe('ACME gateway');
    expect((await new Agent(h.app).get('/api/config/settings')).json().login_title).toBe('ACME gateway');
    await admin.put('/api/config/settings', { primary_color: '#123456', bar_color: '#1f2a33' });
    expect(await setup()).toBe('ACME gateway');
    await admin.put('/api/config/settings', {
      primary_color: '#76b100',
      bar_color: '#1f2a33',
      login_title: ' ',
    });
    expect(await setup()).toBeNull();
  });

  it.each(['login_logo', 'bar_logo', 'login_background'])(
    'refuses an oversized %s (413) and a non-image (422)',
    async (slot) => {
      const big = await admin.put(
        `/api/config/${slot}`,
        Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
        {
          'content-type': 'image/png',
        },
      );
      expect(big.statusCode).toBe(413);
      const text = await admin.put(`/api/config/${slot}`, Buffer.from('<html>'), {
        'content-type': 'image/png',
      });
      expect(text.json().detail[0].type).toBe('value_error.image');
      expect((await settings()).images[slot]).toBe(false);
    },
  );

  it('shows the login images on the login setup, and resets everything to defaults', async () => {
    await admin.put('/api/config/settings', {
      primary_color: '#aa0000',
      bar_color: '#003366',
      login_title: 'ACME',
    });
    for (const slot of ['login_logo', 'bar_logo', 'login_background'])
      expect((await admin.put(`/api/config/${slot}`, PNG, { 'content-type': 'image/png' })).statusCode).toBe(
        200,
      );
    const setup = (await new Agent(h.app).get('/api/auth/setup')).json();
    expect(setup.login_logo).toMatch(/config\/login_logo$/);
    expect(setup.login_background).toMatch(/config\/login_background$/);

    const anon = new Agent(h.app);
    await anon.visit();
    expect((await anon.request({ method: 'DELETE', url: '/api/config/settings' })).statusCode).toBe(401);

    const reset = await admin.request({ method: 'DELETE', url: '/api/config/settings' });
    expect(reset.statusCode).toBe(200);
    const expected = {
      primary_color: '#76b100',
      bar_color: '#1f2a33',
      login_title: null,
      images: { login_logo: false, bar_logo: false, login_background: false },
    };
    expect(reset.json()).toEqual(expected);
    expect(await settings()).toEqual(expected);
    expect((await admin.get('/api/config/login_logo')).statusCode).toBe(404);
    expect((await new Agent(h.app).get('/api/auth/setup')).json()).toMatchObject({
      login_logo: null,
      login_title: null,
    });
  });
});
