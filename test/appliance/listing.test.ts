/**
 * The list contract every list endpoint shares (src/shared/contracts/listing.ts): a total, pages, sorting over the
 * endpoint's fields, text search, its filters, and a clear 422 for a query it does not take. Accounts are seeded
 * straight into the store (the list, not account creation, is under test).
 */
import { Agent, adminAgent, startServer, type Harness } from './support/harness';

let h: Harness;
let admin: Agent;

const SEEDED = 120;

beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
  const insert = h.ctx.db.prepare(
    `INSERT INTO users (username, password_hash, role, email, full_name, enabled, expires_at, created_at)
     VALUES (?, 'x', ?, ?, ?, ?, ?, ?)`,
  );
  h.ctx.db.transaction(() => {
    for (let i = 1; i <= SEEDED; i++) {
      const n = String(i).padStart(3, '0');
      insert.run(
        `user${n}`,
        i % 10 === 0 ? 'admin' : 'user',
        `user${n}@example.org`,
        i === 42 ? 'Ada Lovelace' : `Person ${n}`,
        i % 7 === 0 ? 0 : 1,
        i === 5 ? '2001-01-01' : null,
        1_700_000_000_000 + i,
      );
    }
  })();
}, 60_000);
afterAll(() => h.close());

const list = async (query: string) => {
  const res = await admin.get(`/api/users${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: Array<{ username: string; role: string }>;
    total: number;
    page: number;
    per_page: number;
  };
};

describe('a list endpoint', () => {
  // The seeded admin is one more account.
  const ALL = SEEDED + 1;

  it('answers every row with its total when no page is asked (callers that need the whole list)', async () => {
    const all = await list('');
    expect(all.total).toBe(ALL);
    expect(all.data).toHaveLength(ALL);
    expect(all.data[0].username).toBe('admin');
  });

  it('answers one page and the total that matched', async () => {
    const p2 = await list('?page=2&per_page=25');
    expect(p2).toMatchObject({ total: ALL, page: 2, per_page: 25 });
    expect(p2.data.map((u) => u.username)).toEqual(
      Array.from({ length: 25 }, (_, i) => `user${String(i + 25).padStart(3, '0')}`),
    );
    const last = await list('?page=5&per_page=25');
    expect(last.data).toHaveLength(ALL - 4 * 25);
    expect((await list('?page=99&per_page=25')).data).toEqual([]);
  });

  it('pages with 50 rows when only the page is given, and caps a larger ask at 500', async () => {
    expect((await list('?page=1')).per_page).toBe(50);
    expect((await list('?page=1&per_page=9999')).per_page).toBe(500);
  });

  it('sorts by a field, descending with a leading minus', async () => {
    expect((await list('?page=1&per_page=3&sort=-username')).data.map((u) => u.username)).toEqual([
      'user120',
      'user119',
      'user118',
    ]);
    const byRole = await list('?page=1&per_page=13&sort=role');
    expect(byRole.data.every((u) => u.role === 'admin')).toBe(true);
  });

  it('finds rows by text in any case, with the total of the matches', async () => {
    const found = await list('?q=LOVELACE');
    expect(found.total).toBe(1);
    expect(found.data[0].username).toBe('user042');
  });

  it('filters by the endpoint’s own fields, combined with search and paging', async () => {
    expect((await list('?role=admin')).total).toBe(13);
    expect((await list('?status=disabled')).total).toBe(17);
    expect((await list('?status=expired')).data.map((u) => u.username)).toEqual(['user005']);
    const page = await list('?role=user&status=enabled&q=user0&page=1&per_page=10');
    expect(page.data).toHaveLength(10);
    expect(page.total).toBeGreaterThan(10);
  });

  it.each([
    ['a field it does not sort by', '?sort=password_hash', 'sort'],
    ['page 0', '?page=0', 'page'],
    ['a page that is not a number', '?page=two', 'page'],
    ['a role that does not exist', '?role=root', 'role'],
    ['a parameter it does not take', '?limit=10', 'limit'],
    ['a search over 200 characters', `?q=${'a'.repeat(201)}`, 'q'],
  ])('refuses %s with a 422 naming the parameter', async (_what, query, param) => {
    const res = await admin.get(`/api/users${query}`);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain(param);
  });
});

describe('every list of the console takes the same query', () => {
  it.each([
    ['/api/users', 'username'],
    ['/api/groups', 'name'],
    ['/api/authentication/providers', 'name'],
    ['/api/authentication/services', 'name'],
    ['/api/pki/certificates', 'name'],
    ['/api/pki/cas', 'name'],
    ['/api/pki/crls', 'name'],
    ['/api/pki/acme/orders', 'created_at'],
  ])('%s pages, sorts by %s and reports its total', async (url, field) => {
    const res = await admin.get(`${url}?page=1&per_page=2&sort=-${field}&q=`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: unknown[]; total: number; page: number; per_page: number };
    expect(body.page).toBe(1);
    expect(body.per_page).toBe(2);
    expect(body.data.length).toBe(Math.min(2, body.total));
    expect((await admin.get(`${url}?sort=nonsense`)).statusCode).toBe(422);
  });
});

describe('the certificate list', () => {
  // Three real certificates, one revoked: the list sorts and filters over the stored columns and describes the page.
  beforeAll(async () => {
    const ca = (
      await admin.post('/api/pki/cas', {
        name: 'List Root',
        key_type: 'ec-p256',
        subject: { common_name: 'List Root' },
        validity_days: 365,
      })
    ).json() as { id: string };
    for (const [cn, days] of [
      ['alpha.example.test', 30],
      ['beta.example.test', 90],
      ['gamma.example.test', 10],
    ] as const) {
      const res = await admin.post('/api/pki/certificates', {
        ca_id: ca.id,
        profile: 'server',
        subject: { common_name: cn },
        sans: { dns: [cn, `www.${cn}`] },
        validity_days: days,
        key_type: 'ec-p256',
      });
      expect(res.statusCode).toBe(201);
      if (cn === 'beta.example.test')
        expect(
          (await admin.post(`/api/pki/certificates/${res.json().id}/revoke`, { reason: 'superseded' }))
            .statusCode,
        ).toBe(200);
    }
  }, 60_000);

  const names = async (query: string) => {
    const res = await admin.get(`/api/pki/certificates${query}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Array<{ name: string; status: string }>; total: number };
    return { names: body.data.map((c) => c.name), total: body.total };
  };

  it('sorts by expiry, filters by state and finds a certificate by one of its names', async () => {
    expect((await names('?sort=not_after')).names).toEqual([
      'gamma.example.test',
      'alpha.example.test',
      'beta.example.test',
    ]);
    expect(await names('?status=revoked')).toEqual({ names: ['beta.example.test'], total: 1 });
    expect((await names('?q=www.alpha')).names).toEqual(['alpha.example.test']);
    // The kinds of names are not text of the certificate.
    expect((await names('?q=dns')).total).toBe(0);
    expect(await names('?page=2&per_page=2&sort=name')).toEqual({ names: ['gamma.example.test'], total: 3 });
  });
});

