/**
 * Every form that writes to an endpoint takes its rules from that endpoint's body schema (issue 39): for each form ↔
 * endpoint pair, every field is tried with a pool of sample values, and the form's verdict (its Yup schema, which
 * the widgets share, in the form's own values) must equal the verdict of the appliance's Ajv on the contract's
 * property schema (with the §5 formats). A form rule copied by hand that drifts (IPv4 only where the appliance takes
 * IPv6, a port bound, a length, a name pattern) fails here.
 *
 * Which forms write is found, not listed by hand: the scan below reads src/app for the endpoints the console writes
 * to (`endpoint: …`, `endpoints={…}`) and for the modules holding a form (`<Formik`, `<FormModal`, `<EntityForm`,
 * `<ListSection`). A new form, or a new write with a body, fails until it is paired here (or named, with its reason,
 * among the writes no form fills).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TObject } from '@sinclair/typebox';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { createAjv } from '../../../src/appliance/http/scope';
import * as dns from '../../../src/shared/contracts/dns';
import * as ssh from '../../../src/shared/contracts/ssh';
import * as authentication from '../../../src/shared/contracts/authentication';
import * as alerts from '../../../src/shared/contracts/alerts';
import { lockoutSchema } from '../../../src/app/pages/authentication/lockoutRules';
import {
  accessSchema,
  domainSchema,
  hostSchema,
  upstreamSchema,
} from '../../../src/app/pages/dns/proxyListRules';
import { proxySettingsSchema } from '../../../src/app/pages/dns/proxySettingsRules';
import { accountSchema as dynamicAccountSchema } from '../../../src/app/pages/dns/dynamicRules';
import { sshSettingsSchema } from '../../../src/app/pages/ssh/sshSettingsRules';
import { authorizedKeySchema } from '../../../src/app/pages/ssh/authorizedKeyRules';
import { thresholdsSchema } from '../../../src/app/pages/alerts/thresholdsRules';
import { channelSchema } from '../../../src/app/pages/alerts/channelRules';
import * as forwarding from '../../../src/shared/contracts/forwarding';
import * as pki from '../../../src/shared/contracts/pki';
import { toForm as forwardingValues } from '../../../src/app/pages/system/forwarding/ForwardingPage';
import { targetSchema } from '../../../src/app/pages/system/forwarding/targetRules';
import { NEW_CERTIFICATE } from '../../../src/app/pages/system/certificates/IssueModal';
import { issueSchema } from '../../../src/app/pages/system/certificates/issueRules';
import { csrSchema } from '../../../src/app/pages/system/certificates/csrRules';
import { NEW_IMPORT } from '../../../src/app/pages/system/certificates/ImportModal';
import { importSchema } from '../../../src/app/pages/system/certificates/importRules';
import { exportSchema } from '../../../src/app/pages/system/certificates/exportRules';
import { revokeSchema } from '../../../src/app/pages/system/certificates/revokeRules';
import { NEW_CA } from '../../../src/app/pages/system/authorities/CaCreateModal';
import { caCreateSchema } from '../../../src/app/pages/system/authorities/caCreateRules';
import { NEW_CA_IMPORT } from '../../../src/app/pages/system/authorities/CaImportModal';
import { caImportSchema } from '../../../src/app/pages/system/authorities/caImportRules';
import { crlImportSchema } from '../../../src/app/pages/system/crls/crlImportRules';
import { NEW_ACME_ACCOUNT } from '../../../src/app/pages/system/acme/AccountModal';
import { acmeAccountSchema } from '../../../src/app/pages/system/acme/acmeAccountRules';
import { NEW_ACME_ORDER } from '../../../src/app/pages/system/acme/OrderModal';
import { acmeOrderSchema } from '../../../src/app/pages/system/acme/acmeOrderRules';
import * as system from '../../../src/shared/contracts/system';
import * as fleet from '../../../src/shared/contracts/fleetEnrolment';
import {
  addApplianceSchema,
  fleetSettingsSchema,
  joinFleetSchema,
} from '../../../src/app/pages/system/fleet/fleetRules';
import * as backups from '../../../src/shared/contracts/backups';
import {
  downloadSchema,
  scheduleSchema as backupScheduleSchema,
  targetSchema as backupTargetSchema,
} from '../../../src/app/pages/system/backups/backupRules';
import { toTargetValues } from '../../../src/app/pages/system/backups/targetForm';
import { NEW_GROUP } from '../../../src/app/pages/authentication/GroupFields';
import { groupSchema } from '../../../src/app/pages/authentication/groupRules';
import { accountSchema, newAccountSchema } from '../../../src/app/pages/authentication/accountRules';
import { NEW_USER } from '../../../src/app/pages/authentication/UsersPage';
import { signupSchema } from '../../../src/app/pages/authentication/signupRules';
import { toValues as lockoutValues } from '../../../src/app/pages/authentication/LockoutPage';
import { layoutSchema } from '../../../src/app/pages/settings/layoutRules';
import { repositorySchema, scheduleSchema } from '../../../src/app/pages/updates/updateRules';
import { shellPasswordSchema } from '../../../src/app/pages/ssh/shellPasswordRules';
import { toForm as preferencesValues } from '../../../src/app/pages/network/NetworkPreferences';
import { preferencesSchema } from '../../../src/app/pages/network/preferencesRules';
import { toValues as providerValues } from '../../../src/app/pages/authentication/ProviderDetailPage';
import { providerSchema } from '../../../src/app/pages/authentication/providerRules';

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
  // Beyond every length a body takes (a PEM file's, a PKCS#12 file's).
  'x'.repeat(1_000_001),
  'DE',
  'de',
  'superseded',
  'pkcs12',
  'ops@example.com',
  'ops@example',
  'https://acme.example/directory',
  'http://acme.example/directory',
  '#76b100',
  '#76b10',
  '03:30',
  '24:00',
  'admin',
  'stable',
  'daily',
  'domains',
  '/srv/updates',
  'Correct-Horse-Battery-9',
  'ldaps://dc1:636',
  '(uid={username})',
  'uid={username}',
  '(cn=admins)',
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

interface Write {
  method: string;
  path: string;
  body?: unknown;
}

/** A form and the endpoints it writes to (one body schema). */
interface Pair {
  form: string;
  /** The module under src/app declaring the form. */
  file: string;
  schema: AnyObjectSchema;
  /** The endpoints the form writes to: each body's verdict is compared (a change may keep a secret unsent). */
  writes: readonly Write[];
  /** The form's values each sample is tried in (its initial values: conditions on other fields hold). */
  values?: object;
  /**
   * The body's fields compared (paths, `subject.common_name`). Left out: every string or integer field of the body
   * (not a fixed choice, which a select offers) that the form's `values` holds.
   */
  fields?: string[];
  /** A body field's name in the form, where it differs. */
  formPath?: Record<string, string>;
  /** List fields the form holds as comma-separated text (a sample is one entry's text). */
  textLists?: string[];
  /** Fields whose form rules add checks the schema cannot say (the key line's shape): only refusals must agree. */
  stricter?: string[];
}

