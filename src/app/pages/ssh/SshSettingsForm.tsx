/**
 * The SSH service's settings. Port, listen addresses, password authentication and turning the service off can lock
 * the admin out: applying them opens a confirmation window, which the form says before saving.
 */
import * as ssh from '../../../shared/contracts/ssh';
import { widgetRulesOf } from '../../forms/fieldRules';
import { rulesModule } from '../../forms/lazyRules';
import { CheckboxField, ChoiceListField, ListField, SelectField, TextField } from '../common/config/fields';
import { SSH_CONFIG_KEY, SSH_PREVIEW_KEY } from './resources';
import { SettingsSection } from '../common/config/SettingsSection';

interface Values extends Omit<ssh.SshSettings, 'port'> {
  port: string;
}

/** Every rule comes from the endpoint's body schema (src/shared/contracts/ssh.ts): the form cannot drift from it. */
const BODY = ssh.SshSettings;
const PORT = widgetRulesOf(BODY, 'port');
const LISTEN = widgetRulesOf(BODY, 'listen_addresses');

// The form's Yup rules come with it (lazyRules.ts).
const sshSettingsRules = rulesModule(() => import('./sshSettingsRules').then((m) => m.sshSettingsSchema));

const toValues = (s: ssh.SshSettings): Values => ({ ...s, port: String(s.port) });

export function SshSettingsForm({ data }: { data: ssh.SshConfig }) {
  return (
    <SettingsSection
      title="Service"
      description="Changing the port, the listen addresses or password authentication, or turning SSH off, can lock you out. After applying such a change you have a short time to keep it; otherwise the appliance restores the previous configuration by itself."
      dirtyId="ssh-settings"
      initialValues={toValues(data.settings)}
      rules={sshSettingsRules}
      save={(v) => ({
        endpoint: ssh.putSettings,
        key: SSH_CONFIG_KEY,
        body: { ...v, port: Number(v.port) },
        message: 'SSH settings saved.',
        refresh: [SSH_PREVIEW_KEY],
      })}
    >
      <CheckboxField name="enabled" label="Enable the SSH service" />
      <TextField name="port" label="Port" {...PORT} />
      <ListField
        name="listen_addresses"
        label="Listen addresses (empty: every address)"
        validators={LISTEN.validators}
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
      <ListField name="allow_groups" label="Allowed groups (empty: every group)" placeholder="e.g. wheel" />
      <ChoiceListField name="kex_algorithms" label="Key exchange algorithms" choices={data.algorithms.kex} />
      <ChoiceListField name="ciphers" label="Ciphers" choices={data.algorithms.ciphers} />
      <ChoiceListField name="macs" label="MACs" choices={data.algorithms.macs} />
    </SettingsSection>
  );
}
