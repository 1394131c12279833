/**
 * Encrypted backups (issue 29): a backup of one appliance, restored on a fresh one (new data directory, other
 * appliance secret), brings back its accounts (they sign in), its PKI with the keys (the restored root signs a new
 * CA that openssl verifies against the restored root) and the identity service's identities (they sign in); a wrong
 * passphrase, a changed byte and a newer format are refused with nothing changed; the offline command reads it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { adminAgent, count, startServer, userAgent, type Agent, type Harness } from '../support/harness';
import { openssl, rootCaBody, tempDir, writeTemp } from '../pki/support';
import { withHeader } from './support';
import { Client, logIn, signUpVerified, startMailBox, type MailBox } from '../../identity-service/support';

jest.setTimeout(120_000);

const PASSPHRASE = 'a long backup passphrase';
const BIN = path.resolve(__dirname, '../../../bin/rampart-backup');
const serverConfig = { host: '127.0.0.1', port: 8080, publicUrl: '', env: 'test' as const };

let mailbox: MailBox;
let archive: Buffer;
let rootPem: string;
let rootId: string;
const email = `backed-up-${Date.now()}@example.test`;
const dir = tempDir();

beforeAll(async () => {
  mailbox = await startMailBox();
  const h = await startServer({ config: { ...serverConfig, smtpUrl: mailbox.url } });
  try {
    const admin = await adminAgent(h);
    await userAgent(h, 'operator', 'user');
    const root = await admin.post('/api/pki/cas', rootCaBody('Backup Root', 'ec-p256'));
    expect(root.statusCode).toBe(201);
    rootId = root.json().id as string;
    rootPem = (await admin.get(`/api/pki/cas/${rootId}/certificate?format=pem`)).body;
    await signUpVerified(new Client(h.app), mailbox, email);
    // The identity service's sign-up policy (a settings file in the data directory) goes into the archive too.
    const policy = await admin.put('/api/authentication/signup', { mode: 'closed', allowed_domains: [] });
    expect(policy.statusCode).toBe(200);
    const res = await admin.post('/api/backups/export', { passphrase: PASSPHRASE });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rampart-backup-.*\.rbk"$/);
    archive = res.rawPayload;
  } finally {
    await h.close();
  }
});
afterAll(async () => {
  await mailbox.close();
});

const b64 = (b: Buffer) => b.toString('base64');

async function until(check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('on a fresh appliance', () => {
  let h: Harness;
  let admin: Agent;
  beforeAll(async () => {
    h = await startServer({ config: { ...serverConfig, smtpUrl: mailbox.url, applyConfirmSeconds: 3 } });
    admin = await adminAgent(h);
  });
  afterAll(() => h.close());

  it('refuses a wrong passphrase, a changed byte and a newer format, changing nothing', async () => {
    const accounts = count(h, 'users');
    const wrong = await admin.post('/api/backups/restore', {
      archive: b64(archive),
      passphrase: 'not the passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('passphrase is wrong or the file was changed');

    const tampered = Buffer.from(archive);
    tampered[tampered.length - 100] ^= 1;
    const changed = await admin.post('/api/backups/restore', {
      archive: b64(tampered),
      passphrase: PASSPHRASE,
    });
    expect(changed.statusCode).toBe(400);

    // A header naming a newer format version (the header is authenticated too, but the version is read first).
    const text = archive.toString('latin1');
    const newer = Buffer.from(text.replace('"format_version":1', '"format_version":2'), 'latin1');
    const refused = await admin.post('/api/backups/restore/plan', {
      archive: b64(newer),
      passphrase: PASSPHRASE,
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('newer Rampart');

    // A file that is not an archive (larger than an ordinary request) is read and refused for what it is.
    const junk = await admin.post('/api/backups/restore/plan', {
      archive: b64(Buffer.alloc(3 * 1024 * 1024, 7)),
      passphrase: PASSPHRASE,
    });
    expect(junk.statusCode).toBe(400);
    expect(JSON.stringify(junk.json())).toContain('not a Rampart backup');

    expect(count(h, 'users')).toBe(accounts);
    expect(count(h, 'pki_cas')).toBe(0);
    expect((await new Userless(h).login('operator')).statusCode).toBe(401);
  });

  it('plans the restore (configuration and counts) without changing anything', async () => {
    const res = await admin.post('/api/backups/restore/plan', {
      archive: b64(archive),
      passphrase: PASSPHRASE,
    });
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    expect(plan.manifest.format_version).toBe(1);
    expect(plan.counts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ what: 'accounts', now: 1, restored: 2 }),
        expect.objectContaining({ what: 'certificate_authorities', now: 0, restored: 1 }),
        expect.objectContaining({ what: 'identities', now: 0, restored: 1 }),
      ]),
    );
    // A backup brings accounts and authorities back whole: nothing in its plan is refused as a document's would be.
    const whole = (
      plan.configuration.changes as Array<{ section: string; refused?: boolean; note?: string }>
    ).filter((c) => c.section === 'authentication.accounts' || c.section === 'pki.authorities');
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.filter((c) => c.refused || c.note)).toEqual([]);
    expect(count(h, 'pki_cas')).toBe(0);
  });

  it('rolls a restore nobody kept back to the state before it, at the deadline', async () => {
    const signup = { mode: 'domains', allowed_domains: ['example.org'] };
    expect((await admin.put('/api/authentication/signup', signup)).statusCode).toBe(200);
    const since = lastAuditSeq(h);
    const res = await admin.post('/api/backups/restore', { archive: b64(archive), passphrase: PASSPHRASE });
    expect(res.statusCode).toBe(200);
    // The archive's sign-up policy (a file the identity service reads) came with it.
    expect((await admin.get('/api/authentication/signup')).json()).toEqual({
      mode: 'closed',
      allowed_domains: [],
    });
    // The restoring admin's password becomes the backup's: a lock-out-prone change.
    expect(res.json().confirmation.changes).toContain("your account's password becomes the backup's");
    expect((await new Userless(h).login('operator')).statusCode).toBe(200);
    expect(count(h, 'pki_cas')).toBe(1);

    await until(async () => (await admin.get('/api/backups/restores/pending')).json().data.length === 0);
    expect((await new Userless(h).login('operator')).statusCode).toBe(401);
    expect(count(h, 'pki_cas')).toBe(0);
    expect(count(h, 'users')).toBe(1);
    // The identity settings files the restore replaced are back too, not only the databases.
    expect((await admin.get('/api/authentication/signup')).json()).toEqual(signup);
    await until(async () => h.appliance.jobs.list(true).length === 0);

    // The audit trail says how: the restore (by the admin) and its rollback (by the appliance) are method restore.
    const rows = auditSince(h, since);
    expect(rows).toContainEqual(
      expect.objectContaining({
        method: 'restore',
        actor: 'admin',
        message: expect.stringMatching(/restored by/),
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        method: 'restore',
        actor: 'system',
        message: expect.stringMatching(/^restore not kept/),
      }),
    );
    // Nothing the restore wrote says it came from the console alone.
    expect(rows.filter((r) => /restore/.test(r.message) && r.method !== 'restore')).toEqual([]);
  });

  it('restores accounts, the PKI with its keys and the identities, recorded as a revision of method restore', async () => {
    const res = await admin.post('/api/backups/restore', { archive: b64(archive), passphrase: PASSPHRASE });
    expect(res.statusCode).toBe(200);
    const kept = await admin.post(`/api/backups/restores/${res.json().confirmation.id}/keep`, {});
    expect(kept.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 3500));
    expect(count(h, 'pki_cas')).toBe(1);

    // The backed-up account signs in on the restored console.
    expect((await new Userless(h).login('operator')).statusCode).toBe(200);

    // The restored root is the backed-up one, and its private key works: it signs a new intermediate.
    const restoredRoot = (await admin.get(`/api/pki/cas/${rootId}/certificate?format=pem`)).body;
    expect(restoredRoot).toBe(rootPem);
    const inter = await admin.post('/api/pki/cas', {
      name: 'After Restore',
      parent_id: rootId,
      key_type: 'ec-p256',
      subject: { common_name: 'After Restore CA' },
      validity_days: 365,
    });
    expect(inter.statusCode).toBe(201);
    const interPem = (await admin.get(`/api/pki/cas/${inter.json().id}/certificate?format=pem`)).body;
    const rootFile = writeTemp(dir, 'root.pem', restoredRoot);
    const interFile = writeTemp(dir, 'inter.pem', interPem);
    expect(openssl(['verify', '-CAfile', rootFile, interFile]).stdout).toBe(`${interFile}: OK\n`);

    // The identity signs in through the identity service.
    const login = await logIn(new Client(h.app), email);
    expect(login.status).toBe(200);
    expect(login.json.session.identity.traits.email).toBe(email);

    const revisions = (await admin.get('/api/revisions?per_page=10')).json() as {
      data: Array<{ id: number; method: string; actor: string }>;
    };
    expect(revisions.data.find((r) => r.id === res.json().revision)).toMatchObject({
      method: 'restore',
      actor: 'admin',
    });
  });
});

const lastAuditSeq = (h: Harness): number =>
  (h.ctx.db.prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM audit_chain').get() as { n: number }).n;

const auditSince = (h: Harness, seq: number) =>
  h.ctx.db
    .prepare('SELECT message, actor, method FROM audit_chain WHERE seq > ? ORDER BY seq')
    .all(seq) as Array<{ message: string; actor: string; method: string }>;

/** Signs in an account created by `userAgent` (its password is derived from the name). */
class Userless {
  constructor(private readonly h: Harness) {}
  async login(username: string) {
    const { Agent: A } = await import('../support/harness');
    const agent = new A(this.h.app);
    await agent.visit();
    return agent.login(username, `${username}-password-123`);
  }
}