const PAIRS: Pair[] = [
  {
    form: 'Add appliance',
    file: 'pages/system/fleet/AddApplianceModal.tsx',
    schema: addApplianceSchema,
    writes: [fleet.addFleetAppliance],
    values: { name: '', group: '' },
  },
  {
    form: 'Join a fleet',
    file: 'pages/system/fleet/JoinFleetSection.tsx',
    schema: joinFleetSchema,
    writes: [fleet.joinFleet],
    values: { code: '', address: '', fingerprint: '' },
  },
  {
    form: 'Fleet settings',
    file: 'pages/system/fleet/FleetSettingsSection.tsx',
    schema: fleetSettingsSchema,
    writes: [fleet.putFleetSettings],
    values: {
      manage: true,
      nats: 'embedded',
      public_host: 'fleet.example.net',
      listen_address: '0.0.0.0',
      nats_port: '4222',
      enrol_port: '4223',
      external_url: '',
      external_credentials: '',
    },
  },
  {
    form: 'DNS proxy settings',
    file: 'pages/dns/ProxySettingsForm.tsx',
    schema: proxySettingsSchema,
    writes: [dns.putProxySettings],
    fields: ['listen_interfaces', 'port', 'cache_size_mb'],
  },
  {
    form: 'DNS upstream server',
    file: 'pages/dns/ProxyLists.tsx',
    schema: upstreamSchema,
    writes: [dns.upstreams.add, dns.upstreams.replace],
    fields: ['address', 'port'],
  },
  {
    form: 'DNS host override',
    file: 'pages/dns/ProxyLists.tsx',
    schema: hostSchema,
    writes: [dns.hostOverrides.add, dns.hostOverrides.replace],
    fields: ['host', 'domain', 'address', 'description'],
  },
  {
    form: 'DNS domain override',
    file: 'pages/dns/ProxyLists.tsx',
    schema: domainSchema,
    writes: [dns.domainOverrides.add, dns.domainOverrides.replace],
    fields: ['domain', 'server', 'port', 'description'],
  },
  {
    form: 'DNS access rule',
    file: 'pages/dns/ProxyLists.tsx',
    schema: accessSchema,
    writes: [dns.accessLists.add, dns.accessLists.replace],
    fields: ['subnet', 'action', 'description'],
  },
  {
    form: 'Dynamic DNS account',
    file: 'pages/dns/DynamicPage.tsx',
    schema: dynamicAccountSchema,
    writes: [dns.dynamicAccounts.add, dns.dynamicAccounts.replace],
    fields: ['hostname', 'username', 'interval_seconds', 'ttl'],
  },
  {
    form: 'SSH settings',
    file: 'pages/ssh/SshSettingsForm.tsx',
    schema: sshSettingsSchema,
    writes: [ssh.putSettings],
    fields: ['port', 'listen_addresses', 'allow_groups'],
  },
  {
    form: 'SSH authorised key',
    file: 'pages/ssh/AuthorizedKeys.tsx',
    schema: authorizedKeySchema,
    writes: [ssh.authorizedKeys.add, ssh.authorizedKeys.replace],
    fields: ['username', 'key'],
    stricter: ['key'],
  },
  {
    form: 'Lockout policy',
    file: 'pages/authentication/LockoutPage.tsx',
    schema: lockoutSchema,
    writes: [authentication.putLockoutPolicy],
    values: {
      ...lockoutValues({
        attempts: 5,
        window_seconds: 300,
        duration_seconds: 900,
        account: { attempts: 50, window_seconds: 900 },
        source: { attempts: 30, window_seconds: 900 },
        allow_list: [],
      }),
      source_enabled: true,
    },
    formPath: {
      'account.attempts': 'account_attempts',
      'account.window_seconds': 'account_window_seconds',
      'source.attempts': 'source_attempts',
      'source.window_seconds': 'source_window_seconds',
    },
    fields: [
      'attempts',
      'window_seconds',
      'duration_seconds',
      'account.attempts',
      'account.window_seconds',
      'source.attempts',
      'source.window_seconds',
      'allow_list',
    ],
    // Each allow-list entry is a network without host bits: the appliance handler's check, said by the form too.
    stricter: ['allow_list'],
  },
  {
    form: 'Add group',
    file: 'pages/authentication/GroupsPage.tsx',
    schema: groupSchema,
    writes: [authentication.createGroup],
    values: NEW_GROUP,
    fields: ['name', 'description'],
  },
  {
    form: 'Group',
    file: 'pages/authentication/GroupDetailPage.tsx',
    schema: groupSchema,
    writes: [authentication.putGroup],
    values: NEW_GROUP,
    fields: ['name', 'description'],
  },
  {
    form: 'Add user',
    file: 'pages/authentication/UsersPage.tsx',
    schema: newAccountSchema,
    writes: [authentication.createUser],
    values: NEW_USER,
    fields: ['username', 'email', 'full_name', 'role'],
    // The address's form (§5 e-mail) is the appliance handler's check, said by the form too.
    stricter: ['email'],
  },
  {
    form: 'User',
    file: 'pages/authentication/UserDetailPage.tsx',
    schema: accountSchema,
    writes: [authentication.putUser],
    values: NEW_USER,
    fields: ['email', 'full_name', 'role'],
    stricter: ['email'],
  },
  {
    form: 'Self-service sign-up',
    file: 'pages/authentication/SignupSection.tsx',
    schema: signupSchema,
    writes: [authentication.putSignupPolicy],
    values: { mode: 'domains', allowed_domains: [] },
    fields: ['mode', 'allowed_domains'],
    // Each entry a domain or `*.` and a domain: the shared rule the appliance applies (src/shared/signupPolicy.ts).
    stricter: ['allowed_domains'],
  },
  {
    form: 'Layout settings',
    file: 'pages/settings/LayoutSettingsPage.tsx',
    schema: layoutSchema,
    writes: [system.putUiSettings],
    values: { primary_color: '#76b100', bar_color: '#333333', login_title: '' },
    fields: ['primary_color', 'bar_color', 'login_title'],
  },
  {
    form: 'Update source',
    file: 'pages/updates/UpdateForms.tsx',
    schema: repositorySchema,
    writes: [system.putUpdateSettings],
    values: { repository: '', channel: 'stable' },
    fields: ['repository', 'channel'],
    // Where packages may come from (a directory or an http(s) URL) is the appliance handler's check, said here too.
    stricter: ['repository'],
  },
  {
    form: 'Scheduled security updates',
    file: 'pages/updates/UpdateForms.tsx',
    schema: scheduleSchema,
    writes: [system.putUpdateSchedule],
    values: { enabled: true, day: 'daily', time: '03:00' },
    fields: ['day', 'time'],
  },
  {
    form: 'LDAP provider',
    file: 'pages/authentication/ProviderDetailPage.tsx',
    schema: providerSchema('ldap', undefined),
    writes: [authentication.createProvider, authentication.putProvider],
    values: { ...providerValues(undefined), oidc: undefined },
  },
  {
    form: 'OpenID provider',
    file: 'pages/authentication/ProviderDetailPage.tsx',
    schema: providerSchema('oidc', undefined),
    writes: [authentication.createProvider, authentication.putProvider],
    values: { ...providerValues(undefined), ldap: undefined },
    // The scopes must include `openid`: the page's own rule.
    stricter: ['oidc.scopes'],
  },
  {
    form: 'Network preferences',
    file: 'pages/network/NetworkPreferences.tsx',
    schema: preferencesSchema,
    writes: [system.putNetworkPreferences],
    values: preferencesValues({
      hostname: 'gw',
      domain: 'home.arpa',
      dns_servers: [],
      ntp_servers: [],
      timezone: 'UTC',
    }),
    textLists: ['dns_servers', 'ntp_servers'],
    // Names and addresses by §5 (a host name, a domain, IP addresses, servers): the appliance handler's checks.
    stricter: ['hostname', 'domain', 'dns_servers', 'ntp_servers', 'timezone'],
  },
  {
    form: 'SSH password',
    file: 'pages/ssh/PasswordPage.tsx',
    schema: shellPasswordSchema('admin'),
    writes: [ssh.putShellPassword],
    values: { new_password: '', confirm: '', current_password: '' },
    // The new password must not hold the user name and must not be weak: the page's own rules.
    stricter: ['new_password'],
  },
  {
    form: 'Alert thresholds',
    file: 'pages/alerts/AlertsPage.tsx',
    schema: thresholdsSchema,
    writes: [alerts.putAlertSettings],
    fields: ['lockout_threshold'],
  },
  {
    form: 'Alert channel',
    file: 'pages/alerts/ChannelsPage.tsx',
    schema: channelSchema,
    writes: [alerts.createChannel, alerts.putChannel],
    fields: ['name'],
  },
  {
    form: 'Log forwarding target',
    file: 'pages/system/forwarding/ForwardingPage.tsx',
    schema: targetSchema,
    writes: [forwarding.createTarget, forwarding.updateTarget],
    values: forwardingValues(),
  },
  {
    form: 'Issue certificate',
    file: 'pages/system/certificates/IssueModal.tsx',
    schema: issueSchema,
    writes: [pki.issueCertificate],
    values: { ca_id: 'ca-1', ...NEW_CERTIFICATE, dns: ['www.example.org'] },
    formPath: { 'sans.dns': 'dns', 'sans.ip': 'ip' },
  },
  {
    form: 'Sign a certificate request',
    file: 'pages/system/certificates/CsrModal.tsx',
    schema: csrSchema,
    writes: [pki.signCsr],
    values: { ca_id: 'ca-1', profile: 'server', csr: '', validity_days: '397', name: '' },
  },
  {
    form: 'Import certificate (PEM)',
    file: 'pages/system/certificates/ImportModal.tsx',
    schema: importSchema,
    writes: [pki.importCertificate],
    values: NEW_IMPORT,
  },
  {
    form: 'Import certificate (PKCS#12)',
    file: 'pages/system/certificates/ImportModal.tsx',
    schema: importSchema,
    writes: [pki.importPkcs12],
    values: { ...NEW_IMPORT, kind: 'pkcs12' },
    // The dialog asks for the file's password; the schema also takes an empty one.
    stricter: ['password'],
  },
  {
    form: 'Export with private key',
    file: 'pages/system/certificates/ExportModal.tsx',
    schema: exportSchema,
    writes: [pki.exportCertificate],
    values: { format: 'pem', password: '', include_chain: true },
    fields: ['format', 'password'],
  },
  {
    form: 'Revoke certificate',
    file: 'pages/system/certificates/RevokeModal.tsx',
    schema: revokeSchema,
    writes: [pki.revokeCertificate],
    values: { reason: 'unspecified' },
    fields: ['reason'],
  },
  {
    form: 'Create certificate authority',
    file: 'pages/system/authorities/CaCreateModal.tsx',
    schema: caCreateSchema,
    writes: [pki.createCa],
    values: NEW_CA,
  },
  {
    form: 'Import certificate authority',
    file: 'pages/system/authorities/CaImportModal.tsx',
    schema: caImportSchema,
    writes: [pki.importCa],
    values: NEW_CA_IMPORT,
  },
  {
    form: 'Import revocation list',
    file: 'pages/system/crls/CrlImportModal.tsx',
    schema: crlImportSchema,
    writes: [pki.importCrl],
    values: { crl: '', name: '' },
  },
  {
    form: 'Register ACME account',
    file: 'pages/system/acme/AccountModal.tsx',
    schema: acmeAccountSchema,
    writes: [pki.createAcmeAccount],
    values: NEW_ACME_ACCOUNT,
  },
  {
    form: 'New ACME order',
    file: 'pages/system/acme/OrderModal.tsx',
    schema: acmeOrderSchema,
    writes: [pki.createAcmeOrder],
    values: { account_id: 'acct-1', ...NEW_ACME_ORDER },
  },
  {
    form: 'Backup schedule',
    file: 'pages/system/backups/ScheduleForm.tsx',
    schema: backupScheduleSchema(true),
    writes: [backups.putBackupSchedule],
    values: {
      schedule: 'daily',
      at_time: '03:00',
      weekday: '0',
      interval_hours: '24',
      passphrase: '',
      confirm: '',
    },
    fields: ['at_time', 'weekday', 'interval_hours'],
  },
  {
    form: 'Backup target',
    file: 'pages/system/backups/TargetModal.tsx',
    schema: backupTargetSchema,
    writes: [backups.postBackupTarget, backups.putBackupTarget],
    values: toTargetValues(null),
    fields: ['name', 'directory', 'host', 'username', 'keep'],
  },
  {
    form: 'Backup download',
    file: 'pages/system/backups/DownloadModal.tsx',
    schema: downloadSchema,
    writes: [backups.exportBackup],
    values: { passphrase: '', confirm: '' },
    fields: ['passphrase'],
  },
];

