/**
 * The embedded backend with the real daemons (Debian's unbound and openssh-server, `dig` from dnsutils, `ssh` from
 * openssh-client; `.ci/run` installs them): on loopback, on ports of their own, in a temporary data directory.
 *
 * The data directory lives under the home directory, not /tmp: sshd's StrictModes refuses authorized_keys files below
 * a world-writable directory. The SSH login uses the account the tests run as (root in CI): sshd needs a system
 * account, and the generated sshd_config reads authorised keys from the data directory, so the key added through the
 * API is the one that lets it in; root logins need `PermitRootLogin prohibit-password`, set through the API too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobProgress } from '../../../src/appliance/jobs/runner';
import type { ServiceState } from '../../../src/appliance/services';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';
import { alive, applyJob, exec, startUpstreamUnbound, until } from '../support/daemons';
import { requireTool } from '../support/tools';

const DNS_PORT = 47353;
const SSH_PORT = 47322;
const SSH_OTHER_PORT = 47323;
const UPSTREAM_PORT = 47357;
const CONFIRM_SECONDS = 4;

describe('embedded services with the real daemons', () => {
  const dig = requireTool('dig');
  const ssh = requireTool('ssh');
  const keygen = requireTool('ssh-keygen');
  requireTool('unbound');
  requireTool('sshd');
  // Made in beforeAll: a run that filters these tests out runs no hook and must leave nothing behind.
  let home = '';
  let dataDir = '';
  let key = '';
  const account = os.userInfo().username;
  let h: Harness;
  let admin: Agent;
  let closed = false;
  const pids: number[] = [];

  beforeAll(async () => {
    home = fs.mkdtempSync(path.join(os.homedir(), '.rampart-services-test-'));
    dataDir = path.join(home, 'data');
    key = path.join(home, 'id_ed25519');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    await exec(keygen, ['-q', '-t', 'ed25519', '-N', '', '-f', key]);
    h = await startServer({
      dataDir,
      config: {
        services: 'embedded',
        dnsPort: DNS_PORT,
        sshPort: SSH_PORT,
        applyConfirmSeconds: CONFIRM_SECONDS,
      },
    });
    admin = await adminAgent(h);
  });
  afterAll(async () => {
    if (h && !closed) await h.close();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  const state = async (name: 'dns' | 'ssh'): Promise<ServiceState> =>
    (await admin.get(name === 'dns' ? '/api/dns/proxy/service' : '/api/ssh/service')).json();

  const apply = (name: 'dns' | 'ssh'): Promise<JobProgress> =>
    applyJob(admin, name === 'dns' ? '/api/dns/proxy/apply' : '/api/ssh/config/apply');

  const query = (name: string, source = '127.0.0.1') =>
    exec(dig, ['@127.0.0.1', '-p', String(DNS_PORT), '-b', source, '+tries=1', '+time=2', name, 'A']);

  const login = (port: number) =>
    exec(ssh, [
      '-p',
      String(port),
      '-i',
      key,
      '-o',
      'BatchMode=yes',
      '-o',
      'IdentitiesOnly=yes',
      '-o',
      'StrictHostKeyChecking=no',
      '-o',
      'UserKnownHostsFile=/dev/null',
      '-o',
      'ConnectTimeout=3',
      `${account}@127.0.0.1`,
      'true',
    ]);

  it('starts both daemons with the console, on loopback at the configured ports', async () => {
    const dns = await until('unbound answers', async () => {
      const s = await state('dns');
      return s.status === 'running' && (await query('localhost.')).out.includes('status: NOERROR') && s;
    });
    expect(dns).toMatchObject({ backend: 'embedded', enabled: true, status: 'running' });
    expect(dns.pid).toEqual(expect.any(Number));
    const sshd = await until('sshd listens', async () => {
      const s = await state('ssh');
      return s.status === 'running' && s.log.some((l) => l.includes(`port ${SSH_PORT}`)) && s;
    });
    expect(sshd.log.join('\n')).toContain(`Server listening on 127.0.0.1 port ${SSH_PORT}`);
    expect(fs.readFileSync(path.join(dataDir, 'etc', 'ssh', 'sshd_config'), 'utf8')).toContain(
      'ListenAddress 127.0.0.1',
    );
    // The home page's cards say what runs, not only what is configured.
    expect((await admin.get('/api/dashboard')).json()).toMatchObject({
      dns: { enabled: true, port: DNS_PORT, daemon: { status: 'running', message: null } },
      ssh: { enabled: true, port: SSH_PORT, daemon: { status: 'running', message: null } },
    });
  });

  it('answers a host override added through the API once it is applied', async () => {
    expect((await query('printer.lan.test.')).out).toContain('status: NXDOMAIN');
    const added = await admin.post('/api/dns/proxy/host_overrides', {
      host: 'printer',
      domain: 'lan.test',
      address: '192.0.2.44',
      description: '',
    });
    expect(added.statusCode).toBe(201);
    await apply('dns');
    const answer = await until('the override answers', async () => {
      const r = await query('printer.lan.test.');
      return r.out.includes('192.0.2.44') && r.out;
    });
    expect(answer).toMatch(/printer\.lan\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.44/);
  });

  it('refuses a client an access list refuses', async () => {
    expect((await query('printer.lan.test.', '127.0.0.2')).out).toContain('192.0.2.44');
    const added = await admin.post('/api/dns/proxy/access_lists', {
      subnet: '127.0.0.2/31',
      action: 'refuse',
      description: 'test client',
    });
    expect(added.statusCode).toBe(201);
    await apply('dns');
    await until('the client is refused', async () =>
      (await query('printer.lan.test.', '127.0.0.2')).out.includes('status: REFUSED'),
    );
    // The other loopback address still gets its answer.
    expect((await query('printer.lan.test.')).out).toContain('192.0.2.44');
  });

  it('forwards a domain override to its server (a second resolver on loopback, started by the test)', async () => {
    const upstreamDir = path.join(home, 'upstream');
    fs.mkdirSync(upstreamDir);
    const upstream = await startUpstreamUnbound(
      upstreamDir,
      UPSTREAM_PORT,
      ['    local-zone: "corp.test." static', '    local-data: "wiki.corp.test. IN A 198.51.100.80"'],
      { name: 'wiki.corp.test.', contains: '198.51.100.80' },
    );
    try {
      const added = await admin.post('/api/dns/proxy/domain_overrides', {
        domain: 'corp.test',
        server: '127.0.0.1',
        port: UPSTREAM_PORT,
        description: 'test upstream',
      });
      expect(added.statusCode).toBe(201);
      await apply('dns');
      const answer = await until('the override forwards', async () => {
        const r = await query('wiki.corp.test.');
        return r.out.includes('198.51.100.80') && r.out;
      });
      expect(answer).toMatch(/wiki\.corp\.test\.\s+\d+\s+IN\s+A\s+198\.51\.100\.80/);
    } finally {
      upstream.kill('SIGTERM');
    }
  });

  it('lets an authorised key added through the API in, and not once it is removed', async () => {
    expect((await login(SSH_PORT)).code).not.toBe(0);
    const settings = (await admin.get('/api/ssh/config')).json().settings;
    expect(
      (await admin.put('/api/ssh/config/settings', { ...settings, permit_root_login: 'prohibit-password' }))
        .statusCode,
    ).toBe(200);
    const added = await admin.post('/api/ssh/config/authorized_keys', {
      username: account,
      key: fs.readFileSync(`${key}.pub`, 'utf8').trim(),
    });
    expect(added.statusCode).toBe(201);
    await apply('ssh');
    // sshd re-executes itself on the reload: a connection in that instant is refused, the next one gets in.
    await until('the key lets the account in', async () => (await login(SSH_PORT)).code === 0);
    const id = (added.json() as { id: number }).id;
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/ssh/config/authorized_keys/${id}` })).statusCode,
    ).toBe(204);
    await apply('ssh');
    const refused = await until('sshd answers and refuses the key', async () => {
      const r = await login(SSH_PORT);
      return r.out.includes('Permission denied') && r;
    });
    expect(refused.code).toBe(255);
  });

  it('listens on a new SSH port after Apply and on the old one again when the change is not kept', async () => {
    const settings = (await admin.get('/api/ssh/config')).json().settings;
    expect(
      (await admin.put('/api/ssh/config/settings', { ...settings, port: SSH_OTHER_PORT })).statusCode,
    ).toBe(200);
    await apply('ssh');
    const { pid } = await state('ssh');
    await until('the new port answers', async () =>
      (await state('ssh')).log.some((l) => l.includes(`port ${SSH_OTHER_PORT}`)),
    );
    const keyscan = requireTool('ssh-keyscan');
    expect((await exec(keyscan, ['-p', String(SSH_OTHER_PORT), '-T', '3', '127.0.0.1'])).out).toContain(
      'ssh-ed25519',
    );
    // Nobody keeps it: the appliance restores the old configuration and sshd serves it again.
    await until(
      'the rollback',
      async () =>
        (await exec(keyscan, ['-p', String(SSH_PORT), '-T', '2', '127.0.0.1'])).out.includes('ssh-ed25519') &&
        !(await exec(keyscan, ['-p', String(SSH_OTHER_PORT), '-T', '2', '127.0.0.1'])).out.includes(
          'ssh-ed25519',
        ),
      (CONFIRM_SECONDS + 10) * 1000,
    );
    expect((await admin.get('/api/ssh/config')).json().settings.port).toBe(SSH_PORT);
    // Reloaded, not restarted: the same process serves the old port.
    expect((await state('ssh')).pid).toBe(pid);
  });

  it('restarts a daemon that was killed, and says so in its state and the log', async () => {
    const before = await state('dns');
    process.kill(before.pid!, 'SIGKILL');
    const after = await until('unbound is back', async () => {
      const s = await state('dns');
      return s.status === 'running' && s.pid !== before.pid && s;
    });
    expect(after.restarts).toBe(before.restarts + 1);
    expect(after.last_exit).toMatchObject({ signal: 'SIGKILL', reason: 'killed by SIGKILL' });
    const warning = h.ctx.db
      .prepare(
        "SELECT message FROM logs WHERE service = 'dns' AND severity = 'warning' ORDER BY id DESC LIMIT 1",
      )
      .get() as { message: string };
    expect(warning.message).toMatch(/^unbound killed by SIGKILL; restarting in 1 s$/);
    // The home page's recent warnings show it.
    const status = (await admin.get('/api/system/status')).json() as {
      recent_events: Array<{ message: string }>;
    };
    expect(status.recent_events.map((e) => e.message)).toContain(warning.message);
    await until('it answers again', async () =>
      (await query('printer.lan.test.')).out.includes('192.0.2.44'),
    );
  });

  it('stops and starts a service on request, audited', async () => {
    const stopped = await admin.post('/api/ssh/service/stop');
    expect(stopped.json()).toMatchObject({ status: 'stopped', pid: null });
    expect((await login(SSH_PORT)).code).toBe(255);
    // Its last words are stored before the stop answers.
    expect(
      h.ctx.db.prepare("SELECT message FROM logs WHERE service = 'ssh' ORDER BY id DESC LIMIT 3").all(),
    ).toContainEqual({ message: 'sshd: Received signal 15; terminating.' });
    const started = await admin.post('/api/ssh/service/start');
    expect(started.json()).toMatchObject({ status: 'running' });
    const audit = h.ctx.db
      .prepare("SELECT message FROM logs WHERE service = 'ssh' AND message LIKE 'SSH service %' ORDER BY id")
      .all() as Array<{ message: string }>;
    expect(audit.map((a) => a.message)).toEqual([
      'SSH service stopped by "admin"',
      'SSH service started by "admin"',
    ]);
  });

  it('stops a service its applied settings turn off, refuses to start it, and starts it when turned on again', async () => {
    const settings = (await admin.get('/api/dns/proxy')).json().settings;
    const { pid } = await state('dns');
    expect((await admin.put('/api/dns/proxy/settings', { ...settings, enabled: false })).statusCode).toBe(
      200,
    );
    // Saved is not applied: it still runs.
    expect(await state('dns')).toMatchObject({ status: 'running', pid });
    await apply('dns');
    expect(await state('dns')).toMatchObject({
      enabled: false,
      status: 'stopped',
      pid: null,
      message: 'DNS proxy is turned off in its applied settings',
    });
    expect(alive(pid!)).toBe(false);
    const refused = await admin.post('/api/dns/proxy/service/start');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail[0]).toMatchObject({ type: 'value_error.service_disabled' });
    expect((await admin.put('/api/dns/proxy/settings', { ...settings, enabled: true })).statusCode).toBe(200);
    await apply('dns');
    await until('the override answers again', async () =>
      (await query('printer.lan.test.')).out.includes('192.0.2.44'),
    );
    expect(await state('dns')).toMatchObject({ enabled: true, status: 'running' });
  });

  it('leaves no daemon running when the console closes', async () => {
    for (const name of ['dns', 'ssh'] as const) {
      const s = await until(`${name} runs`, async () => {
        const st = await state(name);
        return st.status === 'running' && st;
      });
      pids.push(s.pid!);
    }
    expect(pids.every(alive)).toBe(true);
    await h.close();
    closed = true;
    expect(pids.filter(alive)).toEqual([]);
  });
});

describe('a daemon left running by a console that was killed', () => {
  const PORT = 47355;
  it('finds an sshd by its pid file although sshd rewrote its command line into a process title', async () => {
    const sshd = requireTool('sshd');
    const home = fs.mkdtempSync(path.join(os.homedir(), '.rampart-services-test-'));
    const dataDir = path.join(home, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    const sshPort = 47326;
    try {
      const first = await startServer({ dataDir, config: { services: 'embedded', dnsPort: PORT, sshPort } });
      const firstAdmin = await adminAgent(first);
      await until('sshd runs', async () => {
        const st: ServiceState = (await firstAdmin.get('/api/ssh/service')).json();
        return st.status === 'running' && st.log.some((l) => l.includes(`port ${sshPort}`));
      });
      await first.close();
      // An sshd nobody supervises on the same configuration, as a killed console leaves it.
      const { spawn } = await import('node:child_process');
      const conf = path.join(dataDir, 'etc', 'ssh', 'sshd_config');
      const orphan = spawn(sshd, ['-D', '-f', conf], { stdio: 'ignore' });
      const orphanExited = new Promise((r) => orphan.on('exit', r));
      await until('the orphan listens', async () =>
        fs.readFileSync(`/proc/${orphan.pid}/cmdline`, 'utf8').includes('[listener]'),
      );
      const h = await startServer({ dataDir, config: { services: 'embedded', dnsPort: PORT, sshPort } });
      try {
        await orphanExited;
        h.adminPassword = first.adminPassword;
        const admin = await adminAgent(h);
        const s = await until('the new sshd listens', async () => {
          const st: ServiceState = (await admin.get('/api/ssh/service')).json();
          return st.status === 'running' && st.log.some((l) => l.includes(`port ${sshPort}`)) && st;
        });
        expect(s.log.join('\n')).toContain(
          `ended sshd ${orphan.pid} left running by an earlier start of the console`,
        );
      } finally {
        await h.close();
      }
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('is ended by its pid file when the console starts again, and the new one serves', async () => {
    const unbound = requireTool('unbound');
    const dig = requireTool('dig');
    const home = fs.mkdtempSync(path.join(os.homedir(), '.rampart-services-test-'));
    const dataDir = path.join(home, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    try {
      // The first console only writes the configuration; then a resolver runs on it that nobody supervises.
      const first = await startServer({ dataDir, config: { services: 'off', dnsPort: PORT } });
      await first.close();
      const conf = path.join(dataDir, 'etc', 'unbound', 'unbound.conf');
      const { spawn } = await import('node:child_process');
      const orphan = spawn(unbound, ['-d', '-c', conf], { stdio: 'ignore' });
      const orphanExited = new Promise((r) => orphan.on('exit', r));
      await until('the orphan writes its pid file', async () =>
        fs.existsSync(path.join(dataDir, 'etc', 'unbound', 'unbound.pid')),
      );
      const h = await startServer({
        dataDir,
        config: { services: 'embedded', dnsPort: PORT, sshPort: 47325 },
      });
      try {
        await orphanExited;
        // Seeded by the first start: its first-access password.
        h.adminPassword = first.adminPassword;
        const admin = await adminAgent(h);
        const s = await until('the new resolver runs', async () => {
          const st: ServiceState = (await admin.get('/api/dns/proxy/service')).json();
          return st.status === 'running' && st;
        });
        expect(s.pid).not.toBe(orphan.pid);
        expect(s.log.join('\n')).toContain(
          `ended unbound ${orphan.pid} left running by an earlier start of the console`,
        );
        await until('it answers', async () =>
          (
            await exec(dig, ['@127.0.0.1', '-p', String(PORT), '+tries=1', '+time=2', 'localhost.'])
          ).out.includes('status: NOERROR'),
        );
      } finally {
        await h.close();
      }
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
