/**
 * The two settings forms of the updates page (Formik; their Yup rules load with them, updateRules.ts): where packages come from (repository, channel) and
 * when security updates install themselves (day, time). Each submit dispatches one action.
 */
import { Formik } from 'formik';
import { Form } from '../../forms/Form';
import { rulesModule, useRules } from '../../forms/lazyRules';
import type { ScheduleDay, UpdateChannel, UpdateSchedule } from '../../../store/slices/updates.slice';
import { Checkbox } from '../../../widgets/Checkbox';
import { Select } from '../../../widgets/Select';
import { TextArea } from '../../../widgets/TextArea';
import { TextInput } from '../../../widgets/TextInput';
import { useState } from 'react';
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

export interface RepositoryFormProps {
  repository: string;
  isDefault: boolean;
  channel: UpdateChannel;
  busy?: boolean;
  onSave: (values: { repository: string | null; channel: UpdateChannel }) => void;
}

const updateRules = rulesModule(() => import('./updateRules'));

export function RepositoryForm({ repository, isDefault, channel, busy, onSave }: RepositoryFormProps) {
  const rules = useRules(updateRules);
  return (
    <Formik
      initialValues={{ repository: isDefault ? '' : repository, channel }}
      enableReinitialize
      validationSchema={rules.module?.repositorySchema}
      onSubmit={(v) => onSave({ repository: v.repository.trim() || null, channel: v.channel })}
    >
      {({ values, errors, submitCount, setFieldValue }) => (
        <Form className="updates__form" aria-label="Update source" noValidate onFocus={rules.fetch}>
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

export interface ScheduleFormProps {
  schedule: UpdateSchedule;
  busy?: boolean;
  onSave: (schedule: UpdateSchedule) => void;
}

export function ScheduleForm({ schedule, busy, onSave }: ScheduleFormProps) {
  const rules = useRules(updateRules);
  return (
    <Formik
      initialValues={schedule}
      enableReinitialize
      validationSchema={rules.module?.scheduleSchema}
      onSubmit={onSave}
    >
      {({ values, setFieldValue }) => (
        <Form
          className="updates__form"
          aria-label="Scheduled security updates"
          noValidate
          onFocus={rules.fetch}
        >
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

/** The file name a trusted key is stored under (the appliance's KEY_NAME_PATTERN). */
export const KEY_NAME_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$/;

export interface TrustedKeyFormProps {
  busy?: boolean;
  onInstall: (key: { name: string; pem: string }) => void;
}

/**
 * Installs a trusted update key: a name and the Ed25519 public key in PEM, pasted or read from a file. The appliance
 * checks the key itself (Ed25519, public, not yet trusted) and records who installed which fingerprint.
 */
export function TrustedKeyForm({ busy, onInstall }: TrustedKeyFormProps) {
  const [name, setName] = useState('');
  const [pem, setPem] = useState('');
  const [tried, setTried] = useState(false);
  const nameError =
    tried && !KEY_NAME_RE.test(name.trim()) ? 'Use letters, digits, . _ or - (at most 64).' : undefined;
  const pemError =
    tried && !/-----BEGIN PUBLIC KEY-----/.test(pem)
      ? 'Paste a PEM public key (-----BEGIN PUBLIC KEY-----).'
      : undefined;
  return (
    <form
      className="updates__form updates__key-form"
      aria-label="Install a trusted key"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!KEY_NAME_RE.test(name.trim()) || !/-----BEGIN PUBLIC KEY-----/.test(pem)) return;
        onInstall({ name: name.trim(), pem: pem.trim() + '\n' });
      }}
    >
      <TextInput
        label="Key name"
        name="name"
        value={name}
        onChange={setName}
        required
        serverError={nameError}
        placeholder="e.g. release-2027"
      />
      <TextArea
        label="Public key (PEM)"
        name="pem"
        value={pem}
        onChange={setPem}
        required
        rows={4}
        placeholder="-----BEGIN PUBLIC KEY-----"
        hint={
          pemError ?? "The Ed25519 public key the packages are signed with, from the vendor's release notes."
        }
        showValidation={tried}
      />
      <label className="button button--secondary updates__key-file">
        Read from a .pem file…
        <input
          type="file"
          accept=".pem,.pub,text/plain"
          className="visually-hidden"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void f.text().then((t) => setPem(t));
          }}
        />
      </label>
      <button type="submit" className="button" disabled={busy}>
        Install key
      </button>
    </form>
  );
}
