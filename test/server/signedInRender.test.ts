/**
 * Signed-in server renders as an appliance in production serves them: each account sees its own menu, name and
 * privileges, a change to the menu, to an account's privileges or to the look and feel shows on the very next
 * render, every response has nonces of its own, and an ended session sends the next page to the login.
 */
import fs from 'node:fs';
import path from 'node:path';
import { APPLIANCE_DB_FILE } from '../../src/appliance';
import { openDatabase } from '../../src/storage/sqlite';
import {
  adminAgent,
  grantPrivileges,
  startServer,
  userAgent,
  type Agent,
  type Harness,
} from '../appliance/support/harness';

let h: Harness;
let admin: Agent;
let dnsReader: Agent;

beforeAll(async () => {
  h = await startServer({ config: { env: 'production' } });
  admin = await adminAgent(h);
  dnsReader = await userAgent(h, 'dora');
  await grantPrivileges(h, 'dora', { dns: 'read' });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(h.dataDir, { recursive: true, force: true });
});

interface Rendered {
  status: number;
  html: string;
  state: {
    session: { loggedIn: boolean; user: { username: string; privileges: Record<string, string> } | null };
    menu: { source: string; items: Array<{ id: string; children: Array<{ id: string; name: string }> }> };
    layout: { style: { primaryColor: string | null } | null };
  };
  nonces: { script: string; style: string };
}

async function render(agent: Agent, url: string): Promise<Rendered> {
  const res = await agent.get(url);
  const csp = String(res.headers['content-security-policy']);
  const json = /id="__RAMPART_STATE__"[^>]*>([^<]*)</.exec(res.body)?.[1];
  return {
    status: res.statusCode,
    html: res.body,
    state: json ? JSON.parse(json) : null,
    nonces: {
      script: /script-src[^;]*'nonce-([0-9a-f]+)'/.exec(csp)![1],
      style: /style-src[^;]*'nonce-([0-9a-f]+)'/.exec(csp)![1],
    },
  };
}

/** The context bar's links as the page shows them. */
const menuLinks = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)" class="context-bar__link[^"]*"/g)].map((m) => m[1]);

