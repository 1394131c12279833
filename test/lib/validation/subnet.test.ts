import { isSubnetV4V6, parseSubnet, subnetContains, subnetProblem } from '../../../src/lib/validation/subnet';

test.each([
  '0.0.0.0/0',
  '10.0.0.0/8',
  '192.168.1.128/25',
  '203.0.113.7/32',
  '::/0',
  '2001:db8::/32',
  'fd00:1:2::/48',
  '::1/128',
  '::ffff:10.0.0.0/104',
])('%s is a network', (s) => expect(subnetProblem(s)).toBeNull());

test.each([
  ['10.0.0.1', /slash/],
  ['10.0.0.1/8', /^10\.0\.0\.1\/8 has host bits set; did you mean 10\.0\.0\.0\/8\?$/],
  ['192.168.1.130/25', /did you mean 192\.168\.1\.128\/25\?$/],
  ['1.2.3.4/0', /did you mean 0\.0\.0\.0\/0\?$/],
  ['10.0.0.0/33', /at most 32/],
  ['256.0.0.0/8', /not an IPv4 or IPv6/],
  ['2001:db8::/129', /at most 128/],
  ['2001:db8:::/48', /not an IPv4 or IPv6/],
  ['1:2:3:4:5:6:7:8:9/64', /not an IPv4 or IPv6/],
  ['1::2::3/64', /not an IPv4 or IPv6/],
  ['2001:db8::1/32', /^2001:db8::1\/32 has host bits set; did you mean 2001:db8::\/32\?$/],
  ['2001:db8:0:0:1:0:0:1/64', /did you mean 2001:db8::\/64\?$/],
  ['fd00:0:0:1::/63', /did you mean fd00::\/63\?$/],
  ['2001:db8:1:0:0:0:0:1/112', /did you mean 2001:db8:1::\/112\?$/],
  ['1:0:2:0:0:3:0:5/127', /did you mean 1:0:2::3:0:4\/127\?$/],
  ['10.0.0.0/-1', /slash/],
  ['', /slash/],
])('%s is refused (%p)', (s, why) => expect(subnetProblem(s)).toMatch(why));

test('addresses inside and outside, IPv4-mapped IPv6 as IPv4, families never mixed', () => {
  const v4 = parseSubnet('10.9.0.0/16')!;
  expect(subnetContains(v4, '10.9.255.1')).toBe(true);
  expect(subnetContains(v4, '::ffff:10.9.0.1')).toBe(true);
  expect(subnetContains(v4, '10.10.0.1')).toBe(false);
  expect(subnetContains(v4, 'not an address')).toBe(false);
  const v6 = parseSubnet('2001:db8:10::/48')!;
  expect(subnetContains(v6, '2001:db8:10:ffff::1')).toBe(true);
  expect(subnetContains(v6, '2001:db8:11::1')).toBe(false);
  expect(subnetContains(v6, '10.9.0.1')).toBe(false);
  expect(subnetContains(parseSubnet('0.0.0.0/0')!, '203.0.113.9')).toBe(true);
  expect(isSubnetV4V6('10.0.0.0/8')).toBe(true);
});
