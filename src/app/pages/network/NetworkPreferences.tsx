/**
 * /network/preferences: host name, domain, DNS servers, NTP servers and time zone. Like the DNS and SSH pages, saving
 * stores the values and "Apply configuration" runs the safe-apply job (the progress overlay shows its steps), which
 * writes the rendered files into the data directory; a new host name or domain then waits for "Keep changes" in
 * the confirmation banner or is rolled back. The files applying would write are shown below the form. Users who are
 * not admins see the values read-only.
 */
import type { PreferencesValues } from './preferencesValues';
import { PREFERENCE_RULES } from './preferenceFields';
import {
  applyNetworkPreferences,
  getNetworkPreferences,
  getNetworkPreferencesPreview,
  putNetworkPreferences,
  type NetworkPreferences,
  type PreferencesAnswer,
} from '../../../shared/contracts/system';
import { keyOf } from '../../../shared/contracts/endpoint';
import { rulesModule, useRules } from '../../forms/lazyRules';
import { useId } from 'react';
import { formatDateTime } from '../../../lib/format';
import { splitMultiValue } from '../../../lib/validation';
import { useEndpoint } from '../../../store/useResource';
import { useCanWrite } from '../../../store/usePrivilege';
import { Loader } from '../../../widgets/Loader';
import { ApplyHeader } from '../common/config/ApplyHeader';
import { ConfigPreview } from '../common/config/ConfigPreview';
import { DirtyGuard } from '../common/config/DirtyGuard';
import { SelectField, TextField } from '../common/config/fields';
import { SettingsSection } from '../common/config/SettingsSection';
import { NETWORK_HELP } from './rates';
import '../common/config/config.css';
import './network.css';

export const PREFERENCES_TITLE = 'Network preferences';
export const NETWORK_PREFERENCES_KEY = keyOf(getNetworkPreferences);
export const NETWORK_PREFERENCES_PREVIEW_KEY = keyOf(getNetworkPreferencesPreview);

export type { NetworkPreferences, PreferencesAnswer };

export const toForm = (p: NetworkPreferences): PreferencesValues => ({
  hostname: p.hostname,
  domain: p.domain,
  dns_servers: p.dns_servers.join(', '),
  ntp_servers: p.ntp_servers.join(', '),
  timezone: p.timezone,
});

export const fromForm = (v: PreferencesValues): NetworkPreferences => ({
  hostname: v.hostname.trim(),
  domain: v.domain.trim(),
  dns_servers: splitMultiValue(v.dns_servers),
  ntp_servers: splitMultiValue(v.ntp_servers),
  timezone: v.timezone,
});

// Yup and the body schema's rules come with the form (see lazyRules.ts).
const preferencesRules = rulesModule(() => import('./preferencesRules'));

function PreferencesForm({ answer }: { answer: PreferencesAnswer }) {
  const rules = useRules(preferencesRules);
  const zones = answer.time_zones.map((z) => ({ name: z, value: z }));
  return (
    <SettingsSection
      title="Host, name servers and time"
      dirtyId="network-preferences"
      initialValues={toForm(answer.data)}
      rules={preferencesRules}
      validate={(v) => rules.module?.validatePreferences(v) ?? {}}
      saveLabel="Save preferences"
      save={(v) => ({
        key: NETWORK_PREFERENCES_KEY,
        endpoint: putNetworkPreferences,
        body: fromForm(v),
        message: 'Network preferences saved; apply them to write their files.',
        refresh: [NETWORK_PREFERENCES_PREVIEW_KEY],
      })}
    >
      <TextField
        name="hostname"
        label="Host name"
        required
        validators={PREFERENCE_RULES.hostname.validators}
      />
      <TextField name="domain" label="Domain" validators={PREFERENCE_RULES.domain.validators} />
      <TextField
        name="dns_servers"
        label="DNS servers"
        multiple
        validators={PREFERENCE_RULES.dns_servers.validators}
        info="At most three addresses, used in order."
      />
      <TextField
        name="ntp_servers"
        label="NTP servers"
        multiple
        validators={PREFERENCE_RULES.ntp_servers.validators}
        info="Host names or addresses of time servers; none keeps the system's default."
      />
      <SelectField
        searchable
        name="timezone"
        label="Time zone"
        options={zones}
        hint="Type part of a city or region, e.g. “berlin” or “new york”."
      />
    </SettingsSection>
  );
}

function ReadOnlyPreferences({ data }: { data: NetworkPreferences }) {
  const headingId = useId();
  const rows: Array<[string, string]> = [
    ['Host name', data.hostname],
    ['Domain', data.domain || 'none'],
    ['DNS servers', data.dns_servers.join(', ') || 'none'],
    ['NTP servers', data.ntp_servers.join(', ') || "the system's default"],
    ['Time zone', data.timezone],
  ];
  return (
    <section className="config-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Host, name servers and time</h2>
      <dl className="network__values">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="page__notice" role="note">
        You can view the network preferences but not change them: your groups grant read access only.
      </p>
    </section>
  );
}

export function NetworkPreferencesPage() {
  const { data, status } = useEndpoint(getNetworkPreferences);
  // Admins, and accounts whose groups grant the network area's write privilege.
  const isAdmin = useCanWrite('network');
  const applied = data?.status.applied_at
    ? `Last applied ${formatDateTime(data.status.applied_at)} by ${data.status.applied_by ?? 'unknown'}.`
    : null;
  return (
    <DirtyGuard>
      <section className="page config-page network" aria-label={PREFERENCES_TITLE}>
        <ApplyHeader
          title={PREFERENCES_TITLE}
          description="The appliance's host name, domain, name and time servers and time zone, rendered to the files they live in (under the console's data directory)."
          pendingChanges={data?.status.pending_changes}
          resourceKey={NETWORK_PREFERENCES_KEY}
          apply={applyNetworkPreferences}
          refresh={[NETWORK_PREFERENCES_PREVIEW_KEY]}
          help={NETWORK_HELP}
          readOnly={!isAdmin}
        />
        {!data && status === 'failed' ? (
          <p className="page__notice" role="alert">
            The preferences could not be loaded. Reload the page to try again.
          </p>
        ) : null}
        {!data && status !== 'failed' ? <Loader label="Loading the network preferences" /> : null}
        {data ? (
          <>
            {applied ? <p className="config-section__description">{applied}</p> : null}
            {!data.saved ? (
              <p className="config-section__description">
                Showing what the machine runs with now; nothing was saved from the console yet.
              </p>
            ) : null}
            {isAdmin ? <PreferencesForm answer={data} /> : <ReadOnlyPreferences data={data.data} />}
            <ConfigPreview resourceKey={NETWORK_PREFERENCES_PREVIEW_KEY} />
          </>
        ) : null}
      </section>
    </DirtyGuard>
  );
}
