/**
 * Applying the configuration as one document (issue 29): `PUT config` writes the sections a document changes and
 * applies them through safe apply as one job; an unchanged document changes nothing; export → import round-trips.
 * Reverting a revision and restoring the configuration as of one go the same way, recorded as revisions of method
 * `restore` that name what they undid; a lock-out-prone change (the SSH port) not kept rolls back everything.
 * YAML both ways; bad documents are refused with nothing changed.
 */
import YAML from 'yaml';
import type { JobProgress } from '../../../src/appliance/jobs/runner';
import { CONFIG_FORMAT } from '../../../src/shared/contracts/revisions';
import {
  adminAgent,
  count,
  NEW_ADMIN_PASSWORD,
  startServer,
  type Agent,
  type Harness,
} from '../support/harness';
import { ensurePrivsepDir } from '../support/tools';

type Doc = {
  format: string;
  exported_at?: string;
  sections: Record<string, Record<string, Record<string, unknown>>>;
};

const until = async (check: () => Promise<boolean>, ms = 8000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
};

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  ensurePrivsepDir();
  h = await startServer({ config: { applyConfirmSeconds: 2 } });
  admin = await adminAgent(h);
}, 60_000);
afterAll(() => h.close());

const exportDoc = async (): Promise<Doc> => (await admin.get('/api/config')).json() as Doc;
const finished = async (job: JobProgress | null): Promise<JobProgress> => {
  expect(job).not.toBeNull();
  let current = job as JobProgress;
  await until(async () => {
    current = (await admin.get(`/api/jobs/${current.id}`)).json();
    return current.status !== 'running';
  });
  return current;
};
const latest = async () =>
  (await admin.get('/api/revisions?per_page=1')).json().data[0] as {
    id: number;
    actor: string;
    method: string;
    reason: string | null;
    summary: string;
    reverts: number | null;
  };
const pending = async () =>
  (await admin.get('/api/apply/confirmations')).json().data as Array<{ id: string }>;

it('applies a changed document as one revision and one safe-apply job, and the export round-trips', async () => {
  const doc = await exportDoc();
  const dns = doc.sections['dns.proxy'];
  dns.settings.cache_size_mb = 16;
  dns['upstream:77'] = { address: '9.9.9.9', port: 853, tls: true, tls_name: 'dns.quad9.net' };
  const res = await admin.put('/api/config', doc, { 'x-change-reason': 'move to Quad9' });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.plan.changes.map((c: { line: string }) => c.line)).toEqual(
    expect.arrayContaining(['DNS proxy: cache size 4 → 16 MiB', 'Upstream 9.9.9.9@853 (TLS) added']),
  );
  expect((await finished(body.job)).status).toBe('done');
  expect(await latest()).toMatchObject({ id: body.revision, actor: 'admin', reason: 'move to Quad9' });
  // Applied: the DNS proxy has nothing pending and its generated configuration names the new upstream.
  const preview = (await admin.get('/api/dns/proxy/preview')).json();
  expect(preview.pending_changes).toBe(false);
  expect(preview.files.map((f: { content: string }) => f.content).join('\n')).toContain('9.9.9.9@853');

  // The export, imported again, changes nothing and exports the same.
  const again = await exportDoc();
  const revisions = count(h, 'revisions');
  const jobs = count(h, 'jobs');
  const same = await admin.put('/api/config', again);
  expect(same.json()).toMatchObject({ plan: { changes: [] }, revision: null, job: null });
  expect(count(h, 'revisions')).toBe(revisions);
  expect(count(h, 'jobs')).toBe(jobs);
  const { exported_at: _a, ...first } = again as Doc & { exported_at: string };
  const { exported_at: _b, ...second } = (await exportDoc()) as Doc & { exported_at: string };
  expect(second).toEqual(first);
});

