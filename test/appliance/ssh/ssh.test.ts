import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobProgress } from '../../../src/appliance/jobs/runner';
import { parsePublicKey } from '../../../src/appliance/ssh/keys';
import { adminAgent, NEW_ADMIN_PASSWORD, startServer, type Agent, type Harness } from '../support/harness';
import { ensurePrivsepDir, requireTool, run } from '../support/tools';

const until = async (check: () => Promise<boolean>, ms = 8000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
};

/** A real public key line from ssh-keygen. */
function keygen(type: string, comment: string, bits?: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-key-'));
  const file = path.join(dir, 'id');
  execFileSync(requireTool('ssh-keygen'), [
    '-q',
    '-t',
    type,
    ...(bits ? ['-b', String(bits)] : []),
    '-N',
    '',
    '-C',
    comment,
    '-f',
    file,
  ]);
  return fs.readFileSync(`${file}.pub`, 'utf8').trim();
}

const settings = {
  enabled: true,
  port: 22,
  listen_addresses: [],
  password_authentication: true,
  permit_root_login: 'no',
  allow_groups: [],
  kex_algorithms: ['curve25519-sha256'],
  ciphers: ['chacha20-poly1305@openssh.com'],
  macs: ['hmac-sha2-256-etm@openssh.com'],
};