describe('the offline command', () => {
  it('verifies and decrypts an archive without the console, and refuses a wrong passphrase', () => {
    const file = writeTemp(dir, 'backup.rbk', archive);
    const env = { ...process.env, RAMPART_BACKUP_PASSPHRASE: PASSPHRASE };
    const out = execFileSync(BIN, ['verify', file], { env, encoding: 'utf8' });
    expect(out).toContain('"format": "rampart-backup/1"');
    expect(out).toMatch(/OK/);
    const target = path.join(dir, 'out');
    execFileSync(BIN, ['decrypt', file, target], { env });
    expect(fs.readdirSync(target).sort()).toEqual(
      expect.arrayContaining([
        'appliance.db',
        'config.json',
        'identity.db',
        'manifest.json',
        'pki-secret.key',
      ]),
    );
    const wrong = spawnSync(BIN, ['verify', file], {
      env: { ...process.env, RAMPART_BACKUP_PASSPHRASE: 'nope nope nope' },
      encoding: 'utf8',
    });
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toContain('passphrase is wrong or the file was changed');
  });

  it.each([
    ['a larger N', { N: 2 ** 20 }],
    ['a larger r and p', { r: 32, p: 16 }],
    ['a tiny N', { N: 3 }],
    ['a short salt', { salt: 'AAAA' }],
  ])('refuses a header with %s before deriving a key', (_what, change) => {
    const file = writeTemp(
      dir,
      'forged.rbk',
      withHeader(archive, (hd) => ({ ...hd, kdf: { ...hd.kdf, ...change } })),
    );
    const out = spawnSync(BIN, ['verify', file], {
      env: { ...process.env, RAMPART_BACKUP_PASSPHRASE: PASSPHRASE },
      encoding: 'utf8',
    });
    expect(out.status).not.toBe(0);
    expect(out.stderr).toContain("key derivation parameters are not this format's");
  });
});
