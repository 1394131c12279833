/**
 * ACME against a real ACME server: Debian's pebble, started here on loopback ports. Its HTTP-01 validation connects to
 * the console's own server (pebble's httpPort is the console's port), which answers from the order's challenges.
 * pebble's TLS certificate comes from this appliance's PKI, trusted through the account's `trust_pem`; pebble's
 * companion pebble-challtestsrv is its DNS server, resolving every name to 127.0.0.1.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pkiOf } from '../../../src/appliance/pki';
import { freePort, httpsGet, startPebble, type Pebble } from '../../support/pebble';
import { adminAgent } from '../support/harness';
import { readEventStream } from '../support/sse';
import { contractProblems } from '../support/contracts';
import { acmeOrderStream } from '../../../src/shared/contracts/pki';
import { openssl, rootCaBody, startPki, writeTemp, type PkiHarness } from './support';

let t: PkiHarness;
let pebble: Pebble;
let consolePort: number;
let directoryUrl: string;
let managementUrl: string;
let trustPem: string;

beforeAll(async () => {
  t = await startPki();
  await t.h.app.listen({ host: '127.0.0.1', port: 0 });
  consolePort = (t.h.app.server.address() as net.AddressInfo).port;

  // pebble's own HTTPS certificate, issued by this appliance.
  const ca = (await t.admin.post('/api/pki/cas', rootCaBody('Pebble TLS Root', 'ec-p256'))).json();
  trustPem = (await t.admin.get(`/api/pki/cas/${ca.id}/certificate`)).body;
  const tlsCert = (
    await t.admin.post('/api/pki/certificates', {
      ca_id: ca.id,
      profile: 'server',
      subject: { common_name: 'localhost' },
      sans: { dns: ['localhost'], ip: ['127.0.0.1'] },
      validity_days: 7,
      key_type: 'ec-p256',
    })
  ).json();
  const bundle = (
    await t.admin.post(`/api/pki/certificates/${tlsCert.id}/export`, { format: 'pem', include_chain: false })
  ).body;
  pebble = await startPebble({
    dir: t.dir,
    httpPort: consolePort,
    tls: {
      certPem: bundle.slice(0, bundle.indexOf('-----BEGIN PRIVATE KEY')),
      keyPem: bundle.slice(bundle.indexOf('-----BEGIN PRIVATE KEY')),
      caPem: trustPem,
    },
  });
  ({ directoryUrl, managementUrl } = pebble);
}, 60_000);

afterAll(async () => {
  pebble?.stop();
  await pkiOf(t.h.ctx).acme?.settled();
  await t.h.close();
});

async function account(): Promise<string> {
  const res = await t.admin.post('/api/pki/acme/accounts', {
    name: 'Pebble',
    directory_url: directoryUrl,
    email: 'admin@rampart.test',
    terms_of_service_agreed: true,
    trust_pem: trustPem,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

let accountId: string;

describe('ACME against pebble', () => {
  it('registers an account', async () => {
    accountId = await account();
    const list = (await t.admin.get('/api/pki/acme/accounts')).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        id: accountId,
        name: 'Pebble',
        directory_url: directoryUrl,
        email: 'admin@rampart.test',
        has_trust: true,
      }),
    ]);
    expect(list[0].account_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/my-account\//);
  }, 30_000);

  it('takes an order to valid through HTTP-01 on the console server, streaming its states', async () => {
    const res = await t.admin.post('/api/pki/acme/orders', {
      account_id: accountId,
      names: ['console.rampart.test', '127.0.0.1'],
      key_type: 'ec-p256',
    });
    expect(res.statusCode).toBe(202);
    const order = res.json();
    expect(order).toMatchObject({
      status: 'pending',
      names: ['console.rampart.test', '127.0.0.1'],
      auto_renew: true,
      renew_before_days: 30,
    });

    const stream = await readEventStream(
      `http://127.0.0.1:${consolePort}/eos/pki/acme/orders/${order.id}/stream`,
      { cookie: t.admin.cookieHeader() },
      45_000,
    );
    expect(stream.status).toBe(200);
    if (process.env.PKI_DEBUG) console.log(JSON.stringify(stream.events), pebble.log());
    const states = stream.events
      .filter((e) => e.event === 'state')
      .map((e) => (e.data as { status: string }).status);
    expect(states.at(-1)).toBe('valid');
    expect(states).toContain('processing');
    expect(stream.events.at(-1)).toEqual({ event: 'end', data: { id: order.id, status: 'valid' } });
    // Every event is what the stream's contract declares (the console drops what does not fit).
    for (const e of stream.events) {
      const schema = acmeOrderStream.events[e.event as keyof typeof acmeOrderStream.events];
      expect([e.event, contractProblems(schema, e.data)]).toEqual([e.event, []]);
    }

    const done = (await t.admin.get(`/api/pki/acme/orders/${order.id}`)).json();
    expect(done).toMatchObject({ status: 'valid', account_name: 'Pebble' });
    const cert = (await t.admin.get(`/api/pki/certificates/${done.certificate_id}`)).json();
    expect(cert).toMatchObject({
      source: 'acme',
      has_private_key: true,
      sans: { dns: ['console.rampart.test'], ip: ['127.0.0.1'] },
      status: 'valid',
    });
    expect(done.renew_at).toBe(new Date(Date.parse(cert.not_after) - 30 * 86_400_000).toISOString());

    // The chain pebble issued verifies against pebble's root.
    const root = await httpsGet(`${managementUrl}/roots/0`, trustPem);
    const rootFile = writeTemp(t.dir, 'pebble-root.pem', root.body);
    const chain = (await t.admin.get(`/api/pki/certificates/${cert.id}/certificate?chain=1`)).body;
    const leafFile = writeTemp(
      t.dir,
      'acme-leaf.pem',
      chain.slice(0, chain.indexOf('-----END CERTIFICATE-----') + 26),
    );
    const chainFile = writeTemp(t.dir, 'acme-chain.pem', chain);
    const verified = openssl([
      'verify',
      '-verify_hostname',
      'console.rampart.test',
      '-verify_ip',
      '127.0.0.1',
      '-CAfile',
      rootFile,
      '-untrusted',
      chainFile,
      leafFile,
    ]);
    expect(verified.stdout).toBe(`${leafFile}: OK\n`);

    // Every state change is in the audit trail.
    const audit = (
      t.h.ctx.db
        .prepare("SELECT message FROM logs WHERE service = 'certificates' AND message LIKE ?")
        .all(`ACME order ${order.id}%`) as Array<{ message: string }>
    ).map((r) => r.message);
    expect(audit[0]).toBe(`ACME order ${order.id} for console.rampart.test, 127.0.0.1 placed by "admin"`);
    expect(audit.at(-1)).toMatch(/: valid \(certificate issued, valid until /);
  }, 60_000);

  it('renews an order whose certificate enters its renewal window', async () => {
    const p = pkiOf(t.h.ctx);
    const [first] = (await t.admin.get('/api/pki/acme/orders')).json().data as Array<{
      id: string;
      certificate_id: string;
      renew_at: string;
    }>;
    expect(p.acme!.renewDue()).toBe(0);
    const saved = t.h.ctx.now;
    try {
      t.h.ctx.now = () => Date.parse(first.renew_at) + 60_000;
      expect(p.acme!.renewDue()).toBe(1);
      // One renewal per order: the next round does not place another.
      expect(p.acme!.renewDue()).toBe(0);
      await p.acme!.settled();
    } finally {
      t.h.ctx.now = saved;
      t.admin = await adminAgent(t.h);
    }
    const orders = (await t.admin.get('/api/pki/acme/orders')).json().data as Array<Record<string, unknown>>;
    const renewal = orders.find((o) => o.renews_order_id === first.id)!;
    expect(renewal).toMatchObject({ status: 'valid', names: ['console.rampart.test', '127.0.0.1'] });
    expect(orders.find((o) => o.id === first.id)).toMatchObject({ renewed_by_order_id: renewal.id });
    const cert = (await t.admin.get(`/api/pki/certificates/${renewal.certificate_id as string}`)).json();
    expect(cert.renewed_from).toBe(first.certificate_id);

    // With renewal turned off, an order in its window is left alone.
    const off = await t.admin.request({
      method: 'PATCH',
      url: `/api/pki/acme/orders/${renewal.id as string}`,
      payload: { auto_renew: false },
    });
    expect(off.json()).toMatchObject({ auto_renew: false, renew_at: null });
    t.h.ctx.now = () => Date.parse(cert.not_after) - 86_400_000;
    try {
      expect(p.acme!.renewDue()).toBe(0);
    } finally {
      t.h.ctx.now = saved;
    }
    // A finished order can be forgotten; its certificate stays.
    expect(
      (await t.admin.request({ method: 'DELETE', url: `/api/pki/acme/orders/${renewal.id as string}` }))
        .statusCode,
    ).toBe(204);
    expect((await t.admin.get(`/api/pki/certificates/${cert.id}`)).statusCode).toBe(200);
  }, 60_000);

  it('refuses names HTTP-01 cannot prove and unreachable directories', async () => {
    const wildcard = await t.admin.post('/api/pki/acme/orders', {
      account_id: accountId,
      names: ['*.example.test'],
    });
    expect(wildcard.statusCode).toBe(422);
    expect(wildcard.json().detail[0]).toMatchObject({
      loc: ['body', 'names', 0],
      type: 'value_error.acme.name',
    });
    const unreachable = await t.admin.post('/api/pki/acme/accounts', {
      name: 'Nowhere',
      directory_url: `https://127.0.0.1:${await freePort()}/dir`,
      email: 'admin@rampart.test',
      terms_of_service_agreed: true,
    });
    expect(unreachable.statusCode).toBe(422);
    expect(unreachable.json().detail[0]).toMatchObject({
      loc: ['body', 'directory_url'],
      type: 'value_error.acme',
    });
    const noTerms = await t.admin.post('/api/pki/acme/accounts', {
      name: 'X',
      directory_url: directoryUrl,
      email: 'a@b.test',
      terms_of_service_agreed: false,
    });
    expect(noTerms.statusCode).toBe(422);
  }, 60_000);

  it('fails an order whose validation cannot reach the console (nothing listens on 127.0.0.2), and says why', async () => {
    const res = await t.admin.post('/api/pki/acme/orders', {
      account_id: accountId,
      names: ['127.0.0.2'],
    });
    expect(res.statusCode).toBe(202);
    await pkiOf(t.h.ctx).acme!.settled();
    const order = (await t.admin.get(`/api/pki/acme/orders/${res.json().id}`)).json();
    expect(order.status).toBe('invalid');
    expect(order.detail.length).toBeGreaterThan(0);
    expect(order.certificate_id).toBeNull();
  }, 60_000);

  it('answers only known HTTP-01 tokens', async () => {
    const res = await fetch(`http://127.0.0.1:${consolePort}/.well-known/acme-challenge/unknown-token`);
    expect(res.status).toBe(404);
  });
});

afterAll(() => {
  if (pebble?.log() && process.env.PKI_DEBUG) fs.writeFileSync(path.join(t.dir, 'pebble.log'), pebble.log());
});
