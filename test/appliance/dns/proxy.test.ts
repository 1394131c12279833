import fs from 'node:fs';
import path from 'node:path';
import type { JobProgress } from '../../../src/appliance/jobs/runner';
import { adminAgent, startServer, userAgent, type Agent, type Harness } from '../support/harness';
import { requireTool, run } from '../support/tools';

const until = async (check: () => Promise<boolean>, ms = 8000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
};

describe('DNS proxy API', () => {
  let h: Harness;
  let admin: Agent;
  const conf = () => path.join(h.dataDir, 'etc', 'unbound', 'unbound.conf');
  beforeAll(async () => {
    h = await startServer();
    admin = await adminAgent(h);
  });
  afterAll(() => h.close());

  const applyAndWait = async (): Promise<JobProgress> => {
    const res = await admin.post('/api/dns/proxy/apply');
    expect(res.statusCode).toBe(202);
    const id = (res.json() as JobProgress).id;
    let job: JobProgress = res.json();
    await until(async () => {
      job = (await admin.get(`/api/jobs/${id}`)).json();
      return job.status !== 'running';
    });
    return job;
  };

  it('writes a factory unbound.conf on the first start that unbound-checkconf accepts', () => {
    const checker = requireTool('unbound-checkconf');
    expect(fs.existsSync(conf())).toBe(true);
    expect(run(checker, [conf()])).toMatchObject({ status: 0 });
  });

  it('is for admins only', async () => {
    const user = await userAgent(h, 'viewer');
    expect((await user.get('/api/dns/proxy')).statusCode).toBe(403);
    expect(
      (
        await user.post('/api/dns/proxy/upstreams', {
          address: '9.9.9.9',
          port: 53,
          tls: false,
          tls_name: '',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('saves settings and lists, previews them and applies them into a file the real checker accepts', async () => {
    expect(
      (
        await admin.put('/api/dns/proxy/settings', {
          enabled: true,
          listen_interfaces: ['127.0.0.1', '::1'],
          port: 5353,
          cache_size_mb: 16,
          dnssec: true,
        })
      ).statusCode,
    ).toBe(200);
    const dot = await admin.post('/api/dns/proxy/upstreams', {
      address: '1.1.1.1',
      port: 853,
      tls: true,
      tls_name: 'Cloudflare-DNS.com',
    });
    expect(dot.statusCode).toBe(201);
    expect(dot.json()).toMatchObject({
      address: '1.1.1.1',
      tls_name: 'cloudflare-dns.com',
      id: expect.any(Number),
    });
    await admin.post('/api/dns/proxy/upstreams', {
      address: '9.9.9.9',
      port: 853,
      tls: true,
      tls_name: 'dns.quad9.net',
    });
    await admin.post('/api/dns/proxy/host_overrides', {
      host: 'nas',
      domain: 'home.arpa',
      address: '192.168.1.10',
    });
    await admin.post('/api/dns/proxy/host_overrides', {
      host: '*',
      domain: 'lab.example',
      address: 'fd00::1',
    });
    await admin.post('/api/dns/proxy/domain_overrides', {
      domain: 'corp.example',
      server: '10.0.0.53',
      port: 53,
    });
    await admin.post('/api/dns/proxy/access_lists', { subnet: '192.168.1.0/24', action: 'allow' });

    const preview = (await admin.get('/api/dns/proxy/preview')).json();
    expect(preview.pending_changes).toBe(true);
    const text: string = preview.files[0].content;
    expect(text).toContain('forward-addr: 1.1.1.1@853#cloudflare-dns.com');
    expect(text).toContain('forward-tls-upstream: yes');
    expect(text).toContain('local-data: "nas.home.arpa. IN A 192.168.1.10"');
    expect(text).toContain('local-zone: "lab.example." redirect');
    expect(text).toContain('access-control: 192.168.1.0/24 allow');

    const job = await applyAndWait();
    expect(job.status).toBe('done');
    expect(job.details.map((d) => d.name)).toEqual([
      'Render DNS proxy configuration',
      'Check DNS proxy configuration',
      'Write DNS proxy configuration',
      'Activate DNS proxy configuration',
    ]);
    expect(fs.readFileSync(conf(), 'utf8')).toBe(text);
    expect(run(requireTool('unbound-checkconf'), [conf()])).toMatchObject({ status: 0 });
    expect((await admin.get('/api/dns/proxy')).json().status.pending_changes).toBe(false);
  });

  it('deletes items one at a time and in bulk', async () => {
    const a = (
      await admin.post('/api/dns/proxy/access_lists', { subnet: '10.1.0.0/16', action: 'refuse' })
    ).json();
    const b = (
      await admin.post('/api/dns/proxy/access_lists', { subnet: '10.2.0.0/16', action: 'refuse' })
    ).json();
    expect((await admin.post('/api/dns/proxy/access_lists/delete', { ids: [a.id, 999999] })).statusCode).toBe(
      422,
    );
    expect((await admin.post('/api/dns/proxy/access_lists/delete', { ids: [a.id, b.id] })).json()).toEqual({
      deleted: 2,
    });
    const c = (
      await admin.post('/api/dns/proxy/access_lists', { subnet: '10.3.0.0/16', action: 'allow' })
    ).json();
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/dns/proxy/access_lists/${c.id}` })).statusCode,
    ).toBe(204);
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/dns/proxy/access_lists/${c.id}` })).statusCode,
    ).toBe(404);
  });

  // One row per bad field: the request and where the error must point.
  const bad: Array<[string, string, unknown, string, string]> = [
    [
      'settings: listen address',
      '/api/dns/proxy/settings',
      { enabled: true, listen_interfaces: ['300.1.1.1'], port: 53, cache_size_mb: 4, dnssec: true },
      'listen_interfaces.0',
      'value_error.ip',
    ],
    [
      'settings: no listen address',
      '/api/dns/proxy/settings',
      { enabled: true, listen_interfaces: [], port: 53, cache_size_mb: 4, dnssec: true },
      'listen_interfaces',
      'value_error.list.min_items',
    ],
    [
      'settings: port',
      '/api/dns/proxy/settings',
      { enabled: true, listen_interfaces: ['127.0.0.1'], port: 70000, cache_size_mb: 4, dnssec: true },
      'port',
      'value_error.number.not_le',
    ],
    [
      'settings: cache size',
      '/api/dns/proxy/settings',
      { enabled: true, listen_interfaces: ['127.0.0.1'], port: 53, cache_size_mb: '4', dnssec: true },
      'cache_size_mb',
      'type_error.integer',
    ],
    [
      'settings: dnssec',
      '/api/dns/proxy/settings',
      { enabled: true, listen_interfaces: ['127.0.0.1'], port: 53, cache_size_mb: 4 },
      'dnssec',
      'value_error.missing',
    ],
    [
      'settings: extra',
      '/api/dns/proxy/settings',
      {
        enabled: true,
        listen_interfaces: ['127.0.0.1'],
        port: 53,
        cache_size_mb: 4,
        dnssec: true,
        chroot: '/',
      },
      'chroot',
      'value_error.extra',
    ],
    [
      'upstream: address',
      '/api/dns/proxy/upstreams',
      { address: 'dns.example', port: 53, tls: false, tls_name: '' },
      'address',
      'value_error.ip',
    ],
    [
      'upstream: port',
      '/api/dns/proxy/upstreams',
      { address: '8.8.8.8', port: 0, tls: false, tls_name: '' },
      'port',
      'value_error.number.not_ge',
    ],
    [
      'upstream: tls name',
      '/api/dns/proxy/upstreams',
      { address: '8.8.8.8', port: 853, tls: true, tls_name: 'not a name' },
      'tls_name',
      'value_error.fqdn',
    ],
    [
      'upstream: mixed transport',
      '/api/dns/proxy/upstreams',
      { address: '8.8.4.4', port: 53, tls: false, tls_name: '' },
      'tls',
      'value_error.mixed_transport',
    ],
    [
      'upstream: duplicate',
      '/api/dns/proxy/upstreams',
      { address: '1.1.1.1', port: 853, tls: true, tls_name: 'one.one.one.one' },
      'address',
      'value_error.duplicate',
    ],
    [
      'host override: host',
      '/api/dns/proxy/host_overrides',
      { host: '-bad', domain: 'home.arpa', address: '10.0.0.1' },
      'host',
      'value_error.hostname',
    ],
    [
      'host override: domain',
      '/api/dns/proxy/host_overrides',
      { host: 'www', domain: 'x', address: '10.0.0.1' },
      'domain',
      'value_error.fqdn',
    ],
    [
      'host override: address',
      '/api/dns/proxy/host_overrides',
      { host: 'www', domain: 'home.arpa', address: '10.0.0' },
      'address',
      'value_error.ip',
    ],
    [
      'host override: duplicate',
      '/api/dns/proxy/host_overrides',
      { host: 'NAS', domain: 'home.arpa', address: '192.168.1.11' },
      'host',
      'value_error.duplicate',
    ],
    [
      'domain override: domain',
      '/api/dns/proxy/domain_overrides',
      { domain: 'bad..example', server: '10.0.0.53', port: 53 },
      'domain',
      'value_error.fqdn',
    ],
    [
      'domain override: server',
      '/api/dns/proxy/domain_overrides',
      { domain: 'other.example', server: 'ns1', port: 53 },
      'server',
      'value_error.ip',
    ],
    [
      'access list: subnet',
      '/api/dns/proxy/access_lists',
      { subnet: '10.0.0.0/33', action: 'allow' },
      'subnet',
      'value_error.subnet',
    ],
    [
      'access list: action',
      '/api/dns/proxy/access_lists',
      { subnet: '10.0.0.0/8', action: 'drop' },
      'action',
      'type_error.enum',
    ],
  ];
  it.each(bad)(
    'refuses bad input (%s) with a pydantic-style item on the field',
    async (_name, url, body, field, type) => {
      const method = url.endsWith('/settings') ? 'PUT' : 'POST';
      const res = await admin.request({ method, url, payload: body as object });
      expect(res.statusCode).toBe(422);
      const items = res.json().detail as Array<{ loc: Array<string | number>; type: string }>;
      expect(items).toContainEqual(
        expect.objectContaining({
          loc: ['body', ...field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))],
          type,
        }),
      );
    },
  );

  it('refuses a generated file the checker rejects, without writing it', async () => {
    // Nothing the API accepts is refused by unbound, so damage the saved data directly, as a broken database would.
    h.ctx.db
      .prepare(
        "UPDATE dns_settings SET data = json_set(data, '$.listen_interfaces', json('[\"not-an-address\"]'))",
      )
      .run();
    const before = fs.readFileSync(conf(), 'utf8');
    const job = await applyAndWait();
    expect(job.status).toBe('failed');
    expect(job.reason).toMatch(/^The generated DNS proxy configuration was rejected/);
    expect(fs.readFileSync(conf(), 'utf8')).toBe(before);
    h.ctx.db
      .prepare(
        "UPDATE dns_settings SET data = json_set(data, '$.listen_interfaces', json('[\"127.0.0.1\"]'))",
      )
      .run();
  });
});
