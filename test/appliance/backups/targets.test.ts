/**
 * Scheduled backups' targets: "Back up now" writes an encrypted archive to a local directory and to a real sshd's
 * SFTP on loopback (a temporary sshd_config with its own host key, signing in with a key), keeps the newest N on
 * each, records the runs and announces them; the SFTP server's host key is pinned: another key is refused and
 * nothing is written. Secrets are never answered.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { onApplianceEvent } from '../../../src/appliance/events';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';
import { tempDir } from '../pki/support';
import { startSftpServer, type SftpServer } from './sftpServer';
import { until } from './support';

jest.setTimeout(120_000);

const PASSPHRASE = 'scheduled backups passphrase';
const SSH_PORT = 7391;
const BIN = path.resolve(__dirname, '../../../bin/rampart-backup');

let h: Harness;
let admin: Agent;
const events: Array<{ ok: boolean; target: string; error?: string }> = [];
const dir = tempDir();
let sshd: SftpServer | null = null;
let hostFingerprint = '';
let clientKey = '';

beforeAll(async () => {
  sshd = await startSftpServer(dir, { port: SSH_PORT, subsystem: 'internal-sftp' });
  hostFingerprint = sshd.fingerprint;
  clientKey = sshd.clientKey;
  h = await startServer();
  admin = await adminAgent(h);
  onApplianceEvent(h.ctx, 'backupFinished', (e) => events.push(e));
});
afterAll(async () => {
  await h.close();
  await sshd?.stop();
});

const runNow = async (body: Record<string, unknown> = {}) => {
  const res = await admin.post('/api/backups/run', body);
  expect(res.statusCode).toBe(202);
  const id = res.json().id as string;
  let status = 'running';
  await until(async () => {
    status = (await admin.get(`/api/jobs/${id}`)).json().status as string;
    return status !== 'running';
  });
  return status;
};

const archivesIn = (d: string) =>
  fs
    .readdirSync(d)
    .filter((n) => n.endsWith('.rbk'))
    .sort();

it('refuses Back up now without a passphrase for scheduled archives', async () => {
  const res = await admin.post('/api/backups/run', {});
  expect(res.statusCode).toBe(422);
  expect(JSON.stringify(res.json())).toContain('passphrase');
});

it('writes archives to a local directory and keeps the newest N', async () => {
  expect(
    (
      await admin.put('/api/backups/schedule', {
        schedule: 'daily',
        at_time: '03:15',
        weekday: 0,
        interval_hours: 24,
        passphrase: PASSPHRASE,
      })
    ).statusCode,
  ).toBe(200);
  const local = path.join(dir, 'local');
  const created = await admin.post('/api/backups/targets', {
    name: 'Local disk',
    kind: 'local',
    directory: local,
    keep: 2,
    enabled: true,
  });
  expect(created.statusCode).toBe(201);
  for (let i = 0; i < 3; i++) {
    expect(await runNow()).toBe('done');
    // Archive names carry the time to the millisecond.
    await new Promise((r) => setTimeout(r, 20));
  }
  const files = archivesIn(local);
  expect(files).toHaveLength(2);
  const out = execFileSync(BIN, ['verify', path.join(local, files[1])], {
    env: { ...process.env, RAMPART_BACKUP_PASSPHRASE: PASSPHRASE },
    encoding: 'utf8',
  });
  expect(out).toContain('OK');
  const overview = (await admin.get('/api/backups')).json();
  expect(overview.schedule).toMatchObject({ schedule: 'daily', at_time: '03:15', passphrase_set: true });
  // A schedule counts from when it was set: its first run is the next 03:15 to come.
  expect(overview.next_run_at).toBeGreaterThan(Date.now());
  expect(overview.next_run_at - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
  expect(overview.runs[0]).toMatchObject({ target: 'Local disk', ok: true, trigger: 'manual' });
  expect(overview.runs[0].size).toBeGreaterThan(1000);
  expect(JSON.stringify(overview)).not.toContain(PASSPHRASE);
  expect(events.filter((e) => e.target === 'Local disk')).toEqual(
    Array.from({ length: 3 }, () => ({ ok: true, target: 'Local disk' })),
  );
  // The schedule and targets are configuration: their changes are revisions.
  const revisions = (await admin.get('/api/revisions?per_page=10')).json() as {
    data: Array<{ summary: string }>;
  };
  expect(revisions.data.map((r) => r.summary).join('\n')).toContain('Backup target Local disk');
});

describe('SFTP', () => {
  const remote = path.join(dir, 'remote');
  let targetId = 0;

  it('shows the host key fingerprint for the admin to confirm', async () => {
    const res = await admin.post('/api/backups/fingerprint', { host: '127.0.0.1', port: SSH_PORT });
    expect(res.statusCode).toBe(200);
    expect(res.json().host_key_sha256).toBe(hostFingerprint);
  });

  it('backs up to a real sshd with a key, keeping the newest N, and never answers the key', async () => {
    fs.mkdirSync(remote);
    await admin.put(`/api/backups/targets/1`, {
      name: 'Local disk',
      kind: 'local',
      directory: path.join(dir, 'local'),
      keep: 2,
      enabled: false,
    });
    const body = {
      name: 'Offsite',
      kind: 'sftp',
      directory: remote,
      host: '127.0.0.1',
      port: SSH_PORT,
      username: 'root',
      host_key_sha256: hostFingerprint,
      auth: 'key',
      secret: clientKey,
      keep: 2,
      enabled: true,
    };
    // Without a confirmed fingerprint the target is refused.
    expect((await admin.post('/api/backups/targets', { ...body, host_key_sha256: '' })).statusCode).toBe(422);
    const created = await admin.post('/api/backups/targets', body);
    expect(created.statusCode).toBe(201);
    targetId = created.json().id as number;
    expect(created.json()).toMatchObject({ has_secret: true, auth: 'key' });
    expect(JSON.stringify((await admin.get('/api/backups')).json())).not.toContain('PRIVATE KEY');

    for (let i = 0; i < 3; i++) {
      expect(await runNow()).toBe('done');
      await new Promise((r) => setTimeout(r, 20));
    }
    const files = archivesIn(remote);
    expect(files).toHaveLength(2);
    expect(fs.readdirSync(remote).filter((n) => n.endsWith('.part'))).toEqual([]);
    const out = execFileSync(BIN, ['verify', path.join(remote, files[1])], {
      env: { ...process.env, RAMPART_BACKUP_PASSPHRASE: PASSPHRASE },
      encoding: 'utf8',
    });
    expect(out).toContain('OK');
    expect(events.at(-1)).toEqual({ ok: true, target: 'Offsite' });
  });

  it('asks for the credential again when the host changes', async () => {
    const res = await admin.put(`/api/backups/targets/${targetId}`, {
      name: 'Offsite',
      kind: 'sftp',
      directory: remote,
      host: 'localhost',
      port: SSH_PORT,
      username: 'root',
      host_key_sha256: hostFingerprint,
      auth: 'key',
      keep: 2,
      enabled: true,
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('private key is required');
  });

  it('refuses a server whose host key is not the pinned one, writing nothing', async () => {
    const before = archivesIn(remote);
    const other = `SHA256:${'A'.repeat(43)}`;
    const changed = await admin.put(`/api/backups/targets/${targetId}`, {
      name: 'Offsite',
      kind: 'sftp',
      directory: remote,
      host: '127.0.0.1',
      port: SSH_PORT,
      username: 'root',
      host_key_sha256: other,
      auth: 'key',
      keep: 2,
      enabled: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(await runNow()).toBe('failed');
    expect(archivesIn(remote)).toEqual(before);
    const last = (await admin.get('/api/backups')).json().runs[0];
    expect(last).toMatchObject({ target: 'Offsite', ok: false });
    expect(last.error).toContain(`host key ${hostFingerprint} is not the pinned one`);
    expect(events.at(-1)).toMatchObject({ ok: false, target: 'Offsite' });
    // The home page's summary says it too.
    const dashboard = (await admin.get('/api/dashboard')).json();
    expect(dashboard.backups).toMatchObject({ last_ok: false, last_target: 'Offsite', targets: 1 });
    expect(dashboard.backups.last_error).toContain('not the pinned one');
  });
});
