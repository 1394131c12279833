/**
 * Seeding at scale for `scale.ts` (`npm run bench:scale`): accounts, certificates and log entries written straight into the
 * appliance's SQLite (the tables its modules own), not through the HTTP API, so 10,000 accounts, 10,000 certificates
 * and 1,000,000 log entries take seconds. Each kind goes in one transaction through one prepared statement.
 *
 * The certificates are real DER: one leaf is signed once by a bench CA, and each row is that leaf with its serial and
 * host name rewritten in place (same lengths), so every row parses, has its own fingerprint and common name, and
 * the stored columns (subject, serial, validity, revocation) vary as a real store's do. The rewritten leaves'
 * signatures do not verify; the list neither checks them nor needs to.
 */
import crypto from 'node:crypto';
import { LOG_SERVICES, type LogSeverity } from '../../src/shared/logServices';
import { derOf, fingerprint, x509 } from '../../src/appliance/pki/x509';
import type { Db } from '../../src/storage/sqlite';

const DAY = 86_400_000;

/** A small deterministic generator, so two runs seed the same data. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'anna',
  'ben',
  'chloe',
  'david',
  'emma',
  'felix',
  'grace',
  'hugo',
  'iris',
  'jonas',
  'lena',
  'marc',
];
const LAST = ['smith', 'meyer', 'dubois', 'rossi', 'novak', 'garcia', 'jensen', 'kowalski', 'silva', 'weber'];

/** What `seedAccounts` made: how many of each kind, for the figures' filters. */
export interface SeededAccounts {
  count: number;
  admins: number;
  disabled: number;
}

/**
 * `count` accounts `first.last<n>`: every 25th an admin, every 10th disabled, some with an expiry day, all with the
 * password hash of the account `hashOf` (the seeded admin: a real argon2id hash, so nothing reads a malformed one).
 */
