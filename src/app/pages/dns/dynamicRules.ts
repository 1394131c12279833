/**
 * The dynamic DNS account dialog's rules, loaded with the dialog (lazyRules.ts): the field rules come from the body
 * schema (src/shared/contracts/dns.ts), like the other DNS forms'.
 */
import { boolean, object, string } from 'yup';
import { fieldSchema } from '../../../lib/validation/yup';
import { retypeMessage } from '../../../shared/secretBinding';
import * as dns from '../../../shared/contracts/dns';
import { fieldSchemaOf } from '../../forms/contractRules';
import type { AccountValues } from './dynamicValues';
import { secretRetype } from './dynamicSecret';

// A new account needs a secret, a changed account keeps the stored one when it is left empty (the appliance knows
// which and says so under the field) unless what it was saved for changed: then it must be typed again.
export const accountSchema = object({
  provider: string().required('Choose a provider.'),
  hostname: fieldSchemaOf(dns.DdnsAccountBody, 'hostname', 'Host name'),
  username: fieldSchemaOf(dns.DdnsAccountBody, 'username', 'User name'),
  secret: string()
    .max(256)
    .test('retype', function retype(v) {
      const reason = secretRetype(this.parent as AccountValues, v);
      return reason ? this.createError({ message: retypeMessage('password or token', reason) }) : true;
    }),
  update_url: string().when('provider', {
    is: 'custom',
    then: (s) =>
      s
        .required('This field is required.')
        .matches(/^https?:\/\/\S+$/, 'Enter an http(s) URL.')
        .test('ip', 'The URL must contain %IP% where the address goes.', (v) => !!v?.includes('%IP%')),
  }),
  ip_source: string().oneOf(['web', 'interface']),
  check_url: string().matches(/^(https?:\/\/\S+)?$/, 'Enter an http(s) URL.'),
  interface: string().when('ip_source', {
    is: 'interface',
    then: () => fieldSchema({ validators: ['hostname'], required: true }, 'Interface'),
  }),
  interval_seconds: fieldSchemaOf(dns.DdnsAccountBody, 'interval_seconds', 'Interval'),
  ttl: fieldSchemaOf(dns.DdnsAccountBody, 'ttl', 'TTL'),
  enabled: boolean(),
});
