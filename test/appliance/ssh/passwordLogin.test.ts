/**
 * A password login over SSH through the generated PAM helper, with the real sshd of the embedded backend: `ssh`
 * gives an appliance account's password, sshd (run as `rampart-sshd-<id>`, so its PAM service is the appliance's own
 * `/etc/pam.d/rampart-sshd-<id>`) runs the helper, the helper asks the appliance.
 *
 * Runs as root (as CI does): the PAM service file is written by the console only when it can, and sshd needs a
 * system account for the login name (NSS), which this test creates with `useradd` for the appliance account's name
 * and removes at the end. Nothing of the host's own sshd (its PAM service `sshd`, its configuration) is touched.
 * The password is given by `SSH_ASKPASS` with `SSH_ASKPASS_REQUIRE=force` (OpenSSH ≥ 8.4), so no terminal is needed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServiceState } from '../../../src/appliance/services';
import { createUser } from '../../../src/appliance/seed';
import { PAM_DIR, sshPamServiceName, sshdProgramPath } from '../../../src/appliance/ssh/pam';
import { freePort } from '../../support/slapd';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';
import { exec, until } from '../support/daemons';
import { requireTool } from '../support/tools';

const SSH_PORT = 2292;
const DNS_PORT = 5392;

describe('SSH password login through the appliance', () => {
  const ssh = requireTool('ssh');
  requireTool('sshd');
  const useradd = requireTool('useradd');
  const userdel = requireTool('userdel');
  if (process.getuid?.() !== 0)
    throw new Error('this test runs sshd with a PAM service and a system account of its own: run it as root');

  // A name no host account has: the system account exists only while the test runs.
  const account = `rpam${process.pid % 100000}`;
  const password = 'pam-login-password-42';
  let home = '';
  let askpass = '';
  let h: Harness;
  let admin: Agent;
  let userId = 0;
  let sshdPid = 0;

  beforeAll(async () => {
    home = fs.mkdtempSync(path.join(os.homedir(), '.rampart-pam-test-'));
    const dataDir = path.join(home, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    askpass = path.join(home, 'askpass');
    fs.writeFileSync(askpass, '#!/bin/sh\nprintf "%s\\n" "$RAMPART_TEST_PASSWORD"\n', { mode: 0o700 });
    const added = await exec(useradd, ['--no-create-home', '--home-dir', '/', '--shell', '/bin/sh', account]);
    if (added.code !== 0) throw new Error(`useradd ${account}: ${added.out}`);
    const port = await freePort();
    h = await startServer({
      dataDir,
      config: { host: '127.0.0.1', port, services: 'embedded', sshPort: SSH_PORT, dnsPort: DNS_PORT },
    });
    // The helper pam_exec runs asks the console over loopback.
    await h.app.listen({ host: '127.0.0.1', port });
    admin = await adminAgent(h);
    userId = await createUser(h.ctx, { username: account, password, role: 'user' });
    expect((await admin.put('/api/authentication/services/ssh', { provider_ids: [1] })).statusCode).toBe(200);
    const state = await until('sshd listens', async () => {
      const s: ServiceState = (await admin.get('/api/ssh/service')).json();
      return s.status === 'running' && s.log.some((l) => l.includes(`port ${SSH_PORT}`)) && s;
    });
    sshdPid = state.pid ?? 0;
  });
  afterAll(async () => {
    await h?.close();
    await exec(userdel, [account]);
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  const login = (secret: string) =>
    exec(
      ssh,
      [
        '-p',
        String(SSH_PORT),
        '-F',
        '/dev/null',
        '-o',
        'PreferredAuthentications=password',
        '-o',
        'PubkeyAuthentication=no',
        '-o',
        'NumberOfPasswordPrompts=1',
        '-o',
        'StrictHostKeyChecking=no',
        '-o',
        'UserKnownHostsFile=/dev/null',
        '-o',
        'ConnectTimeout=5',
        `${account}@127.0.0.1`,
        'echo signed-in-as-$(id -un)',
      ],
      {
        env: {
          PATH: process.env.PATH,
          HOME: home,
          SSH_ASKPASS: askpass,
          SSH_ASKPASS_REQUIRE: 'force',
          DISPLAY: ':0',
          RAMPART_TEST_PASSWORD: secret,
        },
      },
    );

  const authLines = () =>
    (
      h.ctx.db.prepare("SELECT message FROM logs WHERE service = 'auth' ORDER BY id").all() as Array<{
        message: string;
      }>
    ).map((r) => r.message);

  it('runs sshd under a program name whose PAM service is the appliance stanza', () => {
    const program = sshdProgramPath(h.dataDir);
    expect(fs.readlinkSync(program)).toBe(requireTool('sshd'));
    // sshd sets its process title from __progname, the name PAM is started with: "rampart-sshd-<id>: <program> …".
    expect(fs.readFileSync(`/proc/${sshdPid}/cmdline`, 'utf8')).toMatch(
      new RegExp(`^${sshPamServiceName(h.dataDir)}: ${program} -D`),
    );
    const service = path.join(PAM_DIR, sshPamServiceName(h.dataDir));
    expect(fs.readFileSync(service, 'utf8')).toContain(
      `auth required pam_exec.so expose_authtok quiet ${path.join(h.dataDir, 'etc', 'ssh', 'bin', 'rampart-ssh-auth')}`,
    );
  });

  it('lets the appliance account in with its password and refuses a wrong one', async () => {
    const ok = await login(password);
    expect(ok.out).toContain(`signed-in-as-${account}`);
    expect(ok.code).toBe(0);
    const wrong = await login('not-the-password');
    expect(wrong.code).toBe(255);
    expect(wrong.out).toContain('Permission denied');
    expect(authLines()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^login failed for "${account}" \\[service=ssh method=password source=127\\.0\\.0\\.1\\]`,
          ),
        ),
      ]),
    );
  });

  it('refuses the password once the account is disabled in the console', async () => {
    const res = await admin.put(`/api/users/${userId}`, {
      email: '',
      full_name: '',
      role: 'user',
      enabled: false,
      expires_at: null,
    });
    expect(res.statusCode).toBe(200);
    const refused = await login(password);
    expect(refused.code).toBe(255);
    expect(refused.out).toContain('Permission denied');
    expect(authLines()).toContain(
      `login refused for "${account}" [service=ssh method=password source=127.0.0.1]: account disabled`,
    );
  });

  it('removes its PAM service file when the console stops', async () => {
    const service = path.join(PAM_DIR, sshPamServiceName(h.dataDir));
    await h.close();
    expect(fs.existsSync(service)).toBe(false);
    expect(() => process.kill(sshdPid, 0)).toThrow();
  });
});
