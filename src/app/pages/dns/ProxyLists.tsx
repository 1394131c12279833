/** The DNS proxy's four lists: upstream servers, host overrides, domain overrides and access lists. */
import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import * as dns from '../../../shared/contracts/dns';
import type {
  AccessRule,
  DnsProxy,
  DomainOverride,
  HostOverride,
  Upstream,
} from '../../../shared/contracts/dns';
import { widgetRulesOf } from '../../forms/fieldRules';
import { rulesModule } from '../../forms/lazyRules';
import { ListSection } from '../common/config/ListSection';
import { CheckboxField, SelectField, TextField } from '../common/config/fields';
import { DNS_PREVIEW_KEY, DNS_PROXY_KEY } from './resources';

// Every field's rules come from its endpoint's body schema (src/shared/contracts/dns.ts): formats (IPv4 or IPv6,
// names), bounds, required fields. test/app/forms/contractForms.test.ts fails when a form and its schema disagree.
// The lists' Yup rules (proxyListRules.ts) come with their dialogs (lazyRules.ts).
const upstreamRules = rulesModule(() => import('./proxyListRules').then((m) => m.upstreamSchema));
const hostRules = rulesModule(() => import('./proxyListRules').then((m) => m.hostSchema));
const domainRules = rulesModule(() => import('./proxyListRules').then((m) => m.domainSchema));
const accessRules = rulesModule(() => import('./proxyListRules').then((m) => m.accessSchema));
const PORT = widgetRulesOf(dns.UpstreamBody, 'port');
const UPSTREAM_ADDRESS = widgetRulesOf(dns.UpstreamBody, 'address');
const common = { resourceKey: DNS_PROXY_KEY, refresh: [DNS_PREVIEW_KEY] };

interface UpstreamValues {
  address: string;
  port: string;
  tls: boolean;
  tls_name: string;
}

/** The standard ports: plain DNS on 53, DNS over TLS on 853 (RFC 7858). */
export const PLAIN_DNS_PORT = '53';
export const DOT_PORT = '853';

/**
 * Ticking DNS over TLS with the plain port (or none) proposes 853; unticking it while still on 853 goes back to 53. A
 * port typed by hand (e.g. 5353) is left alone. Only a change of the box moves the port, not opening the form.
 */
function DotPortFollowsTransport() {
  const { values, setFieldValue } = useFormikContext<UpstreamValues>();
  const previous = useRef(values.tls);
  useEffect(() => {
    if (previous.current === values.tls) return;
    previous.current = values.tls;
    const port = values.port.trim();
    if (values.tls && (port === PLAIN_DNS_PORT || port === '')) void setFieldValue('port', DOT_PORT);
    else if (!values.tls && port === DOT_PORT) void setFieldValue('port', PLAIN_DNS_PORT);
  }, [values.tls, values.port, setFieldValue]);
  return null;
}

export function UpstreamList({ data, loading }: { data: DnsProxy['upstreams']; loading?: boolean }) {
  return (
    <ListSection<Upstream, UpstreamValues>
      {...common}
      title="Upstream servers"
      anchor="upstreams"
      itemName="upstream server"
      description="Where the proxy forwards the questions it cannot answer itself. DNS over TLS encrypts them and checks the server's certificate name."
      endpoints={dns.upstreams}
      items={data}
      loading={loading}
      emptyMessage="No upstream servers: the proxy resolves from the root servers itself."
      columns={[
        { title: 'Address', value: (u) => u.address },
        { title: 'Port', value: (u) => u.port, width: 90 },
        { title: 'Transport', value: (u) => (u.tls ? 'DNS over TLS' : 'Plain DNS') },
        { title: 'Name to verify', value: (u) => u.tls_name || '—' },
      ]}
      newValues={{ address: '', port: '53', tls: false, tls_name: '' }}
      toValues={(u) => ({ address: u.address, port: String(u.port), tls: u.tls, tls_name: u.tls_name })}
      toBody={(v) => ({ ...v, port: Number(v.port), tls_name: v.tls ? v.tls_name : '' })}
      rules={upstreamRules}
      describe={(u) => `upstream server ${u.address}`}
      renderFields={(v) => (
        <>
          <TextField
            name="address"
            label="Address"
            {...UPSTREAM_ADDRESS}
            placeholder="e.g. 9.9.9.9 or 2620:fe::fe"
          />
          <TextField name="port" label="Port" {...PORT} />
          <CheckboxField
            name="tls"
            label="Use DNS over TLS"
            description="DNS over TLS listens on port 853: ticking it proposes 853 in place of 53."
          />
          <DotPortFollowsTransport />
          {v.tls ? (
            <TextField
              name="tls_name"
              label="Name to verify"
              validators={['fqdn']}
              required
              placeholder="e.g. dns.quad9.net"
            />
          ) : null}
        </>
      )}
    />
  );
}

interface HostValues {
  host: string;
  domain: string;
  address: string;
  description: string;
}