/** Writes with a body that no form fills: a button sends them, with a body the page makes. */
const NOT_FORMS: Record<string, string> = {
  'POST groups/bulk': 'the groups list’s bulk action (the chosen rows’ ids)',
  'POST users/bulk': 'the users list’s bulk action (the chosen rows’ ids)',
  'POST fleet/appliances/bulk': 'the fleet list’s bulk remove (the chosen rows’ ids)',
  'POST pki/certificates/:id/renew':
    'the Renew action of a certificate (its body is the page’s, no field is typed)',
  'POST users/lockout-simulation':
    'the lockout simulator replays the policy form’s values, which its rules hold',
  'PUT authentication/services/:id':
    'the providers’ order of a service (a list the page reorders, nothing typed)',
  'POST backups/run': 'the Backups page’s Run now action (no field is typed)',
  'POST backups/fingerprint':
    'the target dialog’s Fetch host key action: the server and port the target form’s rules (its body’s) hold',
  'POST backups/restore/plan':
    'the restore wizard: the chosen archive file and the passphrase it was sealed with, which only the archive can judge',
  'POST backups/restore':
    'the restore wizard: the chosen archive file and the passphrase it was sealed with, which only the archive can judge',
  'POST authentication/providers/test':
    'the provider form’s Test button: the settings the form’s rules (the provider body’s) hold, and the test sign-in',
};

