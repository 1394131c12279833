/** The rules of a provider's settings the schema cannot say, shared by its routes and its section. */
import type { LdapSettings, OidcSettings } from '../../shared/authentication';
import type { ApplianceContext } from '../context';
import { LOOPBACK_URL } from '../../service-kit/oidcIssuer';
import type { ErrorItem } from '../http/errors';
import { pkiCaExists } from './store';

const item = (loc: Array<string | number>, msg: string, type: string): ErrorItem => ({
  loc: ['body', ...loc],
  msg,
  type,
});

/**
 * The rules of a provider's settings the schema cannot say (a trusted CA that exists, StartTLS only for ldap://, the
 * `openid` scope, an https issuer); items on `body.<type>.<field>`. The providers' routes and the configuration
 * document's writer (section.ts) both check with it.
 */
export function providerSettingsErrors(
  ctx: ApplianceContext,
  type: 'ldap' | 'oidc',
  settings: LdapSettings | OidcSettings,
): ErrorItem[] {
  if (type === 'ldap') {
    const s = settings as LdapSettings;
    if (s.ca_id !== null && !pkiCaExists(ctx, s.ca_id))
      return [item(['ldap', 'ca_id'], 'no such certificate authority', 'value_error.not_found')];
    if (s.starttls && s.url.startsWith('ldaps://'))
      return [
        item(
          ['ldap', 'starttls'],
          'StartTLS is for ldap:// URLs; ldaps:// is TLS already',
          'value_error.starttls',
        ),
      ];
    return [];
  }
  const s = settings as OidcSettings;
  if (!s.scopes.includes('openid'))
    return [item(['oidc', 'scopes'], 'the scopes must include "openid"', 'value_error.scopes')];
  if (s.issuer.startsWith('http://') && !LOOPBACK_URL.test(s.issuer))
    return [
      item(['oidc', 'issuer'], 'the issuer must use https (http only on loopback)', 'value_error.url.scheme'),
    ];
  return [];
}
