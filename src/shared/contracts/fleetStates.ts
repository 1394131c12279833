/**
 * What the manager derives from its appliances' state records and events, for the fleet's API: each appliance's
 * latest record with its presence (online while its newest record is at most `FLEET_STALE_AFTER_MS` old, offline
 * after — a stale record is never shown as fresh), and its recent events.
 */
import { Type, type Static } from '@sinclair/typebox';
import { listQuery, oneOf } from './listing';
import { nullable, stringEnum } from './fields';
import { fleetState } from './fleetMessages';

/** A record older than this (by the fleet server's clock) means the appliance is offline. */
export const FLEET_STALE_AFTER_MS = 30_000;
export const FLEET_PRESENCES = ['online', 'offline'] as const;
export type FleetPresence = (typeof FLEET_PRESENCES)[number];

export const fleetStatesQuery = listQuery(['name', 'version', 'last_seen', 'alerts', 'certificates'], {
  presence: oneOf(FLEET_PRESENCES, 'Only appliances online, or only those offline.'),
});
export type FleetStatesQuery = Static<typeof fleetStatesQuery> & { presence?: FleetPresence };

export const fleetApplianceState = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    presence: stringEnum(FLEET_PRESENCES),
    /** When the fleet's server stored its newest record (milliseconds since the epoch). */
    last_seen: Type.Integer({ minimum: 0 }),
    /** Since when it is offline (its newest record turned stale); null while online. */
    offline_since: nullable(Type.Integer({ minimum: 0 })),
    state: fleetState,
  },
  { additionalProperties: false },
);
export type FleetApplianceState = Static<typeof fleetApplianceState>;

export const FLEET_EVENT_KINDS = ['alert_fired', 'alert_resolved', 'audit'] as const;

export const fleetStoredEvent = Type.Object(
  {
    seq: Type.Integer({ minimum: 1 }),
    appliance_id: Type.String({ format: 'uuid' }),
    kind: stringEnum(FLEET_EVENT_KINDS),
    at: Type.Integer({ minimum: 0 }),
    /** When the manager stored it. */
    received_at: Type.Integer({ minimum: 0 }),
    /** The event as the appliance sent it (checked against `fleetEvent`). */
    event: Type.Unknown(),
  },
  { additionalProperties: false },
);
export type FleetStoredEvent = Static<typeof fleetStoredEvent>;