export function HostOverrideList({ data, loading }: { data: HostOverride[]; loading?: boolean }) {
  return (
    <ListSection<HostOverride, HostValues>
      {...common}
      title="Host overrides"
      anchor="host-overrides"
      itemName="host override"
      description="Names the proxy answers itself. A host of * answers for every name in the domain."
      endpoints={dns.hostOverrides}
      items={data}
      loading={loading}
      emptyMessage="No host overrides."
      columns={[
        { title: 'Host', value: (h) => h.host },
        { title: 'Domain', value: (h) => h.domain },
        { title: 'Address', value: (h) => h.address },
        { title: 'Description', value: (h) => h.description },
      ]}
      newValues={{ host: '', domain: '', address: '', description: '' }}
      toValues={(h) => ({ host: h.host, domain: h.domain, address: h.address, description: h.description })}
      toBody={(v) => v}
      rules={hostRules}
      describe={(h) => `host override ${h.host}.${h.domain}`}
      renderFields={() => (
        <>
          <TextField
            name="host"
            label="Host"
            {...widgetRulesOf(dns.HostOverrideBody, 'host')}
            placeholder="e.g. nas"
          />
          <TextField
            name="domain"
            label="Domain"
            {...widgetRulesOf(dns.HostOverrideBody, 'domain')}
            placeholder="e.g. home.arpa"
          />
          <AddressField />
          <TextField name="description" label="Description" />
        </>
      )}
    />
  );
}

/** IPv4 or IPv6, by the same §5 rules the appliance checks with. */
function AddressField() {
  return (
    <TextField
      name="address"
      label="Address"
      {...widgetRulesOf(dns.HostOverrideBody, 'address')}
      placeholder="e.g. 192.168.1.10 or fd00::10"
    />
  );
}

interface DomainValues {
  domain: string;
  server: string;
  port: string;
  description: string;
}

export function DomainOverrideList({ data, loading }: { data: DomainOverride[]; loading?: boolean }) {
  return (
    <ListSection<DomainOverride, DomainValues>
      {...common}
      title="Domain overrides"
      anchor="domain-overrides"
      itemName="domain override"
      description="Questions about these domains go to their own server (e.g. a company's internal DNS)."
      endpoints={dns.domainOverrides}
      items={data}
      loading={loading}
      emptyMessage="No domain overrides."
      columns={[
        { title: 'Domain', value: (d) => d.domain },
        { title: 'Server', value: (d) => `${d.server}:${d.port}` },
        { title: 'Description', value: (d) => d.description },
      ]}
      newValues={{ domain: '', server: '', port: '53', description: '' }}
      toValues={(d) => ({
        domain: d.domain,
        server: d.server,
        port: String(d.port),
        description: d.description,
      })}
      toBody={(v) => ({ ...v, port: Number(v.port) })}
      rules={domainRules}
      describe={(d) => `domain override ${d.domain}`}
      renderFields={() => (
        <>
          <TextField
            name="domain"
            label="Domain"
            {...widgetRulesOf(dns.DomainOverrideBody, 'domain')}
            placeholder="e.g. corp.example"
          />
          <TextField name="server" label="Server" {...widgetRulesOf(dns.DomainOverrideBody, 'server')} />
          <TextField name="port" label="Port" {...widgetRulesOf(dns.DomainOverrideBody, 'port')} />
          <TextField name="description" label="Description" />
        </>
      )}
    />
  );
}

interface AccessValues {
  subnet: string;
  action: string;
  description: string;
}

export function AccessList({ data, loading }: { data: AccessRule[]; loading?: boolean }) {
  return (
    <ListSection<AccessRule, AccessValues>
      {...common}
      title="Access lists"
      anchor="access-lists"
      itemName="access rule"
      description="Networks allowed to ask the proxy. The appliance itself (loopback) may always ask; others are refused unless allowed here."
      endpoints={dns.accessLists}
      items={data}
      loading={loading}
      emptyMessage="No access rules: only the appliance itself may ask."
      columns={[
        { title: 'Network', value: (a) => a.subnet },
        { title: 'Action', value: (a) => (a.action === 'allow' ? 'Allow' : 'Refuse') },
        { title: 'Description', value: (a) => a.description },
      ]}
      newValues={{ subnet: '', action: 'allow', description: '' }}
      toValues={(a) => ({ subnet: a.subnet, action: a.action, description: a.description })}
      toBody={(v) => v}
      rules={accessRules}
      describe={(a) => `access rule for ${a.subnet}`}
      renderFields={() => (
        <>
          {/* No widget validators: the schema's message (host bits: the network meant) shows instead. */}
          <TextField name="subnet" label="Network" required placeholder="e.g. 192.168.1.0/24" />
          <SelectField
            name="action"
            label="Action"
            options={[
              { value: 'allow', name: 'Allow' },
              { value: 'refuse', name: 'Refuse' },
            ]}
          />
          <TextField name="description" label="Description" />
        </>
      )}
    />
  );
}
