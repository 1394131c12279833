/**
 * A form must not refuse what the appliance stores, nor send what it refuses: the address fields of the DNS proxy
 * (upstreams, host and domain overrides, listen addresses), the network preferences (DNS and NTP servers) and SSH
 * (listen addresses) are checked here against the appliance's own checks, one table of addresses for all.
 */
import type { TSchema } from '@sinclair/typebox';
import { domainOverrideList, hostOverrideList, upstreamList } from '../../../../src/appliance/dns/proxy';
import { checkSettings, DEFAULT_DNS_SETTINGS } from '../../../../src/appliance/dns/proxy';
import { createAjv } from '../../../../src/appliance/http/scope';
import * as dns from '../../../../src/shared/contracts/dns';
import * as ssh from '../../../../src/shared/contracts/ssh';
import { checkPreferences } from '../../../../src/appliance/network/preferences';
import { checkSshSettings, DEFAULT_SSH_SETTINGS } from '../../../../src/appliance/ssh/config';
import { domainSchema, hostSchema, upstreamSchema } from '../../../../src/app/pages/dns/proxyListRules';
import { proxySettingsSchema } from '../../../../src/app/pages/dns/proxySettingsRules';
import { validatePreferences } from '../../../../src/app/pages/network/preferencesRules';
import { sshSettingsSchema } from '../../../../src/app/pages/ssh/sshSettingsRules';

/** [address, accepted] — the second column is what both sides must say. */
const ADDRESSES: Array<[string, boolean]> = [
  ['9.9.9.9', true],
  ['192.168.1.10', true],
  ['2620:fe::fe', true],
  ['2001:db8::1', true],
  ['::1', true],
  ['fd00:0:0:0:0:0:0:10', true],
  ['::ffff:192.0.2.1', true],
  ['9.9.9.9:853', false],
  ['[2620:fe::fe]:853', false],
  ['[2620:fe::fe]', false],
  ['9.9.9.9#dns.quad9.net', false],
  ['300.1.1.1', false],
  ['01.2.3.4', false],
  ['1.2.3', false],
  ['2001:db8::1::2', false],
  ['2001:db8:0:0:0:0:0:0:1', false],
  ['gggg::1', false],
  ['dns.quad9.net', false],
  ['', false],
];

/** What the appliance does with a body: its contract's schema (the route's Ajv, §5 formats), then the area's rules. */
const ajv = createAjv();
const schemaAccepts = (schema: TSchema, body: unknown) =>
  ajv.validate(JSON.parse(JSON.stringify(schema)), body);

const formAccepts = (schema: { isValidSync: (v: unknown) => boolean }, values: unknown) =>
  schema.isValidSync(values);

describe.each(ADDRESSES)('%j', (address, accepted) => {
  it('DNS upstream: form and appliance agree', () => {
    expect(formAccepts(upstreamSchema, { address, port: '53', tls: false, tls_name: '' })).toBe(accepted);
    const body = { address, port: 53, tls: false, tls_name: '' };
    expect(schemaAccepts(dns.UpstreamBody, body) && 'item' in upstreamList.check(body, [])).toBe(accepted);
  });

  it('DNS host override: form and appliance agree', () => {
    expect(formAccepts(hostSchema, { host: 'nas', domain: 'home.arpa', address, description: '' })).toBe(
      accepted,
    );
    const body = { host: 'nas', domain: 'home.arpa', address, description: '' };
    expect(schemaAccepts(dns.HostOverrideBody, body) && 'item' in hostOverrideList.check(body, [])).toBe(
      accepted,
    );
  });

  it('DNS domain override: form and appliance agree', () => {
    const values = { domain: 'corp.example.com', server: address, port: '53', description: '' };
    expect(formAccepts(domainSchema, values)).toBe(accepted);
    const body = { ...values, port: 53 };
    expect(schemaAccepts(dns.DomainOverrideBody, body) && 'item' in domainOverrideList.check(body, [])).toBe(
      accepted,
    );
  });

  it('DNS proxy listen addresses: form and appliance agree', () => {
    const values = {
      enabled: true,
      listen_interfaces: [address],
      port: '53',
      cache_size_mb: '16',
      dnssec: true,
    };
    expect(formAccepts(proxySettingsSchema, values)).toBe(accepted);
    const body = { ...DEFAULT_DNS_SETTINGS, listen_interfaces: [address] };
    expect(schemaAccepts(dns.ProxySettings, body) && checkSettings(body).length === 0).toBe(accepted);
  });

  it('network DNS servers: form and appliance agree', () => {
    const values = { hostname: 'gw', domain: '', dns_servers: address, ntp_servers: '', timezone: 'UTC' };
    // An empty optional list is valid on both sides; the table's '' means "no address", not a bad one.
    const expected = address === '' ? true : accepted;
    expect(validatePreferences(values).dns_servers === undefined).toBe(expected);
    const problems = checkPreferences(
      { ...values, dns_servers: address === '' ? [] : [address], ntp_servers: [] },
      new Set(['UTC']),
    );
    expect(problems.length === 0).toBe(expected);
  });

  it('SSH listen addresses: form and appliance agree', () => {
    const form = sshSettingsSchema.fields.listen_addresses as unknown as {
      isValidSync: (v: unknown) => boolean;
    };
    expect(form.isValidSync([address])).toBe(accepted);
    const body = { ...DEFAULT_SSH_SETTINGS, listen_addresses: [address] };
    expect(schemaAccepts(ssh.SshSettings, body) && checkSshSettings(body).length === 0).toBe(accepted);
  });
});
