import { fallbackMenu } from '../../src/shared/menu';
import { TERMS_TEXT } from '../../src/appliance/seed';
import { Agent, adminAgent, count, startServer, userAgent, type Harness } from './support/harness';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a70000000049454e44ae426082',
  'hex',
);
const revision = (h: Harness) =>
  (h.ctx.db.prepare('SELECT revision FROM ui_settings').get() as { revision: number }).revision;

describe('console endpoints', () => {
  let h: Harness;
  let admin: Agent;
  let user: Agent;
  beforeAll(async () => {
    h = await startServer();
    admin = await adminAgent(h);
    user = await userAgent(h, 'operator');
  });
  afterAll(() => h.close());

  describe('settings', () => {
    it('reads the colours without login and lets an admin change them', async () => {
      const anon = await new Agent(h.app).get('/api/config/settings');
      const noImages = { login_logo: false, bar_logo: false, login_background: false };
      expect(anon.json()).toEqual({
        primary_color: '#76b100',
        bar_color: '#1f2a33',
        login_title: null,
        images: noImages,
      });
      const put = await admin.put('/api/config/settings', { primary_color: '#123456', bar_color: '#abc' });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ primary_color: '#123456', bar_color: '#abc' });
      expect((await user.get('/api/config/settings')).json()).toEqual({
        primary_color: '#123456',
        bar_color: '#abc',
        login_title: null,
        images: noImages,
      });
    });

    it('refuses anonymous (401), non-admin (403) and unprotected (403 XSRF) writes', async () => {
      const before = revision(h);
      const anon = new Agent(h.app);
      await anon.visit();
      expect(
        (await anon.put('/api/config/settings', { primary_color: '#000', bar_color: '#000' })).statusCode,
      ).toBe(401);
      const forbidden = await user.put('/api/config/settings', { primary_color: '#000', bar_color: '#000' });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({
        detail: 'You do not have permission to do this: this needs the write privilege of the settings area',
      });
      const noXsrf = await admin.request({
        method: 'PUT',
        url: '/api/config/settings',
        payload: { primary_color: '#000', bar_color: '#000' },
        xsrf: false,
      });
      expect(noXsrf.statusCode).toBe(403);
      expect(noXsrf.json().detail).toMatch(/XSRF/);
      expect(revision(h)).toBe(before);
    });

    // Raw JSON bodies, so numbers beyond double range reach the parser as sent.
    const bad: Array<[string, string, unknown[]]> = [
      [
        'a missing field',
        '{"primary_color": "#000"}',
        [{ loc: ['body', 'bar_color'], msg: 'field required', type: 'value_error.missing' }],
      ],
      [
        'an extra field',
        '{"primary_color": "#000", "bar_color": "#000", "font": "x"}',
        [{ loc: ['body', 'font'], msg: 'extra fields not permitted', type: 'value_error.extra' }],
      ],
      [
        'a wrong type',
        '{"primary_color": 12, "bar_color": "#000"}',
        [{ loc: ['body', 'primary_color'], msg: 'str type expected', type: 'type_error.str' }],
      ],
      [
        'an oversize string',
        JSON.stringify({ primary_color: `#${'a'.repeat(5000)}`, bar_color: '#000' }),
        [
          {
            loc: ['body', 'primary_color'],
            msg: 'ensure this value has at most 9 characters',
            type: 'value_error.any_str.max_length',
            ctx: { limit_value: 9 },
          },
          { loc: ['body', 'primary_color'], msg: expect.any(String), type: 'value_error.color' },
        ],
      ],
      [
        'SQL metacharacters',
        JSON.stringify({ primary_color: '#000', bar_color: "'; DROP TABLE users;--" }),
        [
          expect.objectContaining({ loc: ['body', 'bar_color'], type: 'value_error.any_str.max_length' }),
          expect.objectContaining({ loc: ['body', 'bar_color'], type: 'value_error.color' }),
        ],
      ],
      [
        'a huge number',
        '{"primary_color": 1e400, "bar_color": 123456789012345678901234567890}',
        [
          { loc: ['body', 'primary_color'], msg: 'str type expected', type: 'type_error.str' },
          { loc: ['body', 'bar_color'], msg: 'str type expected', type: 'type_error.str' },
        ],
      ],
      [
        'a list body',
        '[1, 2]',
        [{ loc: ['body'], msg: 'value is not a valid dict', type: 'type_error.dict' }],
      ],
      ['a null body', 'null', [{ loc: ['body'], msg: 'field required', type: 'value_error.missing' }]],
    ];
    it.each(bad)(
      'answers %s with 422 and the documented items, writing nothing',
      async (_name, payload, detail) => {
        const before = revision(h);
        const res = await admin.request({
          method: 'PUT',
          url: '/api/config/settings',
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().detail).toEqual(detail);
        expect(revision(h)).toBe(before);
        expect(count(h, 'users')).toBe(2);
      },
    );

    it.each([
      [
        'a huge number',
        '{"attempts": 123456789012345678901234567890, "window_seconds": 60, "duration_seconds": 60}',
        'value_error.number.not_le',
      ],
      ['a fraction', '{"attempts": 1.5, "window_seconds": 60, "duration_seconds": 60}', 'type_error.integer'],
      ['zero', '{"attempts": 0, "window_seconds": 60, "duration_seconds": 60}', 'value_error.number.not_ge'],
      [
        'a numeric string',
        '{"attempts": "5", "window_seconds": 60, "duration_seconds": 60}',
        'type_error.integer',
      ],
    ])('refuses a lockout policy with %s', async (_name, payload, type) => {
      const before = (await admin.get('/api/config/lockout')).json();
      const res = await admin.request({
        method: 'PUT',
        url: '/api/config/lockout',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'attempts'], type });
      expect((await admin.get('/api/config/lockout')).json()).toEqual(before);
    });

    it('answers malformed bodies with 400/413/422 and nothing written', async () => {
      const before = revision(h);
      const send = (payload: string | Buffer, type = 'application/json') =>
        admin.request({
          method: 'PUT',
          url: '/api/config/settings',
          payload,
          headers: { 'content-type': type },
        });
      const invalidJson = await send('{"primary_color": "#000",');
      expect(invalidJson.statusCode).toBe(400);
      expect(invalidJson.json().detail).toEqual([
        { loc: ['body'], msg: 'Invalid JSON body', type: 'value_error.jsondecode' },
      ]);
      const invalidUtf8 = await send(
        Buffer.concat([
          Buffer.from('{"primary_color": "#00'),
          Buffer.from([0xc3, 0x28]),
          Buffer.from('", "bar_color": "#000"}'),
        ]),
      );
      expect(invalidUtf8.statusCode).toBe(400);
      expect(invalidUtf8.json().detail).toEqual([
        { loc: ['body'], msg: 'body is not valid UTF-8', type: 'value_error.unicode' },
      ]);
      const huge = await send(
        JSON.stringify({ primary_color: '#000', bar_color: '#000', pad: 'x'.repeat(70 * 1024) }),
      );
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ detail: 'Request body is too large (at most 64 KiB)' });
      const empty = await send('');
      expect(empty.statusCode).toBe(422);
      expect(empty.json().detail).toEqual([
        { loc: ['body'], msg: 'field required', type: 'value_error.missing' },
      ]);
      const proto = await send(
        '{"__proto__": {"admin": true}, "primary_color": "#000", "bar_color": "#000"}',
      );
      expect(proto.statusCode).toBe(400);
      const text = await send('hello', 'text/plain');
      expect(text.statusCode).toBe(415);
      expect(revision(h)).toBe(before);
    });

    it('ends 50 parallel writes in one consistent state with every write counted', async () => {
      const before = revision(h);
      const colours = Array.from(
        { length: 50 },
        (_, i) => `#${i.toString(16).padStart(2, '0')}${i.toString(16).padStart(2, '0')}00`,
      );
      const results = await Promise.all(
        colours.map((c) => admin.put('/api/config/settings', { primary_color: c, bar_color: c })),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const final = (await admin.get('/api/config/settings')).json();
      expect(final.primary_color).toBe(final.bar_color);
      expect(colours).toContain(final.primary_color);
      expect(revision(h)).toBe(before + 50);
    });
  });

  describe('images', () => {
    it('has none at first (404), stores a PNG recognised by its bytes and serves it with its type', async () => {
      expect((await new Agent(h.app).get('/api/config/login_logo')).statusCode).toBe(404);
      const put = await admin.put('/api/config/login_logo', PNG, {
        'content-type': 'application/octet-stream',
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ slot: 'login_logo', mime: 'image/png', size: PNG.length });
      const get = await new Agent(h.app).get('/api/config/login_logo');
      expect(get.statusCode).toBe(200);
      expect(get.headers['content-type']).toBe('image/png');
      expect(get.headers['x-content-type-options']).toBe('nosniff');
      expect(get.rawPayload.equals(PNG)).toBe(true);
      const cached = await new Agent(h.app).get('/api/config/login_logo', {
        'if-none-match': String(get.headers.etag),
      });
      expect(cached.statusCode).toBe(304);
      expect((await new Agent(h.app).get('/api/auth/setup')).json().login_logo).toBe(
        '/api/config/login_logo',
      );
    });

    it('refuses SVG, text claiming to be PNG, empty and oversize bodies, and unknown slots', async () => {
      const svg = await admin.put(
        '/api/config/bar_logo',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        {
          'content-type': 'image/svg+xml',
        },
      );
      expect(svg.statusCode).toBe(422);
      expect(svg.json().detail).toEqual([
        { loc: ['body'], msg: 'the file is not a PNG, JPEG, GIF or WebP image', type: 'value_error.image' },
      ]);
      const liar = await admin.put('/api/config/bar_logo', Buffer.from('GIF? no, text'), {
        'content-type': 'image/png',
      });
      expect(liar.statusCode).toBe(422);
      const big = await admin.put(
        '/api/config/bar_logo',
        Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
        { 'content-type': 'image/png' },
      );
      expect(big.statusCode).toBe(413);
      const empty = await admin.put('/api/config/bar_logo', Buffer.alloc(0), { 'content-type': 'image/png' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().detail[0]).toMatchObject({ loc: ['body'], type: 'value_error.missing' });
      const slot = await admin.put('/api/config/favicon', PNG, { 'content-type': 'image/png' });
      expect(slot.statusCode).toBe(422);
      expect(slot.json().detail[0]).toMatchObject({ loc: ['path', 'slot'], type: 'type_error.enum' });
      const userPut = await user.put('/api/config/bar_logo', PNG, { 'content-type': 'image/png' });
      expect(userPut.statusCode).toBe(403);
      expect((await admin.get('/api/config/bar_logo')).statusCode).toBe(404);
    });

    it('removes an image', async () => {
      await admin.put('/api/config/login_background', PNG, { 'content-type': 'image/png' });
      expect(
        (await admin.request({ method: 'DELETE', url: '/api/config/login_background' })).statusCode,
      ).toBe(204);
      expect((await admin.get('/api/config/login_background')).statusCode).toBe(404);
    });
  });

  describe('menu and who-am-I', () => {
    it('serves the seeded menu in the fallback menu shape to an admin', async () => {
      expect((await new Agent(h.app).get('/api/menu/')).statusCode).toBe(401);
      const res = await admin.get('/api/menu/');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(fallbackMenu);
    });

    it('leaves out of the menu of a user the areas its groups grant nothing in (the public network overview and the configuration history stay)', async () => {
      const res = await user.get('/api/menu/');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        {
          id: 'system',
          name: 'System',
          path: '/system',
          children: [{ id: 'history', name: 'History', path: '/history' }],
        },
        {
          id: 'network',
          name: 'Network',
          path: '/network',
          children: [{ id: 'overview', name: 'Overview', path: '/overview' }],
        },
      ]);
    });

    it('says who the user is', async () => {
      expect((await user.get('/api/users/me')).json()).toEqual({
        username: 'operator',
        role: 'user',
        panels: { admin: false, network: false, custom: false, customLabel: '' },
        must_change_password: false,
        privileges: {},
      });
    });
  });

  describe('messaging center', () => {
    it('lists the terms agreement until the user acknowledges it, per user and idempotently', async () => {
      const list = await user.get('/api/users/me/messages');
      expect(list.json()).toEqual({
        data: [
          {
            id: 'terms',
            version_id: '1',
            text: TERMS_TEXT,
            name: 'Terms of use',
            level: 'info',
            type: 'agreement',
          },
        ],
      });
      const ack = await user.post('/api/users/me/ack-messages', { message_id: 'terms', version_id: '1' });
      expect(ack.statusCode).toBe(200);
      const again = await user.post('/api/users/me/ack-messages', { message_id: 'terms', version_id: '1' });
      expect(again.json()).toEqual(ack.json());
      expect(count(h, 'message_acceptances')).toBe(1);
      expect((await user.get('/api/users/me/messages')).json()).toEqual({ data: [] });
      expect((await admin.get('/api/users/me/messages')).json().data).toHaveLength(1);
    });

    it('shows a new version of an acknowledged message again, and only the newest version', async () => {
      const add = (version: string) =>
        h.ctx.db
          .prepare(
            "INSERT INTO messages (id, version_id, name, text, level, type, created_at) VALUES ('terms', ?, 'Terms of use', ?, 'info', 'agreement', ?)",
          )
          .run(version, `terms v${version}`, Date.now());
      add('2');
      add('3');
      try {
        const list = (await user.get('/api/users/me/messages')).json().data as Array<{ version_id: string }>;
        expect(list.map((m) => m.version_id)).toEqual(['3']);
      } finally {
        h.ctx.db.prepare("DELETE FROM messages WHERE id = 'terms' AND version_id IN ('2', '3')").run();
      }
      expect((await user.get('/api/users/me/messages')).json()).toEqual({ data: [] });
    });

    it('refuses unknown messages (404) and bad ids (422) without writing', async () => {
      const before = count(h, 'message_acceptances');
      const unknown = await user.post('/api/users/me/ack-messages', { message_id: 'terms', version_id: '2' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Message does not exist' });
      const sql = await user.post('/api/users/me/ack-messages', {
        message_id: "terms'; DELETE FROM messages;--",
        version_id: '1',
      });
      expect(sql.statusCode).toBe(422);
      expect(sql.json().detail[0]).toMatchObject({
        loc: ['body', 'message_id'],
        type: 'value_error.str.regex',
      });
      const number = await user.request({
        method: 'POST',
        url: '/api/users/me/ack-messages',
        payload: '{"message_id": "terms", "version_id": 123456789012345678901234567890}',
        headers: { 'content-type': 'application/json' },
      });
      expect(number.json().detail).toEqual([
        { loc: ['body', 'version_id'], msg: 'str type expected', type: 'type_error.str' },
      ]);
      expect(count(h, 'message_acceptances')).toBe(before);
      expect(count(h, 'messages')).toBe(1);
    });

    it('exports who accepted which version when, as JSON and CSV, to admins only', async () => {
      expect((await user.get('/api/messages/acceptances')).statusCode).toBe(403);
      const json = await admin.get('/api/messages/acceptances');
      expect(json.json()).toEqual({
        data: [
          {
            username: 'operator',
            message_id: 'terms',
            version_id: '1',
            message_name: 'Terms of use',
            accepted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          },
        ],
      });
      const csv = await admin.get('/api/messages/acceptances?format=csv');
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="message_acceptances_.*\.csv"$/,
      );
      const lines = csv.body.trim().split('\n');
      expect(lines[0]).toBe('"username";"message_id";"version_id";"message_name";"accepted_at"');
      expect(lines[1]).toMatch(/^"operator";"terms";"1";"Terms of use";"\d{4}-/);
      expect((await admin.get('/api/messages/acceptances?format=xml')).statusCode).toBe(422);
    });
  });

  it('answers unknown API paths with a JSON 404 for every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await admin.request({ method, url: '/api/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('detail');
    }
  });
});

describe('internal failures', () => {
  it('answer 500 with a fixed detail: no stack, no SQL, no internal message', async () => {
    const h = await startServer();
    const admin = await adminAgent(h);
    h.ctx.db.exec('DROP TABLE menu_children');
    try {
      const res = await admin.get('/api/menu/');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Error processing request' });
      expect(res.body).not.toMatch(/menu_children|SELECT|sqlite|at /i);
    } finally {
      await h.close();
    }
  });
});