describe('a long list cut by the database keeps people-friendly order and search', () => {
  // Names that a byte order sorts wrongly: digit runs by value, accents and case ignored, empty values last.
  beforeAll(() => {
    const insert = h.ctx.db.prepare(
      `INSERT INTO users (username, password_hash, role, email, full_name, created_at)
       VALUES (?, 'x', 'user', ?, ?, 1)`,
    );
    for (const [username, full_name] of [
      ['zz-host10', 'Émile Zola'],
      ['zz-host2', 'emma Bovary'],
      ['zz-host1', 'Eric Zed'],
    ])
      insert.run(username, '', full_name);
  });

  it('sorts digit runs by their value and ignores case and accents', async () => {
    const hosts = await list('?q=zz-host&sort=username');
    expect(hosts.data.map((u) => u.username)).toEqual(['zz-host1', 'zz-host2', 'zz-host10']);
    const people = (await admin.get('/api/users?q=zz-host&sort=full_name')).json() as {
      data: Array<{ full_name: string }>;
    };
    expect(people.data.map((u) => u.full_name)).toEqual(['Émile Zola', 'emma Bovary', 'Eric Zed']);
  });

  it('puts empty values last in either direction', async () => {
    for (const sort of ['email', '-email']) {
      const rows = (await admin.get(`/api/users?sort=${sort}`)).json() as { data: Array<{ email: string }> };
      const firstEmpty = rows.data.findIndex((u) => u.email === '');
      expect(firstEmpty).toBeGreaterThan(0);
      expect(rows.data.slice(firstEmpty).every((u) => u.email === '')).toBe(true);
    }
  });

  it('keeps its keys when an account is renamed, and never matches across two fields', async () => {
    const id = (h.ctx.db.prepare("SELECT id FROM users WHERE username = 'zz-host2'").get() as { id: number })
      .id;
    h.ctx.db.prepare("UPDATE users SET username = 'zz-host99' WHERE id = ?").run(id);
    expect((await list('?q=zz-host&sort=-username')).data[0].username).toBe('zz-host99');
    expect((await list('?q=zz-host2')).total).toBe(0);
    // "zz-host1" then "Eric Zed": a search spanning the two fields finds nothing.
    expect((await list('?q=host1eric')).total).toBe(0);
  });

  it('counts a locked account as locked, whatever the case of its name', async () => {
    h.ctx.db.prepare("UPDATE users SET username = 'ZZ-Locked' WHERE username = 'zz-host1'").run();
    const stranger = new Agent(h.app);
    await stranger.visit();
    for (let i = 0; i < 10; i++) await stranger.login('zz-locked', 'wrong password');
    const locked = await list('?status=locked');
    expect(locked.data.map((u) => u.username)).toContain('ZZ-Locked');
  });
});