it('exports YAML on Accept: application/yaml and takes YAML documents to plan and apply', async () => {
  const res = await admin.get('/api/config', { accept: 'application/yaml' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/yaml/);
  const doc = YAML.parse(res.body) as Doc;
  expect(doc).toEqual({ ...(await exportDoc()), exported_at: doc.exported_at });
  const plan = await admin.post('/api/config/plan', res.body, { 'content-type': 'application/yaml' });
  expect(plan.statusCode).toBe(200);
  expect(plan.json().changes).toEqual([]);
  doc.sections['dns.proxy'].settings.cache_size_mb = 32;
  const put = await admin.put('/api/config', YAML.stringify(doc), { 'content-type': 'application/yaml' });
  expect(put.statusCode).toBe(200);
  expect(put.json().plan.changes.map((c: { line: string }) => c.line)).toEqual([
    'DNS proxy: cache size 16 → 32 MiB',
  ]);
  await finished(put.json().job);
});

it('refuses bad YAML, bad JSON, an unknown format version and a bad entity clearly, changing nothing', async () => {
  const revisions = count(h, 'revisions');
  const before = await exportDoc();
  const yaml = await admin.put('/api/config', 'format: rampart-config/1\nsections: {dns.proxy: [\n', {
    'content-type': 'application/yaml',
  });
  expect(yaml.statusCode).toBe(400);
  expect(yaml.json().detail[0]).toMatchObject({
    type: 'value_error.yamldecode',
    msg: expect.stringMatching(/^not valid YAML \(line \d+, column \d+\): /),
  });
  const json = await admin.put('/api/config', '{"format": "rampart-config/1", "sections": {', {
    'content-type': 'application/json',
  });
  expect(json.statusCode).toBe(400);
  const version = await admin.put('/api/config', { ...before, format: 'rampart-config/9' });
  expect(version.statusCode).toBe(422);
  expect(version.json().detail[0]).toMatchObject({
    loc: ['body', 'format'],
    type: 'value_error.config.format',
    msg: `this appliance reads ${CONFIG_FORMAT} documents`,
  });
  const bad = structuredClone(before);
  bad.sections['dns.proxy'].settings.port = 'fifty-three';
  const entity = await admin.put('/api/config', bad);
  expect(entity.statusCode).toBe(422);
  expect(entity.json().detail[0].loc).toEqual(['body', 'sections', 'dns.proxy', 'settings', 'port']);
  // What a document cannot write (an account's user name) is named, not silently skipped.
  const account = structuredClone(before);
  const [id] = Object.keys(account.sections['authentication.accounts']);
  account.sections['authentication.accounts'][id].username = 'someone-else';
  const readOnly = await admin.put('/api/config', account);
  expect(readOnly.statusCode).toBe(422);
  expect(readOnly.json().detail[0]).toMatchObject({
    loc: ['body', 'sections', 'authentication.accounts', id],
    type: 'value_error.config.read_only',
  });
  expect(count(h, 'revisions')).toBe(revisions);
  const { exported_at: _a, ...was } = before as Doc & { exported_at: string };
  const { exported_at: _b, ...now } = (await exportDoc()) as Doc & { exported_at: string };
  expect(now).toEqual(was);
});

it('reverts one revision through safe apply, recorded as a restore naming it', async () => {
  await admin.put('/api/dns/proxy/settings', {
    ...(await exportDoc()).sections['dns.proxy'].settings,
    cache_size_mb: 64,
  });
  const change = await latest();
  expect(change.summary).toBe('DNS proxy: cache size 32 → 64 MiB');
  const plan = await admin.get(`/api/revisions/${change.id}/revert-plan`);
  expect(plan.json().changes.map((c: { line: string }) => c.line)).toEqual([
    'DNS proxy: cache size 64 → 32 MiB',
  ]);
  const res = await admin.post(`/api/revisions/${change.id}/revert`, undefined, {
    'x-change-reason': 'too big',
  });
  expect(res.statusCode).toBe(200);
  expect((await finished(res.json().job)).status).toBe('done');
  expect(await latest()).toMatchObject({
    id: res.json().revision,
    method: 'restore',
    reason: `Revert of #${change.id}: too big`,
    reverts: change.id,
    summary: 'DNS proxy: cache size 64 → 32 MiB',
  });
  expect((await exportDoc()).sections['dns.proxy'].settings.cache_size_mb).toBe(32);
});

it('restores the configuration as of a revision, undoing every later change', async () => {
  const settings = (await exportDoc()).sections['dns.proxy'].settings;
  await admin.put('/api/dns/proxy/settings', { ...settings, cache_size_mb: 8 });
  const asOf = await latest();
  await admin.put('/api/dns/proxy/settings', { ...settings, cache_size_mb: 10 });
  await admin.post('/api/dns/proxy/host_overrides', {
    host: 'nas',
    domain: 'home.arpa',
    address: '192.0.2.7',
  });
  const plan = (await admin.get(`/api/revisions/${asOf.id}/restore-plan`)).json();
  expect(plan.changes.map((c: { line: string }) => c.line).sort()).toEqual([
    'DNS proxy: cache size 10 → 8 MiB',
    'Host override nas.home.arpa removed',
  ]);
  const res = await admin.post(`/api/revisions/${asOf.id}/restore`);
  expect((await finished(res.json().job)).status).toBe('done');
  expect(await latest()).toMatchObject({
    method: 'restore',
    reason: `Restore as of #${asOf.id}`,
    reverts: asOf.id,
  });
  const dns = (await exportDoc()).sections['dns.proxy'];
  expect(dns.settings.cache_size_mb).toBe(8);
  expect(Object.values(dns).some((e) => e.host === 'nas')).toBe(false);
});

describe('a lock-out-prone revert (the SSH port)', () => {
  const portChange = async () => {
    const ssh = (await exportDoc()).sections.ssh.settings;
    await admin.put('/api/ssh/config/settings', { ...ssh, port: 2222 });
    const change = await latest();
    await finished((await admin.post('/api/ssh/config/apply')).json());
    // The port change itself waits for Keep changes: kept here.
    const [waiting] = await pending();
    await admin.post(`/api/apply/confirmations/${waiting.id}/confirm`);
    return change;
  };

  it('waits for "Keep changes"; not kept, everything the revert changed rolls back', async () => {
    const change = await portChange();
    // The same revert also changes DNS (restore-as-of a revision before both): a whole-document rollback.
    const settings = (await exportDoc()).sections['dns.proxy'].settings;
    const revisions = count(h, 'revisions');
    const res = await admin.post(`/api/revisions/${change.id}/revert`);
    expect(res.json().plan.changes).toEqual([
      expect.objectContaining({
        section: 'ssh',
        id: 'settings',
        lockout_prone: true,
        keep_changes: true,
        line: 'SSH service: port 2222 → 22',
      }),
    ]);
    await finished(res.json().job);
    expect(await pending()).toHaveLength(1);
    expect((await exportDoc()).sections.ssh.settings.port).toBe(22);
    // Not kept: at the deadline the port goes back, and a system revision says so.
    await until(async () => (await pending()).length === 0, 5000);
    await until(async () => (await exportDoc()).sections.ssh.settings.port === 2222, 2000);
    const timed = await latest();
    expect(timed).toMatchObject({
      actor: 'system',
      method: 'system',
      summary: 'SSH service: port 22 → 2222',
    });
    expect(count(h, 'revisions')).toBeGreaterThan(revisions + 1);
    const sshd = (await admin.get('/api/ssh/config/preview')).json();
    expect(sshd.pending_changes).toBe(false);
    expect(sshd.files.map((f: { content: string }) => f.content).join('\n')).toMatch(/^Port 2222$/m);
    expect((await exportDoc()).sections['dns.proxy'].settings).toEqual(settings);
  });

  it('rolls back the other services a document applied with it', async () => {
    const doc = await exportDoc();
    const cache = doc.sections['dns.proxy'].settings.cache_size_mb;
    doc.sections['dns.proxy'].settings.cache_size_mb = 128;
    doc.sections.ssh.settings.port = 2200;
    const res = await admin.put('/api/config', doc);
    expect((await finished(res.json().job)).status).toBe('done');
    const [waiting] = await pending();
    // "Revert now" instead of keeping it: the DNS change of the same document goes back too, applied.
    expect((await admin.post(`/api/apply/confirmations/${waiting.id}/revert`)).statusCode).toBe(200);
    const after = await exportDoc();
    expect(after.sections.ssh.settings.port).toBe(2222);
    expect(after.sections['dns.proxy'].settings.cache_size_mb).toBe(cache);
    const dnsPreview = (await admin.get('/api/dns/proxy/preview')).json();
    expect(dnsPreview.pending_changes).toBe(false);
    // The account's "Revert now" records the SSH part; the rest of the rollback names the revision it undid.
    const [ssh, rest] = (await admin.get('/api/revisions?per_page=2')).json().data;
    expect(ssh).toMatchObject({
      actor: 'admin',
      method: 'console',
      summary: 'SSH service: port 2200 → 2222',
    });
    expect(rest).toMatchObject({
      actor: 'admin',
      method: 'system',
      reverts: res.json().revision,
      summary: `DNS proxy: cache size 128 → ${String(cache)} MiB`,
    });
  });
});

describe('retention', () => {
  let small: Harness;
  afterAll(() => small?.close());

  it('keeps the newest revisions up to the configured count, and none older than the configured days', async () => {
    small = await startServer({ config: { revisionRetentionCount: 10, revisionRetentionDays: 30 } });
    const agent = await adminAgent(small);
    const settings = (await agent.get('/api/dns/proxy')).json().settings;
    for (let size = 20; size < 32; size += 1)
      await agent.put('/api/dns/proxy/settings', { ...settings, cache_size_mb: size });
    const page = (await agent.get('/api/revisions?sort=at')).json();
    expect(page.total).toBe(10);
    expect(page.data[0].summary).toMatch(/cache size 21 → 22 MiB/);
    // A revision older than 30 days goes with the next change (the oldest goes by the count).
    small.ctx.db
      .prepare('UPDATE revisions SET at = ? WHERE id = ?')
      .run(Date.now() - 31 * 86_400_000, page.data[5].id);
    await agent.put('/api/dns/proxy/settings', { ...settings, cache_size_mb: 40 });
    const after = (await agent.get('/api/revisions?sort=at')).json();
    expect(after.total).toBe(9);
    const ids = after.data.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(page.data[0].id);
    expect(ids).not.toContain(page.data[5].id);
  });
});

it('describes PUT config, revert and restore in the OpenAPI document, each taking the change reason', async () => {
  const doc = (await admin.get('/api/openapi.json')).json() as {
    paths: Record<
      string,
      Record<string, { summary?: string; parameters?: Array<{ name: string; in: string }> }>
    >;
  };
  for (const [path, method] of [
    ['/api/config', 'put'],
    ['/api/revisions/{id}/revert', 'post'],
    ['/api/revisions/{id}/restore', 'post'],
  ] as const) {
    const op = doc.paths[path][method];
    expect(op.summary).toMatch(/safe apply/);
    expect((op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'X-Change-Reason')).toBe(true);
  }
  expect(doc.paths['/api/revisions/{id}/restore-plan'].get.summary).toMatch(/changes nothing/);
});

it('never reverts a secret: the plan and the revert of a password change leave it as it is', async () => {
  const set = await admin.put('/api/ssh/password', {
    current_password: NEW_ADMIN_PASSWORD,
    new_password: 'Tr0ub4dor&3-horse',
  });
  expect(set.statusCode).toBe(200);
  const change = await latest();
  expect(change.summary).toMatch(/^Shell account: password (set|changed)$/);
  expect((await admin.get(`/api/revisions/${change.id}/revert-plan`)).json().changes).toEqual([]);
  const revert = await admin.post(`/api/revisions/${change.id}/revert`);
  expect(revert.json()).toMatchObject({ plan: { changes: [] }, revision: null, job: null });
});
