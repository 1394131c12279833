/**
 * The provider form's trust choice and the rule that a stored secret bound to other settings must be typed again:
 * shared by the form (its fields' notes) and its rules (providerRules.ts).
 */
import { bindingText, ldapSecretBinding, oidcSecretBinding } from '../../../shared/secretBinding';
import type { Provider } from '../../../shared/contracts/authentication';
import { retypeReason } from '../common/config/SecretField';
import type { EditableType, ProviderValues } from './providerValues';

/** The trust choice standing for `ca_id: null`: the system's roots and every CA of the PKI. */
export const ALL_CAS = 'all';

export const caIdOf = (ca_id: string) => (ca_id && ca_id !== ALL_CAS ? ca_id : null);

/** What the provider's stored secret is bound to (null without one). */
const storedBinding = (type: EditableType, p: Provider | undefined): string | null => {
  if (type === 'ldap') return p?.ldap?.has_bind_password ? bindingText(ldapSecretBinding(p.ldap)) : null;
  return p?.oidc?.has_client_secret ? bindingText(oidcSecretBinding(p.oidc)) : null;
};

/** Why the form's settings need the secret typed again (null when they do not). */
export const ldapRetype = (p: Provider | undefined, v: ProviderValues['ldap'], typed?: string) =>
  retypeReason(storedBinding('ldap', p), ldapSecretBinding({ ...v, ca_id: caIdOf(v.ca_id) }), typed);
export const oidcRetype = (p: Provider | undefined, v: ProviderValues['oidc'], typed?: string) =>
  retypeReason(storedBinding('oidc', p), oidcSecretBinding(v), typed);
