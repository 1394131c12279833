/**
 * Updates API against a real server and SQLite: signed packages built by scripts/make-update-package.ts, refused
 * packages (corrupt, unsigned, wrongly signed, downgraded, oversized), the apply job, history, rollback, the
 * repository (directory and HTTP) and the scheduled security-only updates.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { addToRepository, makePackage, signingKeys, trustKey } from '../../../scripts/make-update-package';
import { updatesOf } from '../../../src/appliance/updates';
import { lastSlot } from '../../../src/appliance/updates/scheduler';
import {
  Agent,
  adminAgent,
  count,
  grantPrivileges,
  startServer,
  userAgent,
  type Harness,
} from '../support/harness';

const until = async (check: () => Promise<boolean>, ms = 8000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
};

const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-update-keys-'));
const keys = signingKeys(keysDir);
const stranger = crypto.generateKeyPairSync('ed25519').privateKey;

const upload = (agent: Agent, file: Buffer) =>
  agent.request({
    method: 'POST',
    url: '/api/updates/packages',
    payload: file,
    headers: { 'content-type': 'application/octet-stream' },
  });

describe('updates', () => {
  let h: Harness;
  let admin: Agent;
  beforeAll(async () => {
    h = await startServer();
    trustKey(h.dataDir, keys.publicKeyPem);
    admin = await adminAgent(h);
  });
  afterAll(() => h.close());

  const status = async () => (await admin.get('/api/updates')).json();
  const waitJob = (id: string) =>
    until(async () => (await admin.get(`/api/jobs/${id}`)).json().status !== 'running');

  it('starts at the factory version with no history and lists the trusted key', async () => {
    const s = await status();
    expect(s).toMatchObject({
      current_version: '1.0.0',
      channel: 'stable',
      last_check: null,
      available: [],
      history: [],
      rollback_version: null,
      schedule: { enabled: false, day: 'daily', time: '03:00' },
    });
    expect(s.trusted_keys).toHaveLength(1);
    expect(s.trusted_keys[0].fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it('an admin installs a trusted key by pasting it; it is stored, audited and refused twice or as a private key', async () => {
    const pair = crypto.generateKeyPairSync('ed25519');
    const pem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const before = (await status()).trusted_keys.length;
    const audit = jest.spyOn(h.ctx.audit, 'record');
    const res = await admin.post('/api/updates/trusted-keys', { name: 'release-2027', pem });
    expect(res.statusCode).toBe(201);
    const added = (res.json().trusted_keys as Array<{ name: string; fingerprint: string }>).find(
      (k) => k.name === 'release-2027',
    );
    expect(added?.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(res.json().trusted_keys).toHaveLength(before + 1);
    expect(fs.readFileSync(path.join(h.dataDir, 'updates', 'trusted-keys', 'release-2027.pem'), 'utf8')).toBe(
      pem,
    );
    expect(audit).toHaveBeenCalledWith(
      'settings',
      `trusted update key "release-2027" (${added?.fingerprint}) installed by "admin"`,
    );
    audit.mockRestore();

    const again = await admin.post('/api/updates/trusted-keys', { name: 'other-name', pem });
    expect(again.statusCode).toBe(422);
    expect(again.json().detail[0]).toMatchObject({
      loc: ['body', 'pem'],
      type: 'value_error.update.key_duplicate',
    });
    const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const priv = await admin.post('/api/updates/trusted-keys', { name: 'oops', pem: privatePem });
    expect(priv.json().detail[0]).toMatchObject({ loc: ['body', 'pem'], type: 'value_error.update.key' });
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    const wrongType = await admin.post('/api/updates/trusted-keys', {
      name: 'rsa',
      pem: rsa.export({ type: 'spki', format: 'pem' }).toString(),
    });
    expect(wrongType.json().detail[0].msg).toMatch(/Ed25519/);
    const badName = await admin.post('/api/updates/trusted-keys', { name: '../escape', pem });
    expect(badName.statusCode).toBe(422);
    expect(fs.existsSync(path.join(h.dataDir, 'updates', 'oops.pem'))).toBe(false);

    const member = await userAgent(h, 'key-member');
    expect((await member.post('/api/updates/trusted-keys', { name: 'mine', pem })).statusCode).toBe(403);
    // A group's updates privilege lets a member apply updates, not choose whose signatures to trust.
    await grantPrivileges(h, 'key-member', { updates: 'write' });
    expect((await member.post('/api/updates/trusted-keys', { name: 'mine', pem })).statusCode).toBe(403);
  });

  const signed = (version: string, extra: Partial<Parameters<typeof makePackage>[0]> = {}) =>
    makePackage({ version, privateKey: keys.privateKey, ...extra });

  function tamper(file: Buffer, change: (env: Record<string, string>) => void): Buffer {
    const env = JSON.parse(file.toString('utf8')) as Record<string, string>;
    change(env);
    return Buffer.from(JSON.stringify(env));
  }

  /** A package whose manifest text is edited, then signed again with the trusted key (so only the edit is wrong). */
  function resigned(edit: (manifest: string) => string): Buffer {
    const env = JSON.parse(signed('1.1.0').toString('utf8')) as Record<string, string>;
    env.manifest = edit(env.manifest);
    env.signature = crypto.sign(null, Buffer.from(env.manifest, 'utf8'), keys.privateKey).toString('base64');
    return Buffer.from(JSON.stringify(env));
  }
  /** The package file's text, edited (the signed manifest stays as it was). */
  const editedFile = (edit: (text: string) => string) => Buffer.from(edit(signed('1.1.0').toString('utf8')));

  it.each([
    // Duplicate keys: JSON.parse keeps the last, another reader the first, so one signed text could mean two things.
    [
      'a signed manifest that repeats a key',
      resigned((m) => m.replace(/^\{/, '{"channel":"beta",')),
      'value_error.update.manifest',
    ],
    [
      'a signed manifest that repeats a key spelled with an escape',
      resigned((m) => m.replace(/^\{/, '{"vers\\u0069on":"9.9.9",')),
      'value_error.update.manifest',
    ],
    [
      'a signed manifest that repeats a key of its checksum',
      resigned((m) => m.replace('"payload":{', '"payload":{"size":1,')),
      'value_error.update.manifest',
    ],
    [
      'an envelope that repeats its payload',
      editedFile((t) => t.replace(/^\{/, `{"payload":"${Buffer.from('evil').toString('base64')}",`)),
      'value_error.update.format',
    ],
    [
      'an envelope that repeats its manifest',
      editedFile((t) => t.replace(/^\{/, '{"manifest":"{}",')),
      'value_error.update.format',
    ],
    ['corrupt (not JSON)', Buffer.from('PK\u0003\u0004 not a package'), 'value_error.update.format'],
    [
      'another format',
      Buffer.from(JSON.stringify({ format: 'zip', manifest: '{}', payload: '' })),
      'value_error.update.format',
    ],
    ['unsigned', makePackage({ version: '1.1.0', privateKey: null }), 'value_error.update.unsigned'],
    [
      'signed by an untrusted key',
      makePackage({ version: '1.1.0', privateKey: stranger }),
      'value_error.update.signature',
    ],
    [
      'a manifest changed after signing',
      tamper(signed('1.1.0'), (e) => {
        e.manifest = e.manifest.replace('"1.1.0"', '"9.9.9"');
      }),
      'value_error.update.signature',
    ],
    [
      'a payload changed after signing',
      tamper(signed('1.1.0'), (e) => {
        e.payload = Buffer.from('evil payload').toString('base64');
      }),
      'value_error.update.checksum',
    ],
    [
      'a signature that is not base64',
      tamper(signed('1.1.0'), (e) => (e.signature = '!!!')),
      'value_error.update.format',
    ],
    ['the installed version again', signed('1.0.0'), 'value_error.update.downgrade'],
    ['an older version', signed('0.9.0'), 'value_error.update.downgrade'],
    ['another channel', signed('1.1.0', { channel: 'beta' }), 'value_error.update.channel'],
  ])('refuses a package that is %s, with a clear error, and stores nothing', async (_name, file, type) => {
    const res = await upload(admin, file);
    expect(res.statusCode).toBe(422);
    const [item] = res.json().detail;
    expect(item).toMatchObject({ loc: ['body'], type });
    expect(item.msg).toMatch(/^(The (file|package|payload|signature|signed manifest)|Version) .{10,}/);
    expect(count(h, 'update_packages')).toBe(0);
    expect((await status()).current_version).toBe('1.0.0');
  });

  it('refuses a package over 10 MiB with 413 and an empty body with 422', async () => {
    const big = await upload(admin, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20));
    expect(big.statusCode).toBe(413);
    const empty = await upload(admin, Buffer.alloc(0));
    expect([400, 422]).toContain(empty.statusCode);
    expect(count(h, 'update_packages')).toBe(0);
  });

  it('refuses package uploads and applying from users who may only read updates', async () => {
    const user = await userAgent(h, 'operator');
    expect((await user.get('/api/updates')).statusCode).toBe(403);
    await grantPrivileges(h, 'operator', { updates: 'read' });
    expect((await upload(user, signed('1.1.0'))).statusCode).toBe(403);
    expect((await user.post('/api/updates/apply', { version: '1.1.0' })).statusCode).toBe(403);
    expect((await user.get('/api/updates')).statusCode).toBe(200);
    expect((await new Agent(h.app).get('/api/updates')).statusCode).toBe(401);
  });

  it('accepts a signed package, applies it as a four-step job, records history and rolls back', async () => {
    const res = await upload(
      admin,
      signed('1.1.0', { security: true, schema: 3, changelog: '## Fixes\n\n- TLS' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ version: '1.1.0', security: true });
    expect((await status()).available).toEqual([
      expect.objectContaining({
        version: '1.1.0',
        security: true,
        changelog: '## Fixes\n\n- TLS',
        source: 'upload',
      }),
    ]);

    const start = await admin.post('/api/updates/apply', { version: '1.1.0' });
    expect(start.statusCode).toBe(202);
    const job = start.json();
    expect(job).toMatchObject({ dataType: 'upgrade', totalSteps: 4 });
    expect(job.details.map((d: { name: string }) => d.name)).toEqual([
      'Verify package',
      'Unpack package',
      'Migrate schema',
      'Switch version',
    ]);
    // One job at a time.
    expect((await admin.post('/api/jobs', { type: 'config' })).statusCode).toBe(409);
    await waitJob(job.id);
    expect((await admin.get(`/api/jobs/${job.id}`)).json().status).toBe('done');

    const after = await status();
    expect(after).toMatchObject({
      current_version: '1.1.0',
      schema_version: 3,
      available: [],
      rollback_version: '1.0.0',
    });
    expect(after.history[0]).toMatchObject({
      kind: 'update',
      from_version: '1.0.0',
      to_version: '1.1.0',
      security: true,
    });
    expect(fs.existsSync(path.join(h.dataDir, 'updates', 'releases', '1.1.0', 'payload.bin'))).toBe(true);

    // Downgrades are refused, whether uploaded or applied; only the explicit rollback goes back.
    expect((await upload(admin, signed('1.0.5'))).json().detail[0].type).toBe('value_error.update.downgrade');
    expect((await admin.post('/api/updates/apply', { version: '1.1.0' })).statusCode).toBe(422);

    const back = await admin.post('/api/updates/rollback', {});
    expect(back.statusCode).toBe(202);
    await waitJob(back.json().id);
    const rolled = await status();
    expect(rolled).toMatchObject({ current_version: '1.0.0', schema_version: 1, rollback_version: null });
    expect(rolled.history[0]).toMatchObject({ kind: 'rollback', from_version: '1.1.0', to_version: '1.0.0' });
    // Only one step back.
    expect((await admin.post('/api/updates/rollback', {})).json().detail[0].type).toBe(
      'value_error.update.no_previous',
    );
  });

  it('fails the job, changing nothing, when the signing key was removed before applying', async () => {
    const other = crypto.generateKeyPairSync('ed25519');
    const file = trustKey(
      h.dataDir,
      other.publicKey.export({ type: 'spki', format: 'pem' }) as string,
      'temporary',
    );
    expect(
      (await upload(admin, makePackage({ version: '1.2.0', privateKey: other.privateKey }))).statusCode,
    ).toBe(201);
    fs.rmSync(file);
    const start = await admin.post('/api/updates/apply', { version: '1.2.0' });
    expect(start.statusCode).toBe(202);
    await waitJob(start.json().id);
    const job = (await admin.get(`/api/jobs/${start.json().id}`)).json();
    expect(job).toMatchObject({
      status: 'failed',
      reason: 'The package signature does not match any trusted key',
    });
    expect((await status()).current_version).toBe('1.0.0');
  });

  it('validates apply, settings and schedule bodies', async () => {
    expect((await admin.post('/api/updates/apply', { version: '1.1' })).json().detail[0].type).toBe(
      'value_error.str.regex',
    );
    expect((await admin.post('/api/updates/apply', { version: '7.7.7' })).statusCode).toBe(404);
    const badRepo = await admin.put('/api/updates/settings', {
      repository: 'relative/dir',
      channel: 'stable',
    });
    expect(badRepo.json().detail[0]).toMatchObject({
      loc: ['body', 'repository'],
      type: 'value_error.update.repository',
    });
    const creds = await admin.put('/api/updates/settings', {
      repository: 'https://u:p@repo.example/',
      channel: 'stable',
    });
    expect(creds.statusCode).toBe(422);
    expect(
      (await admin.put('/api/updates/settings', { repository: null, channel: 'nightly' })).statusCode,
    ).toBe(422);
    for (const time of ['24:00', '7:00', '12:60', ''])
      expect((await admin.put('/api/updates/schedule', { enabled: true, day: 'mon', time })).statusCode).toBe(
        422,
      );
    expect(
      (await admin.put('/api/updates/schedule', { enabled: true, day: 'someday', time: '03:00' })).statusCode,
    ).toBe(422);
  });

  it('checks a repository directory: verified packages become available, bad files are reported', async () => {
    const repo = path.join(h.dataDir, 'repo-dir');
    addToRepository(repo, '1.3.0', signed('1.3.0', { changelog: '# 1.3.0' }));
    addToRepository(repo, '1.3.1', makePackage({ version: '1.3.1', privateKey: null }));
    expect(
      (await admin.put('/api/updates/settings', { repository: repo, channel: 'stable' })).statusCode,
    ).toBe(200);
    const res = await admin.post('/api/updates/check');
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.available.map((u: { version: string }) => u.version)).toContain('1.3.0');
    expect(s.available.map((u: { version: string }) => u.version)).not.toContain('1.3.1');
    expect(s.last_check).toMatchObject({
      error: null,
      rejected: [{ file: 'rampart-1.3.1.rup', reason: 'The package is not signed' }],
    });
    expect(typeof s.last_check.at).toBe('number');

    await admin.put('/api/updates/settings', {
      repository: path.join(h.dataDir, 'missing'),
      channel: 'stable',
    });
    expect((await admin.post('/api/updates/check')).json().last_check.error).toMatch(/cannot be read/);
  });

  it('checks an HTTP repository the same way', async () => {
    const served = new Map([
      ['/repo/index.json', Buffer.from(JSON.stringify({ packages: ['rampart-1.4.0.rup', '../etc/passwd'] }))],
      ['/repo/rampart-1.4.0.rup', signed('1.4.0')],
    ]);
    const server = http.createServer((req, res) => {
      const body = served.get(req.url ?? '');
      res.writeHead(body ? 200 : 404).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/repo`;
      await admin.put('/api/updates/settings', { repository: url, channel: 'stable' });
      const s = (await admin.post('/api/updates/check')).json();
      expect(s.last_check.error).toBeNull();
      expect(s.available.map((u: { version: string }) => u.version)).toContain('1.4.0');
    } finally {
      server.close();
    }
  });

  it('applies the newest security update of the channel at the scheduled time, once per slot', async () => {
    const repo = path.join(h.dataDir, 'repo-scheduled');
    addToRepository(repo, '2.0.0', signed('2.0.0'));
    addToRepository(repo, '1.9.0', signed('1.9.0', { security: true }));
    await admin.put('/api/updates/settings', { repository: repo, channel: 'stable' });
    const realNow = h.ctx.now;
    const monday3am = new Date(2031, 0, 6, 3, 0).getTime(); // 6 January 2031 is a Monday
    try {
      // The clock moves to 2031 (sessions would expire): the module is driven directly.
      const { scheduler, updates } = updatesOf(h.ctx);
      h.ctx.now = () => monday3am - 60_000;
      updates.saveSchedule({ enabled: true, day: 'mon', time: '03:00' }, 'admin');
      expect(await scheduler.tick()).toBeNull(); // 02:59, not yet
      h.ctx.now = () => monday3am + 30_000;
      expect(await scheduler.tick()).toBe('1.9.0'); // the security update, not the newer regular one
      expect(await scheduler.tick()).toBeNull(); // same slot: not again
    } finally {
      h.ctx.now = realNow;
    }
    const job = (await admin.get('/api/jobs')).json().data[0];
    await waitJob(job.id);
    expect((await status()).current_version).toBe('1.9.0');
    expect((await status()).history[0]).toMatchObject({ applied_by: 'scheduler', to_version: '1.9.0' });
  });

  it('computes the last scheduled slot for daily and weekly schedules', () => {
    const wed = new Date(2031, 0, 8, 10, 0).getTime();
    expect(new Date(lastSlot(wed, 'daily', '03:00'))).toEqual(new Date(2031, 0, 8, 3, 0));
    expect(new Date(lastSlot(wed, 'daily', '11:00'))).toEqual(new Date(2031, 0, 7, 11, 0));
    expect(new Date(lastSlot(wed, 'mon', '03:00'))).toEqual(new Date(2031, 0, 6, 3, 0));
    expect(new Date(lastSlot(wed, 'wed', '11:00'))).toEqual(new Date(2031, 0, 1, 11, 0));
  });
});
