/**
 * The provider form's rules, loaded with the form (lazyRules.ts): the body schema's
 * (src/shared/contracts/authentication.ts); the messages the page's own.
 */
import { boolean, object } from 'yup';
import { fieldSchemaOf, listSchemaOf, type FieldMessages } from '../../forms/contractRules';
import { retypeMessage } from '../../../shared/secretBinding';
import { providerBody, type Provider } from '../../../shared/contracts/authentication';
import type { EditableType, ProviderValues } from './providerValues';
import { ldapRetype, oidcRetype } from './providerSecrets';

const rule = (field: string, label: string, messages?: FieldMessages) =>
  fieldSchemaOf(providerBody, field, label, messages);
const ldapRule = (field: string, label: string, messages?: FieldMessages) =>
  rule(`ldap.${field}`, label, messages);
const oidcRule = (field: string, label: string, messages?: FieldMessages) =>
  rule(`oidc.${field}`, label, messages);
const ATTRIBUTE = { pattern: 'A letter, then letters, digits or dashes.' };
const CLAIM = { pattern: 'Letters, digits and _ . : - only.' };

export const providerSchema = (type: EditableType, provider: Provider | undefined) =>
  object({
    name: rule('name', 'Name', { required: 'Enter a name.' }),
    enabled: boolean(),
    ...(type === 'ldap'
      ? {
          ldap: object({
            url: ldapRule('url', 'Address', {
              pattern: 'An ldap:// or ldaps:// address, e.g. ldaps://dc1:636.',
            }),
            bind_dn: ldapRule('bind_dn', 'Bind DN'),
            base_dn: ldapRule('base_dn', 'Base DN', { required: 'Enter the base DN.' }),
            user_filter: ldapRule('user_filter', 'User filter', {
              pattern: 'The filter must be in parentheses and contain {username}.',
            }),
            group_base_dn: ldapRule('group_base_dn', 'Group base DN'),
            group_filter: ldapRule('group_filter', 'Group filter', {
              pattern: 'A filter in parentheses, or empty.',
            }),
            username_attribute: ldapRule('username_attribute', 'User name attribute', ATTRIBUTE),
            email_attribute: ldapRule('email_attribute', 'E-mail attribute', ATTRIBUTE),
            name_attribute: ldapRule('name_attribute', 'Name attribute', ATTRIBUTE),
            group_name_attribute: ldapRule('group_name_attribute', 'Group name attribute', ATTRIBUTE),
            admin_group: ldapRule('admin_group', 'Admin group'),
            // A stored secret bound to the old address must be typed again: a rule across fields.
            bind_password: ldapRule('bind_password', 'Bind password').test('retype', function retype(v) {
              const reason = ldapRetype(provider, this.parent as ProviderValues['ldap'], v);
              return reason ? this.createError({ message: retypeMessage('bind password', reason) }) : true;
            }),
          }),
        }
      : {
          oidc: object({
            issuer: oidcRule('issuer', 'Issuer', { pattern: 'Enter the issuer URL.' }),
            client_id: oidcRule('client_id', 'Client id', { required: 'Enter the client id.' }),
            scopes: listSchemaOf(
              providerBody,
              'oidc.scopes',
              'A scope is one word of printable characters.',
            ).test('openid', 'Include the scope "openid".', (s) => !!s?.includes('openid')),
            username_claim: oidcRule('username_claim', 'User name claim', {
              ...CLAIM,
              required: 'Name the claim holding the user name.',
            }),
            email_claim: oidcRule('email_claim', 'E-mail claim', CLAIM),
            name_claim: oidcRule('name_claim', 'Name claim', CLAIM),
            groups_claim: oidcRule('groups_claim', 'Groups claim', CLAIM),
            admin_group: oidcRule('admin_group', 'Admin group'),
            client_secret: oidcRule('client_secret', 'Client secret').test('retype', function retype(v) {
              const reason = oidcRetype(provider, this.parent as ProviderValues['oidc'], v);
              return reason ? this.createError({ message: retypeMessage('client secret', reason) }) : true;
            }),
          }),
        }),
  });
