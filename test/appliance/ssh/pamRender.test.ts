/** Where the generated SSH helper reaches the appliance, and which peers the internal endpoint counts as local. */
import { isLoopbackPeer } from '../../../src/appliance/auth/serviceAuthRoutes';
import type { ApplianceContext } from '../../../src/appliance/context';
import { renderPamStanza, sshAuthEndpoint } from '../../../src/appliance/ssh/pam';

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
