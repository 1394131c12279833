/**
 * The DNS proxy lists' item rules, loaded with their dialogs (lazyRules.ts): every field's rules come from its
 * endpoint's body schema (src/shared/contracts/dns.ts), with the rules across fields the appliance checks beside it.
 */
import { boolean, object, string } from 'yup';
import { hostBitsProblem } from '../../../lib/validation/subnet';
import { fieldSchema } from '../../../lib/validation/yup';
import * as dns from '../../../shared/contracts/dns';
import { fieldSchemaOf } from '../../forms/contractRules';

const portSchema = fieldSchemaOf(dns.UpstreamBody, 'port', 'Port');

export const upstreamSchema = object({
  address: fieldSchemaOf(dns.UpstreamBody, 'address', 'Address'),
  port: portSchema,
  tls: boolean(),
  // A rule across fields (DNS over TLS needs the name), which the appliance checks beside the schema.
  tls_name: string().when('tls', {
    is: true,
    then: () => fieldSchema({ validators: ['fqdn'], required: true }, 'Name to verify'),
    otherwise: (s) => s,
  }),
});

export const hostSchema = object({
  host: fieldSchemaOf(dns.HostOverrideBody, 'host', 'Host'),
  domain: fieldSchemaOf(dns.HostOverrideBody, 'domain', 'Domain'),
  address: fieldSchemaOf(dns.HostOverrideBody, 'address', 'Address'),
  description: fieldSchemaOf(dns.HostOverrideBody, 'description', 'Description'),
});

export const domainSchema = object({
  domain: fieldSchemaOf(dns.DomainOverrideBody, 'domain', 'Domain'),
  server: fieldSchemaOf(dns.DomainOverrideBody, 'server', 'Server'),
  port: fieldSchemaOf(dns.DomainOverrideBody, 'port', 'Port'),
  description: fieldSchemaOf(dns.DomainOverrideBody, 'description', 'Description'),
});

export const accessSchema = object({
  // A stored network has no host bits, checked first: its message names the network meant (`10.0.0.1/8` →
  // `10.0.0.0/8`), the appliance's own; then the schema's rules (the §5 subnet format).
  subnet: string()
    .test('host-bits', (v, ctx) => {
      const problem = hostBitsProblem(v ?? '');
      return problem ? ctx.createError({ message: problem }) : true;
    })
    .concat(fieldSchemaOf(dns.AccessRuleBody, 'subnet', 'Network')),
  action: fieldSchemaOf(dns.AccessRuleBody, 'action', 'Action').required(),
  description: fieldSchemaOf(dns.AccessRuleBody, 'description', 'Description'),
});
