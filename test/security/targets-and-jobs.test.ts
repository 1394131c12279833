/**
 * Backup targets and jobs, through the real API and real servers on 127.0.0.1 (a new case is one row):
 * - a local target directory is refused under the kernel's pseudo file systems, the daemons' system directories and
 *   the appliance's own data, as the path resolves (links, `..`), when saved and again when run;
 * - temporary files are created exclusively under random names: a link planted at a predictable name is never
 *   written through;
 * - every outbound step is bounded: an SSH server that signs in and never answers SFTP, one that never answers at
 *   all, a job that outlives its budget (failed with its reason, Apply meanwhile unblocked) and the update index.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { sendToTarget, type BackupTarget } from '../../src/appliance/backups/targets';
import { JobConflictError, type JobKind } from '../../src/appliance/jobs/exclusion';
import type { JobType } from '../../src/appliance/jobs/runner';
import { listRepository } from '../../src/appliance/updates/repository';
import { writeSignupPolicy } from '../../src/appliance/providers/signup';
import { SIGNUP_POLICY_FILE } from '../../src/shared/signupPolicy';
import { EXCLUSIVE_CREATE, writeFileAtomic, writeFileAtomicSync } from '../../src/service-kit/atomicFile';
import { tempDir } from '../appliance/pki/support';
import { adminAgent, startServer, type Agent, type Harness } from '../appliance/support/harness';
import { startSftpServer, type SftpServer } from '../appliance/backups/sftpServer';
import { until } from '../appliance/backups/support';

jest.setTimeout(120_000);

const PASSPHRASE = 'targets and jobs passphrase';
const dir = tempDir();
let h: Harness;
let admin: Agent;

/** A TCP server that accepts and never says anything (not even an SSH or HTTP greeting). */
async function silentPeer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      sockets.forEach((s) => s.destroy());
      return new Promise((r) => server.close(() => r()));
    },
  };
}

let sftp: SftpServer;

beforeAll(async () => {
  // Accepts the subsystem request, then never answers the SFTP handshake.
  sftp = await startSftpServer(dir, { subsystem: '/bin/sleep 60' });
  h = await startServer();
  admin = await adminAgent(h);
  const schedule = await admin.put('/api/backups/schedule', {
    schedule: 'off',
    at_time: '03:00',
    weekday: 0,
    interval_hours: 24,
    passphrase: PASSPHRASE,
  });
  expect(schedule.statusCode).toBe(200);
});
afterAll(async () => {
  await h.close();
  await sftp.stop();
});

let serial = 0;
const localTarget = (directory: string, enabled = true) => ({
  name: `Local ${(serial += 1)}`,
  kind: 'local',
  directory,
  keep: 3,
  enabled,
});

/** Runs a backup to one target; answers the job's end and how long it took. */
async function runTo(targetId: number): Promise<{ status: string; reason?: string; ms: number }> {
  const started = Date.now();
  const res = await admin.post('/api/backups/run', { target_id: targetId });
  expect(res.statusCode).toBe(202);
  const id = res.json().id as string;
  let job: { status: string; reason?: string } = { status: 'running' };
  await until(async () => {
    job = (await admin.get(`/api/jobs/${id}`)).json() as typeof job;
    return job.status !== 'running';
  }, 60_000);
  return { ...job, ms: Date.now() - started };
}

