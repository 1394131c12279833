/**
 * The backup schedule and the passphrase of scheduled archives. The field rules come from the endpoint's body
 * schema (`BackupScheduleBody`); what only the form knows (a passphrase is needed once, the repeat) is its own.
 */
import type { ScheduleValues } from './scheduleValues';
import { Formik } from 'formik';
import * as backups from '../../../../shared/contracts/backups';
import { formatDateTime } from '../../../../lib/format';
import { useResourceSave } from '../../../../store/useResource';
import { Form } from '../../../forms/Form';
import { rulesModule, useRules } from '../../../forms/lazyRules';
import { SelectField, TextField } from '../../common/config/fields';
import { BACKUPS_KEY } from './resources';
import { scheduleText, WEEKDAYS } from './text';

// The form's Yup rules come with it (lazyRules.ts).
const scheduleRules = rulesModule(() => import('./backupRules'));

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
  const rules = useRules(scheduleRules);
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
        validationSchema={rules.module?.scheduleSchema(schedule.passphrase_set)}
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
          <Form noValidate className="config-form" onFocus={rules.fetch}>
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
