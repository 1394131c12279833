/**
 * The DNS feature's configuration sections: the proxy (its settings and lists, written as the managed service
 * restores them: proxy.ts) and the Dynamic DNS accounts (written with the rows the Dynamic DNS page writes:
 * dynamic.ts). The accounts' passwords and tokens are markers.
 */
import type { ApplianceContext } from '../context';
import { portClashes } from '../apply/ports';
import { registerSection, type Entity, type Json } from '../revisions/sections';
import { secretKey, secretMarker } from '../revisions/secrets';
import {
  checked,
  requiredEntity,
  entityError,
  itemId,
  keyed,
  kindOf,
  knownIds,
  listItems,
  plainObject,
  rules,
  sameSecret,
} from '../revisions/sectionKit';
import { bindingChange, ddnsSecretBinding, RETYPE_ERROR, retypeMessage } from '../../shared/secretBinding';
import * as dnsContract from '../../shared/contracts/dns';
import { checkSettings, readDnsSnapshot, restoreDnsSnapshot } from './proxy';
import {
  checkAccount,
  deleteAccountRow,
  dropAccountSecret,
  insertAccountRow,
  storedAccount,
  updateAccountRow,
} from './dynamic';

const DNS_LIST_TITLES: Record<string, (e: Entity) => string> = {
  upstream: (e) => `Upstream ${String(e.address)}@${String(e.port)}${e.tls ? ' (TLS)' : ''}`,
  host_override: (e) => `Host override ${e.host === '*' ? '*' : String(e.host)}.${String(e.domain)}`,
  domain_override: (e) => `Domain override ${String(e.domain)}`,
  access_list: (e) => `Access rule ${String(e.subnet)}`,
};

export function registerDnsSections(ctx: ApplianceContext): void {
  let key: Buffer | null = null;
  const marker = (v: string | null | undefined) => secretMarker((key ??= secretKey(ctx.db)), v);

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
      const settings = requiredEntity<dnsContract.ProxySettings>(
        name,
        entities,
        'settings',
        dnsContract.ProxySettings,
        'the DNS proxy settings',
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
      for (const r of rows) if (!keep.has(r.id)) deleteAccountRow(db, r.id);
      for (const w of wanted) {
        // An account the document leaves as it is keeps its next check.
        if (!w.exists) insertAccountRow(db, w.data, now, w.n);
        else updateAccountRow(db, w.n, w.data, now, true);
        if (w.dropSecret) dropAccountSecret(db, w.n);
      }
    },
  });
}
