/**
 * The appliances of the fleet (the managing side): added with a one-time enrolment code (random 144 bits, stored
 * only as its SHA-256, valid 24 hours, shown once), enrolled when an appliance presents the code with its CSR
 * (./enrolment.ts), removed by revoking its certificate. Every step is in its history and the audit trail.
 */
import crypto from 'node:crypto';
import { auditText } from '../audit';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError, notFound } from '../http/errors';
import { sqlPageOf } from '../http/listing';
import { offered } from '../offers';
import type { Db } from '../../storage/sqlite';
import type {
  ConfigSync,
  FleetAppliance,
  FleetApplianceDetail,
  FleetLive,
  FleetSummary,
} from '../../shared/contracts/fleetEnrolment';
import type { FleetState } from '../../shared/contracts/fleetMessages';
import { staleAfterMs } from './running';

export const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
const CODE_BYTES = 18;

export interface ApplianceRow {
  id: string;
  name: string;
  grp: string;
  state: 'pending' | 'enrolling' | 'enrolled' | 'removed';
  code_hash: string | null;
  code_expires_at: number | null;
  created_at: number;
  enrolled_at: number | null;
  removed_at: number | null;
  cert_id: string | null;
  cert_serial: string | null;
  cert_not_after: number | null;
  known_config_hash: string | null;
}

/** An appliance's row with its newest state record (the consumer's `fleet_states`), when it has one. */
interface LiveRow extends ApplianceRow {
  live_record: string | null;
  live_seen_at: number | null;
}

const LIVE_FROM = 'FROM fleet_appliances a LEFT JOIN fleet_states s ON s.appliance_id = a.id';
const LIVE_SELECT = 'a.*, s.record AS live_record, s.seen_at AS live_seen_at';

/**
 * What its newest record says, with its presence at `now`: online while the record is at most the stale window
 * old (by the fleet server's clock), offline since the moment it turned stale. The configuration is in sync while
 * its hash is the one the appliance is known to have (its first record after enrolment).
 */
function liveOf(r: LiveRow, now: number, staleMs: number): FleetLive | null {
  if (r.live_record === null || r.live_seen_at === null) return null;
  const record = JSON.parse(r.live_record) as FleetState;
  const staleAt = r.live_seen_at + staleMs;
  const online = now <= staleAt;
  const config: ConfigSync =
    r.known_config_hash === null
      ? 'unknown'
      : record.config.hash === r.known_config_hash
        ? 'in_sync'
        : 'changed_locally';
  return {
    presence: online ? 'online' : 'offline',
    last_seen: new Date(r.live_seen_at).toISOString(),
    offline_since: online ? null : new Date(staleAt).toISOString(),
    version: record.version,
    alerts: record.alerts,
    certificates_expiring: record.certificates.expiring,
    config,
    console_url: record.console_url || null,
    services: record.services,
    uptime_s: record.uptime_s,
    load: record.load,
    backup: record.backup && { at: new Date(record.backup.at).toISOString(), ok: record.backup.ok },
    config_revision: record.config.revision,
  };
}

export const codeHash = (code: string) =>
  crypto.createHash('sha256').update(code.trim(), 'utf8').digest('hex');

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function applianceView(r: ApplianceRow, live: FleetLive | null = null): FleetAppliance {
  return {
    id: r.id,
    name: r.name,
    group: r.grp,
    // A code being redeemed right now is still a pending appliance to whoever looks.
    state: r.state === 'enrolling' ? 'pending' : r.state,
    created_at: new Date(r.created_at).toISOString(),
    code_expires_at: r.state === 'pending' || r.state === 'enrolling' ? iso(r.code_expires_at) : null,
    enrolled_at: iso(r.enrolled_at),
    removed_at: iso(r.removed_at),
    certificate_id: r.cert_id,
    certificate_serial: r.cert_serial,
    certificate_not_after: iso(r.cert_not_after),
    live,
  };
}

export function getApplianceRow(db: Db, id: string): ApplianceRow {
  const row = db.prepare('SELECT * FROM fleet_appliances WHERE id = ?').get(id) as ApplianceRow | undefined;
  if (!row) throw notFound('Appliance does not exist');
  return row;
}

export function addHistory(
  db: Db,
  applianceId: string,
  at: number,
  event: 'added' | 'enrolled' | 'refused' | 'removed',
  detail: string,
  actor: string,
): void {
  db.prepare('INSERT INTO fleet_history (appliance_id, at, event, detail, actor) VALUES (?, ?, ?, ?, ?)').run(
    applianceId,
    at,
    event,
    detail,
    actor,
  );
}

/** A new appliance and its one-time code (the code itself is answered once and never stored). */
export function addAppliance(
  ctx: ApplianceContext,
  input: { name: string; group?: string },
  actor: string,
): { row: ApplianceRow; code: string } {
  const code = crypto.randomBytes(CODE_BYTES).toString('base64url');
  const id = crypto.randomUUID();
  const now = ctx.now();
  inTransaction(ctx.db, () => {
    ctx.db
      .prepare(
        `INSERT INTO fleet_appliances (id, name, grp, state, code_hash, code_expires_at, created_at)
         VALUES (?, ?, ?, 'pending', ?, ?, ?)`,
      )
      .run(id, input.name, input.group ?? '', codeHash(code), now + CODE_LIFETIME_MS, now);
    addHistory(ctx.db, id, now, 'added', 'enrolment code issued (valid 24 hours)', actor);
  });
  ctx.audit.record(
    'fleet',
    `appliance "${auditText(input.name)}" (${id}) added to the fleet by "${auditText(actor)}"; enrolment code issued`,
  );
  return { row: getApplianceRow(ctx.db, id), code };
}

