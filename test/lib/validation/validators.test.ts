import fc from 'fast-check';
import {
  isValidAs,
  VALIDATOR_TYPES,
  type ValidatorType,
  type NumericBounds,
} from '../../../src/lib/validation';

type Row = [ValidatorType, string, boolean, NumericBounds?];

const long63 = 'a'.repeat(63);
const fqdn253 = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`; // 253 chars

const rows: Row[] = [
  ['wildcard', '*', true],
  ['wildcard', '**', false],
  ['wildcard', ' *', false],
  ['ip', '192.168.1.1', true],
  ['ip', '0.0.0.0', true],
  ['ip', '255.255.255.255', true],
  ['ip', '256.1.1.1', false],
  ['ip', '1.2.3', false],
  ['ip', '01.2.3.4', false],
  ['ip', '1.2.3.4.5', false],
  ['ip', 'a.b.c.d', false],
  ['ipv6', '2001:db8::1', true],
  ['ipv6', '::1', true],
  ['ipv6', '::ffff:192.0.2.1', true],
  ['ipv6', '[2001:db8::1]', false],
  ['ipv6', '2001:db8::1::2', false],
  ['ipv6', '192.0.2.1', false],
  ['ip-with-scheme', 'http://10.0.0.1', true],
  ['ip-with-scheme', 'https://10.0.0.1', true],
  ['ip-with-scheme', 'ldap://10.0.0.1:389', true],
  ['ip-with-scheme', 'LDAPS://10.0.0.1', true],
  ['ip-with-scheme', 'ftp://10.0.0.1', false],
  ['ip-with-scheme', '10.0.0.1', false],
  ['ip-with-scheme', 'http://10.0.0.1:70000', false],
  ['mac', '00:1a:2B:3c:4D:5e', true],
  ['mac', '00-1a-2B-3c-4D-5e', false],
  ['mac', '00:1a:2B:3c:4D', false],
  ['mac', '00:1a:2B:3c:4D:5g', false],
  ['hostname', 'router-1', true],
  ['hostname', 'a', true],
  ['hostname', long63, true],
  ['hostname', `${long63}a`, false],
  ['hostname', '-router', false],
  ['hostname', 'router-', false],
  ['hostname', 'my_router', false],
  ['hostname', 'a.b', false],
  ['integer', '42', true],
  ['integer', '-7', true],
  ['integer', '4.2', false],
  ['integer', '1e3', false],
  ['integer', '5', true, { min: 1, max: 10 }],
  ['integer', '0', false, { min: 1, max: 10 }],
  ['integer', '11', false, { min: 1, max: 10 }],
  ['float', '4.25', true],
  ['float', '-0.5', true],
  ['float', '.5', true],
  ['float', '4.', true],
  ['float', 'abc', false],
  ['float', '1.2.3', false],
  ['float', '10.5', false, { max: 10 }],
  ['float', '0.1', true, { min: 0, max: 1 }],
  ['email', 'admin@example.com', true],
  ['email', 'a@b.c', true],
  ['email', 'admin@example', false],
  ['email', 'ad min@example.com', false],
  ['email', '@example.com', false],
  ['email', '', false],
  ['email-wildcard', 'admin@example.com', true],
  ['email-wildcard', '*@example.com', true],
  ['email-wildcard', '@example.com', true],
  ['email-wildcard', '*@*.example.com', true],
  ['email-wildcard', '*@example', false],
  ['subnet', '10.0.0.0/8', true],
  ['subnet', '0.0.0.0/0', true],
  // The format only (§5): host bits are refused by the fields that store a network, not here.
  ['subnet', '10.0.0.0/0', true],
  ['subnet', '10.1.2.3/24', true],
  ['subnet', '192.168.0.0/0', true],
  ['subnet', '256.0.0.0/8', false],
  ['subnet', '10.0.0.0/-1', false],
  ['subnet', '192.168.0.0/31', true],
  ['subnet', '192.168.0.0/32', false],
  ['subnet', '192.168.0.0', false],
  ['subnet', '192.168.0.0/08x', false],
  ['fqdn', 'example.com', true],
  ['fqdn', 'a.b.example.com', true],
  ['fqdn', fqdn253, true],
  ['fqdn', `a${fqdn253}`, false],
  ['fqdn', 'localhost', false],
  ['fqdn', '.example.com', false],
  ['fqdn', '*.example.com', false],
  ['fqdn', 'exa_mple.com', false],
  ['fqdn', `${long63}a.com`, false],
  ['fqdn', 'example..com', false],
  ['fqdn', '1.2.3.4', false],
  ['fqdn-wildcard', '*.example.com', true],
  ['fqdn-wildcard', 'example.com', true],
  ['fqdn-wildcard', '*example.com', false],
  ['fqdn-wildcard', '.example.com', false],
  ['fqdn-pointcard', '.example.com', true],
  ['fqdn-pointcard', 'example.com', true],
  ['fqdn-pointcard', '*.example.com', false],
  ['fqdn-pointcard', '..example.com', false],
  ['fqdn-with-scheme', 'https://example.com', true],
  ['fqdn-with-scheme', 'ldaps://dc1.corp.example:636', true],
  ['fqdn-with-scheme', 'example.com', false],
  ['fqdn-with-scheme', 'https://localhost', false],
  ['fqdn-with-scheme', 'https://example.com/path', false],
  ['tld-pointcard', '.com', true],
  ['tld-pointcard', 'org', true],
  ['tld-pointcard', '.co.uk', false],
  ['tld-pointcard', '.123', false],
  ['tld-pointcard', '.', false],
  ['simple-id', 'rule_1.a-b', true],
  ['simple-id', 'rule 1', false],
  ['simple-id', 'rule/1', false],
  ['nickname', 'admin_01', true],
  ['nickname', 'admin-01', false],
  ['nickname', 'admin.01', false],
  ['extension', '.pem', true],
  ['extension', '.tar.gz', true],
  ['extension', 'pem', false],
  ['extension', '.', false],
  ['extension', '.p em', false],
  ['integer-range', '1024-2048', true],
  ['integer-range', '1 - 2', true],
  ['integer-range', '2048-1024', false],
  ['integer-range', '5-5', false],
  ['integer-range', '1-70000', false, { min: 1, max: 65535 }],
  ['integer-range', '1-65535', true, { min: 1, max: 65535 }],
  ['integer-range', '1024', false],
];

describe('§5 validators', () => {
  // A rest parameter keeps the arity at 0: rows without bounds must not make Jest expect a `done` callback.
  it.each(rows)('%s accepts %j: %s', (...[type, value, expected, bounds]: Row) => {
    expect(isValidAs(type, value, bounds)).toBe(expected);
  });

  it('covers every validator type in the table', () => {
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(VALIDATOR_TYPES));
  });

  it('never throws on any string, for any validator and bounds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VALIDATOR_TYPES),
        fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })),
        fc.option(fc.integer(), { nil: undefined }),
        fc.option(fc.double(), { nil: undefined }),
        (type, value, min, max) => {
          expect(typeof isValidAs(type, value, { min, max })).toBe('boolean');
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('rejects values that are not strings instead of throwing', () => {
    expect(isValidAs('ip', undefined as unknown as string)).toBe(false);
    expect(isValidAs('nope' as ValidatorType, 'x')).toBe(false);
  });
});