/** Modules holding a form that writes to no endpoint's body here, and why. */
const FORMS_WITHOUT_BODY: Record<string, string> = {
  'pages/account/LocalLoginScreen.tsx':
    'a sign-in screen: the login page’s first script may not carry the contracts’ schemas (its size budget)',
  'pages/account/ChangePasswordScreen.tsx':
    'a sign-in screen: the login page’s first script may not carry the contracts’ schemas (its size budget)',
  'pages/account/identity/FlowForm.tsx':
    'the identity service’s flows: their rules come from the flow’s own nodes, not from an appliance endpoint',
};

const ajv = createAjv();
const plain = (s: unknown) => JSON.parse(JSON.stringify(s)) as JsonSchema;

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}

const bodyOf = (pair: Pair): TObject => pair.writes[0].body as TObject;
const bodiesOf = (pair: Pair): TObject[] => [...new Set(pair.writes.map((w) => w.body as TObject))];

/** The property's schema at a path, and whether its object requires it (a nullable object: its object's). */
function propertyAt(body: TObject, path: string): { prop: JsonSchema; required: boolean } {
  let node = plain(body);
  let required = true;
  for (const name of path.split('.')) {
    node = node.anyOf?.find((s) => s.properties) ?? node;
    const next = node.properties?.[name];
    if (!next) throw new Error(`the body has no field ${path}`);
    required = (node.required ?? []).includes(name);
    node = next;
  }
  return { prop: node, required };
}

