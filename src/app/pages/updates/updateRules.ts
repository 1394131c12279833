/**
 * The updates page's form rules, loaded with the forms (lazyRules.ts): the body schemas' (src/shared/contracts/
 * system.ts), with the forms' own messages.
 */
import { boolean, object } from 'yup';
import { fieldSchemaOf } from '../../forms/contractRules';
import { updateSchedule, updateSettingsBody } from '../../../shared/contracts/system';

/** Empty (the embedded default), an absolute directory path, or an http(s) URL without credentials. */
export function isRepositoryLocation(value: string | undefined): boolean {
  const v = (value ?? '').trim();
  if (v === '') return true;
  if (/^https?:\/\//i.test(v)) {
    try {
      const url = new URL(v);
      return !url.username && !url.password;
    } catch {
      return false;
    }
  }
  return v.startsWith('/');
}

const LOCATION_MESSAGE =
  'Enter an absolute directory path or an http(s) URL, or leave empty for the default.';
export const repositorySchema = object({
  // Where packages may come from is the appliance handler's check, said here too.
  repository: fieldSchemaOf(updateSettingsBody, 'repository', 'Repository', {
    invalid: LOCATION_MESSAGE,
  }).test('location', LOCATION_MESSAGE, isRepositoryLocation),
  channel: fieldSchemaOf(updateSettingsBody, 'channel', 'Channel'),
});

export const scheduleSchema = object({
  enabled: boolean().required(),
  day: fieldSchemaOf(updateSchedule, 'day', 'Day'),
  time: fieldSchemaOf(updateSchedule, 'time', 'Time', { pattern: 'Enter a time as HH:MM.' }),
});
