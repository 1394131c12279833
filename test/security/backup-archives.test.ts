/**
 * Hostile and damaged backup archives (issue 38), each refused through the real API with a clear error item and
 * nothing changed (a new case is one row): headers asking for other key-derivation parameters than the format writes
 * (refused before any derivation), malformed headers, a wrong passphrase or changed bytes, and archives that decrypt
 * (the attacker knows the passphrase) but hold no tar, a damaged manifest, members that are not databases or whose
 * rows this appliance's schema refuses. Then: passphrase guesses are counted like sign-ins (429 with Retry-After),
 * under a name of their own, so the account still signs in.
 */
import crypto from 'node:crypto';
import { readPolicy, writePolicy } from '../../src/appliance/auth/lockout';
import { SCRYPT } from '../../src/appliance/backups/format';
import { rootCaBody } from '../appliance/pki/support';
import { Agent, adminAgent, count, startServer, userAgent, type Harness } from '../appliance/support/harness';
import {
  PASSPHRASE,
  altered,
  archiveOf,
  changedDb,
  encrypt,
  manifestOf,
  membersOf,
  withHeader,
} from '../appliance/backups/support';

jest.setTimeout(300_000);

let h: Harness;
let admin: Agent;
/** A real archive of this console (an operator account, a CA with its sealed key). */
let base: Buffer;

beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
  await userAgent(h, 'operator');
  expect((await admin.post('/api/pki/cas', rootCaBody('Corpus Root', 'ec-p256'))).statusCode).toBe(201);
  const res = await admin.post('/api/backups/export', { passphrase: PASSPHRASE });
  expect(res.statusCode).toBe(200);
  base = res.rawPayload;
  // The rows below make a few wrong guesses themselves; the last test sets the policy it counts against.
  writePolicy(h.ctx.db, { attempts: 100, window_seconds: 900, duration_seconds: 900 });
});
afterAll(() => h.close());

const DAMAGED = 'value_error.backup.damaged';
const KDF = 'value_error.backup.kdf';
const AUTH = 'value_error.backup.authentication';

/** A real archive's members with one replaced (or removed: null) and everything sealed again. */
const member = (name: string, data: (old: Buffer) => Buffer | null) => () =>
  altered(base, (n, d) => (n === name ? data(d) : d));
const kdf = (change: Record<string, unknown>) => () =>
  withHeader(base, (hd) => ({ ...hd, kdf: { ...hd.kdf, ...change } }));
/** A tar holding `manifest` (bytes as given) and the real members. */
const withManifest = (manifest: Buffer) => async () =>
  archiveOf([{ name: 'manifest.json', data: manifest }, ...(await membersOf(base))]);

