/**
 * The alerts' configuration sections (admin-only routes: found by their path): the channels, written with the rows
 * the Alert channels page writes (channels.ts), and the thresholds (thresholds.ts). No managed service: the channels
 * are read at each alert, the thresholds at the engine's next evaluation (within a minute).
 */
import type { ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { registerSection, type Entities, type Json } from '../revisions/sections';
import { secretKey, secretMarker } from '../revisions/secrets';
import { checked, entityError, itemId, keyed, knownIds, rules, sameSecret } from '../revisions/sectionKit';
import {
  alertSettings,
  channelBody,
  type AlertSettings,
  type ChannelBody,
} from '../../shared/contracts/alerts';
import {
  checkChannel,
  deleteChannelRow,
  freeChannelName,
  insertChannelRow,
  updateChannelRow,
} from './channels';
import { resetAlertSettings, writeAlertSettings } from './thresholds';

const hasTable = (db: ApplianceContext['db'], name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

export function registerAlertSections(ctx: ApplianceContext): void {
  let key: Buffer | null = null;
  const marker = (v: Buffer | null | undefined) => secretMarker((key ??= secretKey(ctx.db)), v);

  // The webhook's signing secret is a marker.
  registerSection(ctx, {
    name: 'settings.alert_channels',
    area: 'settings',
    label: 'Alert channels',
    paths: ['/alerts/channels'],
    read: (db) => {
      if (!hasTable(db, 'alert_channels')) return {};
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
    // The signing secret is named by reference only.
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
      for (const r of rows) if (!keep.has(r.id)) deleteChannelRow(db, r.id);
      // Names are unique: a channel renamed to another's former name is written after a free name.
      for (const w of wanted) if (w.exists) freeChannelName(db, w.n);
      for (const w of wanted)
        if (w.exists) updateChannelRow(db, w.n, w.body);
        else insertChannelRow(db, w.body, ctx.now(), w.n);
    },
  });

  registerSection(ctx, {
    name: 'settings.alert_settings',
    area: 'settings',
    label: 'Alert thresholds',
    paths: ['/alerts/settings'],
    read: (db) => {
      const row = hasTable(db, 'alert_settings')
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
    write: (db, entities) => {
      const name = 'settings.alert_settings';
      knownIds(name, entities, [], ['thresholds']);
      // Left out, the thresholds are the defaults (as before anyone changed them).
      if (!entities.thresholds) resetAlertSettings(db);
      else
        writeAlertSettings(
          db,
          checked<AlertSettings>(alertSettings, name, 'thresholds', entities.thresholds),
        );
    },
  });
}
