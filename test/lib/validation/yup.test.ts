import { object } from 'yup';
import { fieldSchema, emailSchema, selectSchema, REQUIRED_MESSAGE } from '../../../src/lib/validation/yup';

describe('Yup wrappers', () => {
  const schema = object({
    host: fieldSchema({ validators: ['ip', 'fqdn'], required: true }, 'Host'),
    port: fieldSchema({ validators: ['integer'], min: 1, max: 65535 }),
  });

  it('accepts what the validators accept', async () => {
    await expect(schema.validate({ host: 'example.com', port: '443' })).resolves.toBeTruthy();
    await expect(schema.validate({ host: '10.0.0.1' })).resolves.toBeTruthy();
  });

  it('reports a required field left empty', async () => {
    await expect(schema.validateAt('host', { host: '' })).rejects.toThrow(REQUIRED_MESSAGE);
  });

  it('reports a bad value with the "must be" hint', async () => {
    await expect(schema.validateAt('port', { port: '70000' })).rejects.toThrow(
      'Value must be an integer (min 1, max 65535)',
    );
    await expect(schema.validateAt('host', { host: 'bad host' })).rejects.toThrow(
      'Host must be an IPv4 address or a fully qualified domain name',
    );
  });

  it('checks e-mail addresses', async () => {
    await expect(emailSchema().validate('a@b.co')).resolves.toBe('a@b.co');
    await expect(emailSchema().validate('')).rejects.toThrow('Enter a valid e-mail address.');
  });

  it('checks required selects', async () => {
    await expect(selectSchema(true).validate('')).rejects.toThrow('Please select an option.');
    await expect(selectSchema(true).validate('rr')).resolves.toBe('rr');
    await expect(selectSchema(false).validate('')).resolves.toBe('');
  });
});
