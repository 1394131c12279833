/**
 * What the agent reports, gathered from the appliance through the kernel's own reads — the service manager, what
 * the alerts offer (offers.ts) and announce (events.ts), the home page's PKI and backup parts (dashboard.ts), the
 * revisions and the configuration document, the audit chain — never another feature's tables.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { AuditChain } from '../../auditChain';
import type { ApplianceContext } from '../../context';
import { dashboardParts } from '../../dashboard';
import { onApplianceEvent } from '../../events';
import { offered } from '../../offers';
import { configDocument } from '../../revisions/document';
import { canonical } from '../../revisions/diff';
import { applianceVersionOf } from '../../revisions/sections';
import { listRevisions } from '../../revisions/store';
import { supervisorOf } from '../../services';
import {
  FLEET_NAME_MAX,
  FLEET_SERVICE_STATUSES,
  FLEET_TEXT_MAX,
  type FleetAlertEvent,
  type FleetAuditEvent,
  type FleetService,
  type FleetState,
} from '../../../shared/contracts/fleetMessages';
import { oneLine } from './text';

/** A state record without what the agent adds itself (format, id, time). */
export type ApplianceReport = Omit<FleetState, 'format' | 'id' | 'at'>;
type Raised<E> = Omit<E, 'format' | 'id' | 'event_id'>;
/** An event as the appliance raises it (the agent adds format, id and event id). */
export type RaisedEvent = Raised<FleetAlertEvent> | Raised<FleetAuditEvent>;

export interface AgentSources {
  /** The appliance's state now. */
  report(): Promise<ApplianceReport>;
  /** Follows the appliance: `raise` for each event, `changed` when the state changed; answers the unsubscribe. */
  follow(raise: (e: RaisedEvent) => void, changed: () => void): () => void;
}

/** The services the fleet shows (those the service manager runs on this appliance). */
const SERVICES = ['dns', 'ssh'] as const;

export interface ApplianceSourceOptions {
  /** The console's address as the appliance reports it. */
  consoleUrl: string;
  /** The audit chain (the assembly's): each record goes to the fleet as an event. */
  auditChain?: AuditChain;
  hostname?: () => string;
}

interface Parts {
  certificates?: { expiring: number; soonest: Array<{ name: string; not_after: string }> };
  backups?: { last_at: number | null; last_ok: boolean | null };
}

export function applianceSources(ctx: ApplianceContext, options: ApplianceSourceOptions): AgentSources {
  const hostname = options.hostname ?? os.hostname;
  // The document's hash is computed again only when a new revision is recorded (every configuration write is one).
  let hashed: { revision: number | null; hash: string } | null = null;
  const config = () => {
    const revision =
      listRevisions(ctx.db, { page: '1', per_page: '1' }, { readable: null }).data[0]?.id ?? null;
    if (!hashed || hashed.revision !== revision || revision === null) {
      const hash = crypto
        .createHash('sha256')
        .update(canonical(configDocument(ctx).sections))
        .digest('hex');
      hashed = { revision, hash };
    }
    return hashed;
  };
  const parts = (): Parts => {
    const out: Parts = {};
    for (const { area, part } of dashboardParts(ctx))
      if (area === 'pki' || area === 'settings') Object.assign(out, part(ctx));
    return out;
  };
  const services = async (): Promise<FleetService[]> => {
    const supervisor = supervisorOf(ctx);
    if (!supervisor) return [];
    const known = new Set<string>(FLEET_SERVICE_STATUSES);
    const out: FleetService[] = [];
    for (const name of SERVICES) {
      if (!supervisor.unit(name)) continue;
      const { status } = await supervisor.state(name);
      out.push({ name, state: known.has(status) ? status : 'unknown' });
    }
    return out;
  };
  return {
    async report() {
      const { certificates, backups } = parts();
      const nearest = certificates?.soonest[0];
      return {
        name: oneLine(hostname(), FLEET_NAME_MAX) || 'unnamed',
        version: oneLine(applianceVersionOf(ctx), FLEET_NAME_MAX),
        uptime_s: Math.floor(os.uptime()),
        load: os.loadavg().map((l) => Math.round(l * 100) / 100),
        services: await services(),
        alerts: offered(ctx, 'alertsFiring')(),
        certificates: {
          expiring: certificates?.expiring ?? 0,
          nearest: nearest
            ? { name: oneLine(nearest.name, FLEET_NAME_MAX * 4), not_after: Date.parse(nearest.not_after) }
            : null,
        },
        backup:
          backups?.last_at != null && backups.last_ok !== null
            ? { at: backups.last_at, ok: backups.last_ok }
            : null,
        config: config(),
        console_url: options.consoleUrl,
      };
    },
    follow(raise, changed) {
      const off = [
        onApplianceEvent(ctx, 'alertChanged', (a) => {
          raise({
            kind: a.change === 'resolved' ? 'alert_resolved' : 'alert_fired',
            at: a.at,
            alert: {
              key: oneLine(a.key, FLEET_TEXT_MAX),
              kind: oneLine(a.kind, FLEET_NAME_MAX),
              severity: a.severity,
              summary: oneLine(a.summary, FLEET_TEXT_MAX),
            },
          });
          changed();
        }),
        onApplianceEvent(ctx, 'backupFinished', () => changed()),
        options.auditChain?.subscribe((r) =>
          raise({
            kind: 'audit',
            at: r.timestamp * 1000,
            audit: {
              seq: r.seq,
              actor: oneLine(r.actor, FLEET_NAME_MAX * 4),
              method: oneLine(r.method, FLEET_NAME_MAX),
              object: oneLine(r.object, FLEET_TEXT_MAX),
              outcome: r.outcome,
              message: oneLine(r.message, FLEET_TEXT_MAX),
            },
          }),
        ),
      ];
      return () => {
        for (const stop of off) stop?.();
      };
    },
  };
}
