/**
 * A form must accept what its endpoint's body schema accepts and refuse what it refuses (issue 27 §1): for each
 * form ↔ endpoint pair of the DNS and SSH pages, every field is tried with a pool of sample values, and the form's
 * verdict (its Yup schema, which the widgets share) must equal the verdict of the appliance's Ajv on the contract's
 * property schema (with the §5 formats). A form rule copied by hand that drifts (IPv4 only where the appliance takes
 * IPv6, a port bound, a length, a name pattern) fails here.
 */
import type { TObject } from '@sinclair/typebox';
import type { AnyObjectSchema } from 'yup';
import { createAjv } from '../../../src/appliance/http/scope';
import * as dns from '../../../src/shared/contracts/dns';
import * as ssh from '../../../src/shared/contracts/ssh';
import * as authentication from '../../../src/shared/contracts/authentication';
import { lockoutSchema } from '../../../src/app/pages/authentication/LockoutPage';
import {
  accessSchema,
  domainSchema,
  hostSchema,
  upstreamSchema,
} from '../../../src/app/pages/dns/ProxyLists';
import { proxySettingsSchema } from '../../../src/app/pages/dns/ProxySettingsForm';
import { accountSchema as dynamicAccountSchema } from '../../../src/app/pages/dns/DynamicPage';
import { sshSettingsSchema } from '../../../src/app/pages/ssh/SshSettingsForm';
import { authorizedKeySchema } from '../../../src/app/pages/ssh/AuthorizedKeys';
import * as alerts from '../../../src/shared/contracts/alerts';
import { thresholdsSchema } from '../../../src/app/pages/alerts/AlertsPage';
import { channelSchema } from '../../../src/app/pages/alerts/ChannelsPage';

const STRINGS = [
  '',
  '9.9.9.9',
  '192.168.1.10',
  '2620:fe::fe',
  '::1',
  '::ffff:192.0.2.1',
  '300.1.1.1',
  '01.2.3.4',
  '9.9.9.9:853',
  '[2620:fe::fe]',
  'gggg::1',
  'nas',
  '*',
  '-nas',
  'n'.repeat(64),
  'home.arpa',
  'corp.example.com',
  'example..com',
  'dns.quad9.net',
  'a'.repeat(250) + '.com',
  '10.0.0.0/8',
  '10.0.0.1/8',
  '192.168.1.0/24',
  '10.0.0.0/33',
  'allow',
  'refuse',
  'deny',
  'wheel',
  'Wheel',
  '_ops',
  '9ops',
  'a note',
  'two\nlines',
  'bell\u0007',
  'x'.repeat(201),
];
const INTEGERS = [
  '0',
  '1',
  '22',
  '53',
  '60',
  '100',
  '101',
  '1024',
  '1025',
  '65535',
  '65536',
  '86400',
  '86401',
  '-1',
  '1.5',
  'abc',
  '',
];

/** The form's field name ↔ the body's property; `only: 'refused'` when the form is stricter by design. */
interface Pair {
  form: string;
  schema: AnyObjectSchema;
  body: TObject;
  fields: string[];
  /** Fields whose form rules add checks the schema cannot say (the key line's shape): only refusals must agree. */
  stricter?: string[];
}

