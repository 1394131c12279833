/** The DNS proxy's general settings: on/off, listen addresses, port, cache size and DNSSEC validation. */
import * as dns from '../../../shared/contracts/dns';
import { widgetRulesOf } from '../../forms/fieldRules';
import { rulesModule } from '../../forms/lazyRules';
import { CheckboxField, ListField, TextField } from '../common/config/fields';
import { SettingsSection } from '../common/config/SettingsSection';
import { DNS_PREVIEW_KEY, DNS_PROXY_KEY } from './resources';

interface Values {
  enabled: boolean;
  listen_interfaces: string[];
  port: string;
  cache_size_mb: string;
  dnssec: boolean;
}

/** Every rule comes from the endpoint's body schema (src/shared/contracts/dns.ts): the form cannot drift from it. */
const BODY = dns.ProxySettings;
const PORT = widgetRulesOf(BODY, 'port');
const CACHE = widgetRulesOf(BODY, 'cache_size_mb');
const LISTEN = widgetRulesOf(BODY, 'listen_interfaces');

// The form's Yup rules come with it (lazyRules.ts).
const proxySettingsRules = rulesModule(() =>
  import('./proxySettingsRules').then((m) => m.proxySettingsSchema),
);

const toValues = (s: dns.ProxySettings): Values => ({
  ...s,
  port: String(s.port),
  cache_size_mb: String(s.cache_size_mb),
});

export function ProxySettingsForm({ settings }: { settings: dns.ProxySettings }) {
  return (
    <SettingsSection
      title="General"
      dirtyId="dns-settings"
      initialValues={toValues(settings)}
      rules={proxySettingsRules}
      save={(v) => ({
        endpoint: dns.putProxySettings,
        key: DNS_PROXY_KEY,
        body: { ...v, port: Number(v.port), cache_size_mb: Number(v.cache_size_mb) },
        message: 'DNS proxy settings saved.',
        refresh: [DNS_PREVIEW_KEY],
      })}
    >
      <CheckboxField name="enabled" label="Enable the DNS proxy" />
      <ListField
        name="listen_interfaces"
        label="Listen addresses"
        validators={LISTEN.validators}
        placeholder="e.g. 192.168.1.1 or fd00::1"
      />
      <TextField name="port" label="Port" {...PORT} />
      <TextField
        name="cache_size_mb"
        label="Cache size (MiB)"
        {...CACHE}
        info="Memory for cached answers; the record cache gets twice as much."
      />
      <CheckboxField
        name="dnssec"
        label="Validate DNSSEC"
        description="Answers from signed zones that fail validation are refused."
      />
    </SettingsSection>
  );
}
