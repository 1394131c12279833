/**
 * DNSSEC validation of a privately signed zone, with the real daemons on loopback: the test signs `signed.example.`
 * with its own key (`ldns-keygen`, `ldns-signzone` from Debian's ldnsutils, installed by `.ci/run`) and serves it from
 * a second unbound (`auth-zone`); the console's DNS proxy forwards the domain to it (a domain override) and holds the
 * zone's DS record as a trust anchor file in the data directory (`etc/unbound/trust-anchors/`). A good answer carries
 * the AD flag; a record altered after signing is SERVFAIL, and the query log says so.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { trustAnchorDir } from '../../../src/appliance/dns/unbound';
import type { DnsQueryRecord } from '../../../src/shared/dnsQueries';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';
import { applyJob, exec, startUpstreamUnbound, until } from '../support/daemons';
import { requireTool } from '../support/tools';

const DNS_PORT = 5393;
const UPSTREAM_PORT = 5394;
const SSH_PORT = 2293;
const ZONE = 'signed.example';

describe('DNSSEC validation of a locally signed zone', () => {
  const dig = requireTool('dig');
  requireTool('unbound');
  const keygen = requireTool('ldns-keygen');
  const signzone = requireTool('ldns-signzone');
  const key2ds = requireTool('ldns-key2ds');
  let home = '';
  let h: Harness;
  let admin: Agent;
  let upstream: ChildProcess | null = null;
  let ds = '';

  const query = (name: string, port = DNS_PORT) =>
    exec(dig, ['@127.0.0.1', '-p', String(port), '+tries=1', '+time=3', '+dnssec', name, 'A']);
  const flags = (out: string) => /;; flags: ([a-z ]+);/.exec(out)?.[1].split(' ') ?? [];

  const apply = () => applyJob(admin, '/api/dns/proxy/apply');

  beforeAll(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-dnssec-'));
    const zoneDir = path.join(home, 'zone');
    fs.mkdirSync(zoneDir);
    const zoneFile = path.join(zoneDir, `${ZONE}.zone`);
    fs.writeFileSync(
      zoneFile,
      [
        `$ORIGIN ${ZONE}.`,
        '$TTL 300',
        `@ IN SOA ns.${ZONE}. hostmaster.${ZONE}. 1 3600 600 86400 300`,
        `@ IN NS ns.${ZONE}.`,
        'ns IN A 127.0.0.1',
        'www IN A 192.0.2.80',
        'bad IN A 192.0.2.81',
        '',
      ].join('\n'),
    );
    const key = (await exec(keygen, ['-a', 'ECDSAP256SHA256', '-k', ZONE], { cwd: zoneDir })).out.trim();
    expect(key).toMatch(/^Ksigned\.example\.\+013\+\d+$/);
    const signed = await exec(signzone, [zoneFile, key], { cwd: zoneDir });
    expect(signed.code).toBe(0);
    // Tampered after signing: the record no longer matches its signature.
    const signedFile = `${zoneFile}.signed`;
    const text = fs.readFileSync(signedFile, 'utf8');
    expect(text).toMatch(/^bad\.signed\.example\.\s+300\s+IN\s+A\s+192\.0\.2\.81$/m);
    fs.writeFileSync(
      signedFile,
      text.replace(/(^bad\.signed\.example\.\s+300\s+IN\s+A\s+)192\.0\.2\.81$/m, '$1192.0.2.99'),
    );
    ds = (await exec(key2ds, ['-n', '-2', `${key}.key`], { cwd: zoneDir })).out.trim();
    expect(ds).toMatch(/^signed\.example\.\s+\d+\s+IN\s+DS\s+\d+ 13 2 [0-9a-f]{64}$/);

    upstream = await startUpstreamUnbound(
      zoneDir,
      UPSTREAM_PORT,
      [
        '    module-config: "iterator"',
        '',
        'auth-zone:',
        `    name: "${ZONE}."`,
        `    zonefile: "${signedFile}"`,
        '    for-downstream: yes',
        '    for-upstream: no',
      ],
      { name: `www.${ZONE}.`, contains: '192.0.2.80' },
    );

    const dataDir = path.join(home, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    h = await startServer({
      dataDir,
      config: { services: 'embedded', dnsPort: DNS_PORT, sshPort: SSH_PORT },
    });
    admin = await adminAgent(h);
    const added = await admin.post('/api/dns/proxy/domain_overrides', {
      domain: ZONE,
      server: '127.0.0.1',
      port: UPSTREAM_PORT,
      description: 'signed test zone',
    });
    expect(added.statusCode).toBe(201);
  });
  afterAll(async () => {
    await h?.close();
    upstream?.kill('SIGTERM');
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  it('without a trust anchor the forwarded domain is declared insecure: answers, never authenticated', async () => {
    await apply();
    const conf = fs.readFileSync(path.join(h.dataDir, 'etc', 'unbound', 'unbound.conf'), 'utf8');
    expect(conf).toContain(`domain-insecure: "${ZONE}."`);
    const r = await until('the domain override answers', async () => {
      const out = (await query(`www.${ZONE}.`)).out;
      return out.includes('192.0.2.80') && out;
    });
    expect(flags(r)).not.toContain('ad');
  });

  it('with the zone DS as a trust anchor: a good answer is authenticated (AD), a tampered one is SERVFAIL', async () => {
    const anchors = trustAnchorDir(h.dataDir);
    fs.mkdirSync(anchors, { recursive: true });
    fs.writeFileSync(path.join(anchors, `${ZONE}.ds`), `; the private zone's key\n${ds}\n`);
    await apply();
    const conf = fs.readFileSync(path.join(h.dataDir, 'etc', 'unbound', 'unbound.conf'), 'utf8');
    expect(conf).toContain(`trust-anchor-file: "${path.join(anchors, `${ZONE}.ds`)}"`);
    expect(conf).not.toContain(`domain-insecure: "${ZONE}."`);

    const good = await until('an authenticated answer', async () => {
      const out = (await query(`www.${ZONE}.`)).out;
      return flags(out).includes('ad') && out;
    });
    expect(good).toContain('status: NOERROR');
    expect(good).toMatch(/www\.signed\.example\.\s+\d+\s+IN\s+A\s+192\.0\.2\.80/);

    const bad = await query(`bad.${ZONE}.`);
    expect(bad.out).toContain('status: SERVFAIL');
    expect(bad.out).not.toContain('192.0.2.99');

    const records = await until('the queries in the query log', async () => {
      const data: DnsQueryRecord[] = (await admin.get(`/api/dns/queries?q=${ZONE}&per_page=50`)).json().data;
      return data.some((r) => r.name === `bad.${ZONE}`) && data;
    });
    expect(records.find((r) => r.name === `bad.${ZONE}`)).toMatchObject({
      rcode: 'SERVFAIL',
      answered_by: 'forwarded',
      why: expect.objectContaining({ rule: 'domain_override' }),
    });
  });
});