describe('SSH API', () => {
  let h: Harness;
  let admin: Agent;
  const sshdConfig = () => path.join(h.dataDir, 'etc', 'ssh', 'sshd_config');
  beforeAll(async () => {
    ensurePrivsepDir();
    h = await startServer({ config: { applyConfirmSeconds: 1 } });
    admin = await adminAgent(h);
  });
  afterAll(() => h.close());

  const applyAndWait = async (): Promise<JobProgress> => {
    const res = await admin.post('/api/ssh/config/apply');
    expect(res.statusCode).toBe(202);
    let job: JobProgress = res.json();
    await until(async () => {
      job = (await admin.get(`/api/jobs/${job.id}`)).json();
      return job.status !== 'running';
    });
    return job;
  };

  it('generates real host keys on the first start, with the fingerprints ssh-keygen -l prints', async () => {
    const keygenBin = requireTool('ssh-keygen');
    const body = (await admin.get('/api/ssh/config')).json();
    expect(body.host_keys.map((k: { type: string }) => k.type)).toEqual([
      'ssh-ed25519',
      'ecdsa-sha2-nistp256',
    ]);
    for (const [i, name] of ['ed25519', 'ecdsa'].entries()) {
      const file = path.join(h.dataDir, 'etc', 'ssh', `ssh_host_${name}_key`);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // ssh-keygen reads the private key itself (so it is a valid OpenSSH key) and prints the same fingerprint.
      expect(run(keygenBin, ['-l', '-f', file]).output.trim()).toBe(body.host_keys[i].line);
      expect(run(keygenBin, ['-y', '-f', file]).status).toBe(0);
    }
  });

  it('writes a factory sshd_config that sshd -t accepts', () => {
    expect(run(requireTool('sshd'), ['-t', '-f', sshdConfig()])).toEqual({ status: 0, output: '' });
  });

  it('adds authorised keys of every supported type, computing fingerprints like ssh-keygen', async () => {
    const lines = [
      keygen('ed25519', 'alice@laptop'),
      keygen('ecdsa', 'bob@desk'),
      keygen('rsa', 'carol', 3072),
    ];
    for (const line of lines) {
      const res = await admin.post('/api/ssh/config/authorized_keys', { username: 'admin', key: line });
      expect(res.statusCode).toBe(201);
      const expected = run(requireTool('ssh-keygen'), ['-l', '-f', writeTemp(line)]).output.split(' ')[1];
      expect(res.json().fingerprint).toBe(expected);
    }
    const withOptions = `from="10.0.0.0/8",no-pty ${keygen('ed25519', 'backup job')}`;
    const res = await admin.post('/api/ssh/config/authorized_keys', { username: 'backup', key: withOptions });
    expect(res.json()).toMatchObject({
      options: 'from="10.0.0.0/8",no-pty',
      comment: 'backup job',
      type: 'ssh-ed25519',
    });
  });

  const keyCases: Array<[string, string, string]> = [
    ['unknown type', 'ssh-xmss@openssh.com AAAAFHNzaC14bXNz comment', 'value_error.ssh_key.type'],
    ['bad base64', 'ssh-ed25519 AAAA!!!! comment', 'value_error.ssh_key.base64'],
    [
      'type mismatch',
      `ssh-rsa ${Buffer.concat([Buffer.from([0, 0, 0, 11]), Buffer.from('ssh-ed25519'), Buffer.from([0, 0, 0, 32]), Buffer.alloc(32)]).toString('base64')}`,
      'value_error.ssh_key.data',
    ],
    [
      'truncated key',
      `ssh-ed25519 ${Buffer.concat([Buffer.from([0, 0, 0, 11]), Buffer.from('ssh-ed25519'), Buffer.from([0, 0, 0, 32]), Buffer.alloc(8)]).toString('base64')}`,
      'value_error.ssh_key.data',
    ],
    [
      'unknown option',
      'evil-option ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA== x',
      'value_error.ssh_key.options',
    ],
    [
      'unquoted option value',
      'command=/bin/sh ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA== x',
      'value_error.ssh_key.options',
    ],
    ['two lines', 'ssh-ed25519 AAAA\nssh-ed25519 AAAA', 'value_error.ssh_key'],
  ];
  it.each(keyCases)('refuses an authorised key with %s', async (_name, key, type) => {
    const res = await admin.post('/api/ssh/config/authorized_keys', { username: 'admin', key });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'key'], type });
  });

  it('refuses weak RSA keys and duplicates', async () => {
    const weak = parsePublicKey(keygen('rsa', 'old', 1024));
    expect(weak).toMatchObject({ ok: false, problem: { type: 'value_error.ssh_key.weak' } });
    const line = keygen('ed25519', 'twice');
    expect(
      (await admin.post('/api/ssh/config/authorized_keys', { username: 'dave', key: line })).statusCode,
    ).toBe(201);
    const again = await admin.post('/api/ssh/config/authorized_keys', { username: 'dave', key: line });
    expect(again.json().detail[0]).toMatchObject({ loc: ['body', 'key'], type: 'value_error.duplicate' });
  });

  const bad: Array<[string, Record<string, unknown>, string, string]> = [
    ['port 0', { port: 0 }, 'port', 'value_error.number.not_ge'],
    ['port 65536', { port: 65536 }, 'port', 'value_error.number.not_le'],
    ['listen address', { listen_addresses: ['10.0.0.300'] }, 'listen_addresses.0', 'value_error.ip'],
    [
      'password authentication',
      { password_authentication: 'yes' },
      'password_authentication',
      'type_error.bool',
    ],
    ['root login', { permit_root_login: 'always' }, 'permit_root_login', 'type_error.enum'],
    ['group name', { allow_groups: ['Wheel Group'] }, 'allow_groups.0', 'value_error.str.regex'],
    ['weak cipher', { ciphers: ['3des-cbc'] }, 'ciphers.0', 'type_error.enum'],
    ['no MAC', { macs: [] }, 'macs', 'value_error.list.min_items'],
    [
      'SHA-1 key exchange',
      { kex_algorithms: ['diffie-hellman-group14-sha1'] },
      'kex_algorithms.0',
      'type_error.enum',
    ],
  ];
  it.each(bad)('refuses settings with a bad %s', async (_name, patch, field, type) => {
    const res = await admin.put('/api/ssh/config/settings', { ...settings, ...patch });
    expect(res.statusCode).toBe(422);
    const loc = ['body', ...field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))];
    expect(res.json().detail).toContainEqual(expect.objectContaining({ loc, type }));
  });

  it('applies settings and keys into files sshd -t accepts; a safe change needs no confirmation', async () => {
    await admin.put('/api/ssh/config/settings', {
      ...settings,
      permit_root_login: 'prohibit-password',
      allow_groups: ['wheel', 'ops'],
    });
    const preview = (await admin.get('/api/ssh/config/preview')).json();
    expect(preview.pending_changes).toBe(true);
    expect(preview.files[0].content).toContain('PermitRootLogin prohibit-password');
    expect(preview.files[0].content).toContain('AllowGroups wheel ops');
    const job = await applyAndWait();
    expect(job.status).toBe('done');
    expect(run(requireTool('sshd'), ['-t', '-f', sshdConfig()])).toEqual({ status: 0, output: '' });
    const keys = fs.readFileSync(path.join(h.dataDir, 'etc', 'ssh', 'authorized_keys', 'backup'), 'utf8');
    expect(keys).toMatch(/^from="10\.0\.0\.0\/8",no-pty ssh-ed25519 \S+ backup job\n$/);
    expect((await admin.get('/api/apply/confirmations')).json().data).toEqual([]);
  });

  it('rolls a lock-out-prone change back when nobody keeps it, and keeps a confirmed one', async () => {
    await admin.put('/api/ssh/config/settings', { ...settings, port: 2222 });
    expect((await applyAndWait()).status).toBe('done');
    const [pending] = (await admin.get('/api/apply/confirmations')).json().data;
    expect(pending).toMatchObject({ service: 'ssh', changes: ['SSH port'] });
    expect(fs.readFileSync(sshdConfig(), 'utf8')).toContain('Port 2222');
    // A second apply must wait for the decision.
    expect((await admin.post('/api/ssh/config/apply')).json().detail[0].type).toBe(
      'value_error.confirmation_pending',
    );
    await until(async () => (await admin.get('/api/apply/confirmations')).json().data.length === 0, 4000);
    expect(fs.readFileSync(sshdConfig(), 'utf8')).toContain('Port 22\n');
    expect((await admin.get('/api/ssh/config')).json().settings.port).toBe(22);
    expect((await admin.post(`/api/apply/confirmations/${pending.id}/confirm`)).statusCode).toBe(404);

    await admin.put('/api/ssh/config/settings', { ...settings, port: 2200 });
    await applyAndWait();
    const [next] = (await admin.get('/api/apply/confirmations')).json().data;
    expect((await admin.post(`/api/apply/confirmations/${next.id}/confirm`)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1300));
    expect(fs.readFileSync(sshdConfig(), 'utf8')).toContain('Port 2200');
    expect((await admin.get('/api/ssh/config')).json().settings.port).toBe(2200);
  });

  it('changes the shell password with the policy, re-authenticated by the admin password', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { current_password: 'wrong password', new_password: 'Tr0ub4dor&3-horse' },
        'current_password',
        'value_error.password.invalid',
      ],
      [
        { current_password: NEW_ADMIN_PASSWORD, new_password: 'short' },
        'new_password',
        'value_error.any_str.min_length',
      ],
      [
        { current_password: NEW_ADMIN_PASSWORD, new_password: 'aaaaaaaaaaaa' },
        'new_password',
        'value_error.password.weak',
      ],
      [
        { current_password: NEW_ADMIN_PASSWORD, new_password: 'Admin-2026-secure!' },
        'new_password',
        'value_error.password.username',
      ],
      [{ new_password: 'Tr0ub4dor&3-horse' }, 'current_password', 'value_error.missing'],
    ];
    for (const [body, field, type] of cases) {
      const res = await admin.put('/api/ssh/password', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', field], type });
    }
    const ok = await admin.put('/api/ssh/password', {
      current_password: NEW_ADMIN_PASSWORD,
      new_password: 'Tr0ub4dor&3-horse',
    });
    expect(ok.statusCode).toBe(200);
    expect((await admin.get('/api/ssh/password')).json()).toMatchObject({
      username: 'admin',
      changed_by: 'admin',
    });
    const row = h.ctx.db.prepare('SELECT password_hash FROM ssh_shell_password').get() as {
      password_hash: string;
    };
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });
});

function writeTemp(line: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-pub-')), 'k.pub');
  fs.writeFileSync(file, `${line}\n`);
  return file;
}
