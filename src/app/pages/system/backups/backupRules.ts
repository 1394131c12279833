/**
 * The Backups page's form rules (the schedule form, the target and download dialogs), loaded with the forms
 * (lazyRules.ts). They come from the endpoints' body schemas: names, directories, times, passphrases and the
 * archives kept are checked as the appliance checks them.
 */
import { object, ref, string } from 'yup';
import * as backups from '../../../../shared/contracts/backups';
import { REQUIRED_MESSAGE } from '../../../../lib/validation/yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import type { ScheduleValues } from './scheduleValues';
import { atLeast } from './text';

const TARGET = backups.BackupTargetBody;
export const targetSchema = object({
  name: fieldSchemaOf(TARGET, 'name', 'Name'),
  directory: fieldSchemaOf(TARGET, 'directory', 'Directory'),
  host: fieldSchemaOf(TARGET, 'host', 'Server'),
  port: fieldSchemaOf(TARGET, 'port', 'Port'),
  username: fieldSchemaOf(TARGET, 'username', 'User'),
  host_key_sha256: fieldSchemaOf(TARGET, 'host_key_sha256', 'Host key fingerprint'),
  secret: fieldSchemaOf(TARGET, 'secret', 'Secret'),
  keep: fieldSchemaOf(TARGET, 'keep', 'Archives kept'),
});

const SCHEDULE = backups.BackupScheduleBody;
const SCHEDULE_PASSPHRASE_MIN = SCHEDULE.properties.passphrase.minLength ?? 0;

/** The form's rules; `passphraseSet`: a passphrase is stored, so a blank one keeps it. */
export const scheduleSchema = (passphraseSet: boolean) =>
  object({
    at_time: fieldSchemaOf(SCHEDULE, 'at_time', 'At', { pattern: 'Use HH:MM.' }),
    weekday: fieldSchemaOf(SCHEDULE, 'weekday', 'Day'),
    interval_hours: fieldSchemaOf(SCHEDULE, 'interval_hours', 'Every (hours)'),
    passphrase: fieldSchemaOf(SCHEDULE, 'passphrase', 'Passphrase')
      .min(SCHEDULE_PASSPHRASE_MIN, atLeast(SCHEDULE_PASSPHRASE_MIN))
      .test('needed', 'Scheduled archives need a passphrase.', (v, c) =>
        passphraseSet || (c.parent as ScheduleValues).schedule === 'off' ? true : !!v,
      ),
    confirm: string().oneOf([ref('passphrase'), ''], 'The passphrases do not match.'),
  });

const EXPORT = backups.ExportBody;
const EXPORT_PASSPHRASE_MIN = EXPORT.properties.passphrase.minLength ?? 0;

export const downloadSchema = object({
  passphrase: fieldSchemaOf(EXPORT, 'passphrase', 'Passphrase').min(
    EXPORT_PASSPHRASE_MIN,
    atLeast(EXPORT_PASSPHRASE_MIN),
  ),
  confirm: string()
    .required(REQUIRED_MESSAGE)
    .oneOf([ref('passphrase')], 'The passphrases do not match.'),
});