describe('local target directories', () => {
  const link = (name: string, to: string) => {
    const file = path.join(dir, name);
    fs.symlinkSync(to, file);
    return file;
  };
  const file = path.join(dir, 'a-file');
  fs.writeFileSync(file, 'not a directory');

  /** [what, directory (made when the row runs), what the refusal says]. */
  const REFUSED: ReadonlyArray<[string, () => string, string]> = [
    ['a directory to be made under /proc', () => '/proc/x', 'is in /proc'],
    ['/proc itself', () => '/proc', 'is in /proc'],
    ['a process directory under /proc', () => `/proc/${process.pid}/backups`, 'is in /proc'],
    ['under /sys', () => '/sys/kernel/backups', 'is in /sys'],
    ['the cgroup file system', () => '/sys/fs/cgroup/backups', 'is in /sys'],
    ['under /dev', () => '/dev/backups', 'is in /dev'],
    ['shared memory under /dev', () => '/dev/shm/backups', 'is in /dev'],
    ['the runtime directory', () => '/run/backups', 'is in /run'],
    ['the system sshd configuration', () => '/etc/ssh', 'is in /etc/ssh'],
    ['the system unbound configuration', () => '/etc/unbound/backups', 'is in /etc/unbound'],
    ['a way into /proc through ..', () => `${dir}/../../proc/x`, 'is in /proc'],
    ['a link to /proc', () => link('to-proc', '/proc'), 'is in /proc'],
    ['a directory under a link to /sys', () => `${link('to-sys', '/sys')}/backups`, 'is in /sys'],
    ['the data directory', () => h.dataDir, "appliance's own data directory"],
    [
      'the DNS daemon directory',
      () => path.join(h.dataDir, 'etc', 'unbound'),
      "appliance's own data directory",
    ],
    ['the SSH daemon directory', () => path.join(h.dataDir, 'etc', 'ssh'), "appliance's own data directory"],
    ['a link to the data directory', () => link('to-data', h.dataDir), "appliance's own data directory"],
    ['a relative path', () => 'backups', 'an absolute path'],
    ['an existing file', () => file, 'is not a directory'],
    ['a path of many new levels', () => path.join(dir, ...'abcdefghij'.split('')), 'levels below'],
  ];

  it.each(REFUSED)('refuses %s when saved', async (_what, directory, message) => {
    const res = await admin.post('/api/backups/targets', localTarget(directory()));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'directory'],
      type: 'value_error.backup.directory',
    });
    expect(res.json().detail[0].msg).toContain(message);
  });

  it('checks again when run: a link re-pointed into /proc fails the run at once, writing nothing', async () => {
    const real = path.join(dir, 'real-backups');
    fs.mkdirSync(real);
    const moving = link('moving', real);
    const created = await admin.post('/api/backups/targets', localTarget(moving));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await runTo(id)).status).toBe('done');
    expect(fs.readdirSync(real).filter((n) => n.endsWith('.rbk'))).toHaveLength(1);

    fs.rmSync(moving);
    fs.symlinkSync('/proc/self', moving);
    const run = await runTo(id);
    expect(run).toMatchObject({ status: 'failed' });
    expect(run.ms).toBeLessThan(10_000);
    const last = (await admin.get('/api/backups')).json().runs[0];
    expect(last).toMatchObject({ ok: false });
    expect(last.error).toContain('is in /proc');
    // The console kept answering meanwhile and still does.
    expect((await admin.get('/api/backups')).statusCode).toBe(200);
  });
});

describe('temporary files', () => {
  const victim = path.join(dir, 'victim');
  const VICTIM = 'must stay as it is';
  beforeEach(() => fs.writeFileSync(victim, VICTIM));

  /** [writer, the file it writes in a shared directory, its write]. */
  const WRITERS: ReadonlyArray<[string, (shared: string) => string, (file: string) => Promise<void> | void]> =
    [
      ['the synchronous writer', (d) => path.join(d, 'file'), (f) => writeFileAtomicSync(f, 'new')],
      ['the asynchronous writer', (d) => path.join(d, 'file'), (f) => writeFileAtomic(f, 'new')],
      [
        'the sign-up policy',
        (d) => path.join(d, SIGNUP_POLICY_FILE),
        (f) => writeSignupPolicy(path.dirname(f), { mode: 'closed', allowed_domains: [] } as never),
      ],
    ];

  it.each(WRITERS)('%s never writes through a link planted at a predictable name', async (_w, at, write) => {
    const shared = fs.mkdtempSync(path.join(dir, 'shared-'));
    const file = at(shared);
    for (const planted of [`${file}.part`, `${file}.${process.pid}.tmp`, `${file}.tmp`])
      fs.symlinkSync(victim, planted);
    await write(file);
    expect(fs.readFileSync(victim, 'utf8')).toBe(VICTIM);
    expect(fs.lstatSync(file).isFile()).toBe(true);
    // Nothing of its own is left behind: only the planted links and the file.
    expect(
      fs.readdirSync(shared).filter((n) => !fs.lstatSync(path.join(shared, n)).isSymbolicLink()),
    ).toEqual([path.basename(file)]);
  });

  it('opens a temporary file exclusively: an existing link is refused, not followed', () => {
    const planted = path.join(dir, 'planted-link');
    fs.symlinkSync(victim, planted);
    expect(() => fs.openSync(planted, EXCLUSIVE_CREATE, 0o600)).toThrow(/EEXIST/);
    expect(fs.readFileSync(victim, 'utf8')).toBe(VICTIM);
  });

  it('a backup to a shared directory never writes through links planted at the archive names to come', async () => {
    const shared = fs.mkdtempSync(path.join(dir, 'shared-backups-'));
    fs.chmodSync(shared, 0o1777);
    // Archive names carry the time to the millisecond: links for every name of the next seconds.
    const from = Date.now();
    for (let ms = 0; ms < 4_000; ms += 1) {
      const stamp = new Date(from + ms).toISOString().replace(/[:.]/g, '-');
      fs.symlinkSync(victim, path.join(shared, `rampart-backup-${stamp}.rbk.part`));
    }
    const created = await admin.post('/api/backups/targets', localTarget(shared));
    expect(created.statusCode).toBe(201);
    expect((await runTo(created.json().id as number)).status).toBe('done');
    expect(fs.readFileSync(victim, 'utf8')).toBe(VICTIM);
    const archives = fs.readdirSync(shared).filter((n) => n.endsWith('.rbk'));
    expect(archives).toHaveLength(1);
    expect(fs.lstatSync(path.join(shared, archives[0])).isFile()).toBe(true);
  });
});

