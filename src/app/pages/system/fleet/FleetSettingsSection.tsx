/**
 * The fleet settings (System → Fleet, admins only): manage other appliances, the embedded nats-server or an
 * existing NATS cluster, the host appliances dial, where the listeners listen, the ports, the cluster's URL and
 * credentials; what they brought up (the Fleet CA, the enrolment address, a problem) under the form, and the
 * embedded nats-server's service controls like the DNS and SSH pages'.
 */
import { Formik, useField } from 'formik';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  fleetSettingsBody,
  putFleetSettings,
  type FleetSettingsAnswer,
} from '../../../../shared/contracts/fleetEnrolment';
import { fleetService } from '../../../../shared/contracts/services';
import { useResourceSave } from '../../../../store/useResource';
import { TextArea } from '../../../../widgets/TextArea';
import { Form } from '../../../forms/Form';
import { widgetRulesOf } from '../../../forms/fieldRules';
import { rulesModule, useRules } from '../../../forms/lazyRules';
import {
  CheckboxField,
  SaveDiscardActions,
  SavedReset,
  SelectField,
  TextField,
} from '../../common/config/fields';
import { ReadOnlyNotice, WritableFieldset } from '../../common/config/ReadOnly';
import { ReasonField, useChangeReason } from '../../common/config/ReasonField';
import { ServiceStatus } from '../../common/config/ServiceStatus';
import { Facts } from '../common/Facts';
import { FLEET_SETTINGS_KEY, FLEET_SUMMARY_KEY } from './resources';

const settingsRules = rulesModule(() => import('./fleetRules').then((m) => m.fleetSettingsSchema));
const BODY = fleetSettingsBody;
const HOST = widgetRulesOf(BODY, 'public_host');
const LISTEN = widgetRulesOf(BODY, 'listen_address');
const NATS_PORT = widgetRulesOf(BODY, 'nats_port');
const ENROL_PORT = widgetRulesOf(BODY, 'enrol_port');

interface Values {
  manage: boolean;
  nats: 'embedded' | 'external';
  public_host: string;
  listen_address: string;
  nats_port: string;
  enrol_port: string;
  external_url: string;
  external_credentials: string;
}

export const ADMINS_ONLY = 'Only administrators change the fleet settings and join a fleet.';

export function FleetSettingsSection({ answer }: { answer: FleetSettingsAnswer }) {
  const { save, pending, status } = useResourceSave();
  const rules = useRules(settingsRules);
  const reason = useChangeReason(status);
  const headingId = useId();
  const { settings } = answer;
  const initial: Values = {
    manage: settings.manage,
    nats: settings.nats,
    public_host: settings.public_host,
    listen_address: settings.listen_address,
    nats_port: String(settings.nats_port),
    enrol_port: String(settings.enrol_port),
    external_url: settings.external_url,
    external_credentials: '',
  };
  return (
    <section className="config-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Fleet settings</h2>
      <ReadOnlyNotice text={ADMINS_ONLY} />
      <Formik<Values>
        initialValues={initial}
        enableReinitialize
        validationSchema={rules.module}
        onSubmit={(v) => {
          const { external_credentials, ...rest } = v;
          save({
            endpoint: putFleetSettings,
            key: FLEET_SETTINGS_KEY,
            body: {
              ...rest,
              nats_port: Number(v.nats_port),
              enrol_port: Number(v.enrol_port),
              // Empty keeps the stored credentials.
              ...(external_credentials.trim() ? { external_credentials } : {}),
            },
            message: 'Fleet settings saved.',
            headers: reason.headers,
            refresh: [FLEET_SUMMARY_KEY],
          });
        }}
      >
        {({ values }) => (
          <Form noValidate className="config-form" onFocus={rules.fetch}>
            <WritableFieldset>
              <SavedReset status={status} />
              <CheckboxField
                name="manage"
                label="Manage other appliances"
                description="This console's Fleet CA admits appliances; they dial out to its NATS."
              />
              <SelectField
                name="nats"
                label="NATS"
                options={[
                  { value: 'embedded', name: 'Embedded (this console runs nats-server)' },
                  { value: 'external', name: 'An existing NATS cluster' },
                ]}
              />
              <TextField
                name="public_host"
                label="Public host (what appliances dial)"
                placeholder="e.g. fleet.example.net"
                {...HOST}
              />
              <TextField name="listen_address" label="Listen address" {...LISTEN} />
              <div className="fleet-ports">
                <TextField name="nats_port" label="NATS port" {...NATS_PORT} />
                <TextField name="enrol_port" label="Enrolment port" {...ENROL_PORT} />
              </div>
              {values.nats === 'external' ? (
                <>
                  <TextField
                    name="external_url"
                    label="Cluster URL"
                    placeholder="tls://nats.example.net:4222"
                  />
                  <CredentialsField has={settings.has_external_credentials} />
                </>
              ) : null}
              <ReasonField value={reason.reason} onChange={reason.setReason} disabled={pending} />
              <SaveDiscardActions saveLabel="Save settings" pending={pending} />
            </WritableFieldset>
          </Form>
        )}
      </Formik>
      <FleetStatus answer={answer} />
    </section>
  );
}

function CredentialsField({ has }: { has: boolean }) {
  const [field, , helpers] = useField<string>('external_credentials');
  return (
    <div className="config-field">
      <TextArea
        name="external_credentials"
        label="Credentials (NATS .creds)"
        value={field.value}
        onChange={(v) => void helpers.setValue(v)}
        rows={4}
        maxLength={16384}
        hint={has ? 'Stored; leave empty to keep them.' : 'None stored.'}
      />
    </div>
  );
}

function FleetStatus({ answer }: { answer: FleetSettingsAnswer }) {
  const { status, settings } = answer;
  if (!settings.manage) return null;
  return (
    <>
      {status.problem ? (
        <p className="fleet-problem" role="alert">
          The fleet is not ready: {status.problem}
        </p>
      ) : null}
      <Facts
        items={[
          [
            'Fleet CA',
            status.ca_id ? (
              <Link key="ca" to={`/system/certificate-authorities/${status.ca_id}`}>
                Fleet CA
              </Link>
            ) : (
              '—'
            ),
          ],
          ['CA fingerprint (SHA-256)', <code key="f">{status.ca_fingerprint_sha256 ?? '—'}</code>],
          ['Enrolment address', status.enrol_address ?? '—'],
          ['NATS', status.nats_url ?? '—'],
        ]}
      />
      {settings.nats === 'embedded' ? <ServiceStatus service={fleetService} logService="fleet" /> : null}
    </>
  );
}