const scalar = (s: JsonSchema | undefined) =>
  !!s && (s.type === 'string' || s.type === 'integer') && !s.enum && s.const === undefined;

/** The body's string and integer fields (and lists of them), nested objects' as paths. */
function leafPaths(node: JsonSchema, prefix = ''): string[] {
  return Object.entries(node.properties ?? {}).flatMap(([name, prop]) => {
    const path = prefix + name;
    if (prop.type === 'object' && prop.properties) return leafPaths(prop, `${path}.`);
    return scalar(prop) || (prop.type === 'array' && scalar(prop.items)) ? [path] : [];
  });
}

const getIn = (o: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);

function setIn(o: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  return {
    ...o,
    [head]: rest.length ? setIn((o[head] as Record<string, unknown>) ?? {}, rest.join('.'), value) : value,
  };
}

const formPathOf = (pair: Pair, field: string) => pair.formPath?.[field] ?? field;

function fieldsOf(pair: Pair): string[] {
  if (pair.fields) return pair.fields;
  return leafPaths(plain(bodyOf(pair))).filter((f) => getIn(pair.values, formPathOf(pair, f)) !== undefined);
}

const isList = (body: TObject, field: string) => propertyAt(body, field).prop.type === 'array';
const isInteger = (body: TObject, field: string) => {
  const { prop } = propertyAt(body, field);
  return (prop.type === 'array' ? prop.items?.type : prop.type) === 'integer';
};

