/**
 * Areas of history, jobs and pending changes, through the real API with real accounts and groups (a new case is one
 * row):
 * - a revision (its detail, generated files, revert plan, list row and search hit) is shown only to an account that
 *   may read every section it touches; lists and their totals never count what they hide;
 * - a job is listed and shown only to an account that may read what it works on (backups: administrators);
 * - keeping or reverting a pending change needs write on every area it touches (accounts: administrators), and the
 *   refusal says what is missing.
 * What each section needs is derived from the routes that own it (src/appliance/revisions/guards.ts); the first table
 * pins it, so a route that changes who may read or write a section changes this file too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sectionGuards } from '../../src/appliance/revisions';
import type { Privileges } from '../../src/shared/privileges';
import {
  adminAgent,
  grantPrivileges,
  startServer,
  userAgent,
  type Agent,
  type Harness,
} from '../appliance/support/harness';
import { ensurePrivsepDir } from '../appliance/support/tools';

type Doc = { format: string; sections: Record<string, Record<string, Record<string, unknown>>> };

let h: Harness;
let admin: Agent;
const agents = new Map<string, Agent>();

/** The accounts of the tables: name → what its one group grants. */
const ACCOUNTS: Record<string, Privileges> = {
  nobody: {},
  dnsReader: { dns: 'read' },
  dnsSshUpdatesReader: { dns: 'read', ssh: 'read', updates: 'read' },
  settingsWriter: { settings: 'write' },
  networkWriter: { network: 'write' },
  networkAuthWriter: { network: 'write', authentication: 'write' },
  everyAreaWriter: {
    dns: 'write',
    ssh: 'write',
    network: 'write',
    logs: 'write',
    updates: 'write',
    settings: 'write',
    pki: 'write',
    authentication: 'write',
    messaging: 'write',
  },
};

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
};

const exportDoc = async (): Promise<Doc> => (await admin.get('/api/config')).json() as Doc;
const finished = async (id: string) =>
  until(async () => (await admin.get(`/api/jobs/${id}`)).json().status !== 'running');
const latestRevision = async () => (await admin.get('/api/revisions?per_page=1')).json().data[0].id as number;
const pending = async () =>
  (await admin.get('/api/apply/confirmations')).json().data as Array<{ id: string }>;

/** What the admin did, by name: revisions and jobs the tables refer to. */
const revisions: Record<string, number> = {};
const jobs: Record<string, string> = {};
const MARK = 'zq-history-probe';

beforeAll(async () => {
  ensurePrivsepDir();
  h = await startServer({ config: { applyConfirmSeconds: 600 } });
  admin = await adminAgent(h);
  for (const [name, privileges] of Object.entries(ACCOUNTS)) {
    agents.set(name, await userAgent(h, name));
    if (Object.keys(privileges).length) await grantPrivileges(h, name, privileges);
  }

  // One document changing DNS, SSH and the update source: one revision, one job.
  const doc = await exportDoc();
  doc.sections['dns.proxy'].settings.cache_size_mb = 12;
  doc.sections.ssh.settings.permit_root_login =
    doc.sections.ssh.settings.permit_root_login === 'no' ? 'prohibit-password' : 'no';
  doc.sections['updates.settings'].settings.repository = `https://updates.example.org/${MARK}/`;
  const applied = await admin.put('/api/config', doc, { 'x-change-reason': `${MARK} document` });
  expect(applied.statusCode).toBe(200);
  revisions.dnsSshUpdates = applied.json().revision as number;
  jobs.document = applied.json().job.id as string;
  await finished(jobs.document);

  // A DNS change of its own, applied on its own.
  const override = await admin.post(
    '/api/dns/proxy/host_overrides',
    { host: 'nas', domain: 'home.arpa', address: '192.168.1.20' },
    { 'x-change-reason': `${MARK} dns` },
  );
  expect(override.statusCode).toBe(201);
  revisions.dns = await latestRevision();
  const dnsApply = await admin.post('/api/dns/proxy/apply');
  expect(dnsApply.statusCode).toBe(202);
  jobs.dnsApply = dnsApply.json().id as string;
  await finished(jobs.dnsApply);

  // A backup target (admin-only, in the settings area) and a backup run.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-history-backups-'));
  await admin.put('/api/backups/schedule', {
    schedule: 'daily',
    at_time: '03:15',
    weekday: 0,
    interval_hours: 24,
    passphrase: 'history probe passphrase 1',
  });
  const target = await admin.post(
    '/api/backups/targets',
    { name: `${MARK} target`, kind: 'local', directory: dir, keep: 2, enabled: true },
    { 'x-change-reason': `${MARK} backup` },
  );
  expect(target.statusCode).toBe(201);
  revisions.backups = await latestRevision();
  const run = await admin.post('/api/backups/run', {});
  expect(run.statusCode).toBe(202);
  jobs.backup = run.json().id as string;
  await finished(jobs.backup);

  // A layout change: the settings area's own.
  const layout = await admin.put(
    '/api/config/settings',
    { primary_color: '#123456', bar_color: '#654321' },
    { 'x-change-reason': `${MARK} layout` },
  );
  expect(layout.statusCode).toBe(200);
  revisions.layout = await latestRevision();
}, 120_000);
afterAll(() => h.close());

