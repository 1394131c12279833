/**
 * Revisions keep the generated-file diff (issue 29): a change of a section a managed service applies records the files
 * it renders differently, before and after, paths relative to the data directory; a change that renders the same
 * files records none, and the running files are left alone until Apply.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { unboundConfPath } from '../../../src/appliance/dns/unbound';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
}, 60_000);
afterAll(() => h.close());

interface File {
  path: string;
  before: string | null;
  after: string | null;
  too_large: boolean;
}

const newest = async () =>
  ((await admin.get('/api/revisions?page=1&per_page=1')).json() as { data: Array<{ id: number }> }).data[0];

const filesOf = async (id: number) => {
  const res = await admin.get(`/api/revisions/${String(id)}/files`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { files: File[] }).files;
};

const unboundConf = (files: File[]) => files.find((f) => f.path.endsWith('unbound.conf'));

it('records the unbound.conf lines a cache size change renders, before and after, without touching the running file', async () => {
  const running = fs.readFileSync(unboundConfPath(h.dataDir), 'utf8');
  const settings = (await admin.get('/api/dns/proxy')).json().settings;
  expect((await admin.put('/api/dns/proxy/settings', { ...settings, cache_size_mb: 32 })).statusCode).toBe(
    200,
  );
  const files = await filesOf((await newest()).id);
  expect(files).toHaveLength(1);
  const conf = unboundConf(files);
  expect(conf?.path).toBe(path.relative(h.dataDir, unboundConfPath(h.dataDir)));
  expect(path.isAbsolute(conf?.path ?? '/')).toBe(false);
  expect(conf?.too_large).toBe(false);
  expect(conf?.before).toContain(`msg-cache-size: ${String(settings.cache_size_mb)}m`);
  expect(conf?.after).toContain('msg-cache-size: 32m');
  expect(conf?.after).not.toContain(`msg-cache-size: ${String(settings.cache_size_mb)}m`);
  // Rendering for the revision is not applying: the daemon's file is what it was.
  expect(fs.readFileSync(unboundConfPath(h.dataDir), 'utf8')).toBe(running);
});

it('records the local-data line of an added host override, and no files for a description-only change', async () => {
  const add = await admin.post('/api/dns/proxy/host_overrides', {
    host: 'nas',
    domain: 'home.example',
    address: '192.0.2.10',
  });
  expect(add.statusCode).toBe(201);
  const added = unboundConf(await filesOf((await newest()).id));
  expect(added?.before).not.toContain('nas.home.example.');
  expect(added?.after).toContain('local-data: "nas.home.example. IN A 192.0.2.10"');

  const id = (add.json() as { id: string | number }).id;
  const renamed = await admin.put(`/api/dns/proxy/host_overrides/${String(id)}`, {
    host: 'nas',
    domain: 'home.example',
    address: '192.0.2.10',
    description: 'Storage box',
  });
  expect(renamed.statusCode).toBe(200);
  const revision = await newest();
  const detail = (await admin.get(`/api/revisions/${String(revision.id)}`)).json();
  expect(detail.summary).toMatch(/description/i);
  expect(await filesOf(revision.id)).toEqual([]);
});

it('answers 404 for the files of a revision that does not exist', async () => {
  expect((await admin.get('/api/revisions/999999/files')).statusCode).toBe(404);
});

/** An OpenSSH ed25519 public key line. */
function sshKey(comment: string): string {
  const { publicKey } = crypto.generateKeyPairSync('ed25519');
  const raw = (publicKey.export({ format: 'der', type: 'spki' }) as Buffer).subarray(-32);
  const field = (b: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(b.length);
    return Buffer.concat([len, b]);
  };
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

it("records an SSH user's authorised-key file when a key is added, changed and removed", async () => {
  const key = sshKey('alice@laptop');
  const add = await admin.post('/api/ssh/config/authorized_keys', { username: 'backup', key });
  expect(add.statusCode).toBe(201);
  const keyFile = (files: File[]) => files.find((f) => f.path === 'etc/ssh/authorized_keys/backup');
  const added = keyFile(await filesOf((await newest()).id));
  expect(added).toMatchObject({ before: null, after: `${key}\n` });

  const other = sshKey('alice@desktop');
  const id = String((add.json() as { id: string | number }).id);
  expect(
    (await admin.put(`/api/ssh/config/authorized_keys/${id}`, { username: 'backup', key: other })).statusCode,
  ).toBe(200);
  expect(keyFile(await filesOf((await newest()).id))).toMatchObject({
    before: `${key}\n`,
    after: `${other}\n`,
  });

  expect(
    (await admin.request({ method: 'DELETE', url: `/api/ssh/config/authorized_keys/${id}` })).statusCode,
  ).toBe(204);
  expect(keyFile(await filesOf((await newest()).id))).toMatchObject({ before: `${other}\n`, after: null });

  // A revert writes the key back through the configuration document: its revision shows the file again.
  const revert = await admin.post(`/api/revisions/${String((await newest()).id)}/revert`);
  expect(revert.statusCode).toBe(200);
  const reverted = revert.json() as { revision: number; job: { id: string } | null };
  expect(keyFile(await filesOf(reverted.revision))).toMatchObject({ before: null, after: `${other}\n` });
  if (reverted.job) {
    const end = Date.now() + 15_000;
    while (Date.now() < end && (await admin.get(`/api/jobs/${reverted.job.id}`)).json().status === 'running')
      await new Promise((r) => setTimeout(r, 100));
  }
});
