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
import { checkChannel, writeAlertSettings } from './alerts';
import { alertSettings, channelBody, type AlertSettings, type ChannelBody } from '../shared/contracts/alerts';
import { HttpError } from './http/errors';
import { canonical } from './revisions/diff';
import type { Db } from '../storage/sqlite';
import { deleteTargetRows, forwarderOf, storeTargetRow, targetTlsErrors } from './forwarding';
import { forwardingTargetBody, type ForwardingTargetBody } from '../shared/contracts/forwarding';
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
}
