/**
 * Scheduled backups' targets: "Back up now" writes an encrypted archive to a local directory and to a real sshd's
 * SFTP on loopback (a temporary sshd_config with its own host key, signing in with a key), keeps the newest N on
 * each, records the runs and announces them; the SFTP server's host key is pinned: another key is refused and
 * nothing is written. Secrets are never answered.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { onApplianceEvent } from '../../../src/appliance/events';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';
import { ensurePrivsepDir, requireTool } from '../support/tools';
import { tempDir } from '../pki/support';

jest.setTimeout(120_000);

const PASSPHRASE = 'scheduled backups passphrase';
const SSH_PORT = 7391;
const BIN = path.resolve(__dirname, '../../../bin/rampart-backup');

let h: Harness;
let admin: Agent;
const events: Array<{ ok: boolean; target: string; error?: string }> = [];
const dir = tempDir();
let sshd: ChildProcess | null = null;
let sshdLog = '';
let hostFingerprint = '';
let clientKey = '';

async function until(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

function startSshd(): void {
  const keygen = requireTool('ssh-keygen');
  ensurePrivsepDir();
  const conf = path.join(dir, 'sshd');
  fs.mkdirSync(conf, { mode: 0o700 });
  execFileSync(keygen, ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(conf, 'host_key')]);
  execFileSync(keygen, ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(conf, 'client_key')]);
  fs.copyFileSync(path.join(conf, 'client_key.pub'), path.join(conf, 'authorized_keys'));
  clientKey = fs.readFileSync(path.join(conf, 'client_key'), 'utf8');
  hostFingerprint = execFileSync(keygen, ['-l', '-E', 'sha256', '-f', path.join(conf, 'host_key.pub')], {
    encoding: 'utf8',
  }).split(' ')[1];
  fs.writeFileSync(
    path.join(conf, 'sshd_config'),
    [
      `Port ${SSH_PORT}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${path.join(conf, 'host_key')}`,
      `PidFile ${path.join(conf, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(conf, 'authorized_keys')}`,
      'StrictModes no',
      'UsePAM no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      'Subsystem sftp internal-sftp',
      '',
    ].join('\n'),
  );
  sshd = spawn(requireTool('sshd'), ['-D', '-e', '-f', path.join(conf, 'sshd_config')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  sshd.stderr?.on('data', (d) => (sshdLog += String(d)));
}

beforeAll(async () => {
  startSshd();
  h = await startServer();
  admin = await adminAgent(h);
  onApplianceEvent(h.ctx, 'backupFinished', (e) => events.push(e));
  await until(() => listening(SSH_PORT));
});
afterAll(async () => {
  await h.close();
  if (sshd && sshd.exitCode === null) {
    const exited = new Promise((r) => sshd!.once('exit', r));
    sshd.kill('SIGTERM');
    await exited;
  }
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
