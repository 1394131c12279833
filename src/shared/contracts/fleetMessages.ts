/**
 * What a managed appliance sends the fleet's manager over NATS: its state record (the KV bucket
 * `rampart_fleet_state`, key = its id) and its events (`rampart.fleet.events.<id>`). The manager trusts none of it:
 * every message is checked against these schemas (closed objects, every string and list bounded, text without
 * control characters) and one that does not fit is dropped and counted. Times are milliseconds since the epoch.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { nullable, stringEnum } from './fields';

/** The largest state record and event the manager reads (the agent's own records are a few hundred bytes). */
export const FLEET_STATE_MAX_BYTES = 16 * 1024;
export const FLEET_EVENT_MAX_BYTES = 8 * 1024;
export const FLEET_NAME_MAX = 64;
export const FLEET_TEXT_MAX = 400;
export const FLEET_SERVICES_MAX = 16;
/** Certificates ending within this many days are counted as expiring (the PKI's own warning window). */
export const FLEET_EXPIRY_WINDOW_DAYS = 30;
/** The state record's format; a manager refuses one it does not know. */
export const FLEET_STATE_FORMAT = 'rampart-fleet-state/1';
export const FLEET_EVENT_FORMAT = 'rampart-fleet-event/1';

const MAX_TIME = 8_640_000_000_000_000;
const time = (description: string) => Type.Integer({ minimum: 0, maximum: MAX_TIME, description });
const count = (description: string) => Type.Integer({ minimum: 0, maximum: 1_000_000_000, description });
const text = (maxLength: number, description: string) =>
  Type.String({ maxLength, format: 'safe-text', description });
const closed = <T extends Parameters<typeof Type.Object>[0]>(properties: T, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

export const applianceId = Type.String({ format: 'uuid', maxLength: 36, description: 'The appliance’s id.' });

export const FLEET_SERVICE_STATUSES = ['running', 'stopped', 'failed', 'not_installed', 'unknown'] as const;
export const FLEET_SEVERITIES = ['critical', 'warning', 'info'] as const;

export const fleetService = closed({
  name: Type.String({ pattern: '^[a-z][a-z0-9_-]{0,31}$', description: 'The service (`dns`, `ssh`, …).' }),
  state: stringEnum(FLEET_SERVICE_STATUSES),
});

export const fleetState = closed(
  {
    format: Type.Literal(FLEET_STATE_FORMAT),
    id: applianceId,
    name: text(FLEET_NAME_MAX, 'The appliance’s host name.'),
    version: text(FLEET_NAME_MAX, 'The appliance’s software version.'),
    uptime_s: count('Seconds since the host started.'),
    load: Type.Array(Type.Number({ minimum: 0, maximum: 1_000_000 }), {
      minItems: 3,
      maxItems: 3,
      description: 'Load averages over 1, 5 and 15 minutes.',
    }),
    services: Type.Array(fleetService, { maxItems: FLEET_SERVICES_MAX }),
    alerts: closed(
      { critical: count(''), warning: count(''), info: count('') },
      'Alerts firing now, by severity.',
    ),
    certificates: closed(
      {
        expiring: count(`Certificates (not revoked) ending within ${FLEET_EXPIRY_WINDOW_DAYS} days.`),
        nearest: nullable(
          closed({
            name: text(FLEET_NAME_MAX * 4, 'The certificate’s name.'),
            not_after: time('When it ends.'),
          }),
        ),
      },
      'Certificates expiring soon.',
    ),
    backup: nullable(closed({ at: time('When the run ended.'), ok: Type.Boolean() }), {
      description: 'The last backup run’s result (null: none ran).',
    }),
    config: closed(
      {
        revision: nullable(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), {
          description: 'The newest configuration revision (null: none recorded).',
        }),
        hash: Type.String({
          pattern: '^[0-9a-f]{64}$',
          description: 'SHA-256 of the configuration document.',
        }),
      },
      'The configuration it runs.',
    ),
    console_url: Type.String({
      maxLength: 2048,
      pattern: '^https?://[^\\s<>"\'`\\\\]+$',
      description: 'Where its own console answers (as it reports it).',
    }),
    at: time('When the record was written.'),
  },
  'An appliance’s state record.',
);
export type FleetState = Static<typeof fleetState>;
export type FleetService = Static<typeof fleetService>;

const eventBase = {
  format: Type.Literal(FLEET_EVENT_FORMAT),
  id: applianceId,
  /** Unique per appliance and event: the stream de-duplicates a re-sent event by it. */
  event_id: Type.String({ pattern: '^[0-9a-f]{32}$', description: 'The event’s id (de-duplication).' }),
  at: time('When it happened.'),
};

export const fleetAlertEvent = closed({
  ...eventBase,
  kind: stringEnum(['alert_fired', 'alert_resolved'] as const),
  alert: closed({
    key: text(FLEET_TEXT_MAX, 'The alert’s subject key.'),
    kind: text(FLEET_NAME_MAX, 'What kind of alert.'),
    severity: stringEnum(FLEET_SEVERITIES),
    summary: text(FLEET_TEXT_MAX, 'What it says.'),
  }),
});

export const fleetAuditEvent = closed({
  ...eventBase,
  kind: Type.Literal('audit'),
  audit: closed({
    seq: count('The record’s number in the appliance’s audit chain.'),
    actor: text(FLEET_NAME_MAX * 4, 'Who.'),
    method: text(FLEET_NAME_MAX, 'How (console, token, ssh, …).'),
    object: text(FLEET_TEXT_MAX, 'What.'),
    outcome: stringEnum(['success', 'failure'] as const),
    message: text(FLEET_TEXT_MAX, 'The record’s text.'),
  }),
});

export const fleetEvent: TSchema = Type.Union([fleetAlertEvent, fleetAuditEvent], {
  description: 'An appliance’s event.',
});
export type FleetAlertEvent = Static<typeof fleetAlertEvent>;
export type FleetAuditEvent = Static<typeof fleetAuditEvent>;
export type FleetEvent = FleetAlertEvent | FleetAuditEvent;
