/**
 * The backup schedule and the passphrase of scheduled archives. The field rules come from the endpoint's body
 * schema (`BackupScheduleBody`); what only the form knows (a passphrase is needed once, the repeat) is its own.
 */
import { Formik } from 'formik';
import { object, ref, string } from 'yup';
import * as backups from '../../../../shared/contracts/backups';
import { formatDateTime } from '../../../../lib/format';
import { useResourceSave } from '../../../../store/useResource';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { Form } from '../../../forms/Form';
import { SelectField, TextField } from '../../common/config/fields';
import { BACKUPS_KEY } from './resources';
import { atLeast, scheduleText, WEEKDAYS } from './text';

interface ScheduleValues {
  schedule: backups.BackupSchedule['schedule'];
  at_time: string;
  weekday: string;
  interval_hours: string;
  passphrase: string;
  confirm: string;
}

const BODY = backups.BackupScheduleBody;
const PASSPHRASE_MIN = BODY.properties.passphrase.minLength ?? 0;

/** The form's rules; `passphraseSet`: a passphrase is stored, so a blank one keeps it. */
export const scheduleSchema = (passphraseSet: boolean) =>
  object({
    at_time: fieldSchemaOf(BODY, 'at_time', 'At', { pattern: 'Use HH:MM.' }),
    weekday: fieldSchemaOf(BODY, 'weekday', 'Day'),
    interval_hours: fieldSchemaOf(BODY, 'interval_hours', 'Every (hours)'),
    passphrase: fieldSchemaOf(BODY, 'passphrase', 'Passphrase')
      .min(PASSPHRASE_MIN, atLeast(PASSPHRASE_MIN))
      .test('needed', 'Scheduled archives need a passphrase.', (v, c) =>
        passphraseSet || (c.parent as ScheduleValues).schedule === 'off' ? true : !!v,
      ),
    confirm: string().oneOf([ref('passphrase'), ''], 'The passphrases do not match.'),
  });

const toValues = (schedule: backups.BackupSchedule): ScheduleValues => ({
  schedule: schedule.schedule,
  at_time: schedule.at_time,
  weekday: String(schedule.weekday),
  interval_hours: String(schedule.interval_hours),
  passphrase: '',
  confirm: '',
});

const toBody = (v: ScheduleValues): backups.BackupScheduleBody => ({
  schedule: v.schedule,
  at_time: v.at_time,
  weekday: Number(v.weekday),
  interval_hours: Number(v.interval_hours),
  ...(v.passphrase ? { passphrase: v.passphrase } : {}),
});

export function ScheduleForm({
  schedule,
  nextRunAt,
}: {
  schedule: backups.BackupSchedule;
  nextRunAt: number | null;
}) {
  const { save, pending } = useResourceSave();
  return (
    <section className="config-section" aria-labelledby="backup-schedule">
      <h2 id="backup-schedule">Schedule</h2>
      <p>
        {scheduleText(schedule)}
        {nextRunAt ? ` Next run ${formatDateTime(nextRunAt)}.` : ''}
      </p>
      <Formik<ScheduleValues>
        enableReinitialize
        initialValues={toValues(schedule)}
        validationSchema={scheduleSchema(schedule.passphrase_set)}
        onSubmit={(v) => {
          save({
            endpoint: backups.putBackupSchedule,
            key: BACKUPS_KEY,
            body: toBody(v),
            message: 'Backup schedule saved.',
          });
        }}
      >
        {({ values }) => (
          <Form noValidate className="config-form">
            <SelectField
              name="schedule"
              label="Run"
              options={[
                { value: 'off', name: 'Off' },
                { value: 'daily', name: 'Daily' },
                { value: 'weekly', name: 'Weekly' },
                { value: 'interval', name: 'Every N hours' },
              ]}
            />
            {values.schedule === 'weekly' ? (
              <SelectField
                name="weekday"
                label="Day"
                options={WEEKDAYS.map((d, i) => ({ value: String(i), name: d }))}
              />
            ) : null}
            {values.schedule === 'daily' || values.schedule === 'weekly' ? (
              <TextField name="at_time" label="At (HH:MM)" />
            ) : null}
            {values.schedule === 'interval' ? (
              <TextField name="interval_hours" label="Every (hours)" />
            ) : null}
            <TextField
              name="passphrase"
              label={
                schedule.passphrase_set ? 'New passphrase (blank: keep)' : 'Passphrase of scheduled archives'
              }
              type="password"
              autoComplete="new-password"
              info="Keep it apart from the appliance: without it no archive can be restored."
            />
            <TextField
              name="confirm"
              label="Repeat the passphrase"
              type="password"
              autoComplete="new-password"
            />
            <div className="config-form__actions">
              <button type="submit" className="button button--primary" disabled={pending}>
                Save schedule
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