/** [what, status, item type, the archive (and the passphrase, when not the right one)]. */
const ARCHIVES: ReadonlyArray<[string, number, string, () => Buffer | Promise<Buffer>, string?]> = [
  ['not an archive', 400, 'value_error.backup.not_archive', () => crypto.randomBytes(4096)],
  ['truncated in its header', 400, 'value_error.backup.truncated', () => base.subarray(0, 40)],
  ['truncated before its tag', 400, AUTH, () => base.subarray(0, base.length - 20)],
  [
    'a changed byte',
    400,
    AUTH,
    () =>
      Buffer.concat([base.subarray(0, -100), Buffer.from([base[base.length - 100] ^ 1]), base.subarray(-99)]),
  ],
  ['a wrong passphrase', 400, AUTH, () => base, 'not the passphrase'],
  ['a header that is not JSON', 400, DAMAGED, () => withHeader(base, () => '{"format": ')],
  ['a header of JSON null', 400, DAMAGED, () => withHeader(base, () => 'null')],
  [
    'a header without a format version',
    400,
    DAMAGED,
    () => withHeader(base, (hd) => ({ ...hd, format_version: undefined })),
  ],
  [
    'a newer format version',
    422,
    'value_error.backup.newer_format',
    () => withHeader(base, (hd) => ({ ...hd, format_version: 2 })),
  ],
  ['scrypt N = 3 (not a power of two)', 400, KDF, kdf({ N: 3 })],
  ['scrypt N = 2^19 (512 MiB, seconds)', 400, KDF, kdf({ N: 2 ** 19 })],
  ['scrypt N = 2^20, r = 32, p = 16 (4 GiB)', 400, KDF, kdf({ N: 2 ** 20, r: 32, p: 16 })],
  ['scrypt N lower than the format', 400, KDF, kdf({ N: 2 ** 10 })],
  ['scrypt r as a string', 400, KDF, kdf({ r: '8' })],
  ['scrypt p = 0', 400, KDF, kdf({ p: 0 })],
  ['another key derivation', 400, DAMAGED, kdf({ name: 'pbkdf2' })],
  ['an empty salt', 400, DAMAGED, kdf({ salt: '' })],
  ['a salt that is not base64', 400, DAMAGED, kdf({ salt: '!'.repeat(24) })],
  [
    'an empty IV',
    400,
    DAMAGED,
    () => withHeader(base, (hd) => ({ ...hd, cipher: { ...hd.cipher, iv: '' } })),
  ],
  [
    'an IV of 16 bytes',
    400,
    DAMAGED,
    () =>
      withHeader(base, (hd) => ({
        ...hd,
        cipher: { ...hd.cipher, iv: Buffer.alloc(16).toString('base64') },
      })),
  ],
  [
    'another cipher',
    400,
    DAMAGED,
    () => withHeader(base, (hd) => ({ ...hd, cipher: { ...hd.cipher, name: 'aes-128-cbc' } })),
  ],
  ['contents that are not a tar', 400, DAMAGED, () => encrypt(PASSPHRASE, crypto.randomBytes(2048))],
  ['no manifest', 400, DAMAGED, async () => archiveOf(await membersOf(base))],
  ['a manifest of JSON null', 400, DAMAGED, withManifest(Buffer.from('null'))],
  ['a manifest that is not JSON', 400, DAMAGED, withManifest(Buffer.from('{"format": '))],
  [
    'a manifest whose members are not a list',
    400,
    DAMAGED,
    withManifest(Buffer.from(JSON.stringify({ ...manifestOf([]), members: {} }))),
  ],
  [
    'a manifest whose member has no size',
    400,
    DAMAGED,
    withManifest(
      Buffer.from(JSON.stringify({ ...manifestOf([]), members: [{ name: 'config.json', sha256: 'x' }] })),
    ),
  ],
  [
    'a member the manifest does not name',
    400,
    DAMAGED,
    withManifest(Buffer.from(JSON.stringify(manifestOf([])))),
  ],
  [
    'a member that does not match its hash',
    400,
    DAMAGED,
    async () => {
      const members = await membersOf(base);
      const manifest = manifestOf(members);
      manifest.members[0].sha256 = '0'.repeat(64);
      return archiveOf([{ name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) }, ...members]);
    },
  ],
  ['no appliance database', 400, DAMAGED, member('appliance.db', () => null)],
  ['no appliance secret', 400, DAMAGED, member('pki-secret.key', () => null)],
  [
    'an appliance database that is not a database',
    400,
    DAMAGED,
    member('appliance.db', () => Buffer.from('not a database at all')),
  ],
  [
    'an appliance database cut in half',
    400,
    DAMAGED,
    member('appliance.db', (d) => d.subarray(0, d.length >> 1)),
  ],
  [
    'a database without accounts',
    400,
    DAMAGED,
    member('appliance.db', (d) => changedDb(d, 'DROP TABLE users')),
  ],
  [
    'an identity database that is not a database',
    400,
    DAMAGED,
    member('identity.db', () => crypto.randomBytes(8192)),
  ],
  ['a configuration document that is not JSON', 400, DAMAGED, member('config.json', () => Buffer.from('{'))],
  ['a configuration document of JSON null', 400, DAMAGED, member('config.json', () => Buffer.from('null'))],
  [
    'a configuration document without sections',
    400,
    DAMAGED,
    member('config.json', () => Buffer.from('{"format":"rampart-config/1"}')),
  ],
  [
    'a group member that is no account',
    400,
    DAMAGED,
    member('appliance.db', (d) =>
      changedDb(d, 'INSERT INTO user_group_members (group_id, user_id) VALUES (7, 9999)'),
    ),
  ],
  [
    'an account of a role that does not exist',
    400,
    DAMAGED,
    member('appliance.db', (d) =>
      changedDb(d, "PRAGMA ignore_check_constraints = ON; UPDATE users SET role = 'root'"),
    ),
  ],
  [
    'an account without a name',
    400,
    DAMAGED,
    member('appliance.db', (d) =>
      changedDb(
        d,
        'CREATE TABLE loose AS SELECT * FROM users; DROP TABLE users; ALTER TABLE loose RENAME TO users; UPDATE users SET username = NULL',
      ),
    ),
  ],
  [
    'a sealed key that does not open',
    400,
    DAMAGED,
    member('appliance.db', (d) =>
      changedDb(d, "UPDATE pki_keys SET sealed = x'00112233445566778899aabbccddeeff00112233445566778899'"),
    ),
  ],
];

