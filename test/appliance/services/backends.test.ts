/**
 * The service manager's backends without the real daemons: a daemon that is not installed is a state, not a crash;
 * one that keeps dying is restarted with a delay and its exit is reported; the systemd backend drives a fake
 * `systemctl` (and `journalctl`) found first on PATH.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Audit } from '../../../src/appliance/audit';
import { EmbeddedBackend } from '../../../src/appliance/services/embedded';
import { SystemdBackend } from '../../../src/appliance/services/systemd';
import { ensurePrivsepDir } from '../../../src/appliance/ssh';
import type { ServiceUnit } from '../../../src/appliance/services/types';

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const unit = (daemon: string, dir: string, enabled = true): ServiceUnit => ({
  name: 'dns',
  label: 'DNS proxy',
  daemon,
  absence: 'no DNS proxy runs',
  systemdUnit: 'unbound.service',
  enabled: () => enabled,
  args: () => [],
  pidFile: path.join(dir, 'daemon.pid'),
  configFile: path.join(dir, 'daemon.conf'),
});

describe('service backends', () => {
  let dir: string;
  const savedPath = process.env.PATH;
  const entries: Array<{ service: string; message: string; severity?: string }> = [];
  const audit: Audit = {
    record: (service, message) => entries.push({ service, message }),
    log: (service, message, severity) => entries.push({ service, message, severity }),
  };
  const script = (name: string, body: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return file;
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-backends-'));
    process.env.PATH = `${dir}${path.delimiter}${savedPath}`;
    entries.length = 0;
  });
  afterEach(() => {
    process.env.PATH = savedPath;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports a daemon that is not installed as such, and does not fail', async () => {
    const backend = new EmbeddedBackend({ audit });
    const u = unit('rampart-no-such-daemon', dir);
    await backend.start(u);
    expect(await backend.state(u)).toMatchObject({
      status: 'not_installed',
      pid: null,
      message: 'rampart-no-such-daemon is not installed: the configuration is written but no DNS proxy runs',
    });
    await backend.close();
  });

  it('restarts a daemon that exits, with its last words as the reason and a warning in the log', async () => {
    script('rampart-test-daemon', 'echo "error: cannot bind port" >&2\nexit 3');
    const backend = new EmbeddedBackend({ audit, firstDelayMs: 50 });
    const u = unit('rampart-test-daemon', dir);
    await backend.start(u);
    await until(async () => (await backend.state(u)).restarts >= 2);
    const s = await backend.state(u);
    expect(s.last_exit).toMatchObject({
      code: 3,
      signal: null,
      reason: 'exited with status 3: error: cannot bind port',
    });
    expect(s.log).toContain('error: cannot bind port');
    expect(entries).toContainEqual({
      service: 'dns',
      message: 'rampart-test-daemon exited with status 3: error: cannot bind port; restarting in 1 s',
      severity: 'warning',
    });
    // The daemon's own output is stored under the service, an error line as an error.
    expect(entries).toContainEqual({
      service: 'dns',
      message: 'rampart-test-daemon: error: cannot bind port',
      severity: 'error',
    });
    await backend.stop(u);
    expect(await backend.state(u)).toMatchObject({ status: 'stopped', next_restart_at: null });
    const restarts = (await backend.state(u)).restarts;
    await new Promise((r) => setTimeout(r, 300));
    expect((await backend.state(u)).restarts).toBe(restarts);
    await backend.close();
  });

  it('stops a running daemon with SIGTERM and reloads it with SIGHUP', async () => {
    const marks = path.join(dir, 'marks');
    script(
      'rampart-test-daemon',
      `trap 'echo hup >> ${marks}' HUP\ntrap 'echo term >> ${marks}; exit 0' TERM\nwhile :; do sleep 0.05; done`,
    );
    const backend = new EmbeddedBackend({ audit });
    const u = unit('rampart-test-daemon', dir);
    await backend.start(u);
    const { pid } = await backend.state(u);
    expect(pid).toEqual(expect.any(Number));
    await new Promise((r) => setTimeout(r, 200));
    await backend.reload(u);
    await until(async () => fs.existsSync(marks) && fs.readFileSync(marks, 'utf8').includes('hup'));
    expect((await backend.state(u)).pid).toBe(pid);
    await backend.close();
    expect(fs.readFileSync(marks, 'utf8')).toBe('hup\nterm\n');
    expect(() => process.kill(pid!, 0)).toThrow();
  });

  describe('systemd', () => {
    const calls = () => fs.readFileSync(path.join(dir, 'calls'), 'utf8').trim().split('\n');
    const fakeSystemctl = (show: string, failing = '') =>
      script(
        'systemctl',
        [
          `echo "$@" >> ${dir}/calls`,
          failing ? `[ "$1" = "${failing}" ] && { echo "Job for unit failed." >&2; exit 1; }` : '',
          `[ "$1" = show ] && printf '${show}'`,
          'exit 0',
        ].join('\n'),
      );

    it('reloads with reload-or-restart and reads the state from systemctl show and the journal', async () => {
      fakeSystemctl(
        'LoadState=loaded\\nActiveState=active\\nSubState=running\\nMainPID=4242\\nStateChangeTimestamp=@1764270000\\nExecMainExitTimestamp=\\nExecMainCode=0\\nExecMainStatus=0\\nResult=success\\nNRestarts=2\\n',
      );
      script('journalctl', 'echo "start of unbound"; echo "service started"');
      const backend = new SystemdBackend();
      const u = unit('unbound', dir);
      await backend.reload(u);
      await backend.stop(u);
      const s = await backend.state(u);
      expect(calls()).toEqual([
        'reload-or-restart unbound.service',
        'stop unbound.service',
        expect.stringMatching(/^show unbound\.service --timestamp=unix --property=LoadState /),
      ]);
      expect(s).toMatchObject({
        backend: 'systemd',
        status: 'running',
        pid: 4242,
        since: 1764270000 * 1000,
        restarts: 2,
        last_exit: null,
        log: ['start of unbound', 'service started'],
      });
    });

    it('says when the unit is not installed, and when it failed', async () => {
      fakeSystemctl('LoadState=not-found\\nActiveState=inactive\\n');
      const backend = new SystemdBackend();
      expect(await backend.state(unit('unbound', dir))).toMatchObject({
        status: 'not_installed',
        message: 'unbound is not installed: the configuration is written but no DNS proxy runs',
      });
      fakeSystemctl(
        'LoadState=loaded\\nActiveState=failed\\nMainPID=0\\nExecMainExitTimestamp=@1764270100\\nExecMainCode=1\\nExecMainStatus=1\\nResult=exit-code\\n',
        'start',
      );
      await expect(backend.start(unit('unbound', dir))).rejects.toThrow(
        'systemctl start unbound.service failed: Job for unit failed.',
      );
      expect(await backend.state(unit('unbound', dir))).toMatchObject({
        status: 'failed',
        pid: null,
        last_exit: { at: 1764270100 * 1000, code: 1, reason: 'exited with status 1 (exit-code)' },
        message: 'unbound.service failed (exit-code)',
      });
    });
  });
});

describe("sshd's privilege-separation directory", () => {
  it('is created when missing, and a directory that cannot be made is said, not skipped silently', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-privsep-'));
    try {
      const privsep = path.join(dir, 'run', 'sshd');
      expect(ensurePrivsepDir(privsep)).toBeNull();
      expect(fs.statSync(privsep).isDirectory()).toBe(true);
      const blocked = path.join(dir, 'file');
      fs.writeFileSync(blocked, '');
      expect(ensurePrivsepDir(path.join(blocked, 'sshd'))).toBe(
        `sshd needs its privilege-separation directory ${blocked}/sshd, which this console cannot create (ENOTDIR): run it as root or create the directory (install -d -m 0755 ${blocked}/sshd)`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
