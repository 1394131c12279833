import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DdnsService } from '../../../src/appliance/dns/dynamic';
import { DdnsUpdater } from '../../../src/appliance/dns/updater';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';

/** A fake provider: answers the address check and records update calls as a dyndns2 or custom provider would. */
function fakeProvider() {
  const calls: Array<{ url: string; authorization?: string }> = [];
  let address = '203.0.113.7';
  const server = http.createServer((req, res) => {
    calls.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/ip') return res.end(`Current IP Address: ${address}\n`);
    if (url.pathname === '/nic/update') {
      const ok = req.headers.authorization === `Basic ${Buffer.from('user:s3cret').toString('base64')}`;
      return res.end(ok ? `good ${url.searchParams.get('myip')}` : 'badauth');
    }
    if (url.pathname === '/custom' && url.searchParams.get('fail')) return res.writeHead(500).end('broken');
    if (url.pathname === '/custom')
      return res.writeHead(url.searchParams.get('ip') ? 200 : 400).end('updated');
    res.writeHead(404).end();
  });
  return {
    calls,
    setAddress: (a: string) => (address = a),
    listen: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('dynamic DNS', () => {
  const provider = fakeProvider();
  let base: string;
  let h: Harness;
  let admin: Agent;
  beforeAll(async () => {
    base = await provider.listen();
    h = await startServer();
    admin = await adminAgent(h);
  });
  afterAll(async () => {
    await h.close();
    await provider.close();
  });

  const account = () => ({
    provider: 'custom',
    hostname: 'home.example.net',
    username: '',
    secret: '',
    update_url: `${base}/custom?host=%HOST%&ip=%IP%&ttl=%TTL%`,
    ip_source: 'web',
    check_url: `${base}/ip`,
    interface: '',
    interval_seconds: 300,
    ttl: 60,
    enabled: true,
  });

  it('speaks dyndns2 with Basic credentials and reports the provider answer', async () => {
    const updater = new DdnsUpdater({ providerUrls: { dyndns: `${base}/nic/update` } });
    const target = {
      provider: 'dyndns',
      hostname: 'a.example.net',
      username: 'user',
      secret: 's3cret',
      update_url: '',
      ttl: 60,
    };
    expect(await updater.update(target, '198.51.100.4')).toEqual({ ok: true, result: 'good 198.51.100.4' });
    expect(await updater.update({ ...target, secret: 'wrong' }, '198.51.100.4')).toMatchObject({
      ok: false,
      result: 'badauth',
    });
    expect(provider.calls.at(-1)?.url).toBe('/nic/update?hostname=a.example.net&myip=198.51.100.4');
  });

  it('finds the public address from the check URL', async () => {
    const updater = new DdnsUpdater();
    expect(await updater.publicAddress({ ip_source: 'web', check_url: `${base}/ip`, interface: '' })).toBe(
      '203.0.113.7',
    );
  });

  it('keeps accounts with a write-only secret and updates one on demand', async () => {
    const created = await admin.post('/api/dns/dynamic/accounts', {
      ...account(),
      provider: 'dyndns',
      username: 'user',
      secret: 's3cret',
      update_url: '',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ has_secret: true, last_result: null });
    expect(JSON.stringify(created.json())).not.toContain('s3cret');
    expect(JSON.stringify((await admin.get('/api/dns/dynamic')).json())).not.toContain('s3cret');

    // A change without a secret keeps the stored one.
    const changed = await admin.put(`/api/dns/dynamic/accounts/${created.json().id}`, {
      ...account(),
      provider: 'dyndns',
      username: 'user',
      update_url: '',
      ttl: 120,
    });
    expect(changed.json()).toMatchObject({ has_secret: true, ttl: 120 });

    const custom = (await admin.post('/api/dns/dynamic/accounts', account())).json();
    const updated = await admin.post(`/api/dns/dynamic/accounts/${custom.id}/update`);
    expect(updated.json()).toMatchObject({ last_ip: '203.0.113.7', last_result: 'ok: HTTP 200 updated' });
    expect(provider.calls.at(-1)?.url).toBe('/custom?host=home.example.net&ip=203.0.113.7&ttl=60');
    expect(updated.json().next_check_at).toBeGreaterThan(Date.now());
  });

  const bad: Array<[string, Record<string, unknown>, string, string]> = [
    ['provider', { provider: 'acme-dns' }, 'provider', 'type_error.enum'],
    ['host name', { hostname: 'not a host' }, 'hostname', 'value_error.fqdn'],
    [
      'custom URL without placeholder',
      { update_url: `http://x.example/update` },
      'update_url',
      'value_error.placeholder',
    ],
    ['URL scheme', { update_url: 'ftp://x.example/%IP%' }, 'update_url', 'value_error.str.regex'],
    ['missing secret', { provider: 'noip', username: 'u', update_url: '' }, 'secret', 'value_error.missing'],
    [
      'missing user name',
      { provider: 'noip', secret: 'x', update_url: '' },
      'username',
      'value_error.missing',
    ],
    ['interval', { interval_seconds: 10 }, 'interval_seconds', 'value_error.number.not_ge'],
    ['TTL', { ttl: 1.5 }, 'ttl', 'type_error.integer'],
    ['interface', { ip_source: 'interface', interface: 'eth 0' }, 'interface', 'value_error.interface'],
    ['address source', { ip_source: 'upnp' }, 'ip_source', 'type_error.enum'],
  ];
  it.each(bad)('refuses an account with a bad %s', async (_name, patch, field, type) => {
    const res = await admin.post('/api/dns/dynamic/accounts', { ...account(), ...patch });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', field], type }));
  });

  it('records a failed address check as the last result', async () => {
    const a = (
      await admin.post('/api/dns/dynamic/accounts', {
        ...account(),
        hostname: 'other.example.net',
        check_url: `${base}/missing`,
      })
    ).json();
    const res = (await admin.post(`/api/dns/dynamic/accounts/${a.id}/update`)).json();
    expect(res.last_result).toBe('error: the address check page answered HTTP 404 (Not Found)');
    expect(res.failure).toEqual({
      stage: 'check',
      kind: 'http',
      message: 'the address check page answered HTTP 404 (Not Found)',
    });
    expect(res.last_ip).toBeNull();
  });

  it('says what failed (DNS lookup, refused connection, HTTP status, provider answer) and since when', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const create = async (hostname: string, patch: object) =>
      (await admin.post('/api/dns/dynamic/accounts', { ...account(), hostname, ...patch })).json() as {
        id: number;
      };
    const update = async (id: number) => (await admin.post(`/api/dns/dynamic/accounts/${id}/update`)).json();

    const dns = await create('dns.example.net', { check_url: 'http://no-such-host.invalid/ip' });
    expect((await update(dns.id)).failure).toEqual({
      stage: 'check',
      kind: 'dns',
      message: expect.stringMatching(
        /^the DNS lookup of no-such-host\.invalid failed \((ENOTFOUND|EAI_AGAIN)\)$/,
      ),
    });

    const refused = await create('refused.example.net', {
      update_url: `http://127.0.0.1:${closedPort}/custom?ip=%IP%`,
    });
    const first = await update(refused.id);
    expect(first.failure).toEqual({
      stage: 'update',
      kind: 'refused',
      message: '127.0.0.1 refused the connection',
    });
    expect(first.failing_since).toBe(first.last_update_at);
    expect(first.next_check_at).toBe(first.last_update_at + 300_000);
    // A second failure keeps the start of the run of failures.
    const again = await update(refused.id);
    expect(again.failing_since).toBe(first.failing_since);

    const status = await create('status.example.net', { update_url: `${base}/custom?none=%IP%&fail=1` });
    expect((await update(status.id)).failure).toEqual({
      stage: 'update',
      kind: 'http',
      message: 'the provider answered HTTP 500 (Internal Server Error): broken',
    });

    const answer = await new DdnsUpdater({ providerUrls: { dyndns: `${base}/nic/update` } }).update(
      {
        provider: 'dyndns',
        hostname: 'a.example.net',
        username: 'user',
        secret: 'x',
        update_url: '',
        ttl: 60,
      },
      '198.51.100.4',
    );
    expect(answer.failure).toEqual({
      stage: 'update',
      kind: 'provider',
      message: 'the provider answered "badauth": wrong user name or password',
    });

    // Working again: the failure and its start are cleared.
    const fixed = (
      await admin.put(`/api/dns/dynamic/accounts/${refused.id}`, {
        ...account(),
        hostname: 'refused.example.net',
      })
    ).json();
    expect(fixed.id).toBe(refused.id);
    const ok = await update(refused.id);
    expect(ok).toMatchObject({ failure: null, failing_since: null, last_result: 'ok: HTTP 200 updated' });
  });

  it('the scheduler updates enabled accounts that are due and leaves the others', async () => {
    const due = (
      await admin.post('/api/dns/dynamic/accounts', { ...account(), hostname: 'due.example.net' })
    ).json();
    const off = (
      await admin.post('/api/dns/dynamic/accounts', {
        ...account(),
        hostname: 'off.example.net',
        enabled: false,
      })
    ).json();
    provider.setAddress('198.51.100.23');
    await new DdnsService(h.ctx, new DdnsUpdater()).tick();
    const accounts = (await admin.get('/api/dns/dynamic')).json().accounts as Array<{
      id: number;
      last_ip: string | null;
    }>;
    expect(accounts.find((a) => a.id === due.id)?.last_ip).toBe('198.51.100.23');
    expect(accounts.find((a) => a.id === off.id)?.last_ip).toBeNull();
  });
});
