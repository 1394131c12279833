/**
 * Network preferences: host name, domain, DNS and NTP servers, time zone. Submitting asks the server to check the
 * values and render the files they live in; a confirmation shows those files before they are written. Users who
 * are not admins see the values read-only.
 */
import { Form, Formik } from 'formik';
import { useEffect } from 'react';
import { formatDateTime } from '../../../lib/format';
import { splitMultiValue, validateValue, type FieldRules } from '../../../lib/validation';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import { fieldValueChanged, type FieldErrorsState } from '../../../store/slices/fieldErrors.slice';
import {
  preferencesApplyCancelled,
  preferencesApplyConfirmed,
  preferencesPreviewRequested,
  selectNetwork,
  type NetworkPreferences,
} from '../../../store/slices/network.slice';
import { ConfirmationModal } from '../../../widgets/ConfirmationModal';
import { PageHeader } from '../../../widgets/PageHeader';
import { useCanWrite } from '../../../store/usePrivilege';
import { Select } from '../../../widgets/Select';
import { TextInput } from '../../../widgets/TextInput';
import { NETWORK_HELP } from './rates';
import './network.css';

export const PREFERENCES_TITLE = 'Network preferences';

interface FormValues {
  hostname: string;
  domain: string;
  dns: string;
  ntp: string;
  timezone: string;
}

const toForm = (p: NetworkPreferences): FormValues => ({
  hostname: p.hostname,
  domain: p.domain,
  dns: p.dns_servers.join(', '),
  ntp: p.ntp_servers.join(', '),
  timezone: p.timezone,
});

/** The fields' rules (§5 validators): the same ones the inputs show, so an invalid form is not sent. */
const RULES: Record<keyof FormValues, FieldRules> = {
  hostname: { validators: ['hostname'], required: true },
  domain: { validators: ['fqdn'] },
  dns: { validators: ['ip'], multiple: true },
  ntp: { validators: ['fqdn', 'ip'], multiple: true },
  timezone: { required: true },
};

export function validatePreferences(values: FormValues): Partial<Record<keyof FormValues, string>> {
  const errors: Partial<Record<keyof FormValues, string>> = {};
  for (const name of Object.keys(RULES) as Array<keyof FormValues>)
    if (!validateValue(values[name], RULES[name]).valid) errors[name] = 'invalid';
  return errors;
}

export const fromForm = (v: FormValues): NetworkPreferences => ({
  hostname: v.hostname.trim(),
  domain: v.domain.trim(),
  dns_servers: splitMultiValue(v.dns),
  ntp_servers: splitMultiValue(v.ntp),
  timezone: v.timezone,
});

/** A server error on `dns_servers.1` marks the DNS field, and so on. */
const serverError = (errors: FieldErrorsState, name: string) =>
  Object.entries(errors).find(([k]) => k === name || k.startsWith(`${name}.`))?.[1];

export function NetworkPreferencesPage() {
  const dispatch = useAppDispatch();
  const { preferences } = useAppSelector(selectNetwork);
  const fieldErrors = useAppSelector((s) => s.fieldErrors);
  // Admins, and accounts whose groups grant the network area's write privilege.
  const isAdmin = useCanWrite('network');
  useEffect(() => {
    document.title = `${PREFERENCES_TITLE} · Rampart`;
  }, []);

  const answer = preferences.data;
  if (!answer) {
    return (
      <section className="page network" aria-label={PREFERENCES_TITLE}>
        <PageHeader title={PREFERENCES_TITLE} help={NETWORK_HELP} />
        <p role={preferences.status === 'failed' ? 'alert' : 'status'}>
          {preferences.status === 'failed' ? 'The preferences could not be loaded.' : 'Loading preferences…'}
        </p>
      </section>
    );
  }

  const zones = preferences.timeZones.map((z) => ({ name: z, value: z }));
  const busy = preferences.saving !== 'idle';
  const notice = preferences.savedAt
    ? { text: 'The preferences were applied and their files written.', level: 'success' as const }
    : answer.saved && answer.updated_at
      ? {
          text: `Last applied ${formatDateTime(answer.updated_at * 1000)} by ${answer.updated_by ?? 'unknown'}.`,
          level: 'info' as const,
        }
      : {
          text: 'Showing what the machine runs with now; nothing was applied from the console yet.',
          level: 'info' as const,
        };

  return (
    <section className="page network" aria-label={PREFERENCES_TITLE}>
      <PageHeader title={PREFERENCES_TITLE} help={NETWORK_HELP} statusNotice={notice} />
      <Formik<FormValues>
        initialValues={toForm(answer.data)}
        enableReinitialize
        validate={validatePreferences}
        onSubmit={(v) => {
          dispatch(preferencesPreviewRequested(fromForm(v)));
        }}
      >
        {({ values, setFieldValue, submitCount }) => {
          const field = (name: keyof FormValues, server: string) => ({
            name,
            value: values[name],
            onChange: (value: string) => {
              void setFieldValue(name, value);
              dispatch(fieldValueChanged({ name: server }));
              for (const k of Object.keys(fieldErrors))
                if (k.startsWith(`${server}.`)) dispatch(fieldValueChanged({ name: k }));
            },
            serverError: serverError(fieldErrors, server),
            showValidation: submitCount > 0,
            disabled: !isAdmin || busy,
          });
          return (
            <Form className="network__form" noValidate aria-busy={busy}>
              <TextInput
                label="Host name"
                required
                validators={RULES.hostname.validators}
                {...field('hostname', 'hostname')}
              />
              <TextInput label="Domain" validators={RULES.domain.validators} {...field('domain', 'domain')} />
              <TextInput
                label="DNS servers"
                multiple
                validators={RULES.dns.validators}
                info="At most three IPv4 addresses, used in order."
                {...field('dns', 'dns_servers')}
              />
              <TextInput
                label="NTP servers"
                multiple
                validators={RULES.ntp.validators}
                info="Host names or addresses of time servers; none keeps the system's default."
                {...field('ntp', 'ntp_servers')}
              />
              <Select
                label="Time zone"
                required
                options={zones}
                value={values.timezone}
                onChange={(z) => void setFieldValue('timezone', z)}
                disabled={!isAdmin || busy}
              />
              {isAdmin ? (
                <div className="network__actions">
                  <button type="submit" className="button button--primary" disabled={busy}>
                    {preferences.saving === 'previewing' ? 'Checking…' : 'Apply'}
                  </button>
                </div>
              ) : (
                <p className="page__notice" role="note">
                  You can view the network preferences but not change them: your groups grant read access
                  only.
                </p>
              )}
            </Form>
          );
        }}
      </Formik>
      <details className="network__files">
        <summary>Files these preferences render to</summary>
        {answer.files.map((f) => (
          <div key={f.path}>
            <h3>{f.path}</h3>
            <pre>{f.content}</pre>
          </div>
        ))}
      </details>
      <ConfirmationModal
        open={preferences.pending !== null}
        title="Apply the network preferences?"
        busy={preferences.saving === 'saving'}
        yesLabel="Apply"
        noLabel="Cancel"
        message={
          <div className="network__files">
            <p>These files will be written (under the console's data directory):</p>
            {preferences.pending?.files.map((f) => (
              <div key={f.path}>
                <h3>{f.path}</h3>
                <pre>{f.content}</pre>
              </div>
            ))}
          </div>
        }
        onConfirm={() => dispatch(preferencesApplyConfirmed())}
        onCancel={() => dispatch(preferencesApplyCancelled())}
      />
    </section>
  );
}
