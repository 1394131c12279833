/**
 * The fleet settings (System → Fleet), one row: whether this console manages other appliances, with the embedded
 * nats-server (loopback by default) or an existing NATS cluster given by URL and the manager's credentials (sealed).
 * The page's save and the configuration document's writer both go through `writeFleetSettings`.
 */
import net from 'node:net';
import type { ApplianceContext } from '../context';
import type { ErrorItem } from '../http/errors';
import type { Db } from '../../storage/sqlite';
import type { FleetSettings, FleetSettingsBody } from '../../shared/contracts/fleetEnrolment';
import { FLEET_CREDENTIALS_SEALED, sealFor, unsealFor } from './keys';

interface SettingsRow {
  manage: number;
  nats: 'embedded' | 'external';
  public_host: string;
  listen_address: string;
  nats_port: number;
  enrol_port: number;
  external_url: string;
  external_credentials_sealed: Buffer | null;
}

export function readSettingsRow(db: Db): SettingsRow {
  return db.prepare('SELECT * FROM fleet_settings WHERE id = 1').get() as SettingsRow;
}

export function readFleetSettings(db: Db): FleetSettings {
  const r = readSettingsRow(db);
  return {
    manage: r.manage === 1,
    nats: r.nats,
    public_host: r.public_host,
    listen_address: r.listen_address,
    nats_port: r.nats_port,
    enrol_port: r.enrol_port,
    external_url: r.external_url,
    has_external_credentials: r.external_credentials_sealed !== null,
  };
}

/** The manager's credentials for an existing cluster (null when none are stored). */
export function externalCredentials(ctx: ApplianceContext): string | null {
  const r = readSettingsRow(ctx.db);
  return r.external_credentials_sealed
    ? unsealFor(ctx, FLEET_CREDENTIALS_SEALED, 1, r.external_credentials_sealed)
    : null;
}

const HOSTNAME =
  /^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** What the schema cannot say; located as the route's body items (the section's writer reads them too). */
export function checkFleetSettings(body: FleetSettingsBody, stored: FleetSettings): ErrorItem[] {
  const items: ErrorItem[] = [];
  if (!net.isIP(body.public_host) && !HOSTNAME.test(body.public_host))
    items.push({
      loc: ['body', 'public_host'],
      msg: 'a DNS name or an IP address',
      type: 'value_error.host',
    });
  if (body.nats === 'embedded' && body.nats_port === body.enrol_port)
    items.push({
      loc: ['body', 'enrol_port'],
      msg: 'the enrolment listener needs a port of its own (not the NATS port)',
      type: 'value_error.duplicate',
    });
  if (body.nats === 'external') {
    if (!/^(tls|nats):\/\/[^\s/"'<>]+:[0-9]{1,5}$/.test(body.external_url))
      items.push({
        loc: ['body', 'external_url'],
        msg: 'the cluster’s URL, tls://host:port',
        type: 'value_error.url',
      });
    if (!body.external_credentials && !stored.has_external_credentials)
      items.push({
        loc: ['body', 'external_credentials'],
        msg: 'the manager’s credentials for that cluster are required',
        type: 'value_error.missing',
      });
  }
  return items;
}

export function writeFleetSettings(ctx: ApplianceContext, body: FleetSettingsBody): void {
  ctx.db
    .prepare(
      `UPDATE fleet_settings SET manage = ?, nats = ?, public_host = ?, listen_address = ?, nats_port = ?,
         enrol_port = ?, external_url = ? WHERE id = 1`,
    )
    .run(
      body.manage ? 1 : 0,
      body.nats,
      body.public_host,
      body.listen_address,
      body.nats_port,
      body.enrol_port,
      body.nats === 'external' ? body.external_url : '',
    );
  // An absent or empty secret keeps the stored one; the embedded server needs none, so it is dropped there.
  if (body.nats === 'embedded')
    ctx.db.prepare('UPDATE fleet_settings SET external_credentials_sealed = NULL WHERE id = 1').run();
  else if (body.external_credentials)
    ctx.db
      .prepare('UPDATE fleet_settings SET external_credentials_sealed = ? WHERE id = 1')
      .run(sealFor(ctx, FLEET_CREDENTIALS_SEALED, 1, body.external_credentials));
}