describe('what each section needs, from the routes that own it', () => {
  /** [section, read needs, write needs]. */
  it.each<[string, string, string]>([
    ['dns.proxy', 'dns', 'dns'],
    ['dns.dynamic', 'dns', 'dns'],
    ['ssh', 'ssh', 'ssh'],
    ['network.preferences', 'network', 'network'],
    ['updates.settings', 'updates', 'updates'],
    ['settings.layout', 'settings', 'settings'],
    ['authentication.lockout', 'authentication', 'authentication'],
    ['authentication.accounts', 'authentication', 'admin'],
    ['authentication.groups', 'authentication', 'admin'],
    ['authentication.providers', 'authentication', 'admin'],
    ['authentication.services', 'authentication', 'admin'],
    ['authentication.signup', 'authentication', 'admin'],
    ['pki.certificates', 'pki', 'pki'],
    ['settings.backups', 'admin', 'admin'],
    ['settings.log_forwarding', 'admin', 'admin'],
    ['settings.fleet', 'fleet', 'admin'],
    ['settings.alert_channels', 'admin', 'admin'],
    ['settings.alert_settings', 'admin', 'admin'],
  ])('%s: read %s, write %s', (section, read, write) => {
    const guard = sectionGuards(h.ctx).get(section);
    const words = (need: 'admin' | readonly string[] | undefined) =>
      need === 'admin' ? 'admin' : need?.join('+');
    expect({ read: words(guard?.read), write: words(guard?.write) }).toEqual({ read, write });
  });
});

describe('a revision is shown only to who may read every area it touches', () => {
  /** [account, revision, shown]. */
  it.each<[string, string, boolean]>([
    ['dnsReader', 'dns', true],
    ['dnsReader', 'dnsSshUpdates', false],
    ['dnsSshUpdatesReader', 'dnsSshUpdates', true],
    ['dnsSshUpdatesReader', 'backups', false],
    ['settingsWriter', 'layout', true],
    ['settingsWriter', 'backups', false],
    ['everyAreaWriter', 'backups', false],
    ['everyAreaWriter', 'dnsSshUpdates', true],
    ['nobody', 'dns', false],
    ['nobody', 'layout', false],
  ])('%s, revision %s: shown %s', async (who, name, shown) => {
    const agent = agents.get(who) as Agent;
    const id = revisions[name];
    const status = shown ? 200 : 404;
    expect((await agent.get(`/api/revisions/${id}`)).statusCode).toBe(status);
    expect((await agent.get(`/api/revisions/${id}/files`)).statusCode).toBe(status);
    expect((await agent.get(`/api/revisions/${id}/revert-plan`)).statusCode).toBe(status);
    const ids = async (query: string) =>
      ((await agent.get(`/api/revisions?${query}`)).json().data as Array<{ id: number }>).map((r) => r.id);
    expect((await ids('')).includes(id)).toBe(shown);
    expect((await ids(`q=${MARK}`)).includes(id)).toBe(shown);
    for (const area of ['dns', 'ssh', 'updates', 'settings'])
      expect((await ids(`area=${area}`)).filter((r) => r === id).length).toBeLessThanOrEqual(shown ? 1 : 0);
  });

  it('files a revision under every area it touches', async () => {
    const ids = async (area: string) =>
      ((await admin.get(`/api/revisions?area=${area}`)).json().data as Array<{ id: number }>).map(
        (r) => r.id,
      );
    for (const area of ['dns', 'ssh', 'updates']) expect(await ids(area)).toContain(revisions.dnsSshUpdates);
    expect(await ids('pki')).not.toContain(revisions.dnsSshUpdates);
  });

  /** [account, query]: the page's total counts only the rows it may show, on every page size and search. */
  it.each<[string, string]>([
    ['dnsReader', ''],
    ['dnsReader', `q=${MARK}`],
    ['dnsReader', 'per_page=1'],
    ['settingsWriter', `q=${MARK}`],
    ['dnsSshUpdatesReader', 'area=ssh'],
    ['nobody', ''],
  ])('%s, ?%s: the total counts no hidden revision', async (who, query) => {
    const agent = agents.get(who) as Agent;
    const all = (await agent.get(`/api/revisions?${query.replace(/per_page=\d+/, '')}`)).json();
    const page = (await agent.get(`/api/revisions?${query}`)).json();
    expect(page.total).toBe(all.data.length);
    for (const r of all.data as Array<{ id: number }>)
      expect((await agent.get(`/api/revisions/${r.id}`)).statusCode).toBe(200);
  });
});