const PAIRS: Pair[] = [
  {
    form: 'DNS proxy settings',
    schema: proxySettingsSchema,
    body: dns.ProxySettings,
    fields: ['listen_interfaces', 'port', 'cache_size_mb'],
  },
  {
    form: 'DNS upstream server',
    schema: upstreamSchema,
    body: dns.UpstreamBody,
    fields: ['address', 'port'],
  },
  {
    form: 'DNS host override',
    schema: hostSchema,
    body: dns.HostOverrideBody,
    fields: ['host', 'domain', 'address', 'description'],
  },
  {
    form: 'DNS domain override',
    schema: domainSchema,
    body: dns.DomainOverrideBody,
    fields: ['domain', 'server', 'port', 'description'],
  },
  {
    form: 'DNS access rule',
    schema: accessSchema,
    body: dns.AccessRuleBody,
    fields: ['subnet', 'action', 'description'],
  },
  {
    form: 'Dynamic DNS account',
    schema: dynamicAccountSchema,
    body: dns.DdnsAccountBody,
    fields: ['hostname', 'username', 'interval_seconds', 'ttl'],
  },
  {
    form: 'SSH settings',
    schema: sshSettingsSchema,
    body: ssh.SshSettings,
    fields: ['port', 'listen_addresses', 'allow_groups'],
  },
  {
    form: 'SSH authorised key',
    schema: authorizedKeySchema,
    body: ssh.AuthorizedKeyBody,
    fields: ['username', 'key'],
    stricter: ['key'],
  },
  {
    form: 'Lockout policy',
    schema: lockoutSchema,
    body: authentication.lockoutPolicyBody,
    fields: ['attempts', 'window_seconds', 'duration_seconds'],
  },
  {
    form: 'Alert thresholds',
    schema: thresholdsSchema,
    body: alerts.alertSettings,
    fields: ['lockout_threshold'],
  },
  {
    form: 'Alert channel',
    schema: channelSchema,
    body: alerts.channelBody,
    fields: ['name'],
  },
];

const ajv = createAjv();
const plain = (s: unknown) => JSON.parse(JSON.stringify(s)) as Record<string, unknown>;

interface Property {
  type?: string;
  items?: { type?: string };
}

/** The appliance's verdict on one field's value (a list field's value is a one-entry list). */
function applianceAccepts(body: TObject, field: string, value: string): boolean {
  const root = plain(body) as { properties: Record<string, Property>; required?: string[] };
  const prop = root.properties[field];
  const isInteger = (prop.type === 'array' ? prop.items?.type : prop.type) === 'integer';
  // The form's text becomes the number it sends (as the forms' toBody do); other text is sent as is.
  const sent = isInteger && /^-?\d+$/.test(value) ? Number(value) : value;
  return ajv.validate(prop, prop.type === 'array' ? [sent] : sent);
}

function formAccepts(schema: AnyObjectSchema, field: string, value: string, list: boolean): boolean {
  return (
    schema.fields[field] !== undefined &&
    (schema.fields[field] as AnyObjectSchema).isValidSync(list ? [value] : value)
  );
}

describe.each(PAIRS)('$form form ↔ its endpoint’s body schema', ({ schema, body, fields, stricter = [] }) => {
  const props = (plain(body) as { properties: Record<string, Property> }).properties;
  describe.each(fields)('%s', (field) => {
    const list = props[field].type === 'array';
    const integer = (list ? props[field].items?.type : props[field].type) === 'integer';
    const samples = integer ? INTEGERS : STRINGS;
    it('the form field exists and the body has the property', () => {
      expect(schema.fields[field]).toBeDefined();
      expect(props[field]).toBeDefined();
    });
    it.each(samples.map((s) => [JSON.stringify(s), s]))('%s: same verdict on both sides', (_label, value) => {
      const appliance = applianceAccepts(body, field, value);
      const form = formAccepts(schema, field, value, list);
      if (stricter.includes(field)) {
        // The form may refuse more (it checks the line's shape), never accept what the appliance refuses.
        if (!appliance) expect({ value, form }).toEqual({ value, form: false });
      } else expect({ value, form }).toEqual({ value, form: appliance });
    });
  });
});

it('the pools cover both verdicts for every field (a table that only says yes proves nothing)', () => {
  for (const { body, fields } of PAIRS) {
    const props = (plain(body) as { properties: Record<string, Property> }).properties;
    for (const field of fields) {
      const list = props[field].type === 'array';
      const integer = (list ? props[field].items?.type : props[field].type) === 'integer';
      const verdicts = new Set((integer ? INTEGERS : STRINGS).map((v) => applianceAccepts(body, field, v)));
      expect({ field, verdicts: [...verdicts].sort() }).toEqual({ field, verdicts: [false, true] });
    }
  }
});
