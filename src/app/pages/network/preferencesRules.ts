/**
 * The network preferences form's rules, loaded with the form (lazyRules.ts): the body schema's (src/shared/contracts/
 * system.ts: lengths, how many servers) with the §5 rules the inputs show, which are the appliance handler's checks.
 */
import { object, string } from 'yup';
import { splitMultiValue, validateValue } from '../../../lib/validation';
import { networkPreferences } from '../../../shared/contracts/system';
import { fieldSchemaOf, rulesOf } from '../../forms/contractRules';
import type { PreferencesValues } from './preferencesValues';
import { PREFERENCE_RULES } from './preferenceFields';

/** The server lists are comma-separated text: each entry is checked. */
const field = (name: 'hostname' | 'domain' | 'timezone') =>
  fieldSchemaOf(networkPreferences, name).test(
    'rules',
    'invalid',
    (v) => validateValue(v, PREFERENCE_RULES[name]).valid,
  );
const serverList = (name: 'dns_servers' | 'ntp_servers') => {
  const entry = fieldSchemaOf(networkPreferences, name);
  const { maxItems } = rulesOf(networkPreferences, name);
  return string().test('entries', 'invalid', (v) => {
    const entries = splitMultiValue(v ?? '');
    return (
      validateValue(v, PREFERENCE_RULES[name]).valid &&
      (maxItems === undefined || entries.length <= maxItems) &&
      entries.every((e) => entry.isValidSync(e))
    );
  });
};
export const preferencesSchema = object({
  hostname: field('hostname'),
  domain: field('domain'),
  dns_servers: serverList('dns_servers'),
  ntp_servers: serverList('ntp_servers'),
  timezone: field('timezone'),
});

export function validatePreferences(
  values: PreferencesValues,
): Partial<Record<keyof PreferencesValues, string>> {
  const errors: Partial<Record<keyof PreferencesValues, string>> = {};
  for (const name of Object.keys(PREFERENCE_RULES) as Array<keyof PreferencesValues>)
    try {
      preferencesSchema.validateSyncAt(name, values);
    } catch {
      errors[name] = 'invalid';
    }
  return errors;
}
