/** What the provider form edits: shared by the page, its rules and its secret bindings. */
import type { LdapSettings, OidcSettings } from '../../../shared/contracts/authentication';

export type EditableType = 'ldap' | 'oidc';

/** The form's values: the wire settings, with the trust choice and the secrets as text fields hold them. */
export interface ProviderValues {
  name: string;
  enabled: boolean;
  ldap: Omit<Required<LdapSettings>, 'ca_id'> & { ca_id: string; bind_password: string };
  oidc: Required<OidcSettings> & { client_secret: string };
  test_username: string;
  test_password: string;
}