export function seedAccounts(db: Db, count: number, hashOf = 'admin'): SeededAccounts {
  const hash = (
    db.prepare('SELECT password_hash FROM users WHERE username = ?').get(hashOf) as
      { password_hash: string } | undefined
  )?.password_hash;
  if (!hash) throw new Error(`no account ${hashOf} to take a password hash from`);
  const insert = db.prepare(
    `INSERT INTO users (username, password_hash, role, must_change_password, created_at, password_changed_at,
       email, full_name, enabled, expires_at)
     VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  const rnd = random(1);
  let admins = 0;
  let disabled = 0;
  db.transaction(() => {
    for (let i = 1; i <= count; i += 1) {
      const first = FIRST[Math.floor(rnd() * FIRST.length)];
      const last = LAST[Math.floor(rnd() * LAST.length)];
      const username = `${first}.${last}${i}`;
      const admin = i % 25 === 0;
      const enabled = i % 10 !== 0;
      if (admin) admins += 1;
      if (!enabled) disabled += 1;
      const created = now - Math.floor(rnd() * 700 * DAY);
      insert.run(
        username,
        hash,
        admin ? 'admin' : 'user',
        created,
        created,
        `${username}@example.com`,
        `${first[0].toUpperCase()}${first.slice(1)} ${last[0].toUpperCase()}${last.slice(1)} ${i}`,
        enabled ? 1 : 0,
        i % 7 === 0 ? new Date(now + (i % 400) * DAY).toISOString().slice(0, 10) : null,
      );
    }
  })();
  return { count, admins, disabled };
}

/** The name each seeded certificate carries (CN and DNS SAN): `c000042.bench.example`. */
export const certificateHost = (i: number) => `c${String(i).padStart(6, '0')}.bench.example`;

/** What `seedCertificates` made. */
export interface SeededCertificates {
  count: number;
  caId: string;
  valid: number;
  expired: number;
  revoked: number;
}

/** Replaces every occurrence of `from` by `to` (the same length) in `buf`. */
function replaceAll(buf: Buffer, from: Buffer, to: Buffer): void {
  for (let at = buf.indexOf(from); at !== -1; at = buf.indexOf(from, at + to.length)) to.copy(buf, at);
}

/**
 * One imported CA (`Bench Root CA`, without its key) and `count` certificates issued by it: hosts
 * `certificateHost(i)`, every 10th expired, every 20th revoked, validity ends spread over two years.
 */
export async function seedCertificates(db: Db, count: number): Promise<SeededCertificates> {
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const caKeys = await crypto.webcrypto.subtle.generateKey(alg, false, ['sign', 'verify']);
  const leafKeys = await crypto.webcrypto.subtle.generateKey(alg, false, ['sign', 'verify']);
  const now = Date.now();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Bench Root CA, O=Rampart bench',
    notBefore: new Date(now - 400 * DAY),
    notAfter: new Date(now + 3650 * DAY),
    keys: caKeys as CryptoKeyPair,
    signingAlgorithm: alg,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  const templateSerial = `7e${'5a'.repeat(11)}00000000`;
  const templateHost = certificateHost(0);
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: templateSerial,
    subject: `CN=${templateHost}`,
    issuer: ca.subject,
    notBefore: new Date(now - 30 * DAY),
    notAfter: new Date(now + 365 * DAY),
    publicKey: (leafKeys as CryptoKeyPair).publicKey,
    signingKey: (caKeys as CryptoKeyPair).privateKey,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(false),
      new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: templateHost }]),
    ],
  });
  const template = derOf(leaf);
  const serialBytes = Buffer.from(templateSerial, 'hex');
  const hostBytes = Buffer.from(templateHost, 'ascii');
  if (template.indexOf(serialBytes) === -1 || template.indexOf(hostBytes) === -1)
    throw new Error('the template certificate does not hold its serial and host as expected');

  const caDer = derOf(ca);
  const caId = crypto.randomUUID();
  db.prepare(
    `INSERT INTO pki_cas (id, name, parent_id, key_id, cert_der, subject, issuer, serial, fingerprint_sha256,
       not_before, not_after, path_length, source, created_at)
     VALUES (?, 'Bench Root CA', NULL, NULL, ?, ?, ?, ?, ?, ?, ?, NULL, 'imported', ?)`,
  ).run(
    caId,
    caDer,
    ca.subject,
    ca.issuer,
    ca.serialNumber.toLowerCase(),
    fingerprint(caDer),
    ca.notBefore.getTime(),
    ca.notAfter.getTime(),
    now,
  );
  const insert = db.prepare(
    `INSERT INTO pki_certificates (id, name, ca_id, key_id, cert_der, chain_pem, profile, source, subject, issuer,
       serial, fingerprint_sha256, sans, not_before, not_after, revoked_at, revocation_reason, created_at)
     VALUES (?, ?, ?, NULL, ?, '', ?, 'imported', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const rnd = random(2);
  let expired = 0;
  let revoked = 0;
  db.transaction(() => {
    for (let i = 1; i <= count; i += 1) {
      const der = Buffer.from(template);
      const serial = Buffer.from(serialBytes);
      serial.writeUInt32BE(i, serial.length - 4);
      replaceAll(der, serialBytes, serial);
      const host = certificateHost(i);
      replaceAll(der, hostBytes, Buffer.from(host, 'ascii'));
      const notBefore = now - Math.floor((30 + rnd() * 700) * DAY);
      const isExpired = i % 10 === 0;
      const notAfter = isExpired
        ? now - Math.floor((1 + rnd() * 300) * DAY)
        : now + Math.floor((1 + rnd() * 730) * DAY);
      const isRevoked = !isExpired && i % 20 === 5;
      if (isExpired) expired += 1;
      if (isRevoked) revoked += 1;
      insert.run(
        crypto.randomUUID(),
        i % 3 === 0 ? `VPN client ${i}` : host,
        caId,
        der,
        i % 3 === 0 ? 'client' : 'server',
        `CN=${host}`,
        ca.subject,
        serial.toString('hex'),
        fingerprint(der),
        JSON.stringify({ dns: [host], ip: [], uri: [], email: [] }),
        notBefore,
        notAfter,
        isRevoked ? now - Math.floor(rnd() * 90 * DAY) : null,
        isRevoked ? 'superseded' : null,
        notBefore + 60_000,
      );
    }
  })();
  return { count, caId, valid: count - expired - revoked, expired, revoked };
}

const MESSAGES: Record<string, (i: number, r: () => number) => string> = {
  ssh: (i, r) =>
    r() < 0.3
      ? `sshd[${1000 + (i % 9000)}]: Failed password for invalid user guest${i % 97} from 203.0.113.${i % 250} port ${40000 + (i % 20000)} ssh2`
      : `sshd[${1000 + (i % 9000)}]: Accepted publickey for ops${i % 13} from 10.0.${i % 8}.${i % 250} port ${40000 + (i % 20000)} ssh2`,
  dns: (i) => `query[A] host${i % 500}.example.net from 10.0.${i % 8}.${i % 250}: NOERROR, ${i % 40} ms`,
  network: (i) => `eth${i % 3}: link up, 1000 Mbps full duplex; dhcp lease 10.0.${i % 8}.${i % 250} renewed`,
  auth: (i) => `login of user${i % 300} from 10.0.${i % 8}.${i % 250} by password: success`,
  settings: (i) => `layout changed by admin (revision ${i})`,
  jobs: (i) => `job ${i} finished in ${i % 90} s`,
  messages: (i) => `agreement ${i % 5} accepted by user${i % 300}`,
  updates: (i) => `repository checked: ${i % 4} packages available`,
  certificates: (i) => `certificate ${certificateHost((i % 10000) + 1)} expires in ${i % 60} days`,
  system: (i) => `kernel: nf_conntrack: ${i % 65536} entries, table ${i % 3 === 0 ? 'full' : 'ok'}`,
};

/** How the seeded entries spread over services (the daemons write most; `updates` is rare). */
const SERVICE_WEIGHTS: Array<[string, number]> = [
  ['ssh', 30],
  ['dns', 30],
  ['network', 15],
  ['system', 10],
  ['auth', 8],
  ['certificates', 3],
  ['settings', 1.5],
  ['jobs', 1.5],
  ['messages', 0.8],
  ['updates', 0.2],
];

/** What `seedLogs` made: the time span of the entries (seconds) and how many each service got. */
export interface SeededLogs {
  count: number;
  from: number;
  to: number;
  perService: Record<string, number>;
}

/**
 * `count` log entries spread evenly over the last `days` days (ids in time order, as appends make them), weighted
 * over the services, with syslog severities; one prepared statement, one transaction (1,000,000 rows in seconds).
 */
export function seedLogs(db: Db, count: number, days = 7): SeededLogs {
  const weights = SERVICE_WEIGHTS.filter(([s]) => (LOG_SERVICES as readonly string[]).includes(s));
  const total = weights.reduce((n, [, w]) => n + w, 0);
  const cumulative: Array<[string, number]> = [];
  let acc = 0;
  for (const [s, w] of weights) cumulative.push([s, (acc += w / total)]);
  const pick = (x: number) => cumulative.find(([, c]) => x <= c)?.[0] ?? 'system';
  const insert = db.prepare('INSERT INTO logs (service, timestamp, message, severity) VALUES (?, ?, ?, ?)');
  const to = Math.floor(Date.now() / 1000) - 60;
  const from = to - days * 86400;
  const step = (to - from) / count;
  const rnd = random(3);
  const perService: Record<string, number> = {};
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const service = pick(rnd());
      perService[service] = (perService[service] ?? 0) + 1;
      const r = rnd();
      const severity: LogSeverity =
        r < 0.01 ? 'error' : r < 0.05 ? 'warning' : r < 0.2 ? 'notice' : r < 0.95 ? 'info' : 'debug';
      insert.run(service, from + i * step, MESSAGES[service](i, rnd), severity);
    }
  })();
  return { count, from, to, perService };
}
