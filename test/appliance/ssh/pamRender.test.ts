/** Where the generated SSH helper reaches the appliance, and which peers the internal endpoint counts as local. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isLoopbackPeer } from '../../../src/appliance/auth/serviceAuthRoutes';
import type { ApplianceContext } from '../../../src/appliance/context';
import {
  installSshPamService,
  removeSshPamService,
  renderPamStanza,
  sshAuthEndpoint,
  sshPamServiceName,
} from '../../../src/appliance/ssh/pam';

const ctx = (host: string, port = 8080) =>
  ({
    config: { host, port, dataDir: '/var/lib/rampart' },
    authPrefix: '/api/auth',
  }) as unknown as ApplianceContext;

it.each([
  ['127.0.0.1', 'http://127.0.0.1:8080/api/auth/internal/ssh-auth'],
  ['0.0.0.0', 'http://127.0.0.1:8080/api/auth/internal/ssh-auth'],
  ['localhost', 'http://127.0.0.1:8080/api/auth/internal/ssh-auth'],
  ['::', 'http://[::1]:8080/api/auth/internal/ssh-auth'],
  ['::1', 'http://[::1]:8080/api/auth/internal/ssh-auth'],
  ['192.0.2.4', 'http://192.0.2.4:8080/api/auth/internal/ssh-auth'],
])('a console listening on %s is asked at %s', (host, url) => {
  expect(sshAuthEndpoint(ctx(host))).toBe(url);
});

it('names the helper in the data directory in the PAM stanza', () => {
  expect(renderPamStanza(ctx('127.0.0.1'))).toContain(
    '\nauth required pam_exec.so expose_authtok quiet /var/lib/rampart/etc/ssh/bin/rampart-ssh-auth\n',
  );
});

it.each([
  ['127.0.0.1', true],
  ['127.8.9.10', true],
  ['::1', true],
  ['::ffff:127.0.0.1', true],
  ['10.0.0.1', false],
  ['::ffff:10.0.0.1', false],
  ['fe80::1', false],
  ['', false],
  [undefined, false],
])('peer %s is loopback: %s', (address, loopback) => {
  expect(isLoopbackPeer(address)).toBe(loopback);
});

describe("the embedded sshd's PAM service", () => {
  let dir = '';
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-pam-service-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const inDir = () =>
    ({
      config: { host: '127.0.0.1', port: 8080, dataDir: path.join(dir, 'data') },
      authPrefix: '/api/auth',
    }) as unknown as ApplianceContext;

  it('links a program named after its own PAM service to sshd and writes that service, removed afterwards', () => {
    const pamDir = path.join(dir, 'pam.d');
    fs.mkdirSync(pamDir);
    fs.writeFileSync(path.join(pamDir, 'sshd'), '@include common-auth\n');
    const c = inDir();
    const name = sshPamServiceName(c.config.dataDir);
    expect(name).toMatch(/^rampart-sshd-[0-9a-f]{8}$/);
    expect(sshPamServiceName(path.join(dir, 'other'))).not.toBe(name);
    const { program, problem } = installSshPamService(c, '/usr/sbin/sshd', pamDir);
    expect(problem).toBeNull();
    expect(program).toBe(path.join(dir, 'data', 'etc', 'ssh', 'bin', name));
    expect(fs.readlinkSync(program)).toBe('/usr/sbin/sshd');
    expect(fs.readFileSync(path.join(pamDir, name), 'utf8')).toBe(renderPamStanza(c));
    removeSshPamService(c, pamDir);
    expect(fs.readdirSync(pamDir)).toEqual(['sshd']);
    expect(fs.readFileSync(path.join(pamDir, 'sshd'), 'utf8')).toBe('@include common-auth\n');
  });

  it('says so when the service cannot be written, and never removes a file it did not generate', () => {
    const c = inDir();
    const notADir = path.join(dir, 'file');
    fs.writeFileSync(notADir, '');
    const { program, problem } = installSshPamService(c, '/usr/sbin/sshd', notADir);
    expect(fs.readlinkSync(program)).toBe('/usr/sbin/sshd');
    expect(problem).toMatch(
      /^SSH password logins do not go through the appliance: the PAM service .*\/file\/rampart-sshd-[0-9a-f]{8} cannot be written \([A-Z]+; the console must run as root\)$/,
    );
    const pamDir = path.join(dir, 'pam.d');
    fs.mkdirSync(pamDir);
    fs.writeFileSync(path.join(pamDir, sshPamServiceName(c.config.dataDir)), 'auth required pam_unix.so\n');
    removeSshPamService(c, pamDir);
    expect(fs.readdirSync(pamDir)).toHaveLength(1);
  });
});
