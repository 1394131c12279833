/**
 * The SSH settings form's rules, loaded with the form (lazyRules.ts): every rule comes from the endpoint's body schema
 * (src/shared/contracts/ssh.ts), so the form cannot drift from it.
 */
import { boolean, object, string } from 'yup';
import * as ssh from '../../../shared/contracts/ssh';
import { fieldSchemaOf, listSchemaOf } from '../../forms/contractRules';

const BODY = ssh.SshSettings;

const atLeastOne = (field: string, what: string) =>
  listSchemaOf(BODY, field, `Choose only offered ${what}s.`, `Choose at least one ${what}.`);

export const sshSettingsSchema = object({
  enabled: boolean(),
  port: fieldSchemaOf(BODY, 'port', 'Port'),
  listen_addresses: listSchemaOf(BODY, 'listen_addresses', 'Every entry must be an IPv4 or IPv6 address.'),
  password_authentication: boolean(),
  permit_root_login: string().oneOf([...ssh.ROOT_LOGIN]),
  allow_groups: listSchemaOf(
    BODY,
    'allow_groups',
    'Group names are lower-case letters, digits, _ and -, starting with a letter or _.',
  ),
  kex_algorithms: atLeastOne('kex_algorithms', 'key exchange algorithm'),
  ciphers: atLeastOne('ciphers', 'cipher'),
  macs: atLeastOne('macs', 'MAC'),
});
