/**
 * Page access as a class (issue 39): each console page is opened, and its menu entry shown, only by the accounts its
 * one line of src/shared/pageAccess.ts lets in, through the real appliance and its server render (a new case is one
 * row). Anyone else gets one 403 page: the area's no-access page, or the one "administrators only" page for the
 * administrators' pages, with nothing of the page asked for; the menu leaves the entry out. And no page or menu entry
 * of the console escapes the list.
 */
import fs from 'node:fs';
import type { RouteObject } from 'react-router';
import { routes } from '../../src/app/routes';
import { fallbackMenu, menuTarget } from '../../src/shared/menu';
import { PAGE_ACCESS, pageAccessAt } from '../../src/shared/pageAccess';
import {
  adminAgent,
  grantPrivileges,
  startServer,
  userAgent,
  type Agent,
  type Harness,
} from '../appliance/support/harness';

let h: Harness;
const agents: Record<string, Agent> = {};

beforeAll(async () => {
  h = await startServer({ config: { env: 'production' } });
  agents.admin = await adminAgent(h);
  agents['pki reader'] = await userAgent(h, 'pia');
  await grantPrivileges(h, 'pia', { pki: 'read' });
  agents['pki writer'] = await userAgent(h, 'pete');
  await grantPrivileges(h, 'pete', { pki: 'write', logs: 'write', settings: 'write' });
  agents['logs reader'] = await userAgent(h, 'lou');
  await grantPrivileges(h, 'lou', { logs: 'read' });
}, 60_000);
afterAll(async () => {
  await h.close();
  fs.rmSync(h.dataDir, { recursive: true, force: true });
});

type Outcome = 'page' | 'admins only' | `no access to ${string}`;

/** [account, page, what it gets]. */
const CASES: ReadonlyArray<[string, string, Outcome]> = [
  ['pki reader', '/system/backups', 'admins only'],
  ['pki reader', '/system/log-forwarding', 'admins only'],
  ['pki reader', '/system/alerts', 'admins only'],
  ['pki reader', '/system/alert-channels', 'admins only'],
  ['pki writer', '/system/backups', 'admins only'],
  ['pki writer', '/system/log-forwarding', 'admins only'],
  ['logs reader', '/system/backups', 'admins only'],
  ['logs reader', '/system/alerts', 'admins only'],
  ['pki reader', '/system/certificates', 'page'],
  ['pki reader', '/system/certificate-authorities', 'page'],
  ['pki reader', '/system/acme-orders', 'page'],
  ['pki reader', '/system/history', 'page'],
  ['pki reader', '/dns/proxy', 'no access to DNS'],
  ['logs reader', '/system/certificates', 'no access to Certificates (PKI)'],
  ['logs reader', '/system/history', 'page'],
  ['logs reader', '/logs/overview', 'page'],
  ['admin', '/system/backups', 'page'],
  ['admin', '/system/log-forwarding', 'page'],
  ['admin', '/system/alerts', 'page'],
  ['admin', '/system/alert-channels', 'page'],
];

const headings = (html: string) => [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((m) => m[1]);
const entriesOf = (html: string): Record<string, unknown> =>
  (
    JSON.parse(/id="__RAMPART_STATE__"[^>]*>([^<]*)</.exec(html)![1]) as {
      resources: { entries: Record<string, unknown> };
    }
  ).resources.entries;

describe.each(CASES)('%s on %s', (account, path, outcome) => {
  it(`gets ${outcome === 'page' ? 'the page' : `the "${outcome}" page (403)`}`, async () => {
    const res = await agents[account].get(path);
    if (outcome === 'page') {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Administrators only');
      expect(res.body).not.toContain('You do not have access');
      return;
    }
    expect(res.statusCode).toBe(403);
    const title =
      outcome === 'admins only' ? 'Administrators only' : `You do not have access to ${outcome.slice(13)}`;
    expect(headings(res.body)).toEqual([title]);
    expect(res.body).toContain(`<title>${title} · Rampart</title>`);
    expect(entriesOf(res.body)).toEqual({});
  });

  it(`${outcome === 'page' ? 'finds' : 'does not find'} it in the menu`, async () => {
    const menu = (await agents[account].get('/api/menu/')).json() as typeof fallbackMenu;
    const targets = menu.flatMap((g) => g.children.map((c) => menuTarget(g, c)));
    expect(targets.includes(path)).toBe(outcome === 'page');
  });
});

test('the administrators-only page says the same on every administrators page', async () => {
  const bodies = await Promise.all(
    ['/system/backups', '/system/log-forwarding', '/system/alerts', '/system/alert-channels'].map(
      async (p) => {
        const body = (await agents['pki reader'].get(p)).body;
        return /<section class="page no-access"[\s\S]*?<\/section>/.exec(body)?.[0];
      },
    ),
  );
  expect(bodies[0]).toContain('no group grants them');
  expect(new Set(bodies).size).toBe(1);
});

function routeIds(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.id ? [r.id] : []), ...routeIds(r.children ?? [])]);
}

test('every menu entry of the console leads to a page the access list has a line for', () => {
  const missing = fallbackMenu
    .flatMap((g) => g.children.map((c) => menuTarget(g, c)))
    .filter((target) => pageAccessAt(target) === undefined);
  expect(missing).toEqual([]);
});

test('every line of the access list is a page of the route table', () => {
  const ids = new Set(routeIds(routes));
  const pages = Object.keys(PAGE_ACCESS).map((p) => (p === '' ? 'home' : p));
  expect(pages.filter((p) => !ids.has(p))).toEqual([]);
});