/**
 * The appliance's verdict on one field's value (a list field's value is a one-entry list). An optional field left
 * empty is not sent (as the forms' bodies leave it out), which the appliance accepts.
 */
function applianceAccepts(body: TObject, field: string, value: string): boolean {
  const { prop, required } = propertyAt(body, field);
  if (value === '' && !required && prop.type !== 'array') return true;
  // The form's text becomes the number it sends (as the forms' toBody do); other text is sent as is.
  const sent = isInteger(body, field) && /^-?\d+$/.test(value) ? Number(value) : value;
  return ajv.validate(prop, prop.type === 'array' ? [sent] : sent);
}

function formAccepts(pair: Pair, field: string, value: string): boolean {
  const path = formPathOf(pair, field);
  const asList = isList(bodyOf(pair), field) && !pair.textLists?.includes(field);
  const values = setIn((pair.values ?? {}) as Record<string, unknown>, path, asList ? [value] : value);
  try {
    pair.schema.validateSyncAt(path, values);
    return true;
  } catch (e) {
    if (e instanceof ValidationError) return false;
    throw e;
  }
}

const labelOf = (s: string) =>
  s.length > 80 ? `${s.slice(0, 8)}… (${s.length} characters)` : JSON.stringify(s);

const samplesOf = (body: TObject, field: string) => (isInteger(body, field) ? INTEGERS : STRINGS);

describe.each(PAIRS)('$form form ↔ its endpoint’s body schema', (pair) => {
  const body = bodyOf(pair);
  it('compares at least one field', () => {
    expect(fieldsOf(pair).length).toBeGreaterThan(0);
  });
  describe.each(fieldsOf(pair))('%s', (field) => {
    it('the form has a rule for the field', () => {
      expect(() => pair.schema.validateSyncAt(formPathOf(pair, field), pair.values ?? {})).not.toThrow(
        /does not contain the path|The schema does not contain/,
      );
    });
    it.each(samplesOf(body, field).map((s) => [labelOf(s), s]))(
      '%s: same verdict on both sides',
      (label, value) => {
        const form = formAccepts(pair, field, value);
        for (const [write, b] of bodiesOf(pair).entries()) {
          const appliance = applianceAccepts(b, field, value);
          if (pair.stricter?.includes(field)) {
            // The form may refuse more (it checks the line's shape), never accept what the appliance refuses.
            if (!appliance) expect({ label, write, form }).toEqual({ label, write, form: false });
          } else expect({ label, write, form }).toEqual({ label, write, form: appliance });
        }
      },
    );
  });
});

