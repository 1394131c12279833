/**
 * Where a webhook may go (a new case is one row): never to link-local addresses (cloud metadata), metadata addresses,
 * the unspecified address, multicast or reserved ranges, in any spelling (IPv4-mapped, NAT64, decimal, hexadecimal);
 * plain http only to loopback and private networks. Refused when saved (the API and the configuration document) and
 * when sent: on the address actually connected to, so a name resolving (or rebinding) to a refused address reaches
 * nothing, through the outbound helper and through a channel's "Send test".
 */
import type dns from 'node:dns';
import http from 'node:http';
import type net from 'node:net';
import { webhookAddressProblem } from '../../src/service-kit/addressScope';
import { OutboundError, outboundRequest } from '../../src/service-kit/outbound';
import { adminAgent, startServer, type Agent, type Harness } from '../appliance/support/harness';
import { documentHelpers } from '../appliance/revisions/support';

/** Addresses never asked, by http or https: [what, URL host, the address as the error names it]. */
const NEVER: ReadonlyArray<[string, string, string]> = [
  ['cloud metadata (link-local)', '169.254.169.254', '169.254.169.254'],
  ['another link-local IPv4 address', '169.254.1.1', '169.254.1.1'],
  ['link-local metadata written in decimal', '2852039166', '169.254.169.254'],
  ['link-local metadata written in hexadecimal', '0xa9.0xfe.0xa9.0xfe', '169.254.169.254'],
  ['link-local metadata, IPv4-mapped', '[::ffff:169.254.169.254]', '::ffff:a9fe:a9fe'],
  ['link-local metadata through NAT64', '[64:ff9b::a9fe:a9fe]', '64:ff9b::a9fe:a9fe'],
  ['the IPv6 metadata address', '[fd00:ec2::254]', 'fd00:ec2::254'],
  ['a metadata address in the shared range', '100.100.100.200', '100.100.100.200'],
  ['link-local IPv6', '[fe80::1]', 'fe80::1'],
  ['the unspecified IPv4 address', '0.0.0.0', '0.0.0.0'],
  ['"this network"', '0.1.2.3', '0.1.2.3'],
  ['the unspecified IPv6 address', '[::]', '::'],
  ['the unspecified address, IPv4-mapped', '[::ffff:0.0.0.0]', '::ffff:0:0'],
  ['IPv4 multicast', '224.0.0.251', '224.0.0.251'],
  ['IPv6 multicast', '[ff02::1]', 'ff02::1'],
  ['the broadcast address', '255.255.255.255', '255.255.255.255'],
  ['a reserved IPv4 address', '240.0.0.1', '240.0.0.1'],
  ['an IPv4-compatible IPv6 address', '[::127.0.0.1]', '::7f00:1'],
  ['site-local IPv6', '[fec0::1]', 'fec0::1'],
];

/** Public addresses: https may go there, plain http not. */
const PUBLIC: ReadonlyArray<[string, string]> = [
  ['a public IPv4 address', '203.0.113.7'],
  ['a public IPv6 address', '[2001:db8::7]'],
  ['a public address, IPv4-mapped', '[::ffff:203.0.113.7]'],
  ['a public address next to a private range', '172.32.0.1'],
];

/** Where plain http may go: loopback and private networks. */
const LOCAL: ReadonlyArray<[string, string]> = [
  ['loopback', '127.0.0.1'],
  ['another loopback address', '127.3.2.1'],
  ['IPv6 loopback', '[::1]'],
  ['loopback, IPv4-mapped', '[::ffff:127.0.0.1]'],
  ['a 10/8 address', '10.1.2.3'],
  ['a 172.16/12 address', '172.31.255.254'],
  ['a 192.168/16 address', '192.168.1.20'],
  ['a shared (carrier) address', '100.64.0.9'],
  ['a unique local IPv6 address', '[fd12:3456::1]'],
  ['a host name (resolved at each send)', 'hooks.example.net'],
];

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
}, 60_000);
afterAll(() => h.close());

let serial = 0;
const channel = (url: string) => ({
  name: `hook ${(serial += 1)}`,
  type: 'webhook',
  enabled: false,
  min_severity: 'info',
  kinds: [],
  url,
});

