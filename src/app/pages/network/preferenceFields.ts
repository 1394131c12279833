/** The network preferences form's field rules: the inputs' (NetworkPreferences.tsx) and the form's (preferencesRules.ts). */
import type { FieldRules } from '../../../lib/validation';
import type { PreferencesValues } from './preferencesValues';

/** The fields' rules (§5 validators): the same ones the inputs show, so an invalid form is not sent. */
export const PREFERENCE_RULES: Record<keyof PreferencesValues, FieldRules> = {
  hostname: { validators: ['hostname'], required: true },
  domain: { validators: ['fqdn'] },
  dns_servers: { validators: ['ip', 'ipv6'], multiple: true },
  ntp_servers: { validators: ['fqdn', 'ip', 'ipv6'], multiple: true },
  timezone: { required: true },
};
