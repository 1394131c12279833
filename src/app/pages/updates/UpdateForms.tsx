/**
 * The two settings forms of the updates page (Formik + Yup): where packages come from (repository, channel) and
 * when security updates install themselves (day, time). Each submit dispatches one action.
 */
import { Formik } from 'formik';
import { Form } from '../../forms/Form';
import { boolean, mixed, object, string } from 'yup';
import type { ScheduleDay, UpdateChannel, UpdateSchedule } from '../../../store/slices/updates.slice';
import { Checkbox } from '../../../widgets/Checkbox';
import { Select } from '../../../widgets/Select';
import { TextInput } from '../../../widgets/TextInput';
import { TimeInput } from '../../../widgets/TimeInput';

const CHANNEL_OPTIONS = [
  { name: 'Stable', value: 'stable' },
  { name: 'Beta', value: 'beta' },
];

export const DAY_OPTIONS: Array<{ name: string; value: ScheduleDay }> = [
  { name: 'Every day', value: 'daily' },
  { name: 'Monday', value: 'mon' },
  { name: 'Tuesday', value: 'tue' },
  { name: 'Wednesday', value: 'wed' },
  { name: 'Thursday', value: 'thu' },
  { name: 'Friday', value: 'fri' },
  { name: 'Saturday', value: 'sat' },
  { name: 'Sunday', value: 'sun' },
];

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

const repositorySchema = object({
  repository: string().test(
    'location',
    'Enter an absolute directory path or an http(s) URL, or leave empty for the default.',
    isRepositoryLocation,
  ),
  channel: mixed<UpdateChannel>().oneOf(['stable', 'beta']).required(),
});

export interface RepositoryFormProps {
  repository: string;
  isDefault: boolean;
  channel: UpdateChannel;
  busy?: boolean;
  onSave: (values: { repository: string | null; channel: UpdateChannel }) => void;
}

export function RepositoryForm({ repository, isDefault, channel, busy, onSave }: RepositoryFormProps) {
  return (
    <Formik
      initialValues={{ repository: isDefault ? '' : repository, channel }}
      enableReinitialize
      validationSchema={repositorySchema}
      onSubmit={(v) => onSave({ repository: v.repository.trim() || null, channel: v.channel })}
    >
      {({ values, errors, submitCount, setFieldValue }) => (
        <Form className="updates__form" aria-label="Update source" noValidate>
          <TextInput
            label="Repository"
            name="repository"
            value={values.repository}
            placeholder={isDefault ? repository : 'Embedded default'}
            onChange={(v) => void setFieldValue('repository', v)}
            serverError={submitCount > 0 ? errors.repository : undefined}
            info="A directory on the appliance or an http(s) URL holding update packages; empty uses the embedded default."
          />
          <Select
            label="Channel"
            name="channel"
            value={values.channel}
            options={CHANNEL_OPTIONS}
            onChange={(v) => void setFieldValue('channel', v)}
            required
          />
          <button type="submit" className="button" disabled={busy}>
            Save source
          </button>
        </Form>
      )}
    </Formik>
  );
}

const scheduleSchema = object({
  enabled: boolean().required(),
  day: mixed<ScheduleDay>()
    .oneOf(DAY_OPTIONS.map((d) => d.value))
    .required(),
  time: string()
    .matches(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM.')
    .required(),
});

export interface ScheduleFormProps {
  schedule: UpdateSchedule;
  busy?: boolean;
  onSave: (schedule: UpdateSchedule) => void;
}

export function ScheduleForm({ schedule, busy, onSave }: ScheduleFormProps) {
  return (
    <Formik initialValues={schedule} enableReinitialize validationSchema={scheduleSchema} onSubmit={onSave}>
      {({ values, setFieldValue }) => (
        <Form className="updates__form" aria-label="Scheduled security updates" noValidate>
          <Checkbox
            label="Install security updates automatically"
            name="enabled"
            checked={values.enabled}
            onChange={(v) => void setFieldValue('enabled', v)}
            description="Only packages flagged as security updates are installed; others wait for you."
          />
          <Select
            label="Day"
            name="day"
            value={values.day}
            options={DAY_OPTIONS}
            onChange={(v) => void setFieldValue('day', v)}
            disabled={!values.enabled}
            required
          />
          <TimeInput
            label="Time"
            name="time"
            value={values.time}
            onChange={(v) => void setFieldValue('time', v)}
            disabled={!values.enabled}
            hint="The appliance's local time."
          />
          <button type="submit" className="button" disabled={busy}>
            Save schedule
          </button>
        </Form>
      )}
    </Formik>
  );
}
