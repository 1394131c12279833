/**
 * The configuration sections of every area, registered into the revisions' registry (revisions/sections.ts): part
 * of the assembly, beside index.ts, because it reads each feature's store (the kernel may not import features).
 */
import type { ApplianceContext } from './context';
import { portClashes } from './apply/ports';
import { checkSettings, readDnsSnapshot, restoreDnsSnapshot } from './dns/proxy';
import { checkAccount, storedAccount } from './dns/dynamic';
import { bindingChange, ddnsSecretBinding, RETYPE_ERROR, retypeMessage } from '../shared/secretBinding';
import { checkSshSettings, readSshSnapshot, restoreSshSnapshot } from './ssh/config';
import { checkPreferences, readPreferences, timeZones, writePreferences } from './network/preferences';
import { readFullPolicy, writeFullPolicy, type FullLockoutPolicy } from './auth/lockout';
import { LOCKOUT_SERVICE } from './auth/lockoutPolicy';
import * as dnsContract from '../shared/contracts/dns';
import * as sshContract from '../shared/contracts/ssh';
import {
  networkPreferences,
  uiSettingsBody,
  updateSchedule,
  updateSettingsBody,
  type NetworkPreferences,
  type UiSettingsBody,
  type UpdateSchedule,
  type UpdateSettingsBody,
} from '../shared/contracts/system';
import { repositoryError } from './updates/routes';
import {
  accountBody,
  groupBody,
  lockoutPolicy,
  providerBody,
  SERVICE_IDS,
  signupPolicy,
  type AccountBody,
  type GroupBody,
  type ProviderBody,
} from '../shared/contracts/authentication';
import { checkChannel, writeAlertSettings } from './alerts';
import { alertSettings, channelBody, type AlertSettings, type ChannelBody } from '../shared/contracts/alerts';
import { HttpError, type ErrorItem } from './http/errors';
import { canonical } from './revisions/diff';
import type { Db } from '../storage/sqlite';
import { listGroups, saveGroup } from './users/groupsStore';
import { checkSignupPolicy, readSignupPolicy, writeSignupPolicy } from './providers/signup';
import { providerSettingsErrors } from './providers';
import { SERVICES } from './providers/services';
import { forgetSecret, LOCAL_PROVIDER_ID, secretBindingOf, secretRebindReason } from './providers/store';
import { guardAccountWrite } from './users/adminRule';
import { accountFieldErrors } from './users';
import { writeAccountFields } from './users/store';
import { emitApplianceEvent } from './events';
import { deleteTargetRows, forwarderOf, storeTargetRow, targetTlsErrors } from './forwarding';
import { forwardingTargetBody, type ForwardingTargetBody } from '../shared/contracts/forwarding';
import { acmeOrderSettingsBody, type AcmeOrderSettingsBody } from '../shared/contracts/pki';
import { Type } from '@sinclair/typebox';
import { stringEnum } from '../shared/contracts/fields';
import type { LdapSettings, OidcSettings } from '../shared/authentication';
import type { SignupPolicy } from '../shared/signupPolicy';
import { currentVersion, readSettings } from './updates/store';
import { readTrustedKeys } from './updates/keys';
import { secretKey, secretMarker } from './revisions/secrets';
import {
  checked,
  entityError,
  itemId,
  keyed,
  kindOf,
  knownIds,
  listItems,
  plainObject,
  rules,
  sameSecret,
  unchanged,
} from './revisions/sectionKit';
import {
  registerSection,
  registerVersionReader,
  type Entities,
  type Entity,
  type Json,
} from './revisions/sections';

const DNS_LIST_TITLES: Record<string, (e: Entity) => string> = {
  upstream: (e) => `Upstream ${String(e.address)}@${String(e.port)}${e.tls ? ' (TLS)' : ''}`,
  host_override: (e) => `Host override ${e.host === '*' ? '*' : String(e.host)}.${String(e.domain)}`,
  domain_override: (e) => `Domain override ${String(e.domain)}`,
  access_list: (e) => `Access rule ${String(e.subnet)}`,
};

/** What a TLS log forwarding target may present (PKI certificates with their key) and trust (every PKI CA). */
export function forwardingPkiChoices(db: Db) {
  const list = (sql: string) => db.prepare(sql).all() as Array<{ id: string; name: string; subject: string }>;
  return {
    certificates: list(
      'SELECT id, name, subject FROM pki_certificates WHERE key_id IS NOT NULL AND revoked_at IS NULL ORDER BY name, id',
    ),
    cas: list('SELECT id, name, subject FROM pki_cas ORDER BY name, id'),
  };
}

/** A sign-in service's entity in a document: its providers by name, in fallback order. */
const serviceEntity = Type.Object(
  {
    service: stringEnum(SERVICE_IDS),
    providers: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 32 }),
  },
  { additionalProperties: false },
);

/** What a document may not change on an account: its name, a pending password change, its second factors. */
const ACCOUNT_FIXED: Record<string, string> = {
  username: 'the user name',
  must_change_password: 'a pending password change',
  authenticator_app: 'the authenticator app',
  security_keys: 'the security keys',
};

/**
 * Why a document (or a revert, a restore) cannot make an account change: creating an account needs a password,
 * deleting one is done on its page, passwords and second factors are never written. `undefined`: it can.
 */
function accountRefusal(
  op: 'added' | 'removed' | 'changed',
  before: Entity | null = null,
  after: Entity | null = null,
): string | undefined {
  if (op === 'added')
    return 'an account cannot be created by a configuration document or a revert (it needs a password): add it on the Users page';
  if (op === 'removed')
    return 'an account cannot be deleted by a configuration document or a revert: delete it on the Users page';
  const fixed = accountFixedFields(before, after);
  if (!fixed.length) return undefined;
  const what = fixed.map((f) => ACCOUNT_FIXED[f]).join(', ');
  return `${what} cannot be changed by a configuration document or a revert: change it on the Users page`;
}

const accountFixedFields = (before: Entity | null, after: Entity | null) =>
  Object.keys(ACCOUNT_FIXED).filter((f) => canonical(before?.[f] ?? null) !== canonical(after?.[f] ?? null));

/**
 * Why a PKI section has no writer: none of its fields is edited on an existing object by its routes (a name is given
 * at issue or import); what changes it (issue, import, renew, revoke, delete) makes or removes key material.
 */
const PKI_READ_ONLY = {
  authorities:
    'no field of an authority can be edited, and a document or a revert never makes key material: create, import or delete it on the Certificate authorities page',
  certificates:
    'no field of a certificate can be edited, and a document or a revert never makes key material: issue, import, renew, revoke or delete it on the Certificates page',
  crls: 'a revocation list is signed by its authority or imported: publish, import or delete it on the Certificate revocation lists page',
};

/** The fields of an ACME order a document may change: its renewal settings (PATCH pki/acme/orders/{id}). */
const ACME_ORDER_EDITABLE = ['auto_renew', 'renew_before_days'];
/** Both of them: a document states the whole order. */
const acmeOrderSettings = Type.Required(acmeOrderSettingsBody);

