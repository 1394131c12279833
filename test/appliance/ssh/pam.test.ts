/**
 * SSH password logins through the SSH service's providers: the generated PAM helper is run exactly as pam_exec runs
 * it (PAM_USER, PAM_RHOST, PAM_TYPE=auth in the environment, the password NUL-terminated on standard input) against a
 * listening appliance with a local account and a directory (a real slapd); the generated sshd_config passes sshd -t.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createUser } from '../../../src/appliance/seed';
import { freePort, ldapProviderBody, startSlapd, type Slapd } from '../../support/slapd';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';
import { ensurePrivsepDir, requireTool, run } from '../support/tools';

let slapd: Slapd;
let h: Harness;
let admin: Agent;
let directory: number;

const helper = () => path.join(h.dataDir, 'etc', 'ssh', 'bin', 'rampart-ssh-auth');
const secretFile = () => path.join(h.dataDir, 'etc', 'ssh', 'rampart-ssh-auth.secret');

beforeAll(async () => {
  ensurePrivsepDir();
  slapd = await startSlapd();
  const port = await freePort();
  h = await startServer({ config: { host: '127.0.0.1', port } });
  await h.app.listen({ host: '127.0.0.1', port });
  admin = await adminAgent(h);
  await createUser(h.ctx, { username: 'dave', password: 'dave-password-123', role: 'user' });
  // A local account named like a directory user, to show that the order decides.
  await createUser(h.ctx, { username: 'bob', password: 'local-bob-password', role: 'user' });
  const res = await admin.post('/api/authentication/providers', ldapProviderBody(slapd));
  expect(res.statusCode).toBe(201);
  directory = res.json().id;
});
afterAll(async () => {
  await h?.close();
  await slapd?.stop();
});

/** Runs the helper as pam_exec does; resolves with its exit status. */
function pamExec(
  user: string,
  password: string,
  rhost = '203.0.113.10',
  type = 'auth',
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(helper(), [], {
      env: { PAM_USER: user, PAM_RHOST: rhost, PAM_TYPE: type, PAM_SERVICE: 'sshd', PATH: '/usr/bin:/bin' },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
    child.stdin.end(Buffer.concat([Buffer.from(password), Buffer.from([0])]));
  });
}

const useForSsh = async (ids: number[]) =>
  expect((await admin.put('/api/authentication/services/ssh', { provider_ids: ids })).statusCode).toBe(200);

const auditLines = () =>
  (
    h.ctx.db.prepare("SELECT message FROM logs WHERE service = 'auth' ORDER BY id").all() as Array<{
      message: string;
    }>
  ).map((r) => r.message);

it('writes the PAM stanza, the helper and a private secret into the data directory', () => {
  expect(fs.statSync(helper()).mode & 0o777).toBe(0o755);
  expect(fs.statSync(secretFile()).mode & 0o777).toBe(0o600);
  expect(fs.readFileSync(path.join(h.dataDir, 'etc', 'ssh', 'pam.d', 'sshd'), 'utf8')).toContain(
    `\nauth required pam_exec.so expose_authtok quiet ${helper()}\n`,
  );
});

it('signs in local accounts of the SSH list and nobody else', async () => {
  await useForSsh([1]);
  expect(await pamExec('dave', 'dave-password-123')).toBe(0);
  expect(await pamExec('dave', 'not-daves-password')).toBe(1);
  expect(await pamExec('nobody', 'dave-password-123')).toBe(1);
  // The directory is not on the SSH list yet.
  expect(await pamExec('alice', 'alice-secret')).toBe(1);
  // Only the auth stack is handled.
  expect(await pamExec('dave', 'dave-password-123', '203.0.113.10', 'account')).toBe(1);
  expect(auditLines()).toContain(
    'login succeeded for "dave" [service=ssh method=password source=203.0.113.10]',
  );
});

it('walks the SSH providers in their order, and a provider removed from the list no longer signs in', async () => {
  await useForSsh([1, directory]);
  expect(await pamExec('alice', 'alice-secret')).toBe(0);
  expect(await pamExec('alice', 'wrong-secret')).toBe(1);
  // Local first: the local "bob" decides, with its own password, not the directory's.
  expect(await pamExec('bob', 'local-bob-password')).toBe(0);
  expect(await pamExec('bob', 'bob-secret')).toBe(1);
  // Directory first: it knows bob, whose local namesake it may not take over; the local password is not asked.
  await useForSsh([directory, 1]);
  expect(await pamExec('bob', 'local-bob-password')).toBe(1);
  expect(await pamExec('dave', 'dave-password-123')).toBe(0);
  // Without the directory, its account no longer gets in, even with the right password.
  await useForSsh([1]);
  expect(await pamExec('alice', 'alice-secret')).toBe(1);
  expect(auditLines()).toContain(
    'login refused for "alice" [service=ssh method=password source=203.0.113.10]: its provider "Directory" is not used by SSH',
  );
});

it('refuses a disabled account', async () => {
  await createUser(h.ctx, { username: 'erin', password: 'erin-password-123', role: 'user' });
  expect(await pamExec('erin', 'erin-password-123')).toBe(0);
  h.ctx.db.prepare("UPDATE users SET enabled = 0 WHERE username = 'erin'").run();
  expect(await pamExec('erin', 'erin-password-123')).toBe(1);
  expect(auditLines()).toContain(
    'login refused for "erin" [service=ssh method=password source=203.0.113.10]: account disabled',
  );
});

