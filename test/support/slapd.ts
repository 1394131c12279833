/**
 * A real LDAP directory for tests: Debian's `slapd` started on a loopback port with an mdb database in a temp
 * directory, seeded with `ldapadd`. Optionally also listens with TLS (`ldaps://`) using a given certificate and key.
 *
 * Seed (base `dc=rampart,dc=test`):
 * - `cn=reader,dc=rampart,dc=test` / `reader-secret` — the service account a provider binds with;
 * - `uid=alice,ou=people,…` / `alice-secret` (mail alice@rampart.test, cn Alice Liddell), member of `admins` and
 *   `ops`; `uid=bob,ou=people,…` / `bob-secret` (member of `ops`).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const SLAPD = '/usr/sbin/slapd';
export const BASE_DN = 'dc=rampart,dc=test';
export const ROOT_DN = `cn=admin,${BASE_DN}`;
export const ROOT_PASSWORD = 'root-secret';
export const READER_DN = `cn=reader,${BASE_DN}`;
export const READER_PASSWORD = 'reader-secret';

export interface Slapd {
  url: string;
  /** `ldaps://127.0.0.1:PORT` when started with TLS material. */
  tlsUrl?: string;
  dir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const SEED = `dn: ${BASE_DN}
objectClass: dcObject
objectClass: organization
dc: rampart
o: Rampart test

dn: ${READER_DN}
objectClass: organizationalRole
objectClass: simpleSecurityObject
cn: reader
userPassword: ${READER_PASSWORD}

dn: ou=people,${BASE_DN}
objectClass: organizationalUnit
ou: people

dn: ou=groups,${BASE_DN}
objectClass: organizationalUnit
ou: groups

dn: uid=alice,ou=people,${BASE_DN}
objectClass: inetOrgPerson
uid: alice
cn: Alice Liddell
sn: Liddell
mail: alice@rampart.test
userPassword: alice-secret

dn: uid=bob,ou=people,${BASE_DN}
objectClass: inetOrgPerson
uid: bob
cn: Bob Builder
sn: Builder
mail: bob@rampart.test
userPassword: bob-secret

dn: cn=admins,ou=groups,${BASE_DN}
objectClass: groupOfNames
cn: admins
member: uid=alice,ou=people,${BASE_DN}

dn: cn=ops,ou=groups,${BASE_DN}
objectClass: groupOfNames
cn: ops
member: uid=alice,ou=people,${BASE_DN}
member: uid=bob,ou=people,${BASE_DN}
`;

function run(cmd: string, args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(cmd, args, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} failed: ${stderr || err.message}`));
      else resolve(stdout);
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`slapd did not start: ${log()}`);
}

export async function startSlapd(
  options: { tls?: { certPem: string; keyPem: string } } = {},
): Promise<Slapd> {
  if (!fs.existsSync(SLAPD)) throw new Error(`${SLAPD} is missing: install Debian's slapd (.ci/run does)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  const port = await freePort();
  const tlsPort = options.tls ? await freePort() : undefined;
  const tlsLines: string[] = [];
  if (options.tls) {
    fs.writeFileSync(path.join(dir, 'cert.pem'), options.tls.certPem);
    fs.writeFileSync(path.join(dir, 'key.pem'), options.tls.keyPem, { mode: 0o600 });
    tlsLines.push(`TLSCertificateFile ${dir}/cert.pem`, `TLSCertificateKeyFile ${dir}/key.pem`);
  }
  const conf = [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    'include /etc/ldap/schema/nis.schema',
    `pidfile ${dir}/slapd.pid`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    ...tlsLines,
    'database mdb',
    'maxsize 10485760',
    `suffix "${BASE_DN}"`,
    `rootdn "${ROOT_DN}"`,
    `rootpw ${ROOT_PASSWORD}`,
    `directory ${dir}/db`,
    'access to attrs=userPassword by anonymous auth by self write by * none',
    'access to * by users read by * none',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'slapd.conf'), conf);
  const urls = [`ldap://127.0.0.1:${port}/`, ...(tlsPort ? [`ldaps://127.0.0.1:${tlsPort}/`] : [])];
  let log = '';
  // -d 0: stay in the foreground (so the child is the server) without debug output.
  const child = spawn(SLAPD, ['-d', '0', '-h', urls.join(' '), '-f', path.join(dir, 'slapd.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, () => log);
    if (tlsPort) await waitForPort(tlsPort, child, () => log);
    await run('/usr/bin/ldapadd', ['-x', '-H', urls[0], '-D', ROOT_DN, '-w', ROOT_PASSWORD], SEED);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    url: `ldap://127.0.0.1:${port}`,
    tlsUrl: tlsPort ? `ldaps://127.0.0.1:${tlsPort}` : undefined,
    dir,
    stop,
  };
}

/**
 * The appliance's provider body for this directory ("Directory", bound as the reader, users by uid, members of
 * `admins` made admins); `over` replaces LDAP settings.
 */
export function ldapProviderBody(slapd: Pick<Slapd, 'url'>, over: Record<string, unknown> = {}) {
  return {
    name: 'Directory',
    type: 'ldap',
    enabled: true,
    ldap: {
      url: slapd.url,
      starttls: false,
      ca_id: null,
      bind_dn: READER_DN,
      bind_password: READER_PASSWORD,
      base_dn: BASE_DN,
      user_filter: '(uid={username})',
      group_base_dn: '',
      group_filter: '(&(objectClass=groupOfNames)(member={dn}))',
      username_attribute: 'uid',
      email_attribute: 'mail',
      name_attribute: 'cn',
      group_name_attribute: 'cn',
      admin_group: 'admins',
      ...over,
    },
  };
}
