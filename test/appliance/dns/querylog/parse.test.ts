/**
 * The query-line reader on lines captured from Debian's unbound 1.17 (`log-replies`, `log-local-actions`,
 * `log-time-ascii: no`, on stderr), and the classification of each reply against a configuration.
 */
import { classify } from '../../../../src/appliance/dns/querylog/classify';
import {
  parseQueryLine,
  type ActionLine,
  type ReplyLine,
} from '../../../../src/appliance/dns/querylog/parse';
import type { DnsSnapshot } from '../../../../src/appliance/dns/proxy';

const captured = `[1795815526] unbound[15290:0] notice: init module 0: iterator
[1795815526] unbound[15290:0] info: start of service (unbound 1.17.1).
[1795815527] unbound[15290:0] info: host.lan. transparent 127.0.0.1@44287 host.lan. A IN
[1795815527] unbound[15290:0] info: 127.0.0.1 host.lan. A IN NOERROR 0.000000 1 53
[1795815527] unbound[15290:0] info: wild.lan. redirect 127.0.0.1@52953 x.wild.lan. A IN
[1795815527] unbound[15290:0] info: 127.0.0.1 x.wild.lan. A IN NOERROR 0.000000 1 55
[1795815527] unbound[15290:0] info: blocked.lan. refuse 127.0.0.1@57473 host.blocked.lan. A IN
[1795815527] unbound[15290:0] info: 127.0.0.1 host.blocked.lan. A IN REFUSED 0.000000 1 45
[1795815527] unbound[15290:0] info: fwd.test. transparent 127.0.0.1@33582 a.fwd.test. A IN
[1795815527] unbound[15290:0] info: 127.0.0.1 a.fwd.test. A IN NOERROR 0.000148 0 55
[1795815527] unbound[15290:0] info: 127.0.0.1 www.example.com. A IN NOERROR 0.000187 0 60
[1795815527] unbound[15290:0] info: 127.0.0.1 www.example.com. A IN NOERROR 0.000000 1 60
[1795815527] unbound[15290:0] info: 127.0.0.1 nx.example.com. A IN NXDOMAIN 0.000125 0 43
[1795815528] unbound[15290:0] info: 127.0.0.2 null TYPE0 CLASS0 REFUSED 0.000000 1 12
[1795815529] unbound[15290:0] info: ::1 example.org. AAAA IN SERVFAIL 1.204000 0 29`.split('\n');

const snapshot: DnsSnapshot = {
  settings: { enabled: true, listen_interfaces: ['127.0.0.1'], port: 53, cache_size_mb: 4, dnssec: false },
  upstreams: [{ id: 7, address: '192.0.2.53', port: 53, tls: false, tls_name: '' }],
  host_overrides: [
    { id: 3, host: 'host', domain: 'lan', address: '10.0.0.5', description: 'printer' },
    { id: 4, host: '*', domain: 'wild.lan', address: '10.0.0.6', description: '' },
  ],
  domain_overrides: [{ id: 5, domain: 'fwd.test', server: '127.0.0.1', port: 47554, description: '' }],
  access_lists: [{ id: 9, subnet: '127.0.0.2/31', action: 'refuse', description: 'lab' }],
};