export function listAppliances(ctx: ApplianceContext, query: Record<string, string | undefined>) {
  const now = ctx.now();
  const staleMs = staleAfterMs(ctx);
  const cutoff = now - staleMs;
  return sqlPageOf<LiveRow, FleetAppliance>(
    ctx.db,
    query,
    {
      from: LIVE_FROM,
      select: LIVE_SELECT,
      sort: {
        name: 'sort_key(a.name)',
        group: 'sort_key(a.grp)',
        state: 'a.state',
        created_at: 'a.created_at',
        enrolled_at: 'a.enrolled_at',
      },
      defaultSort: 'name',
      tiebreak: 'a.id',
      search: 'search_text(a.name, a.grp, a.id)',
      filters: {
        // A code being redeemed is pending to the filter as in the answer.
        state: (v) =>
          v === 'pending'
            ? { sql: "a.state IN ('pending', 'enrolling')", params: [] }
            : { sql: 'a.state = ?', params: [v] },
        group: (v) => ({ sql: 'a.grp = ?', params: [v] }),
        // The same rule as `live.presence`, at the same moment.
        presence: (v) =>
          v === 'never'
            ? { sql: 's.appliance_id IS NULL', params: [] }
            : { sql: v === 'online' ? 's.seen_at >= ?' : 's.seen_at < ?', params: [cutoff] },
      },
    },
    (r) => applianceView(r, liveOf(r, now, staleMs)),
  );
}

export function applianceDetail(ctx: ApplianceContext, id: string): FleetApplianceDetail {
  const row = ctx.db.prepare(`SELECT ${LIVE_SELECT} ${LIVE_FROM} WHERE a.id = ?`).get(id) as
    LiveRow | undefined;
  if (!row) throw notFound('Appliance does not exist');
  const history = ctx.db
    .prepare('SELECT at, event, detail, actor FROM fleet_history WHERE appliance_id = ? ORDER BY at, id')
    .all(id) as Array<{
    at: number;
    event: FleetApplianceDetail['history'][number]['event'];
    detail: string;
    actor: string;
  }>;
  return {
    ...applianceView(row, liveOf(row, ctx.now(), staleAfterMs(ctx))),
    history: history.map((h) => ({ ...h, at: new Date(h.at).toISOString() })),
  };
}

/**
 * Removes an appliance: a pending one's code dies; an enrolled one's certificate is revoked (a new CRL) and it is no
 * longer a NATS user once the caller reloads the server. Refused (409) when it was removed already.
 */
export async function removeAppliance(
  ctx: ApplianceContext,
  id: string,
  actor: string,
): Promise<ApplianceRow> {
  const row = getApplianceRow(ctx.db, id);
  if (row.state === 'removed')
    throw new HttpError(409, [
      { loc: ['path', 'id'], msg: 'this appliance was removed already', type: 'value_error.fleet.removed' },
    ]);
  if (row.state === 'enrolling')
    throw new HttpError(409, [
      {
        loc: ['path', 'id'],
        msg: 'this appliance is enrolling right now: try again',
        type: 'value_error.fleet.busy',
      },
    ]);
  const now = ctx.now();
  inTransaction(ctx.db, () => {
    ctx.db.prepare("UPDATE fleet_appliances SET state = 'removed', removed_at = ? WHERE id = ?").run(now, id);
    addHistory(
      ctx.db,
      id,
      now,
      'removed',
      row.cert_id ? `removed; certificate ${row.cert_serial ?? ''} revoked` : 'removed before it enrolled',
      actor,
    );
  });
  if (row.cert_id) await offered(ctx, 'pkiRevoke')(row.cert_id, 'cessation_of_operation', `fleet: ${actor}`);
  ctx.audit.record(
    'fleet',
    `appliance "${auditText(row.name)}" (${id}) removed from the fleet by "${auditText(actor)}"${row.cert_id ? '; its certificate is revoked' : ''}`,
  );
  return row;
}

/**
 * The fleet in numbers, at one moment. Alerts and certificates are summed over the appliances online: an offline
 * appliance's last record is not shown as what is firing now.
 */
export function fleetSummary(ctx: ApplianceContext): FleetSummary {
  const cutoff = ctx.now() - staleAfterMs(ctx);
  const online = 's.seen_at >= @cutoff';
  const r = ctx.db
    .prepare(
      `SELECT count(*) AS total,
         coalesce(sum(${online}), 0) AS online,
         coalesce(sum(s.seen_at < @cutoff), 0) AS offline,
         coalesce(sum(s.appliance_id IS NULL), 0) AS never_connected,
         coalesce(sum(CASE WHEN ${online} THEN json_extract(s.record, '$.alerts.critical') END), 0) AS critical,
         coalesce(sum(CASE WHEN ${online} THEN json_extract(s.record, '$.alerts.warning') END), 0) AS warning,
         coalesce(sum(CASE WHEN ${online} THEN json_extract(s.record, '$.alerts.info') END), 0) AS info,
         coalesce(sum(CASE WHEN ${online} THEN s.certificates_expiring END), 0) AS certificates_expiring,
         coalesce(sum(a.known_config_hash IS NOT NULL
           AND json_extract(s.record, '$.config.hash') != a.known_config_hash), 0) AS changed_locally
       ${LIVE_FROM} WHERE a.state != 'removed'`,
    )
    .get({ cutoff }) as Record<string, number>;
  return {
    total: r.total,
    online: r.online,
    offline: r.offline,
    never_connected: r.never_connected,
    alerts: { critical: r.critical, warning: r.warning, info: r.info },
    certificates_expiring: r.certificates_expiring,
    changed_locally: r.changed_locally,
  };
}
