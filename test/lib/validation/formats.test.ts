/**
 * §5 subnet is a format (an IPv4 address and a prefix 0–31); the field that stores a network (the DNS access lists,
 * schema format `ipv4-subnet`) also refuses host bits, naming the network meant, with the same words on the
 * appliance (the format's message, what Ajv's error item says) and in the console's form.
 */
import { accessSchema } from '../../../src/app/pages/dns/proxyListRules';
import { SCHEMA_FORMATS } from '../../../src/lib/validation/formats';
import { validateValue } from '../../../src/lib/validation/validate';

const stored = SCHEMA_FORMATS['ipv4-subnet'];

test.each(['10.0.0.0/0', '10.1.2.3/24', '10.0.0.0/8', '0.0.0.0/0'])('%s is a subnet by the §5 format', (v) =>
  expect(validateValue(v, { validators: ['subnet'] })).toEqual({ valid: true }),
);

test.each([
  ['10.1.2.3/24', '10.1.2.3/24 has host bits set; did you mean 10.1.2.0/24?'],
  ['10.0.0.0/0', '10.0.0.0/0 has host bits set; did you mean 0.0.0.0/0?'],
  ['10.0.0.1/8', '10.0.0.1/8 has host bits set; did you mean 10.0.0.0/8?'],
])('a stored network %s is refused on both sides: %s', async (v, msg) => {
  expect(stored.check(v)).toBe(false);
  expect(stored.message(v)).toBe(msg);
  await expect(accessSchema.validateAt('subnet', { subnet: v, action: 'allow' })).rejects.toThrow(msg);
});

test.each(['10.1.2.0/24', '0.0.0.0/0', '192.168.0.0/31'])('a stored network %s is kept', async (v) => {
  expect(stored.check(v)).toBe(true);
  await expect(accessSchema.validateAt('subnet', { subnet: v, action: 'allow' })).resolves.toBe(v);
});

test('a value that is no network at all says so on both sides', async () => {
  expect(stored.check('10.0.0.0/32')).toBe(false);
  expect(stored.message('10.0.0.0/32')).toBe('value is not a valid IPv4 network (address/prefix)');
  await expect(
    accessSchema.validateAt('subnet', { subnet: '10.0.0.0/32', action: 'allow' }),
  ).rejects.toThrow();
});