describe('parseQueryLine', () => {
  it('reads every reply and local-action line unbound wrote, and leaves the others to the log store', () => {
    const kinds = captured.map((l) => parseQueryLine(l).kind);
    expect(kinds).toEqual([
      'other',
      'other',
      ...['action', 'reply', 'action', 'reply', 'action', 'reply', 'action', 'reply'],
      ...['reply', 'reply', 'reply', 'reply', 'reply'],
    ]);
    expect(kinds.filter((k) => k === 'reply')).toHaveLength(9);
    expect(kinds.filter((k) => k === 'action')).toHaveLength(4);
  });

  it('reads the fields of a reply', () => {
    expect(parseQueryLine(captured[9])).toEqual({
      kind: 'reply',
      client: '127.0.0.1',
      name: 'a.fwd.test',
      type: 'A',
      rcode: 'NOERROR',
      seconds: 0.000148,
      cached: false,
      size: 55,
    });
    expect(parseQueryLine(captured[13])).toMatchObject({ client: '127.0.0.2', name: '', rcode: 'REFUSED' });
    expect(parseQueryLine(captured[14])).toMatchObject({ client: '::1', name: 'example.org', type: 'AAAA' });
    expect(parseQueryLine(captured[4])).toEqual({
      kind: 'action',
      zone: 'wild.lan',
      zoneType: 'redirect',
      client: '127.0.0.1',
      name: 'x.wild.lan',
      type: 'A',
    });
  });

  it.each([
    '[1795815527] unbound[15290:0] info: 127.0.0.1 host.lan. A IN NOERROR fast 1 53',
    '[1795815527] unbound[15290:0] info: 127.0.0.1 host.lan. A IN NOERROR 0.000000 1',
    '[1795815527] unbound[15290:0] info: 127.0.0.1 host.lan. A IN NOERROR 0.000000 7 53',
    `[1795815527] unbound[15290:0] info: 127.0.0.1 ${'a'.repeat(3000)}. A IN NOERROR 0.000000 1 53`,
    '[1795815527] unbound[15290:0] info: 1.2.3.4:5 host.lan. A IN NOERROR 0.000000 1 53',
    '[1795815527] unbound[15290:0] info: host.lan. transparent 127.0.0.1@x host.lan. A IN',
  ])('skips a malformed query line without throwing: %s', (line) => {
    expect(parseQueryLine(line)).toEqual({ kind: 'malformed' });
  });

  it.each([
    '[1795815526] unbound[15290:0] error: could not open autotrust file',
    '[1795815526] unbound[15290:0] info: service stopped (unbound 1.17.1).',
    'plain text',
    '',
  ])('leaves other lines alone: %s', (line) => {
    expect(parseQueryLine(line)).toEqual({ kind: 'other' });
  });
});

describe('classify', () => {
  const answer = (reply: number, action?: number) =>
    classify(
      parseQueryLine(captured[reply]) as ReplyLine,
      action === undefined ? null : (parseQueryLine(captured[action]) as ActionLine),
      snapshot,
    );

  it('names the host override that answered, exact or wildcard', () => {
    expect(answer(3, 2)).toEqual({
      answered_by: 'local_override',
      why: {
        rule: 'host_override',
        id: 3,
        text: 'host override host.lan → 10.0.0.5 (printer)',
        link: '/dns/proxy#host-overrides',
      },
    });
    expect(answer(5, 4)).toMatchObject({ answered_by: 'local_override', why: { id: 4 } });
  });

  it('says a local zone answered when no override made it', () => {
    expect(answer(7, 6)).toMatchObject({
      answered_by: 'local_zone',
      why: { rule: 'local_zone', text: "unbound's built-in zone blocked.lan. (refuse)" },
    });
  });

  it('names the domain override or the upstream a query was forwarded to, and the cache', () => {
    expect(answer(9, 8)).toMatchObject({
      answered_by: 'forwarded',
      why: { rule: 'domain_override', id: 5, text: 'domain override fwd.test → 127.0.0.1@47554' },
    });
    expect(answer(10)).toMatchObject({ answered_by: 'forwarded', why: { rule: 'upstream', id: 7 } });
    expect(answer(11)).toMatchObject({
      answered_by: 'cache',
      why: { rule: 'upstream', id: 7, text: 'cache, filled through upstream 192.0.2.53@53' },
    });
  });

  it('names the access rule that refused a client', () => {
    expect(answer(13)).toMatchObject({
      answered_by: 'refused',
      why: { rule: 'access_rule', id: 9, link: '/dns/proxy#access-lists' },
    });
    const refusedByDefault = classify(
      { ...(parseQueryLine(captured[13]) as ReplyLine), client: '203.0.113.9' },
      null,
      snapshot,
    );
    expect(refusedByDefault).toMatchObject({
      answered_by: 'refused',
      why: { rule: 'default_access', id: null },
    });
  });

  it('says recursion without upstreams, and names every upstream when there are several', () => {
    const reply = parseQueryLine(captured[10]) as ReplyLine;
    expect(classify(reply, null, { ...snapshot, upstreams: [] }).answered_by).toBe('recursion');
    const two = classify(reply, null, {
      ...snapshot,
      upstreams: [
        ...snapshot.upstreams,
        { id: 8, address: '198.51.100.1', port: 853, tls: true, tls_name: 'x' },
      ],
    });
    expect(two.why).toMatchObject({
      rule: 'upstreams',
      text: expect.stringContaining('192.0.2.53@53, 198.51.100.1@853'),
    });
  });
});
