/** The DNS proxy's general settings: on/off, listen addresses, port, cache size and DNSSEC validation. */
import { Formik } from 'formik';
import { Form } from '../../forms/Form';
import { useId } from 'react';
import { array, boolean, object, string } from 'yup';
import { fieldSchema } from '../../../lib/validation/yup';
import { isIpAddress } from '../../../lib/validation';
import { useResourceSave } from '../../../store/useResource';
import { FormDirtyReporter } from '../common/config/DirtyGuard';
import { CheckboxField, ListField, SaveDiscardActions, SavedReset, TextField } from '../common/config/fields';
import { WritableFieldset } from '../common/config/ReadOnly';
import { DNS_PREVIEW_KEY, DNS_PROXY_KEY, type DnsSettings } from './types';

interface Values {
  enabled: boolean;
  listen_interfaces: string[];
  port: string;
  cache_size_mb: string;
  dnssec: boolean;
}

const PORT = { validators: ['integer'] as const, min: 1, max: 65535, required: true };
const CACHE = { validators: ['integer'] as const, min: 1, max: 1024, required: true };

export const proxySettingsSchema = object({
  enabled: boolean(),
  listen_interfaces: array(string().required())
    .min(1, 'Add at least one address to listen on.')
    .test('ip', 'Every entry must be an IPv4 or IPv6 address.', (list) =>
      (list ?? []).every((a) => isIpAddress(a)),
    ),
  port: fieldSchema({ ...PORT, validators: [...PORT.validators] }, 'Port'),
  cache_size_mb: fieldSchema({ ...CACHE, validators: [...CACHE.validators] }, 'Cache size'),
  dnssec: boolean(),
});

const toValues = (s: DnsSettings): Values => ({
  ...s,
  port: String(s.port),
  cache_size_mb: String(s.cache_size_mb),
});

export function ProxySettingsForm({ settings }: { settings: DnsSettings }) {
  const { save, pending, status } = useResourceSave();
  const headingId = useId();
  const initial = toValues(settings);
  return (
    <section className="config-section" aria-labelledby={headingId}>
      <h2 id={headingId}>General</h2>
      <Formik<Values>
        initialValues={initial}
        enableReinitialize
        validationSchema={proxySettingsSchema}
        onSubmit={(v) => {
          save({
            key: DNS_PROXY_KEY,
            method: 'PUT',
            path: 'dns/proxy/settings',
            body: { ...v, port: Number(v.port), cache_size_mb: Number(v.cache_size_mb) },
            message: 'DNS proxy settings saved.',
            refresh: [DNS_PREVIEW_KEY],
          });
        }}
      >
        {() => (
          <Form noValidate className="config-form">
            <FormDirtyReporter id="dns-settings" />
            <SavedReset status={status} />
            <WritableFieldset>
              <CheckboxField name="enabled" label="Enable the DNS proxy" />
              <ListField
                name="listen_interfaces"
                label="Listen addresses"
                validators={['ip', 'ipv6']}
                placeholder="e.g. 192.168.1.1 or fd00::1"
              />
              <TextField name="port" label="Port" {...PORT} validators={PORT.validators} />
              <TextField
                name="cache_size_mb"
                label="Cache size (MiB)"
                {...CACHE}
                validators={CACHE.validators}
                info="Memory for cached answers; the record cache gets twice as much."
              />
              <CheckboxField
                name="dnssec"
                label="Validate DNSSEC"
                description="Answers from signed zones that fail validation are refused."
              />
              <SaveDiscardActions saveLabel="Save settings" pending={pending} />
            </WritableFieldset>
          </Form>
        )}
      </Formik>
    </section>
  );
}
