/**
 * The DNS proxy settings form's rules, loaded with the form (lazyRules.ts): every rule comes from the endpoint's body
 * schema (src/shared/contracts/dns.ts), so the form cannot drift from it.
 */
import { boolean, object } from 'yup';
import * as dns from '../../../shared/contracts/dns';
import { fieldSchemaOf, listSchemaOf } from '../../forms/contractRules';

const BODY = dns.ProxySettings;

export const proxySettingsSchema = object({
  enabled: boolean(),
  listen_interfaces: listSchemaOf(
    BODY,
    'listen_interfaces',
    'Every entry must be an IPv4 or IPv6 address.',
    'Add at least one address to listen on.',
  ),
  port: fieldSchemaOf(BODY, 'port', 'Port'),
  cache_size_mb: fieldSchemaOf(BODY, 'cache_size_mb', 'Cache size'),
  dnssec: boolean(),
});
