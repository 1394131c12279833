/**
 * The SSH service's settings. Port, listen addresses, password authentication and turning the service off can lock
 * the admin out: applying them opens a confirmation window, which the form says before saving.
 */
import { Formik } from 'formik';
import { Form } from '../../forms/Form';
import { useId } from 'react';
import { array, boolean, object, string } from 'yup';
import { isIpAddress } from '../../../lib/validation';
import { fieldSchema } from '../../../lib/validation/yup';
import { useResourceSave } from '../../../store/useResource';
import { FormDirtyReporter } from '../common/config/DirtyGuard';
import {
  CheckboxField,
  ChoiceListField,
  ListField,
  SaveDiscardActions,
  SavedReset,
  SelectField,
  TextField,
} from '../common/config/fields';
import { SSH_CONFIG_KEY, SSH_PREVIEW_KEY, type SshConfigData, type SshSettings } from './types';
import { WritableFieldset } from '../common/config/ReadOnly';

interface Values extends Omit<SshSettings, 'port'> {
  port: string;
}

const PORT = { validators: ['integer'] as const, min: 1, max: 65535, required: true };
const GROUP = /^[a-z_][a-z0-9_-]{0,31}$/;

const atLeastOne = (what: string) => array(string().required()).min(1, `Choose at least one ${what}.`);

export const sshSettingsSchema = object({
  enabled: boolean(),
  port: fieldSchema({ validators: ['integer'], min: 1, max: 65535, required: true }, 'Port'),
  listen_addresses: array(string().required()).test(
    'ip',
    'Every entry must be an IPv4 or IPv6 address.',
    (l) => (l ?? []).every((a) => isIpAddress(a)),
  ),
  password_authentication: boolean(),
  permit_root_login: string().oneOf(['no', 'prohibit-password', 'yes']),
  allow_groups: array(string().required()).test(
    'group',
    'Group names are lower-case letters, digits, _ and -, starting with a letter or _.',
    (l) => (l ?? []).every((g) => GROUP.test(g)),
  ),
  kex_algorithms: atLeastOne('key exchange algorithm'),
  ciphers: atLeastOne('cipher'),
  macs: atLeastOne('MAC'),
});

export function SshSettingsForm({ data }: { data: SshConfigData }) {
  const { save, pending, status } = useResourceSave();
  const headingId = useId();
  const initial: Values = { ...data.settings, port: String(data.settings.port) };
  return (
    <section className="config-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Service</h2>
      <p className="config-section__description">
        Changing the port, the listen addresses or password authentication, or turning SSH off, can lock you
        out. After applying such a change you have a short time to keep it; otherwise the appliance restores
        the previous configuration by itself.
      </p>
      <Formik<Values>
        initialValues={initial}
        enableReinitialize
        validationSchema={sshSettingsSchema}
        onSubmit={(v) => {
          save({
            key: SSH_CONFIG_KEY,
            method: 'PUT',
            path: 'ssh/config/settings',
            body: { ...v, port: Number(v.port) },
            message: 'SSH settings saved.',
            refresh: [SSH_PREVIEW_KEY],
          });
        }}
      >
        {() => (
          <Form noValidate className="config-form">
            <WritableFieldset>
              <FormDirtyReporter id="ssh-settings" />
              <SavedReset status={status} />
              <CheckboxField name="enabled" label="Enable the SSH service" />
              <TextField name="port" label="Port" {...PORT} validators={PORT.validators} />
              <ListField
                name="listen_addresses"
                label="Listen addresses (empty: every address)"
                validators={['ip', 'ipv6']}
                placeholder="e.g. 192.168.1.1 or fd00::1"
              />
              <CheckboxField
                name="password_authentication"
                label="Allow password authentication"
                description="Without it, only authorised keys can log in."
              />
              <SelectField
                name="permit_root_login"
                label="Root login"
                options={[
                  { value: 'no', name: 'Not allowed' },
                  { value: 'prohibit-password', name: 'With a key only' },
                  { value: 'yes', name: 'Allowed' },
                ]}
              />
              <ListField
                name="allow_groups"
                label="Allowed groups (empty: every group)"
                placeholder="e.g. wheel"
              />
              <ChoiceListField
                name="kex_algorithms"
                label="Key exchange algorithms"
                choices={data.algorithms.kex}
              />
              <ChoiceListField name="ciphers" label="Ciphers" choices={data.algorithms.ciphers} />
              <ChoiceListField name="macs" label="MACs" choices={data.algorithms.macs} />
              <SaveDiscardActions saveLabel="Save settings" pending={pending} />
            </WritableFieldset>
          </Form>
        )}
      </Formik>
    </section>
  );
}