it('the pools cover both verdicts for every field (a table that only says yes proves nothing)', () => {
  for (const pair of PAIRS) {
    const body = bodyOf(pair);
    for (const field of fieldsOf(pair)) {
      const verdicts = new Set(samplesOf(body, field).map((v) => applianceAccepts(body, field, v)));
      expect({ form: pair.form, field, verdicts: [...verdicts].sort() }).toEqual({
        form: pair.form,
        field,
        verdicts: [false, true],
      });
    }
  }
});

// ——— Every form that writes is here ———

const SRC = join(__dirname, '../../../src');
const APP = join(SRC, 'app');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every endpoint of the contract modules by its exported name (a configuration list: its add and replace). */
function contractIndex(): Map<string, Write[]> {
  const index = new Map<string, Write[]>();
  const dir = join(SRC, 'shared/contracts');
  // A contract module is a file, or a folder whose index gathers its files (authentication, pki).
  const modules = readdirSync(dir).flatMap((name) =>
    name.endsWith('.ts')
      ? [join(dir, name)]
      : statSync(join(dir, name)).isDirectory()
        ? [join(dir, name, 'index.ts')]
        : [],
  );
  for (const file of modules) {
    const mod = require(file) as Record<string, unknown>; // eslint-disable-line @typescript-eslint/no-require-imports
    for (const [exported, value] of Object.entries(mod)) {
      const v = value as { kind?: string; add?: Write; replace?: Write } | null;
      const found =
        v?.kind === 'endpoint' ? [v as Write] : v && v.add && v.replace ? [v.add, v.replace] : undefined;
      if (found) index.set(exported, [...(index.get(exported) ?? []), ...found]);
    }
  }
  return index;
}

/** A write a form fills: not a read, with a body of named fields. */
const takesFields = (w: Write) =>
  w.method !== 'GET' && Object.keys(plain(w.body ?? {}).properties ?? {}).length > 0;

const nameOf = (w: Write) => `${w.method} ${w.path}`;

describe('every form that writes is compared', () => {
  const index = contractIndex();
  const files = sources(APP);
  const paired = new Set(PAIRS.flatMap((p) => p.writes));

  it('each write with a body the console sends is a paired form’s, or named as no form’s', () => {
    const unpaired = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const [, ref] of text.matchAll(/\bendpoints?\s*[:=]\s*\{?\s*([A-Za-z_$][\w$.]*)/g)) {
        // `dns.putUser` → `putUser`; `endpoints.add` (the kit's own parameter) names no contract export.
        const writes = ref
          .split('.')
          .map((part) => index.get(part))
          .find((w) => w !== undefined);
        for (const w of writes ?? [])
          if (takesFields(w) && !paired.has(w) && !(nameOf(w) in NOT_FORMS))
            unpaired.add(`${nameOf(w)} (${relative(APP, file)})`);
      }
    }
    expect([...unpaired].sort()).toEqual([]);
  });

  it('each module holding a form is a paired form’s, or says why it writes no body', () => {
    const kit = /^(forms|pages\/common)\//;
    const holding = files
      .map((f) => relative(APP, f))
      .filter((f) => !kit.test(f))
      .filter((f) => /<(Formik|FormModal|EntityForm|ListSection)\b/.test(readFileSync(join(APP, f), 'utf8')));
    const known = new Set([...PAIRS.map((p) => p.file), ...Object.keys(FORMS_WITHOUT_BODY)]);
    expect(holding.filter((f) => !known.has(f)).sort()).toEqual([]);
  });

  it('the named exceptions are still there (a stale one hides nothing)', () => {
    const written = new Set([...index.values()].flat().map(nameOf));
    for (const name of Object.keys(NOT_FORMS))
      expect({ name, written: written.has(name) }).toEqual({ name, written: true });
    for (const file of Object.keys(FORMS_WITHOUT_BODY))
      expect({ file, exists: files.includes(join(APP, file)) }).toEqual({ file, exists: true });
  });
});
