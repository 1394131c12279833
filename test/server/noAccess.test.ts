/**
 * Pages of an area the signed-in account may not read, rendered by the server as an appliance in production serves
 * them: one no-access page answered with HTTP 403 (no read-only notice, no "could not be loaded", no toast, nothing of
 * the area asked for), while an account that may read the area gets the page with its read-only notice.
 */
import fs from 'node:fs';
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
let logsReader: Agent;
let dnsReader: Agent;

beforeAll(async () => {
  h = await startServer({ config: { env: 'production' } });
  admin = await adminAgent(h);
  logsReader = await userAgent(h, 'lou');
  await grantPrivileges(h, 'lou', { logs: 'read' });
  dnsReader = await userAgent(h, 'dani');
  await grantPrivileges(h, 'dani', { dns: 'read' });
}, 60_000);
afterAll(async () => {
  await h.close();
  fs.rmSync(h.dataDir, { recursive: true, force: true });
});

interface PageState {
  resources: { entries: Record<string, unknown> };
  notifications: { toasts: unknown[] };
}

const stateOf = (html: string): PageState =>
  JSON.parse(/id="__RAMPART_STATE__"[^>]*>([^<]*)</.exec(html)![1]) as PageState;

const headings = (html: string) => [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((m) => m[1]);

describe('a page of an area the account may not read', () => {
  it.each([
    ['/dns/proxy', 'DNS'],
    ['/dns/dynamic', 'DNS'],
    ['/authentication/users', 'Authentication'],
    ['/authentication/users/1', 'Authentication'],
    ['/system/certificates', 'Certificates (PKI)'],
    ['/ssh/password', 'SSH'],
  ])('%s answers 403 with the one no-access page', async (path, area) => {
    const res = await logsReader.get(path);
    expect(res.statusCode).toBe(403);
    expect(headings(res.body)).toEqual([`You do not have access to ${area}`]);
    expect(res.body).toContain(`<title>You do not have access to ${area} · Rampart</title>`);
    expect(res.body).toMatch(/<a[^>]* href="\/"[^>]*>Back to the home page<\/a>/);
    expect(res.body).not.toContain('could not be loaded');
    expect(res.body).not.toContain('You can view these settings');
    expect(res.body).not.toContain('No users yet.');
    const state = stateOf(res.body);
    // Nothing of the area was asked for, so nothing failed and nothing is announced.
    expect(state.resources.entries).toEqual({});
    expect(state.notifications.toasts).toEqual([]);
  });

  it('is the page itself with its read-only notice for an account that may read the area', async () => {
    const res = await dnsReader.get('/dns/proxy');
    expect(res.statusCode).toBe(200);
    expect(headings(res.body)[0]).toMatch(/^DNS proxy/);
    expect(res.body).toContain('You can view these settings but not change them');
    expect(Object.keys(stateOf(res.body).resources.entries)).toContain('dns/proxy');
  });

  it('is the page itself for an admin', async () => {
    const res = await admin.get('/authentication/users');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('You do not have access');
  });

  it('does not touch the pages every account may open', async () => {
    for (const path of ['/', '/help', '/profile', '/network/overview'])
      expect((await logsReader.get(path)).statusCode).toBe(200);
  });
});