it("locks a name out of SSH per SSH client address (PAM_RHOST), not per the helper's loopback address", async () => {
  const rhost = '198.51.100.23';
  for (let i = 0; i < 5; i += 1) expect(await pamExec('dave', `wrong-${i}`, rhost)).toBe(1);
  expect(await pamExec('dave', 'dave-password-123', rhost)).toBe(1);
  expect(await pamExec('dave', 'dave-password-123', '198.51.100.24')).toBe(0);
  const locks = (await admin.get('/api/auth/lockouts')).json().data;
  expect(locks).toContainEqual(expect.objectContaining({ username: 'dave', source: rhost, service: 'ssh' }));
  expect(auditLines()).toContain(
    'login refused for "dave" [service=ssh method=password source=198.51.100.23]: account locked',
  );
  expect((await admin.request({ method: 'DELETE', url: '/api/auth/lockouts/dave' })).statusCode).toBe(204);
  expect(await pamExec('dave', 'dave-password-123', rhost)).toBe(0);
});

describe('the internal endpoint', () => {
  const secret = () => fs.readFileSync(secretFile(), 'utf8').trim();
  const ask = (headers: Record<string, string>, payload: unknown, remoteAddress = '127.0.0.1') =>
    h.app.inject({
      method: 'POST',
      url: '/api/auth/internal/ssh-auth',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
      remoteAddress,
    });
  const good = { username: 'dave', password: 'dave-password-123', rhost: '203.0.113.10' };

  it('answers only the helper on this machine', async () => {
    expect((await ask({ 'x-rampart-ssh-auth': secret() }, good)).statusCode).toBe(204);
    for (const [headers, address] of [
      [{}, '127.0.0.1'],
      [{ 'x-rampart-ssh-auth': 'guessed' }, '127.0.0.1'],
      [{ 'x-rampart-ssh-auth': secret() }, '192.0.2.5'],
      [{ 'x-rampart-ssh-auth': secret(), 'x-forwarded-for': '192.0.2.5' }, '127.0.0.1'],
      [{ 'x-rampart-ssh-auth': secret(), forwarded: 'for=192.0.2.5' }, '127.0.0.1'],
    ] as Array<[Record<string, string>, string]>) {
      const res = await ask(headers, good, address);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'This endpoint is internal to the appliance' });
    }
    // Not even its validation answers a caller without the secret.
    expect((await ask({}, { nonsense: true })).statusCode).toBe(403);
  });

  it.each<[string, Record<string, unknown>, Array<string | number>, string]>([
    ['a missing username', { password: 'x' }, ['body', 'username'], 'value_error.missing'],
    [
      'an empty username',
      { username: '', password: 'x' },
      ['body', 'username'],
      'value_error.any_str.min_length',
    ],
    ['a missing password', { username: 'dave' }, ['body', 'password'], 'value_error.missing'],
    [
      'a password that is no string',
      { username: 'dave', password: 1 },
      ['body', 'password'],
      'type_error.str',
    ],
    ['an rhost with spaces', { ...good, rhost: 'a b' }, ['body', 'rhost'], 'value_error.str.regex'],
    [
      'a too long rhost',
      { ...good, rhost: 'a'.repeat(256) },
      ['body', 'rhost'],
      'value_error.any_str.max_length',
    ],
    ['an unknown field', { ...good, service: 'console' }, ['body', 'service'], 'value_error.extra'],
  ])('answers 422 for %s', async (_name, body, loc, type) => {
    const res = await ask({ 'x-rampart-ssh-auth': secret() }, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(expect.objectContaining({ loc, type }));
  });
});

it('rewrites the helper when the SSH provider list changes, and lists it in the SSH preview', async () => {
  fs.rmSync(helper());
  await useForSsh([1, directory]);
  expect(fs.statSync(helper()).mode & 0o777).toBe(0o755);
  expect(await pamExec('alice', 'alice-secret')).toBe(0);
  const preview = (await admin.get('/api/ssh/config/preview')).json();
  expect(preview.files.map((f: { path: string }) => f.path)).toEqual(
    expect.arrayContaining([helper(), path.join(h.dataDir, 'etc', 'ssh', 'pam.d', 'sshd')]),
  );
  // The secret is never shown.
  expect(JSON.stringify(preview)).not.toContain(fs.readFileSync(secretFile(), 'utf8').trim());
});

it('turns PAM on with password authentication, in an sshd_config that sshd -t accepts', async () => {
  const config = path.join(h.dataDir, 'etc', 'ssh', 'sshd_config');
  expect(fs.readFileSync(config, 'utf8')).toContain('\nUsePAM yes\n');
  expect(run(requireTool('sshd'), ['-t', '-f', config])).toEqual({ status: 0, output: '' });
  const settings = (await admin.get('/api/ssh/config')).json().settings;
  expect(
    (await admin.put('/api/ssh/config/settings', { ...settings, password_authentication: false })).statusCode,
  ).toBe(200);
  const preview = (await admin.get('/api/ssh/config/preview')).json();
  expect(preview.files[0].content).toContain('\nUsePAM no\n');
});