describe('a job is shown only to who may read what it works on', () => {
  /** [account, job, shown]. */
  it.each<[string, string, boolean]>([
    ['dnsReader', 'dnsApply', true],
    ['dnsReader', 'document', false],
    ['dnsReader', 'backup', false],
    ['dnsSshUpdatesReader', 'document', true],
    ['settingsWriter', 'backup', false],
    ['everyAreaWriter', 'backup', false],
    ['nobody', 'dnsApply', false],
    ['nobody', 'backup', false],
  ])('%s, job %s: shown %s', async (who, name, shown) => {
    const agent = agents.get(who) as Agent;
    const id = jobs[name];
    expect((await agent.get(`/api/jobs/${id}`)).statusCode).toBe(shown ? 200 : 404);
    const listed = (await agent.get('/api/jobs')).json().data as Array<{ id: string }>;
    expect(listed.some((j) => j.id === id)).toBe(shown);
    if (!shown) expect((await agent.get(`/eos/jobs/${id}/stream`)).statusCode).toBe(404);
  });

  it('answers a job that was never there the same way', async () => {
    const res = await agents.get('nobody')?.get('/api/jobs/00000000-0000-4000-8000-000000000000');
    expect(res?.statusCode).toBe(404);
    expect(res?.json()).toEqual((await agents.get('nobody')?.get(`/api/jobs/${jobs.backup}`))?.json());
  });
});

const PREFERENCES = {
  hostname: 'gateway-1',
  domain: 'example.net',
  dns_servers: ['192.0.2.53'],
  ntp_servers: ['pool.ntp.org'],
  timezone: 'Europe/Paris',
};

describe('a pending change is kept or reverted only by who may write all of it', () => {
  let confirmation: string;
  const carolEnabled = () =>
    (h.ctx.db.prepare("SELECT enabled FROM users WHERE username = 'carol'").get() as { enabled: number })
      .enabled === 1;

  beforeAll(async () => {
    await userAgent(h, 'carol');
    // The network preferences become the console's own first (until then they are the host's).
    expect((await admin.put('/api/network/preferences', PREFERENCES)).statusCode).toBe(200);
    await finished((await admin.post('/api/network/preferences/apply')).json().id);
    for (const c of await pending()) await admin.post(`/api/apply/confirmations/${c.id}/confirm`);
    const doc = await exportDoc();
    doc.sections['network.preferences'].preferences.hostname = 'gateway-2';
    const carol = Object.values(doc.sections['authentication.accounts']).find((a) => a.username === 'carol');
    (carol as Record<string, unknown>).enabled = false;
    const res = await admin.put('/api/config', doc);
    expect(res.json()).toMatchObject({ job: { id: expect.any(String) } });
    await finished(res.json().job.id);
    [{ id: confirmation }] = await pending();
    expect(carolEnabled()).toBe(false);
  }, 60_000);

  /** [account, action, status, what the refusal names]. */
  it.each<[string, 'confirm' | 'revert', number, RegExp]>([
    ['networkWriter', 'revert', 403, /admin role \(the change touches Accounts\)/],
    ['networkWriter', 'confirm', 403, /admin role \(the change touches Accounts\)/],
    ['networkAuthWriter', 'revert', 403, /admin role/],
    ['everyAreaWriter', 'confirm', 403, /admin role/],
    ['dnsReader', 'revert', 403, /write privilege of the network area/],
    ['nobody', 'confirm', 403, /write privilege of the network area/],
  ])('%s may not %s it', async (who, action, status, names) => {
    const res = await (agents.get(who) as Agent).post(`/api/apply/confirmations/${confirmation}/${action}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toMatch(names);
    // Refused: the change still waits, the account it disabled stays disabled.
    expect((await pending()).map((c) => c.id)).toContain(confirmation);
    expect(carolEnabled()).toBe(false);
  });

  it('is listed only to who may resolve it', async () => {
    expect((await pending()).map((c) => c.id)).toEqual([confirmation]);
    for (const who of ['networkWriter', 'networkAuthWriter'])
      expect((await agents.get(who)?.get('/api/apply/confirmations'))?.json().data).toEqual([]);
  });

  it('is reverted whole by an admin', async () => {
    expect((await admin.post(`/api/apply/confirmations/${confirmation}/revert`)).statusCode).toBe(200);
    expect(carolEnabled()).toBe(true);
  });

  it('leaves a change of one area to its writers', async () => {
    expect(
      (await admin.put('/api/network/preferences', { ...PREFERENCES, hostname: 'gateway-3' })).statusCode,
    ).toBe(200);
    const job = await admin.post('/api/network/preferences/apply');
    await finished(job.json().id);
    const [own] = await pending();
    const writer = agents.get('networkWriter') as Agent;
    expect(((await writer.get('/api/apply/confirmations')).json().data as Array<{ id: string }>)[0]?.id).toBe(
      own.id,
    );
    expect((await writer.post(`/api/apply/confirmations/${own.id}/confirm`)).statusCode).toBe(200);
  });
});