const state = () => ({
  users: count(h, 'users'),
  cas: count(h, 'pki_cas'),
  revisions: count(h, 'revisions'),
  hashes: h.ctx.db.prepare('SELECT username, password_hash, role FROM users ORDER BY id').all(),
});

it('the unchanged archive is planned (the rows below differ from it in one thing only)', async () => {
  const res = await admin.post('/api/backups/restore/plan', {
    archive: base.toString('base64'),
    passphrase: PASSPHRASE,
  });
  expect(res.statusCode).toBe(200);
});

it.each(ARCHIVES)(
  '%s → %d %s, nothing changed',
  async (_what, status, type, build, passphrase = PASSPHRASE) => {
    const archive = (await build()).toString('base64');
    const before = state();
    for (const url of ['/api/backups/restore/plan', '/api/backups/restore']) {
      const res = await admin.post(url, { archive, passphrase });
      expect([url, res.statusCode]).toEqual([url, status]);
      const item = res.json().detail[0] as { loc: string[]; msg: string; type: string };
      expect(item).toMatchObject({ loc: ['body', 'archive'], type });
      expect(item.msg).toMatch(/^(The|This) .+\.$/);
    }
    expect(state()).toEqual(before);
  },
);

it('derives no key for a header asking for more than the format writes: refused before scrypt runs', async () => {
  const scrypt = jest.spyOn(crypto, 'scrypt');
  try {
    for (const change of [{ N: 2 ** 20, r: 32, p: 16 }, { N: 2 ** 19 }, { N: 3 }]) {
      const archive = (await kdf(change)()).toString('base64');
      const res = await admin.post('/api/backups/restore/plan', { archive, passphrase: PASSPHRASE });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail[0].msg).toContain(`N = 2^${Math.log2(SCRYPT.N)}`);
    }
    expect(scrypt).not.toHaveBeenCalled();
  } finally {
    scrypt.mockRestore();
  }
});

it('counts passphrase guesses like sign-ins: 429 with Retry-After past the policy, the account still signs in', async () => {
  writePolicy(h.ctx.db, { attempts: 3, window_seconds: 900, duration_seconds: 900 });
  const { attempts } = readPolicy(h.ctx.db);
  const guess = () =>
    admin.post('/api/backups/restore/plan', {
      archive: base.toString('base64'),
      passphrase: 'a guessed passphrase',
    });
  for (let i = 0; i < attempts; i += 1) expect((await guess()).statusCode).toBe(400);
  const refused = await guess();
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.json().detail[0]).toMatchObject({
    loc: ['body', 'passphrase'],
    type: 'value_error.backup.too_many_attempts',
  });
  // The lock is in the audit trail, as a sign-in lock is.
  const auth = h.ctx.db
    .prepare("SELECT message FROM logs WHERE service = 'auth' ORDER BY id")
    .all() as Array<{
    message: string;
  }>;
  expect(auth.map((r) => r.message)).toContain(
    'backup restore passphrase of "admin" locked for 900 s after wrong passphrases [service=console method=password source=127.0.0.1]',
  );
  // The right passphrase waits too: the guesser cannot tell it from a wrong one.
  const right = await admin.post('/api/backups/restore/plan', {
    archive: base.toString('base64'),
    passphrase: PASSPHRASE,
  });
  expect(right.statusCode).toBe(429);
  // A mistyped backup passphrase does not lock the account's sign-in.
  const again = new Agent(h.app);
  await again.visit();
  expect((await again.login('admin', 'correct horse battery staple')).statusCode).toBe(200);
});