/** Why a document (or a revert) cannot make an ACME change; `undefined`: it can (an order's renewal settings). */
function acmeRefusal(
  id: string,
  op: 'added' | 'removed' | 'changed',
  before: Entity | null = null,
  after: Entity | null = null,
): string | undefined {
  if (kindOf(id) === 'acme_account')
    return op === 'added'
      ? 'an ACME account cannot be registered by a configuration document or a revert (it needs a new key): register it on the ACME orders page'
      : op === 'removed'
        ? 'an ACME account cannot be deleted by a configuration document or a revert: delete it on the ACME orders page'
        : 'an ACME account cannot be changed by a configuration document or a revert: it is registered with its directory';
  if (op === 'added')
    return 'an ACME order cannot be placed by a configuration document or a revert: order it on the ACME orders page';
  if (op === 'removed')
    return 'an ACME order cannot be deleted by a configuration document or a revert: delete it on the ACME orders page';
  const fixed = Object.keys({ ...before, ...after }).filter(
    (f) =>
      !ACME_ORDER_EDITABLE.includes(f) && canonical(before?.[f] ?? null) !== canonical(after?.[f] ?? null),
  );
  return fixed.length
    ? `only an order's renewal settings can be changed by a configuration document or a revert (not ${fixed
        .map((f) => f.replace(/_/g, ' '))
        .join(', ')}): order it again on the ACME orders page`
    : undefined;
}