describe('outbound steps and job budgets', () => {
  const sftpTarget = (port: number): BackupTarget => ({
    id: 0,
    name: 'Silent',
    kind: 'sftp',
    directory: '/tmp',
    host: '127.0.0.1',
    port,
    username: 'root',
    host_key_sha256: sftp.fingerprint,
    auth: 'key',
    has_secret: false,
    keep: 1,
    enabled: true,
  });
  const SHORT = { connectMs: 1_000, requestMs: 1_000, transferMs: 3_000 };
  /** The target as the API takes it (what `sftpTarget` holds, less what the server answers). */
  const body = (port: number, name: string) => {
    const { id: _id, has_secret: _has, ...rest } = sftpTarget(port);
    return { ...rest, name, secret: sftp.clientKey, enabled: false };
  };

  /** [what, the send, what its error says]; each ends within BOUNDED_MS. */
  const BOUNDED_MS = 8_000;
  const SENDS: ReadonlyArray<[string, () => Promise<unknown>, RegExp]> = [
    [
      'an SSH server that signs in and never answers SFTP',
      async () => {
        const target = sftpTarget(sftp.port);
        const saved = await admin.post('/api/backups/targets', body(sftp.port, `Silent ${(serial += 1)}`));
        expect(saved.statusCode).toBe(201);
        const stored = { ...target, id: saved.json().id as number, has_secret: true };
        return sendToTarget(h.ctx, stored, 'rampart-backup-x.rbk', Buffer.alloc(1024), { limits: SHORT });
      },
      /the SFTP server did not (open its SFTP session|answer \(open\)) within 1 s/,
    ],
    [
      'a server that accepts the connection and never greets',
      async () => {
        const peer = await silentPeer();
        try {
          return await sendToTarget(h.ctx, sftpTarget(peer.port), 'rampart-backup-x.rbk', Buffer.alloc(1), {
            limits: SHORT,
          });
        } finally {
          await peer.close();
        }
      },
      /Timed out while waiting for handshake/,
    ],
    [
      'a whole transfer over its limit',
      async () => {
        const peer = await silentPeer();
        try {
          return await sendToTarget(h.ctx, sftpTarget(peer.port), 'rampart-backup-x.rbk', Buffer.alloc(1), {
            limits: { connectMs: 60_000, requestMs: 60_000, transferMs: 1_500 },
          });
        } finally {
          await peer.close();
        }
      },
      /did not finish the transfer within 1500 ms/,
    ],
  ];

  it.each(SENDS)('bounds %s', async (_what, send, message) => {
    const started = Date.now();
    await expect(send()).rejects.toThrow(message);
    expect(Date.now() - started).toBeLessThan(BOUNDED_MS);
  });

  it('fails a backup job over its budget with its reason, and Apply runs meanwhile', async () => {
    h.appliance.jobs.budgetsMs.backup = 4_000;
    try {
      const saved = await admin.post('/api/backups/targets', body(sftp.port, 'Silent offsite'));
      expect(saved.statusCode).toBe(201);
      const started = Date.now();
      const backup = await admin.post('/api/backups/run', { target_id: saved.json().id });
      expect(backup.statusCode).toBe(202);
      const backupId = backup.json().id as string;

      // A second backup collides with the first, and says which job runs.
      const again = await admin.post('/api/backups/run', { target_id: saved.json().id });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail[0]).toMatchObject({
        type: 'value_error.job_running',
        ctx: { job_id: backupId, kind: 'backup' },
      });
      expect(again.json().detail[0].msg).toBe(
        'a backup job is running (started by admin); wait for it to finish',
      );

      // An Apply does not wait for the backup.
      const apply = await admin.post('/api/jobs', { type: 'config' });
      expect(apply.statusCode).toBe(202);
      await until(
        async () => (await admin.get(`/api/jobs/${apply.json().id}`)).json().status === 'done',
        30_000,
      );

      let job: { status: string; reason?: string } = { status: 'running' };
      await until(async () => {
        job = (await admin.get(`/api/jobs/${backupId}`)).json() as typeof job;
        return job.status !== 'running';
      }, 30_000);
      expect(Date.now() - started).toBeLessThan(4_000 + BOUNDED_MS);
      expect(job).toMatchObject({
        status: 'failed',
        reason: 'The backup did not finish within 4 s ("Send to Silent offsite" was still running)',
      });
      const last = (await admin.get('/api/backups')).json().runs[0];
      expect(last).toMatchObject({ target: 'Silent offsite', ok: false });
      expect(last.error).toContain('did not finish within 4 s');
    } finally {
      h.appliance.jobs.budgetsMs.backup = 60 * 60_000;
    }
  });

  /** [running job, job started meanwhile, refused]: jobs exclude each other only when their work collides. */
  const EXCLUSION: ReadonlyArray<[JobKind, JobKind, boolean]> = [
    ['backup', 'apply', false],
    ['apply', 'backup', false],
    ['backup', 'backup', true],
    ['backup', 'restore', true],
    ['restore', 'apply', true],
    ['restore', 'backup', true],
    ['apply', 'restore', true],
    ['apply', 'apply', true],
    ['apply', 'upgrade', true],
    ['upgrade', 'apply', true],
    ['upgrade', 'backup', true],
  ];
  const asJob = (kind: JobKind): [JobType, unknown] =>
    kind === 'upgrade' ? ['upgrade', { version: '9.9.9' }] : ['config', kind === 'apply' ? {} : { kind }];

  it.each(EXCLUSION)('running %s, starting %s: refused %s', async (running, next, refused) => {
    const gates: Array<() => void> = [];
    const blocking = (kind: JobKind) => {
      const [type, payload] = asJob(kind);
      return h.appliance.jobs.start(
        type,
        { state: null, steps: [{ name: 'Wait', run: () => new Promise<void>((r) => gates.push(r)) }] },
        'admin',
        payload,
      );
    };
    const first = blocking(running);
    try {
      if (refused) {
        expect(() => blocking(next)).toThrow(new JobConflictError(first.id, running, 'admin').message);
        expect(h.appliance.jobs.conflictFor(next)).toMatchObject({ activeId: first.id, activeKind: running });
      } else expect(blocking(next).status).toBe('running');
    } finally {
      await until(() => gates.length === (refused ? 1 : 2));
      gates.forEach((open) => open());
      await until(() => h.appliance.jobs.list(true).length === 0);
    }
  });

  it("gives the update index the ordinary 30 s, not a package's minute", async () => {
    const sockets = new Set<net.Socket>();
    const server = http.createServer(() => undefined);
    server.on('connection', (s) => sockets.add(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      let outcome: Error | null = null;
      void listRepository(`http://127.0.0.1:${port}/repo`).catch((e: Error) => (outcome = e));
      // The request reached the silent server (real sockets; the clock is the test's).
      while (!sockets.size) await new Promise((r) => setImmediate(r));
      await jest.advanceTimersByTimeAsync(29_900);
      expect(outcome).toBeNull();
      await jest.advanceTimersByTimeAsync(200);
      for (let i = 0; i < 10; i += 1) await new Promise((r) => setImmediate(r));
      expect(outcome).not.toBeNull();
      expect(outcome!.message).toContain('did not answer within 30 s');
    } finally {
      // Whatever the bound, the request ends before the real clock takes over again.
      await jest.advanceTimersByTimeAsync(120_000);
      jest.useRealTimers();
      sockets.forEach((s) => s.destroy());
      await new Promise((r) => server.close(r));
    }
  });
});
