/**
 * The query log with the real unbound (Debian's, run by the embedded service manager on a loopback port in a
 * temporary data directory) and a second unbound as the upstream server, asked with `dig`: each answered query shows
 * in the query log with who answered it and the rule behind it.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DnsQueryRecord } from '../../../../src/shared/dnsQueries';
import { adminAgent, startServer, type Agent, type Harness } from '../../support/harness';
import { applyJob, exec, startUpstreamUnbound, until } from '../../support/daemons';
import { requireTool } from '../../support/tools';

const DNS_PORT = 47553;
const UPSTREAM_PORT = 47554;
const SSH_PORT = 47555;

describe('the DNS query log with the real resolver', () => {
  const dig = requireTool('dig');
  requireTool('unbound');
  let home = '';
  let h: Harness;
  let admin: Agent;
  let upstream: ChildProcess | undefined;
  const ids: Record<string, number> = {};

  const query = async (name: string, source = '127.0.0.1') =>
    (
      await exec(
        dig,
        ['@127.0.0.1', '-p', String(DNS_PORT), '-b', source, '+tries=1', '+time=2', name, 'A'],
        {
          timeout: 10_000,
        },
      )
    ).out;

  const recorded = (filter: string) =>
    until(`a record for ${filter}`, async () => {
      const page: { data: DnsQueryRecord[] } = (await admin.get(`/api/dns/queries?${filter}`)).json();
      return page.data[0];
    });

  beforeAll(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-querylog-test-'));
    const upstreamDir = path.join(home, 'upstream');
    fs.mkdirSync(upstreamDir);
    upstream = await startUpstreamUnbound(
      upstreamDir,
      UPSTREAM_PORT,
      [
        '    local-zone: "corp.test." static',
        '    local-data: "wiki.corp.test. IN A 198.51.100.80"',
        '    local-zone: "example.net." static',
        '    local-data: "www.example.net. IN A 198.51.100.81"',
      ],
      { name: 'www.example.net.', contains: '198.51.100.81' },
    );

    const dataDir = path.join(home, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    h = await startServer({
      dataDir,
      config: { services: 'embedded', dnsPort: DNS_PORT, sshPort: SSH_PORT },
    });
    admin = await adminAgent(h);
    // The test upstream is the only upstream; it is not signed from the root, so no DNSSEC validation.
    const proxy = (await admin.get('/api/dns/proxy')).json();
    expect(
      (await admin.put('/api/dns/proxy/settings', { ...proxy.settings, dnssec: false })).statusCode,
    ).toBe(200);
    for (const u of proxy.upstreams as Array<{ id: number }>)
      expect(
        (await admin.request({ method: 'DELETE', url: `/api/dns/proxy/upstreams/${u.id}` })).statusCode,
      ).toBe(204);
    const add = async (list: string, body: object) => {
      const res = await admin.post(`/api/dns/proxy/${list}`, body);
      expect(res.statusCode).toBe(201);
      return (res.json() as { id: number }).id;
    };
    ids.upstream = await add('upstreams', {
      address: '127.0.0.1',
      port: UPSTREAM_PORT,
      tls: false,
      tls_name: '',
    });
    ids.host = await add('host_overrides', {
      host: 'printer',
      domain: 'lan.test',
      address: '192.0.2.44',
      description: 'office printer',
    });
    ids.domain = await add('domain_overrides', {
      domain: 'corp.test',
      server: '127.0.0.1',
      port: UPSTREAM_PORT,
      description: 'test upstream',
    });
    ids.access = await add('access_lists', { subnet: '127.0.0.2/31', action: 'refuse', description: 'lab' });
    await applyJob(admin, '/api/dns/proxy/apply');
    await until('the resolver answers the override', async () =>
      (await query('printer.lan.test.')).includes('192.0.2.44'),
    );
  }, 60_000);

  afterAll(async () => {
    upstream?.kill('SIGTERM');
    if (h) await h.close();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  it('records a host override answer as a local override, with the override behind it', async () => {
    const r = await recorded('q=printer.lan.test');
    expect(r).toMatchObject({
      client: '127.0.0.1',
      name: 'printer.lan.test',
      type: 'A',
      rcode: 'NOERROR',
      answered_by: 'local_override',
      why: {
        rule: 'host_override',
        id: ids.host,
        text: 'host override printer.lan.test → 192.0.2.44 (office printer)',
        link: '/dns/proxy#host-overrides',
      },
    });
  });

  it('records a forwarded query with the upstream or the domain override that answered, then the cache', async () => {
    expect(await query('www.example.net.')).toContain('198.51.100.81');
    expect(await recorded('q=www.example.net&answered_by=forwarded')).toMatchObject({
      answered_by: 'forwarded',
      why: { rule: 'upstream', id: ids.upstream, text: `upstream 127.0.0.1@${UPSTREAM_PORT}` },
    });
    expect(await query('wiki.corp.test.')).toContain('198.51.100.80');
    expect(await recorded('q=wiki.corp.test')).toMatchObject({
      answered_by: 'forwarded',
      why: { rule: 'domain_override', id: ids.domain, link: '/dns/proxy#domain-overrides' },
    });
    expect(await query('www.example.net.')).toContain('198.51.100.81');
    expect(await recorded('q=www.example.net&answered_by=cache')).toMatchObject({
      why: { rule: 'upstream', id: ids.upstream },
    });
  });

  it('records a client an access rule refuses as refused, with that rule', async () => {
    expect(await query('printer.lan.test.', '127.0.0.2')).toContain('status: REFUSED');
    expect(await recorded('client=127.0.0.2')).toMatchObject({
      rcode: 'REFUSED',
      answered_by: 'refused',
      why: { rule: 'access_rule', id: ids.access, link: '/dns/proxy#access-lists' },
    });
  });

  it('records a built-in local zone of the resolver', async () => {
    expect(await query('localhost.')).toContain('127.0.0.1');
    expect(await recorded('q=localhost')).toMatchObject({
      answered_by: 'local_zone',
      why: { rule: 'local_zone' },
    });
  });

  it('keeps query lines out of the log store and the service state', async () => {
    const state = (await admin.get('/api/dns/proxy/service')).json() as { log: string[] };
    expect(state.log.join('\n')).not.toMatch(/printer\.lan\.test\. A IN/);
    const stored = h.ctx.db
      .prepare(
        "SELECT COUNT(*) AS n FROM logs WHERE service = 'dns' AND message LIKE '%printer.lan.test. A IN%'",
      )
      .get() as { n: number };
    expect(stored.n).toBe(0);
  });
});