describe('saving a webhook', () => {
  const refusedAt = async (url: string) => {
    const res = await admin.post('/api/alerts/channels', channel(url));
    expect(res.statusCode).toBe(422);
    const [item] = res.json().detail as Array<{ loc: unknown[]; msg: string; type: string }>;
    expect(item).toMatchObject({ loc: ['body', 'url'], type: 'value_error.url.address' });
    return item.msg;
  };

  test.each(NEVER.flatMap(([what, host, address]) => ['http', 'https'].map((s) => [what, s, host, address])))(
    'refuses %s over %s',
    async (_what, scheme, host, address) => {
      expect(await refusedAt(`${scheme}://${host}/hook`)).toMatch(
        new RegExp(`^${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is .*, which is never asked$`),
      );
    },
  );

  test.each(PUBLIC)('refuses %s over plain http, naming the rule', async (_what, host) => {
    expect(await refusedAt(`http://${host}/hook`)).toMatch(
      /is a public address: plain http goes only to loopback and private networks \(use https\)$/,
    );
  });

  test.each(PUBLIC)('takes %s over https', async (_what, host) => {
    expect((await admin.post('/api/alerts/channels', channel(`https://${host}/hook`))).statusCode).toBe(201);
  });

  test.each(LOCAL)('takes %s over plain http', async (_what, host) => {
    expect((await admin.post('/api/alerts/channels', channel(`http://${host}:8080/hook`))).statusCode).toBe(
      201,
    );
  });

  it('refuses the same from a configuration document, writing nothing', async () => {
    const { refused } = documentHelpers(() => ({ h, admin }));
    const item = await refused(
      (doc) => {
        doc.sections['settings.alert_channels']['channel:9001'] = { ...channel('http://169.254.169.254/') };
      },
      ['body', 'sections', 'settings.alert_channels', 'channel:9001', 'url'],
    );
    expect(item.msg).toMatch(/169\.254\.169\.254 is a link-local address/);
  });
});

/** A loopback receiver counting what reaches it. */
async function receiver() {
  let requests = 0;
  const server = http.createServer((_req, res) => {
    requests += 1;
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    requests: () => requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A resolver answering `answers` in turn (the last one again), as a name whose owner rebinds it would. */
function resolver(...answers: string[]): net.LookupFunction {
  let next = 0;
  return (_hostname, options, callback) => {
    const address = answers[Math.min(next, answers.length - 1)];
    next += 1;
    const family = address.includes(':') ? 6 : 4;
    if ((options as dns.LookupAllOptions).all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

const send = (url: string, lookup?: net.LookupFunction) =>
  outboundRequest(url, {
    what: 'the webhook',
    method: 'POST',
    body: '{}',
    limits: { connectMs: 1_000, totalMs: 2_000 },
    addressRule: webhookAddressProblem,
    ...(lookup ? { lookup } : {}),
  }).then(
    () => null,
    (e: unknown) => e,
  );

describe('sending to a webhook', () => {
  test.each(NEVER)('refuses %s written as the address, without connecting', async (_what, host, address) => {
    const error = await send(`http://${host}/hook`);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).kind).toBe('address');
    expect((error as OutboundError).message).toContain(`the webhook: ${address} is `);
  });

  test.each(
    NEVER.filter(([, host]) => !/^\d+$|0x/.test(host)).flatMap(([what, host]) =>
      ['http', 'https'].map((scheme) => [what, scheme, host]),
    ),
  )('refuses a name that resolves to %s (%s)', async (_what, scheme, host) => {
    const target = await receiver();
    try {
      const address = host.replace(/^\[|\]$/g, '');
      const error = await send(`${scheme}://hook.test:${target.port}/`, resolver(address));
      expect(error).toBeInstanceOf(OutboundError);
      expect((error as OutboundError).message).toMatch(
        /^the webhook: hook\.test resolves to .*, which is never asked$/,
      );
      expect(target.requests()).toBe(0);
    } finally {
      await target.close();
    }
  });

  test.each(PUBLIC)('refuses plain http to a name that resolves to %s', async (_what, host) => {
    const error = await send('http://hook.test/', resolver(host.replace(/^\[|\]$/g, '')));
    expect((error as OutboundError).message).toMatch(
      /^the webhook: hook\.test resolves to .*, a public address/,
    );
  });

  it('checks each connection: a name rebinding to the metadata address after a first send reaches nothing more', async () => {
    const target = await receiver();
    try {
      const rebinding = resolver('127.0.0.1', '169.254.169.254');
      expect(await send(`http://hook.test:${target.port}/`, rebinding)).toBeNull();
      const error = await send(`http://hook.test:${target.port}/`, rebinding);
      expect((error as Error).message).toBe(
        'the webhook: hook.test resolves to 169.254.169.254, a link-local address (where cloud metadata services answer), which is never asked',
      );
      expect(target.requests()).toBe(1);
    } finally {
      await target.close();
    }
  });

  it('reaches loopback by a name the system resolves (localhost) and by its address', async () => {
    const target = await receiver();
    try {
      expect(await send(`http://localhost:${target.port}/`)).toBeNull();
      expect(await send(`http://127.0.0.1:${target.port}/`)).toBeNull();
      expect(target.requests()).toBe(2);
    } finally {
      await target.close();
    }
  });

  it('refuses through "Send test" a channel stored before the rule, without retrying', async () => {
    const { lastInsertRowid } = h.ctx.db
      .prepare(
        `INSERT INTO alert_channels (name, type, enabled, min_severity, kinds, url, created_at)
         VALUES ('older hook', 'webhook', 1, 'info', '[]', 'http://[::ffff:169.254.169.254]/latest/meta-data/', 0)`,
      )
      .run();
    const res = await admin.post(`/api/alerts/channels/${Number(lastInsertRowid)}/test`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'failed',
      attempts: 1,
      detail:
        'the webhook older hook: ::ffff:a9fe:a9fe is a link-local address (where cloud metadata services answer), which is never asked',
    });
  });
});
