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
  FleetAppliance,
  FleetApplianceDetail,
  FleetSummary,
} from '../../shared/contracts/fleetEnrolment';

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
}

export const codeHash = (code: string) =>
  crypto.createHash('sha256').update(code.trim(), 'utf8').digest('hex');

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function applianceView(r: ApplianceRow): FleetAppliance {
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
    // Filled from the consumer's state records once the manager reads them.
    live: null,
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
  return sqlPageOf<ApplianceRow, FleetAppliance>(
    ctx.db,
    query,
    {
      from: 'FROM fleet_appliances',
      select: '*',
      sort: {
        name: 'sort_key(name)',
        group: 'sort_key(grp)',
        state: 'state',
        created_at: 'created_at',
        enrolled_at: 'enrolled_at',
      },
      defaultSort: 'name',
      tiebreak: 'id',
      search: 'search_text(name, grp, id)',
      filters: {
        // A code being redeemed is pending to the filter as in the answer.
        state: (v) =>
          v === 'pending'
            ? { sql: "state IN ('pending', 'enrolling')", params: [] }
            : { sql: 'state = ?', params: [v] },
        group: (v) => ({ sql: 'grp = ?', params: [v] }),
      },
    },
    applianceView,
  );
}

export function applianceDetail(ctx: ApplianceContext, id: string): FleetApplianceDetail {
  const row = getApplianceRow(ctx.db, id);
  const history = ctx.db
    .prepare('SELECT at, event, detail, actor FROM fleet_history WHERE appliance_id = ? ORDER BY at, id')
    .all(id) as Array<{
    at: number;
    event: FleetApplianceDetail['history'][number]['event'];
    detail: string;
    actor: string;
  }>;
  return {
    ...applianceView(row),
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

/** The fleet in numbers. Until the manager reads state records, every admitted appliance counts as never connected. */
export function fleetSummary(ctx: ApplianceContext): FleetSummary {
  const { total } = ctx.db
    .prepare("SELECT count(*) AS total FROM fleet_appliances WHERE state != 'removed'")
    .get() as { total: number };
  return {
    total,
    online: 0,
    offline: 0,
    never_connected: total,
    alerts: { critical: 0, warning: 0, info: 0 },
    certificates_expiring: 0,
    changed_locally: 0,
  };
}