/** The sections of the appliance's configuration areas. */
export function registerStandardSections(ctx: ApplianceContext): void {
  registerVersionReader(ctx, () => currentVersion(ctx.db));
  let key: Buffer | null = null;
  const marker = (v: string | Buffer | null | undefined) => secretMarker((key ??= secretKey(ctx.db)), v);

  // Remote syslog targets (admin-only routes: found by their path). Their queue and status are runtime state.
  registerSection(ctx, {
    name: 'settings.log_forwarding',
    area: 'settings',
    label: 'Log forwarding',
    paths: ['/forwarding/targets'],
    read: (db) => {
      const exists = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'forwarding_targets'")
        .get();
      if (!exists) return {};
      const rows = db
        .prepare(
          'SELECT id, name, enabled, protocol, host, port, audit, services, tls_certificate_id, tls_ca_id, queue_limit FROM forwarding_targets ORDER BY id',
        )
        .all() as Array<Record<string, unknown> & { id: number; services: string }>;
      return keyed(
        rows,
        (r) => `target:${r.id}`,
        (r) =>
          plainObject({
            ...r,
            enabled: r.enabled === 1,
            audit: r.audit === 1,
            services: JSON.parse(r.services),
          }),
      );
    },
    title: (_id, e) => `Log forwarding target ${String(e.name)}`,
    fields: {
      tls_certificate_id: { label: 'TLS certificate' },
      tls_ca_id: { label: 'trusted CA' },
      queue_limit: { label: 'queue limit' },
    },
    // No managed service: the forwarder reloads its targets once the write committed (`written`).
    write: (db, entities) => {
      const name = 'settings.log_forwarding';
      knownIds(name, entities, ['target'], []);
      const choices = forwardingPkiChoices(db);
      const wanted = Object.entries(entities).map(([id, e]) => {
        const n = itemId(name, id, 'target');
        // The export names each target's id inside it too: the same number, or left out.
        const { id: inner, ...fields } = e;
        if (inner !== undefined && inner !== n)
          throw entityError(name, id, `this entity is target:${String(inner)}`, 'value_error.config.id', [
            'id',
          ]);
        const body = checked<ForwardingTargetBody>(forwardingTargetBody, name, id, fields);
        rules(name, id, targetTlsErrors(body, choices));
        return { n, body };
      });
      const keep = new Set(wanted.map((w) => w.n));
      const ids = (db.prepare('SELECT id FROM forwarding_targets').all() as Array<{ id: number }>).map(
        (r) => r.id,
      );
      for (const n of ids) if (!keep.has(n)) deleteTargetRows(db, n);
      for (const { n, body } of wanted) storeTargetRow(db, body, n, ids.includes(n));
    },
    // As after the Log forwarding page's save: senders follow the targets, a lower queue limit applies at once.
    written: () => forwarderOf(ctx)?.targetsChanged(),
  });

  // Alert channels (admin-only routes: found by their path). The webhook's signing secret is a marker.
  registerSection(ctx, {
    name: 'settings.alert_channels',
    area: 'settings',
    label: 'Alert channels',
    paths: ['/alerts/channels'],
    read: (db) => {
      const exists = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alert_channels'")
        .get();
      if (!exists) return {};
      const rows = db
        .prepare(
          'SELECT id, name, type, enabled, min_severity, kinds, recipients, url, secret_sealed FROM alert_channels ORDER BY id',
        )
        .all() as Array<{
        id: number;
        name: string;
        type: string;
        enabled: number;
        min_severity: string;
        kinds: string;
        recipients: string;
        url: string | null;
        secret_sealed: Buffer | null;
      }>;
      return keyed(
        rows,
        (r) => `channel:${r.id}`,
        (r) => ({
          name: r.name,
          type: r.type,
          enabled: r.enabled === 1,
          min_severity: r.min_severity,
          kinds: JSON.parse(r.kinds) as Json,
          recipients: JSON.parse(r.recipients) as Json,
          url: r.url,
          secret: marker(r.secret_sealed) as Json,
        }),
      );
    },
    title: (_id, e) => `Alert channel ${String(e.name)}`,
    fields: { min_severity: { label: 'lowest severity' } },
    // Its deletion reverted, a channel comes back disabled and unsigned (a revision never holds the secret).
    withoutSecret: (e) => ({
      entity: { ...e, enabled: false, secret: null },
      note: 'comes back disabled, without its signing secret: enter it again on the Alert channels page',
    }),
    // No managed service: the channels are read at each alert. The signing secret is named by reference only.
    write: (db, entities) => {
      const name = 'settings.alert_channels';
      knownIds(name, entities, ['channel'], []);
      const rows = db.prepare('SELECT id, type, url, secret_sealed FROM alert_channels').all() as Array<{
        id: number;
        type: string;
        url: string | null;
        secret_sealed: Buffer | null;
      }>;
      const byId = new Map(rows.map((r) => [r.id, r]));
      const names = new Set<string>();
      const wanted = Object.entries(entities).map(([id, e]) => {
        const n = itemId(name, id, 'channel');
        const { secret, url, ...fields } = e;
        const body = checked<ChannelBody>(channelBody, name, id, url === null ? fields : { ...fields, url });
        try {
          checkChannel(body);
        } catch (err) {
          if (err instanceof HttpError && Array.isArray(err.detail)) rules(name, id, err.detail);
          throw err;
        }
        const row = byId.get(n);
        sameSecret(
          name,
          id,
          secret,
          marker(row?.secret_sealed),
          "the webhook's signing secret",
          'Alert channels',
        );
        if (row && row.type !== body.type)
          throw entityError(
            name,
            id,
            'a channel keeps its type: create another one',
            'value_error.config.type',
            ['type'],
          );
        if (row?.secret_sealed && body.type === 'webhook' && (body.url ?? null) !== row.url)
          throw entityError(
            name,
            id,
            'the address changed: enter the signing secret again to send it there (on the Alert channels page)',
            'value_error.secret_retype',
            ['url'],
          );
        if (names.has(body.name))
          throw entityError(name, id, 'another channel has this name', 'value_error.duplicate', ['name']);
        names.add(body.name);
        return { n, body, exists: !!row };
      });
      const keep = new Set(wanted.map((w) => w.n));
      for (const r of rows)
        if (!keep.has(r.id)) db.prepare('DELETE FROM alert_channels WHERE id = ?').run(r.id);
      // Names are unique: a channel renamed to another's former name is written after a free name.
      const upd = db.prepare(
        'UPDATE alert_channels SET name = ?, enabled = ?, min_severity = ?, kinds = ?, recipients = ?, url = ? WHERE id = ?',
      );
      for (const w of wanted) if (w.exists) upd.run(`\u0000${w.n}`, 0, 'info', '[]', '[]', null, w.n);
      for (const w of wanted) {
        const b = w.body;
        const values = [
          b.name,
          b.enabled ? 1 : 0,
          b.min_severity,
          JSON.stringify(b.kinds),
          JSON.stringify(b.recipients ?? []),
          b.type === 'webhook' ? (b.url ?? null) : null,
        ];
        if (w.exists) upd.run(...values, w.n);
        else
          db.prepare(
            `INSERT INTO alert_channels (id, name, type, enabled, min_severity, kinds, recipients, url, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(w.n, values[0], b.type, ...values.slice(1), ctx.now());
      }
    },
  });

  // The alert thresholds (one row once an admin changed them; the defaults before).
  registerSection(ctx, {
    name: 'settings.alert_settings',
    area: 'settings',
    label: 'Alert thresholds',
    paths: ['/alerts/settings'],
    read: (db) => {
      const exists = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alert_settings'")
        .get();
      const row = exists
        ? (db.prepare('SELECT expiry_days, lockout_threshold FROM alert_settings WHERE id = 1').get() as
            { expiry_days: string; lockout_threshold: number } | undefined)
        : undefined;
      const entities: Entities = row
        ? {
            thresholds: {
              expiry_days: JSON.parse(row.expiry_days) as Json,
              lockout_threshold: row.lockout_threshold,
            },
          }
        : {};
      return entities;
    },
    title: () => 'Alert thresholds',
    fields: {
      expiry_days: { label: 'expiry steps (days)' },
      lockout_threshold: { label: 'lockout threshold' },
    },
    // No managed service: the engine reads the thresholds at its next evaluation (within a minute).
    write: (db, entities) => {
      const name = 'settings.alert_settings';
      knownIds(name, entities, [], ['thresholds']);
      // Left out, the thresholds are the defaults (as before anyone changed them).
      if (!entities.thresholds) db.prepare('DELETE FROM alert_settings WHERE id = 1').run();
      else
        writeAlertSettings(
          db,
          checked<AlertSettings>(alertSettings, name, 'thresholds', entities.thresholds),
        );
    },
  });

  registerSection(ctx, {
    name: 'dns.proxy',
    area: 'dns',
    label: 'DNS proxy',
    paths: ['/dns/proxy'],
    read: (db) => {
      const s = readDnsSnapshot(db);
      const list = (kind: string, rows: Array<{ id: number }>) =>
        keyed(
          rows,
          (r) => `${kind}:${r.id}`,
          (r) => {
            const { id: _id, ...rest } = r as Record<string, unknown>;
            return plainObject(rest);
          },
        );
      return {
        settings: plainObject(s.settings),
        ...list('upstream', s.upstreams),
        ...list('host_override', s.host_overrides),
        ...list('domain_override', s.domain_overrides),
        ...list('access_list', s.access_lists),
      };
    },
    service: 'dns',
    write: (db, entities, now) => {
      const name = 'dns.proxy';
      knownIds(name, entities, Object.keys(DNS_LIST_TITLES), ['settings']);
      if (!entities.settings)
        throw entityError(name, 'settings', 'the DNS proxy settings are required', 'value_error.missing');
      const settings = checked<dnsContract.ProxySettings>(
        dnsContract.ProxySettings,
        name,
        'settings',
        entities.settings,
      );
      rules(name, 'settings', [...checkSettings(settings), ...portClashes(ctx, 'dns', settings.port)]);
      restoreDnsSnapshot(
        db,
        {
          settings,
          upstreams: listItems(name, entities, 'upstream', dnsContract.Upstream),
          host_overrides: listItems(name, entities, 'host_override', dnsContract.HostOverride),
          domain_overrides: listItems(name, entities, 'domain_override', dnsContract.DomainOverride),
          access_lists: listItems(name, entities, 'access_list', dnsContract.AccessRule),
        },
        now,
      );
    },
    title: (id, e) => (id === 'settings' ? 'DNS proxy' : (DNS_LIST_TITLES[kindOf(id)]?.(e) ?? id)),
    fields: {
      cache_size_mb: { label: 'cache size', unit: 'MiB' },
      listen_interfaces: { label: 'listen addresses' },
      dnssec: { label: 'DNSSEC' },
      tls: { label: 'DNS over TLS' },
      tls_name: { label: 'TLS name' },
    },
  });

  registerSection(ctx, {
    name: 'dns.dynamic',
    area: 'dns',
    label: 'Dynamic DNS',
    paths: ['/dns/dynamic'],
    read: (db) =>
      keyed(
        db.prepare('SELECT id, data, secret FROM ddns_accounts ORDER BY id').all() as Array<{
          id: number;
          data: string;
          secret: string | null;
        }>,
        (r) => `account:${r.id}`,
        (r) => ({ ...plainObject(JSON.parse(r.data)), secret: marker(r.secret) as Json }),
      ),
    title: (_id, e) => `Dynamic DNS account ${String(e.hostname ?? e.name ?? '')}`.trim(),
    // Its deletion reverted, an account comes back off and without its password or token (never in a revision).
    withoutSecret: (e) => ({
      entity: { ...e, enabled: false, secret: null },
      note: 'comes back turned off, without its password or token: enter it again on the Dynamic DNS page',
    }),
    // No managed service: the scheduler reads the accounts as they are.
    write: (db, entities, now, returning) => {
      const name = 'dns.dynamic';
      knownIds(name, entities, ['account'], []);
      const rows = db.prepare('SELECT id, secret, secret_binding FROM ddns_accounts').all() as Array<{
        id: number;
        secret: string | null;
        secret_binding: string | null;
      }>;
      const byId = new Map(rows.map((r) => [r.id, r]));
      const seen = new Set<string>();
      const wanted = Object.entries(entities).map(([id, e]) => {
        const n = itemId(name, id, 'account');
        const { secret, ...fields } = e;
        const body = checked<dnsContract.DdnsAccountBody>(dnsContract.DdnsAccountBody, name, id, fields);
        const row = byId.get(n);
        const stored = row?.secret ?? null;
        // The password or token is named by reference: the stored one, or none.
        sameSecret(name, id, secret, marker(stored), "the account's password or token", 'Dynamic DNS');
        rules(name, id, checkAccount(body, stored !== null || (!body.enabled && !!returning?.has(id))));
        const binding = ddnsSecretBinding(body);
        const rebind = stored !== null ? bindingChange(row?.secret_binding ?? null, binding) : null;
        if (rebind && binding.usesSecret)
          throw entityError(name, id, retypeMessage('password or token', rebind), RETYPE_ERROR, ['secret']);
        const key = `${body.provider} ${body.hostname.toLowerCase()}`;
        if (seen.has(key))
          throw entityError(
            name,
            id,
            'an account for this host name and provider already exists',
            'value_error.duplicate',
            ['hostname'],
          );
        seen.add(key);
        return { n, data: storedAccount(body), exists: !!row, dropSecret: !!rebind };
      });
      const keep = new Set(wanted.map((w) => w.n));
      const del = db.prepare('DELETE FROM ddns_accounts WHERE id = ?');
      for (const r of rows) if (!keep.has(r.id)) del.run(r.id);
      for (const w of wanted) {
        if (!w.exists)
          db.prepare(
            'INSERT INTO ddns_accounts (id, data, next_check_at, created_at) VALUES (?, ?, ?, ?)',
          ).run(w.n, w.data, now, now);
        else
          db.prepare(
            'UPDATE ddns_accounts SET data = ?, next_check_at = ? WHERE id = ? AND data IS NOT ?',
          ).run(w.data, now, w.n, w.data);
        if (w.dropSecret)
          db.prepare('UPDATE ddns_accounts SET secret = NULL, secret_binding = NULL WHERE id = ?').run(w.n);
      }
    },
  });

  const readSshSection = (db: Db): Entities => {
    const s = readSshSnapshot(db);
    const shell = db.prepare('SELECT password_hash FROM ssh_shell_password WHERE id = 1').get() as
      { password_hash: string } | undefined;
    return {
      settings: plainObject(s.settings),
      shell_password: { password: marker(shell?.password_hash) as Json },
      ...keyed(
        s.authorized_keys,
        (k) => `authorized_key:${k.id}`,
        (k) => {
          const { id: _id, ...rest } = k as Record<string, unknown>;
          return plainObject(rest);
        },
      ),
    };
  };

  registerSection(ctx, {
    name: 'ssh',
    area: 'ssh',
    label: 'SSH',
    paths: ['/ssh'],
    read: (db) => readSshSection(db),
    title: (id, e) =>
      id === 'settings'
        ? 'SSH service'
        : id === 'shell_password'
          ? 'Shell account'
          : `Authorised key ${String(e.type)} ${String(e.comment || e.fingerprint)} (${String(e.username)})`,
    fields: { listen_addresses: { label: 'listen addresses' }, permit_root_login: { label: 'root login' } },
    service: 'ssh',
    write: (db, entities, now) => {
      const name = 'ssh';
      knownIds(name, entities, ['authorized_key'], ['settings', 'shell_password']);
      const current = readSshSection(db);
      // The shell password is a secret the document names by reference: it stays as it is.
      unchanged(
        name,
        'shell_password',
        entities.shell_password,
        current.shell_password,
        'the shell password',
      );
      if (!entities.settings)
        throw entityError(name, 'settings', 'the SSH settings are required', 'value_error.missing');
      const settings = checked<sshContract.SshSettings>(
        sshContract.SshSettings,
        name,
        'settings',
        entities.settings,
      );
      rules(name, 'settings', [...checkSshSettings(settings), ...portClashes(ctx, 'ssh', settings.port)]);
      restoreSshSnapshot(
        db,
        { settings, authorized_keys: listItems(name, entities, 'authorized_key', sshContract.AuthorizedKey) },
        now,
      );
    },
    lockoutProne: (id) =>
      id === 'settings'
        ? ['enabled', 'port', 'listen_addresses', 'password_authentication']
        : id.startsWith('authorized_key:')
          ? ['*']
          : [],
  });

  registerSection(ctx, {
    name: 'network.preferences',
    area: 'network',
    label: 'Network preferences',
    paths: ['/network/preferences'],
    read: (db): Entities => {
      const p = readPreferences(db);
      // Until saved, the preferences are the host's own: nothing the console configured.
      return p.updatedAt === null ? {} : { preferences: plainObject(p.value) };
    },
    title: () => 'Network preferences',
    fields: { dns_servers: { label: 'DNS servers' }, ntp_servers: { label: 'NTP servers' } },
    lockoutProne: () => ['hostname'],
    service: 'network',
    write: (db, entities, now) => {
      const name = 'network.preferences';
      knownIds(name, entities, [], ['preferences']);
      // Leaving the preferences out goes back to the host's own: nothing the console configured.
      if (!entities.preferences) {
        db.prepare('DELETE FROM network_preferences WHERE id = 1').run();
        return;
      }
      const p = checked<NetworkPreferences>(networkPreferences, name, 'preferences', entities.preferences);
      rules(name, 'preferences', checkPreferences(p, new Set(timeZones())));
      writePreferences(db, p, now, 'configuration document');
    },
  });

  registerSection(ctx, {
    name: 'authentication.lockout',
    area: 'authentication',
    label: 'Lockout policy',
    paths: ['/config/lockout'],
    read: (db) => ({ policy: plainObject(readFullPolicy(db)) }),
    title: () => 'Lockout policy',
    fields: {
      window_seconds: { label: 'window', unit: 's' },
      duration_seconds: { label: 'lock duration', unit: 's' },
      'account.window_seconds': { label: 'per-account window', unit: 's' },
      'account.attempts': { label: 'per-account attempts' },
      allow_list: { label: 'allow-listed networks' },
    },
    lockoutProne: () => ['*'],
    service: LOCKOUT_SERVICE,
    write: (db, entities) => {
      const name = 'authentication.lockout';
      knownIds(name, entities, [], ['policy']);
      if (!entities.policy)
        throw entityError(name, 'policy', 'the lockout policy is required', 'value_error.missing');
      writeFullPolicy(db, checked<FullLockoutPolicy>(lockoutPolicy, name, 'policy', entities.policy));
    },
  });

  const readAccounts = (db: Db): Entities => {
    const keys = db.prepare('SELECT user_id, name FROM user_security_keys ORDER BY id').all() as Array<{
      user_id: number;
      name: string;
    }>;
    const byUser = new Map<number, string[]>();
    for (const k of keys) byUser.set(k.user_id, [...(byUser.get(k.user_id) ?? []), k.name]);
    const rows = db
      .prepare(
        `SELECT id, username, role, email, full_name, enabled, expires_at, must_change_password, totp_secret
         FROM users ORDER BY id`,
      )
      .all() as Array<{
      id: number;
      username: string;
      role: string;
      email: string;
      full_name: string;
      enabled: number;
      expires_at: string | null;
      must_change_password: number;
      totp_secret: string | null;
    }>;
    return keyed(
      rows,
      (r) => `account:${r.id}`,
      (r) => ({
        username: r.username,
        role: r.role,
        email: r.email,
        full_name: r.full_name,
        enabled: r.enabled === 1,
        expires_at: r.expires_at,
        must_change_password: r.must_change_password === 1,
        authenticator_app: marker(r.totp_secret) as Json,
        security_keys: byUser.get(r.id) ?? [],
      }),
    );
  };

  registerSection(ctx, {
    name: 'authentication.accounts',
    area: 'authentication',
    label: 'Accounts',
    paths: ['/users'],
    read: (db) => readAccounts(db),
    title: (_id, e) => `Account ${String(e.username)}`,
    fields: { full_name: { label: 'full name' }, expires_at: { label: 'last day' } },
    lockoutProne: () => ['role', 'enabled', 'expires_at'],
    // Only what the Users page edits on an existing account; passwords and second factors never.
    refuses: (c) => accountRefusal(c.op, c.before, c.after),
    write: (db, entities, now, _returning, actor) => {
      const name = 'authentication.accounts';
      knownIds(name, entities, ['account'], []);
      const current = readAccounts(db);
      for (const id of Object.keys(current))
        if (!entities[id])
          throw entityError(name, id, accountRefusal('removed') ?? '', 'value_error.config.read_only');
      const wanted = Object.entries(entities).map(([id, e]) => {
        const n = itemId(name, id, 'account');
        const stored = current[id] as Entity | undefined;
        const refusal = accountRefusal(stored ? 'changed' : 'added', stored ?? null, e);
        if (refusal)
          throw entityError(
            name,
            id,
            refusal,
            'value_error.config.read_only',
            stored ? accountFixedFields(stored, e).slice(0, 1) : [],
          );
        const { email, full_name, role, enabled, expires_at } = e;
        const body = checked<AccountBody>(accountBody, name, id, {
          email,
          full_name,
          role,
          enabled,
          expires_at,
        });
        rules(name, id, accountFieldErrors(body));
        return { n, body, was: stored as Entity };
      });
      // As on the Users page, nobody disables their own account (they would be signed out of the change they make).
      const refusals = wanted
        .filter(
          ({ body, was }) => actor !== undefined && was.username === actor && was.enabled && !body.enabled,
        )
        .map(({ n }) => ({ id: n, username: actor as string, reason: 'it is your own account' }));
      // The last-admin rule decides on what the whole section leaves (409, as on the Users page).
      guardAccountWrite(
        db,
        now,
        ['body', 'sections', name],
        () => {
          for (const { n, body, was } of wanted) {
            if (canonical({ ...was, ...body } as Json) === canonical(was)) continue;
            // As on the Users page: a disabled account, or one whose role changed, signs in again.
            writeAccountFields(db, n, body, String(was.role));
          }
        },
        { refusals },
      );
    },
  });

  registerSection(ctx, {
    name: 'authentication.groups',
    area: 'authentication',
    label: 'Groups',
    // An account's groups are chosen on the account too.
    paths: ['/groups', '/users'],
    read: (db) =>
      keyed(
        listGroups(db),
        (g) => `group:${g.id}`,
        (g) => ({
          name: g.name,
          description: g.description,
          members: g.members.map((m) => m.username),
          privileges: plainObject(g.privileges),
        }),
      ),
    title: (_id, e) => `Group ${String(e.name)}`,
    // No managed service: privileges are read at each request. Members are named by user name (or account id).
    write: (db, entities, now) => {
      const name = 'authentication.groups';
      knownIds(name, entities, ['group'], []);
      const users = db.prepare('SELECT id, username FROM users').all() as Array<{
        id: number;
        username: string;
      }>;
      const idOf = new Map(users.map((u) => [u.username, u.id]));
      const known = new Set(users.map((u) => u.id));
      const names = new Set<string>();
      const wanted = Object.entries(entities).map(([id, e]) => {
        const n = itemId(name, id, 'group');
        const given = Array.isArray(e.members) ? e.members : [];
        const members = given.map((m, i) => {
          const userId = typeof m === 'string' ? idOf.get(m) : typeof m === 'number' ? m : undefined;
          if (userId === undefined || !known.has(userId))
            throw entityError(
              name,
              id,
              typeof m === 'string' ? `no account is called "${m}"` : 'user does not exist',
              'value_error.not_found',
              ['members', i],
            );
          return userId;
        });
        const body = checked<GroupBody>(groupBody, name, id, {
          ...e,
          members: Array.isArray(e.members) ? members : e.members,
        });
        const group = body.name.trim();
        if (!group) throw entityError(name, id, 'enter a name', 'value_error.any_str.min_length', ['name']);
        if (names.has(group))
          throw entityError(name, id, 'this group name is taken', 'value_error.duplicate', ['name']);
        names.add(group);
        return {
          n,
          input: { name: group, description: body.description.trim(), members, privileges: body.privileges },
        };
      });
      const keep = new Set(wanted.map((w) => w.n));
      for (const g of listGroups(db))
        if (!keep.has(g.id)) {
          db.prepare('DELETE FROM user_group_members WHERE group_id = ?').run(g.id);
          db.prepare('DELETE FROM user_group_privileges WHERE group_id = ?').run(g.id);
          db.prepare('DELETE FROM user_groups WHERE id = ?').run(g.id);
        }
      // Names are unique: every kept group is given a free name first, so two may swap theirs.
      for (const w of wanted)
        db.prepare('UPDATE user_groups SET name = ? WHERE id = ?').run(`\u0000${w.n}`, w.n);
      for (const w of wanted) {
        db.prepare(
          'INSERT OR IGNORE INTO user_groups (id, name, description, created_at) VALUES (?, ?, ?, ?)',
        ).run(w.n, w.input.name, w.input.description, now);
        saveGroup(db, w.n, w.input, now);
      }
    },
  });

  const readProviders = (db: Db): Entities =>
    keyed(
      db
        .prepare('SELECT id, name, type, enabled, settings, secret FROM auth_providers ORDER BY id')
        .all() as Array<{
        id: number;
        name: string;
        type: string;
        enabled: number;
        settings: string;
        secret: Buffer | null;
      }>,
      (p) => `provider:${p.id}`,
      (p) => ({
        name: p.name,
        type: p.type,
        enabled: p.enabled === 1,
        settings: plainObject(JSON.parse(p.settings)),
        secret: marker(p.secret) as Json,
      }),
    );

  registerSection(ctx, {
    name: 'authentication.providers',
    area: 'authentication',
    label: 'Sign-in providers',
    paths: ['/authentication/providers'],
    read: (db) => readProviders(db),
    title: (_id, e) => `Provider ${String(e.name)}`,
    lockoutProne: () => ['enabled', 'settings'],
    // Its deletion reverted, a provider comes back disabled and without its secret (never in a revision).
    withoutSecret: (e) => ({
      entity: { ...e, enabled: false, secret: null },
      note: `comes back disabled, without its ${e.type === 'oidc' ? 'client secret' : 'bind password'}: enter it again on the Providers page`,
    }),
    // No managed service: sign-ins read the providers as they are. The bind password or client secret is named by
    // reference only, and goes only where it was saved for (src/shared/secretBinding.ts), as on the Providers page.
    write: (db, entities, now) => {
      const name = 'authentication.providers';
      knownIds(name, entities, ['provider'], []);
      const local = `provider:${LOCAL_PROVIDER_ID}`;
      const rows = db
        .prepare('SELECT id, name, type, enabled, settings, secret FROM auth_providers')
        .all() as Array<{
        id: number;
        name: string;
        type: string;
        enabled: number;
        settings: string;
        secret: Buffer | null;
      }>;
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (!entities[local])
        throw entityError(
          name,
          local,
          'the local provider is built in and cannot be removed',
          'value_error.config.builtin',
        );
      const names = new Set<string>();
      const wanted = Object.entries(entities).flatMap(([id, e]) => {
        const n = itemId(name, id, 'provider');
        if (n === LOCAL_PROVIDER_ID) {
          unchanged(name, id, e, readProviders(db)[local], 'the local provider (built in)');
          names.add(String(e.name).toLowerCase());
          return [];
        }
        const { secret, settings, ...fields } = e;
        const type = fields.type === 'ldap' || fields.type === 'oidc' ? fields.type : null;
        const given = settings && typeof settings === 'object' && !Array.isArray(settings) ? settings : {};
        for (const field of ['bind_password', 'client_secret'])
          if (field in given)
            throw entityError(
              name,
              id,
              'a secret cannot be set from a configuration document: enter it on the Providers page',
              'value_error.config.read_only',
              ['settings', field],
            );
        const row = byId.get(n);
        if (row && fields.type !== row.type)
          throw entityError(name, id, 'the type of a provider cannot change', 'value_error.const', ['type']);
        let body: ProviderBody;
        try {
          body = checked<ProviderBody>(
            providerBody,
            name,
            id,
            type ? { ...fields, [type]: settings } : fields,
          );
        } catch (err) {
          // The contract names the settings by the provider's type (`ldap`, `oidc`); the document calls them settings.
          if (err instanceof HttpError && Array.isArray(err.detail))
            for (const item of err.detail as ErrorItem[])
              item.loc = item.loc.map((l, i) => (i === 4 && (l === 'ldap' || l === 'oidc') ? 'settings' : l));
          throw err;
        }
        if (!body[body.type])
          throw entityError(name, id, 'field required', 'value_error.missing', ['settings']);
        const stored = body[body.type] as LdapSettings | OidcSettings;
        const problem = providerSettingsErrors(db, body.type, stored)[0];
        if (problem)
          throw entityError(name, id, problem.msg, problem.type, ['settings', ...problem.loc.slice(2)]);
        sameSecret(
          name,
          id,
          secret,
          marker(row?.secret),
          body.type === 'ldap' ? 'the bind password' : 'the client secret',
          'Providers',
        );
        // A stored secret goes only where it was saved for: moved elsewhere, it must be typed again on its page.
        const rebind = row ? secretRebindReason(db, n, body.type, stored) : null;
        if (rebind && secretBindingOf(body.type, stored)?.usesSecret)
          throw entityError(
            name,
            id,
            `${retypeMessage(body.type === 'ldap' ? 'bind password' : 'client secret', rebind)} (on the Providers page)`,
            RETYPE_ERROR,
            ['secret'],
          );
        const key = body.name.toLowerCase();
        if (names.has(key))
          throw entityError(name, id, 'a provider with this name exists', 'value_error.duplicate', ['name']);
        names.add(key);
        const same =
          !!row &&
          row.name === body.name &&
          row.enabled === (body.enabled ? 1 : 0) &&
          canonical(JSON.parse(row.settings)) === canonical(stored);
        return [{ n, body, settings: stored, exists: !!row, same, dropSecret: !!rebind }];
      });
      const keep = new Set([LOCAL_PROVIDER_ID, ...wanted.map((w) => w.n)]);
      // Disabling or removing a provider shuts out the admins linked to it: the last-admin rule decides (409).
      const noWayIn = new Set<number>();
      guardAccountWrite(
        db,
        now,
        ['body', 'sections', name],
        () => {
          for (const r of rows)
            if (!keep.has(r.id)) {
              // Its links go with it: the accounts it created have no password anyone knows (as on its page).
              for (const u of db
                .prepare('SELECT user_id FROM provider_accounts WHERE provider_id = ? AND managed = 1')
                .all(r.id) as Array<{ user_id: number }>)
                noWayIn.add(u.user_id);
              db.prepare('DELETE FROM auth_providers WHERE id = ?').run(r.id);
            }
          // Names are unique: every kept provider is given a free name first, so two may swap theirs.
          const rename = db.prepare('UPDATE auth_providers SET name = ? WHERE id = ?');
          for (const w of wanted) if (w.exists) rename.run(`\u0000${w.n}`, w.n);
          for (const w of wanted) {
            const values = [w.body.name, w.body.enabled ? 1 : 0, JSON.stringify(w.settings)];
            if (w.same) rename.run(w.body.name, w.n);
            else if (w.exists)
              db.prepare(
                'UPDATE auth_providers SET name = ?, enabled = ?, settings = ?, updated_at = ? WHERE id = ?',
              ).run(...values, now, w.n);
            else
              db.prepare(
                'INSERT INTO auth_providers (id, name, type, enabled, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
              ).run(w.n, w.body.name, w.body.type, values[1], values[2], now, now);
            if (w.dropSecret) forgetSecret(db, w.n);
          }
        },
        { noWayIn },
      );
    },
  });

  registerSection(ctx, {
    name: 'authentication.services',
    area: 'authentication',
    label: 'Sign-in services',
    paths: ['/authentication/services', '/authentication/providers'],
    read: (db) => {
      const rows = db
        .prepare(
          `SELECT s.service, p.name FROM auth_service_providers s JOIN auth_providers p ON p.id = s.provider_id
           ORDER BY s.service, s.position`,
        )
        .all() as Array<{ service: string; name: string }>;
      const out: Entities = {};
      for (const r of rows) {
        const e = (out[`service:${r.service}`] ??= { service: r.service, providers: [] });
        (e.providers as string[]).push(r.name);
      }
      return out;
    },
    title: (_id, e) => `Service ${String(e.service)}`,
    lockoutProne: () => ['providers'],
    // Providers are named by name: one removed or renamed changes the lists.
    follows: ['authentication.providers'],
    // No managed service: sign-ins walk the lists as they are. Providers are named by name (they are written first).
    write: (db, entities) => {
      const name = 'authentication.services';
      knownIds(name, entities, ['service'], []);
      const providers = db.prepare('SELECT id, name, type FROM auth_providers').all() as Array<{
        id: number;
        name: string;
        type: string;
      }>;
      const byName = new Map(providers.map((p) => [p.name.toLowerCase(), p]));
      const lists = new Map<string, number[]>();
      for (const [id, e] of Object.entries(entities)) {
        const entity = checked<{ service: string; providers: string[] }>(serviceEntity, name, id, e);
        if (id !== `service:${entity.service}`)
          throw entityError(name, id, `this entity is service:${entity.service}`, 'value_error.config.id', [
            'service',
          ]);
        const ids = entity.providers.map((p, i) => {
          const found = byName.get(p.toLowerCase());
          if (!found)
            throw entityError(name, id, `no provider is called "${p}"`, 'value_error.not_found', [
              'providers',
              i,
            ]);
          if (entity.providers.findIndex((q) => q.toLowerCase() === p.toLowerCase()) !== i)
            throw entityError(name, id, 'listed twice', 'value_error.duplicate', ['providers', i]);
          if (found.type === 'oidc' && entity.service !== 'console')
            throw entityError(
              name,
              id,
              'OpenID Connect providers sign people in through a browser: the console only',
              'value_error.provider_type',
              ['providers', i],
            );
          return found.id;
        });
        lists.set(entity.service, ids);
      }
      const stored = (
        db.prepare('SELECT DISTINCT service FROM auth_service_providers').all() as Array<{ service: string }>
      ).map((r) => r.service);
      for (const s of SERVICES) {
        const id = `service:${s.id}`;
        const ids = lists.get(s.id) ?? [];
        // Left out, a service has no provider: only as it already is (a provider removed from under it).
        if (!ids.length && (stored.includes(s.id) || entities[id]))
          throw entityError(name, id, 'every service keeps at least one provider', 'value_error.missing', [
            'providers',
          ]);
        if (s.id === 'console' && ids.length && !ids.includes(LOCAL_PROVIDER_ID))
          throw entityError(
            name,
            id,
            'the console keeps the local accounts, so an admin can sign in while a directory is down',
            'value_error.local_required',
            ['providers'],
          );
      }
      // Taking a provider off the console's list shuts out the admins linked to it (409, users/adminRule.ts).
      guardAccountWrite(db, ctx.now(), ['body', 'sections', name], () => {
        const insert = db.prepare(
          'INSERT INTO auth_service_providers (service, provider_id, position) VALUES (?, ?, ?)',
        );
        for (const s of SERVICES) {
          const ids = lists.get(s.id) ?? [];
          const now = (
            db
              .prepare('SELECT provider_id FROM auth_service_providers WHERE service = ? ORDER BY position')
              .all(s.id) as Array<{ provider_id: number }>
          ).map((r) => r.provider_id);
          if (canonical(now) === canonical(ids)) continue;
          db.prepare('DELETE FROM auth_service_providers WHERE service = ?').run(s.id);
          ids.forEach((p, i) => insert.run(s.id, p, i));
        }
      });
    },
    // The SSH helper is rewritten when the SSH service's list changes (as after the Services page's save).
    written: () => {
      for (const s of SERVICES)
        emitApplianceEvent(
          ctx,
          'serviceProvidersChanged',
          { service: s.id },
          {
            error: (err, msg) =>
              ctx.audit.log('auth', `${msg}: ${String((err as { err?: unknown }).err)}`, 'error'),
          },
        );
    },
  });

  registerSection(ctx, {
    name: 'authentication.signup',
    area: 'authentication',
    label: 'Self-service sign-up',
    paths: ['/authentication/signup'],
    files: true,
    read: () => ({ signup: plainObject(readSignupPolicy(ctx.config.dataDir)) }),
    title: () => 'Self-service sign-up',
    fields: { allowed_domains: { label: 'allowed domains' } },
    // A file the identity service reads at each sign-up (no managed service); written last of a document's sections.
    write: (_db, entities) => {
      const name = 'authentication.signup';
      knownIds(name, entities, [], ['signup']);
      if (!entities.signup)
        throw entityError(name, 'signup', 'the sign-up policy is required', 'value_error.missing');
      const { policy, errors } = checkSignupPolicy(
        checked<SignupPolicy>(signupPolicy, name, 'signup', entities.signup),
      );
      rules(name, 'signup', errors);
      writeSignupPolicy(ctx.config.dataDir, policy);
    },
  });

  registerSection(ctx, {
    name: 'settings.layout',
    area: 'settings',
    label: 'Layout',
    paths: ['/config/settings', '/config/'],
    read: (db) => {
      const ui = db
        .prepare('SELECT primary_color, bar_color, login_title FROM ui_settings WHERE id = 1')
        .get() as Entity | undefined;
      const images = db.prepare('SELECT slot, mime, sha256 FROM images ORDER BY slot').all() as Array<{
        slot: string;
        mime: string;
        sha256: string;
      }>;
      return {
        ...(ui ? { colours: plainObject(ui) } : {}),
        ...keyed(
          images,
          (i) => `image:${i.slot}`,
          (i) => ({ slot: i.slot, type: i.mime, sha256: i.sha256.slice(0, 16) }),
        ),
      };
    },
    title: (id) => (id === 'colours' ? 'Layout' : `Image ${id.slice('image:'.length).replace(/_/g, ' ')}`),
    fields: { primary_color: { label: 'primary colour' }, bar_color: { label: 'bar colour' } },
    // The images' bytes are not in a document: one left out stays as it is, and a document never changes one.
    kept: (id) => kindOf(id) === 'image',
    write: (db, entities, now) => {
      const name = 'settings.layout';
      knownIds(name, entities, ['image'], ['colours']);
      const current = db.prepare('SELECT slot, mime, sha256 FROM images').all() as Array<{
        slot: string;
        mime: string;
        sha256: string;
      }>;
      for (const [id, e] of Object.entries(entities)) {
        if (kindOf(id) !== 'image') continue;
        const stored = current.find((i) => `image:${i.slot}` === id);
        if (
          !stored ||
          canonical(e) !==
            canonical({ slot: stored.slot, type: stored.mime, sha256: stored.sha256.slice(0, 16) })
        )
          throw entityError(
            name,
            id,
            'an image cannot be set from a configuration document: upload it on the Layout page',
            'value_error.config.read_only',
          );
      }
      // Left out, the colours and title are the defaults (as before anyone changed them).
      if (!entities.colours) {
        db.prepare('DELETE FROM ui_settings WHERE id = 1').run();
        return;
      }
      const c = checked<UiSettingsBody>(uiSettingsBody, name, 'colours', entities.colours);
      db.prepare(
        `INSERT INTO ui_settings (id, primary_color, bar_color, login_title, revision, updated_at, updated_by)
         VALUES (1, @primary_color, @bar_color, @login_title, 1, @now, NULL)
         ON CONFLICT(id) DO UPDATE SET primary_color = excluded.primary_color, bar_color = excluded.bar_color,
           login_title = excluded.login_title, revision = ui_settings.revision + 1, updated_at = excluded.updated_at,
           updated_by = NULL`,
      ).run({
        primary_color: c.primary_color,
        bar_color: c.bar_color,
        login_title: c.login_title?.trim() || null,
        now,
      });
    },
  });

  registerSection(ctx, {
    name: 'updates.settings',
    area: 'updates',
    label: 'Update settings',
    paths: ['/updates'],
    files: true,
    read: (db) => {
      const s = readSettings(db);
      return {
        settings: { repository: s.repository, channel: s.channel },
        schedule: { enabled: s.schedule_enabled === 1, day: s.schedule_day, time: s.schedule_time },
        ...keyed(
          readTrustedKeys(ctx.config.dataDir),
          (k) => `trusted_key:${k.name}`,
          (k) => ({ name: k.name, fingerprint: k.fingerprint }),
        ),
      };
    },
    title: (id, e) =>
      id === 'settings'
        ? 'Update source'
        : id === 'schedule'
          ? 'Security update schedule'
          : `Trusted key ${String(e.name)}`,
    // A trusted key is key material (a file): one left out stays, and a document never changes one.
    kept: (id) => kindOf(id) === 'trusted_key',
    write: (db, entities, now) => {
      const name = 'updates.settings';
      knownIds(name, entities, ['trusted_key'], ['settings', 'schedule']);
      const keys = new Map(readTrustedKeys(ctx.config.dataDir).map((k) => [`trusted_key:${k.name}`, k]));
      for (const [id, e] of Object.entries(entities)) {
        if (kindOf(id) !== 'trusted_key') continue;
        const k = keys.get(id);
        if (!k || canonical(e) !== canonical({ name: k.name, fingerprint: k.fingerprint }))
          throw entityError(
            name,
            id,
            'a trusted key cannot be set from a configuration document: add it on the Updates page',
            'value_error.config.read_only',
          );
      }
      for (const id of ['settings', 'schedule'])
        if (!entities[id]) throw entityError(name, id, `the update ${id} is required`, 'value_error.missing');
      const settings = checked<UpdateSettingsBody>(updateSettingsBody, name, 'settings', entities.settings);
      const repository = settings.repository?.trim() || null;
      const problem = repository ? repositoryError(repository) : null;
      if (problem)
        throw entityError(name, 'settings', problem, 'value_error.update.repository', ['repository']);
      const schedule = checked<UpdateSchedule>(updateSchedule, name, 'schedule', entities.schedule);
      const s = readSettings(db);
      db.prepare('UPDATE update_settings SET repository = ?, channel = ? WHERE id = 1').run(
        repository,
        settings.channel,
      );
      // A changed schedule starts from now (as on the Updates page): a slot already passed does not run at once.
      if (
        (s.schedule_enabled === 1) !== schedule.enabled ||
        s.schedule_day !== schedule.day ||
        s.schedule_time !== schedule.time
      )
        db.prepare(
          'UPDATE update_settings SET schedule_enabled = ?, schedule_day = ?, schedule_time = ?, schedule_updated_at = ? WHERE id = 1',
        ).run(schedule.enabled ? 1 : 0, schedule.day, schedule.time, now);
    },
  });

  registerSection(ctx, {
    name: 'pki.authorities',
    area: 'pki',
    label: 'Certificate authorities',
    paths: ['/pki/cas'],
    read: (db) =>
      keyed(
        db
          .prepare(
            `SELECT c.id, c.name, c.parent_id, c.subject, c.serial, c.fingerprint_sha256, c.not_before, c.not_after,
               c.source, c.crl_validity_hours, k.algorithm
             FROM pki_cas c LEFT JOIN pki_keys k ON k.id = c.key_id ORDER BY c.created_at, c.id`,
          )
          .all() as Entity[],
        (c) => `ca:${String(c.id)}`,
        (c) => {
          const { id: _id, fingerprint_sha256, ...rest } = c;
          return { ...rest, fingerprint: String(fingerprint_sha256).slice(0, 16) };
        },
      ),
    title: (_id, e) => `Authority ${String(e.name)}`,
    readOnly: PKI_READ_ONLY.authorities,
    fields: { algorithm: { label: 'key' } },
  });

  registerSection(ctx, {
    name: 'pki.certificates',
    area: 'pki',
    label: 'Certificates',
    paths: ['/pki/certificates'],
    read: (db) =>
      keyed(
        db
          .prepare(
            `SELECT c.id, c.name, c.ca_id, c.profile, c.source, c.subject, c.serial, c.fingerprint_sha256, c.sans,
               c.not_before, c.not_after, c.revoked_at, c.revocation_reason, c.renewed_from, k.algorithm
             FROM pki_certificates c LEFT JOIN pki_keys k ON k.id = c.key_id ORDER BY c.created_at, c.id`,
          )
          .all() as Entity[],
        (c) => `certificate:${String(c.id)}`,
        (c) => {
          const { id: _id, fingerprint_sha256, sans, ...rest } = c;
          return {
            ...rest,
            sans: JSON.parse(String(sans)) as Json,
            fingerprint: String(fingerprint_sha256).slice(0, 16),
          };
        },
      ),
    title: (_id, e) => `Certificate ${String(e.name)}`,
    readOnly: PKI_READ_ONLY.certificates,
    fields: { revoked_at: { label: 'revoked' }, sans: { label: 'names' }, algorithm: { label: 'key' } },
  });

  registerSection(ctx, {
    name: 'pki.crls',
    area: 'pki',
    label: 'Revocation lists',
    paths: ['/pki/crls', '/pki/cas'],
    read: (db) =>
      keyed(
        db
          .prepare(
            'SELECT id, ca_id, source, name, issuer, number, this_update, next_update, entries FROM pki_crls ORDER BY created_at, id',
          )
          .all() as Entity[],
        (c) => `crl:${String(c.id)}`,
        (c) => {
          const { id: _id, ...rest } = c;
          return rest;
        },
      ),
    title: (_id, e) => `Revocation list ${String(e.name)}${e.number !== null ? ` #${String(e.number)}` : ''}`,
    readOnly: PKI_READ_ONLY.crls,
  });

  const readAcme = (db: Db): Entities => ({
    ...keyed(
      db
        .prepare(
          'SELECT id, name, directory_url, email, trust_pem FROM pki_acme_accounts ORDER BY created_at, id',
        )
        .all() as Entity[],
      (a) => `acme_account:${String(a.id)}`,
      (a) => ({
        name: a.name,
        directory_url: a.directory_url,
        email: a.email,
        has_trust: a.trust_pem !== '',
      }),
    ),
    ...keyed(
      db
        .prepare(
          'SELECT id, account_id, names, key_type, auto_renew, renew_before_days FROM pki_acme_orders ORDER BY created_at, id',
        )
        .all() as Entity[],
      (o) => `acme_order:${String(o.id)}`,
      (o) => ({
        account_id: o.account_id,
        names: JSON.parse(String(o.names)) as Json,
        key_type: o.key_type,
        auto_renew: o.auto_renew === 1,
        renew_before_days: o.renew_before_days,
      }),
    ),
  });

  registerSection(ctx, {
    name: 'pki.acme',
    area: 'pki',
    label: 'ACME',
    paths: ['/pki/acme'],
    read: (db) => readAcme(db),
    refuses: (c) => acmeRefusal(c.id, c.op, c.before, c.after),
    // Only an order's renewal settings, as its PATCH route; the renewal check reads them at each run.
    write: (db, entities, now) => {
      const name = 'pki.acme';
      knownIds(name, entities, ['acme_account', 'acme_order'], []);
      const current = readAcme(db);
      for (const id of Object.keys(current))
        if (!entities[id])
          throw entityError(name, id, acmeRefusal(id, 'removed') ?? '', 'value_error.config.read_only');
      for (const [id, e] of Object.entries(entities)) {
        const stored = current[id] as Entity | undefined;
        if (stored && canonical(stored) === canonical(e)) continue;
        const refusal = acmeRefusal(id, stored ? 'changed' : 'added', stored ?? null, e);
        if (refusal || !stored) throw entityError(name, id, refusal ?? '', 'value_error.config.read_only');
        const { auto_renew, renew_before_days } = e;
        const body = checked<Required<AcmeOrderSettingsBody>>(acmeOrderSettings, name, id, {
          auto_renew,
          renew_before_days,
        });
        if (body.auto_renew === stored.auto_renew && body.renew_before_days === stored.renew_before_days)
          continue;
        db.prepare(
          'UPDATE pki_acme_orders SET auto_renew = ?, renew_before_days = ?, updated_at = ? WHERE id = ?',
        ).run(body.auto_renew ? 1 : 0, body.renew_before_days, now, id.slice('acme_order:'.length));
      }
    },
    title: (id, e) =>
      kindOf(id) === 'acme_account'
        ? `ACME account ${String(e.name)}`
        : `ACME order ${(e.names as string[] | null)?.join(', ') ?? ''}`,
  });
}