describe('signed-in renders', () => {
  it('give each account its own menu, name and privileges, whatever was rendered before', async () => {
    for (let round = 0; round < 2; round++) {
      const a = await render(admin, '/network/overview');
      const d = await render(dnsReader, '/network/overview');
      expect(a.status).toBe(200);
      expect(d.status).toBe(200);
      expect(a.state.session.user?.username).toBe('admin');
      expect(d.state.session.user).toMatchObject({ username: 'dora', privileges: { dns: 'read' } });
      expect(a.html).toContain('aria-label="Account menu (signed in as admin)"');
      expect(d.html).toContain('aria-label="Account menu (signed in as dora)"');
      expect(d.html).not.toContain('signed in as admin');
      expect(a.state.menu.source).toBe('api');
      expect(menuLinks(a.html)).toEqual(
        expect.arrayContaining([
          '/authentication/users',
          '/dns/proxy',
          '/system/alerts',
          '/system/alert-channels',
        ]),
      );
      // The DNS reader's menu: the history every account reads (its areas only), the DNS pages and the public
      // network overview, nothing of the other areas.
      expect(menuLinks(d.html)).toEqual([
        '/system/history',
        '/dns/proxy',
        '/dns/dynamic',
        '/dns/queries',
        '/network/overview',
      ]);
      expect(d.state.menu.items.map((g) => g.id)).toEqual(['system', 'dns', 'network']);
    }
  });

  it('show a privilege granted, a menu change, a new colour and theme on the next render', async () => {
    const user = await userAgent(h, 'lena');
    const page = '/network/overview';
    for (let i = 0; i < 2; i++)
      expect(menuLinks((await render(user, page)).html)).toEqual(['/system/history', '/network/overview']);

    await grantPrivileges(h, 'lena', { logs: 'read' });
    const granted = await render(user, page);
    expect(granted.state.session.user?.privileges).toEqual({ logs: 'read' });
    expect(menuLinks(granted.html)).toEqual(['/system/history', '/network/overview', '/logs/overview']);

    h.ctx.db.prepare("UPDATE menu_children SET name = 'Event log' WHERE group_id = 'logs'").run();
    try {
      expect((await render(user, page)).html).toMatch(
        /href="\/logs\/overview" class="context-bar__link">Event log</,
      );
    } finally {
      h.ctx.db.prepare("UPDATE menu_children SET name = 'Live logs' WHERE group_id = 'logs'").run();
    }
    expect((await render(user, page)).html).toMatch(/>Live logs</);
    // A change committed by another connection (a tool of the appliance writing its database) shows as well.
    const other = openDatabase(path.join(h.dataDir, APPLIANCE_DB_FILE));
    try {
      other.prepare("UPDATE menu_groups SET name = 'Journal' WHERE id = 'logs'").run();
      expect((await render(user, page)).html).toContain('<span class="context-bar__group">Journal</span>');
      other.prepare("UPDATE menu_groups SET name = 'Logs' WHERE id = 'logs'").run();
      expect((await render(user, page)).html).toContain('<span class="context-bar__group">Logs</span>');
    } finally {
      other.close();
    }

    const put = await admin.put('/api/config/settings', { primary_color: '#204060', bar_color: '#1f2a33' });
    expect(put.statusCode).toBe(200);
    const styled = await render(user, page);
    expect(styled.state.layout.style?.primaryColor).toBe('#204060');
    expect(styled.html).toContain('--color-primary:#204060');

    expect((await render(user, page)).html).toContain('aria-label="Colour theme: system. Change theme"');
    const dark = await user.get(page, { cookie: `${user.cookieHeader()}; rampart_theme=dark` });
    expect(dark.body).toContain('aria-label="Colour theme: dark. Change theme"');
    expect(dark.body).toContain('<html lang="en-US" data-theme="dark">');
  });

  it('are the same rendered each time or kept (the context bar, the router answer, the whole page)', async () => {
    const pages = [
      '/logs/overview',
      '/dns/proxy',
      '/settings/layout',
      '/authentication/users',
      '/help',
      '/shop',
    ];
    const cache = h.app.fragmentCache;
    const kept = [cache, h.app.routeAnswers, h.app.signedInPages];
    for (const agent of [admin, dnsReader]) {
      cache.clear();
      h.app.signedInPages.clear();
      for (const k of kept) k.enabled = false;
      const plain = [];
      for (const url of pages) plain.push(await render(agent, url));
      for (const k of kept) k.enabled = true;
      // A page whose state holds a random id (a notification's) is another input every time: never given kept.
      const onceOnly = plain.filter((p) => p.html.includes('"localId":')).length;
      for (const round of ['rendered and kept', 'kept']) {
        for (const [i, url] of pages.entries()) {
          const r = await render(agent, url);
          // Nonces are per response, and a notification's local id is random.
          const same = (html: string, nonces: Rendered['nonces']) =>
            html
              .replaceAll(nonces.script, 'NONCE')
              .replaceAll(nonces.style, 'STYLE-NONCE')
              .replace(/"localId":"\w+"/g, '"localId":"ID"');
          expect({ url, round, html: same(r.html, r.nonces) }).toEqual({
            url,
            round,
            html: same(plain[i]!.html, plain[i]!.nonces),
          });
        }
        // The first round renders each page and keeps it; the second is given the pages kept.
        expect(cache.size).toBe(pages.length);
        expect(h.app.signedInPages.size).toBe(round === 'kept' ? pages.length + onceOnly : pages.length);
      }
    }
  });

  it('carry the nonces of their own response only', async () => {
    await render(admin, '/logs/overview');
    const first = await render(admin, '/logs/overview');
    const second = await render(admin, '/logs/overview');
    expect(second.nonces.script).not.toBe(first.nonces.script);
    for (const r of [first, second]) {
      const tags = r.html.match(/<script[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThan(1);
      for (const tag of tags) expect(tag).toContain(`nonce="${r.nonces.script}"`);
    }
    expect(second.html).not.toContain(first.nonces.script);
    expect(second.html).not.toContain(first.nonces.style);
  });

  it('send the next page to the login once the session has ended', async () => {
    const user = await userAgent(h, 'otto');
    await grantPrivileges(h, 'otto', { network: 'read' });
    expect((await render(user, '/network/analytics')).status).toBe(200);
    const cookie = user.cookieHeader();
    expect((await user.post('/api/auth/logout')).statusCode).toBeLessThan(400);
    const res = await h.app.inject({ url: '/network/analytics', headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/account/login?return_to=%2Fnetwork%2Fanalytics');
    expect(String(res.headers['set-cookie'])).toMatch(/rampart_logged_in=; Max-Age=0/);
  });
});
