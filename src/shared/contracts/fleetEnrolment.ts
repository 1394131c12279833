/**
 * The managing side of the fleet (`{api}fleet/…`, src/appliance/fleet): its settings (System → Fleet: manage other
 * appliances, the embedded nats-server or an existing NATS cluster), the appliances it admits (each added with a
 * one-time enrolment code, removed by revoking its certificate), and the joining side's call (`fleet/join`). The
 * enrolment listener's own call (`POST /enrol`, on the manager's separate HTTPS port) is described here too.
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { listPage, listQuery } from './listing';
import { nullable, orNull, stringEnum } from './fields';
import { FLEET_PRESENCES, fleetStoredEvent } from './fleetStates';
import { fleetService } from './fleetMessages';

const text = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, format: 'safe-text', description });
const port = (description: string) => Type.Integer({ minimum: 1, maximum: 65535, description });
const iso = () => Type.String({ description: 'ISO 8601 time.' });
const uuid = (description: string) => Type.String({ format: 'uuid', description });

export const NATS_MODES = ['embedded', 'external'] as const;
export type NatsMode = (typeof NATS_MODES)[number];

/** `PUT {api}fleet/settings`: the whole section (`settings.fleet`). */
export const fleetSettingsBody = Type.Object(
  {
    manage: Type.Boolean({
      description: 'Manage other appliances: the Fleet CA, NATS and the enrolment listener.',
    }),
    nats: stringEnum(NATS_MODES, {
      description:
        'embedded: this console runs nats-server; external: an existing NATS cluster (not started here).',
    }),
    public_host: text(
      253,
      'The name or address appliances dial (in the server certificate and the addresses).',
    ),
    listen_address: Type.String({
      format: 'ip-address',
      description: 'Where nats-server and the enrolment listener listen.',
    }),
    nats_port: port('The embedded nats-server’s client port.'),
    enrol_port: port('The enrolment listener’s HTTPS port.'),
    external_url: Type.String({
      maxLength: 512,
      format: 'safe-text',
      description:
        'The existing cluster’s URL (`tls://nats.example.net:4222`); empty with the embedded server.',
    }),
    external_credentials: Type.Optional(
      Type.String({
        maxLength: 16384,
        description:
          'The manager’s credentials file for that cluster (NATS .creds); absent or empty keeps the stored one.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type FleetSettingsBody = Static<typeof fleetSettingsBody>;

export const fleetSettings = Type.Object({
  manage: Type.Boolean(),
  nats: stringEnum(NATS_MODES),
  public_host: Type.String(),
  listen_address: Type.String(),
  nats_port: Type.Integer(),
  enrol_port: Type.Integer(),
  external_url: Type.String(),
  has_external_credentials: Type.Boolean(),
});
export type FleetSettings = Static<typeof fleetSettings>;

/** The settings and what they brought up. */
export const fleetSettingsAnswer = Type.Object({
  settings: fleetSettings,
  status: Type.Object({
    ca_id: nullable(
      Type.String({ description: 'The Fleet CA on the CA pages (null until the fleet is managed).' }),
    ),
    ca_fingerprint_sha256: nullable(Type.String()),
    enrol_address: nullable(
      Type.String({ description: 'What a joining appliance is given: `https://host:port`.' }),
    ),
    nats_url: nullable(Type.String()),
    problem: nullable(
      Type.String({ description: 'Why the fleet is not ready (the Fleet CA or a listener failed).' }),
    ),
  }),
});
export type FleetSettingsAnswer = Static<typeof fleetSettingsAnswer>;

export const getFleetSettings = endpoint({
  method: 'GET',
  path: 'fleet/settings',
  response: fleetSettingsAnswer,
  summary: 'The fleet settings (manage other appliances, NATS) and their state',
});
export const putFleetSettings = endpoint({
  method: 'PUT',
  path: 'fleet/settings',
  body: fleetSettingsBody,
  response: fleetSettingsAnswer,
  summary: 'Change the fleet settings',
});

export const APPLIANCE_STATES = ['pending', 'enrolled', 'removed'] as const;

const applianceName = () => text(64, 'The name shown in the fleet (stored and shown as text).');
const groupName = () =>
  Type.String({ maxLength: 64, format: 'safe-text', description: 'A group (may be empty).' });

/** The presence filter of the list: the live presences, and appliances that never reported. */
export const LIST_PRESENCES = [...FLEET_PRESENCES, 'never'] as const;

export const CONFIG_SYNC = ['in_sync', 'changed_locally', 'unknown'] as const;
export type ConfigSync = (typeof CONFIG_SYNC)[number];

/** An appliance's presence and summary, from its newest state record (src/shared/contracts/fleetStates.ts). */
export const fleetLive = Type.Object({
  presence: stringEnum(FLEET_PRESENCES),
  last_seen: iso(),
  offline_since: nullable(iso()),
  version: Type.String(),
  alerts: Type.Object({ critical: Type.Integer(), warning: Type.Integer(), info: Type.Integer() }),
  certificates_expiring: Type.Integer(),
  config: stringEnum(CONFIG_SYNC, {
    description:
      'in_sync: its configuration document is the one it had when it last reported after enrolment or a rollout; changed_locally: it differs; unknown: not known yet.',
  }),
  console_url: nullable(Type.String({ description: 'Where its own console answers, as it reports it.' })),
  services: Type.Array(fleetService, { description: 'Its services (DNS, SSH) and their real state.' }),
  uptime_s: Type.Integer({ description: 'Seconds since its host started, as of the record.' }),
  load: Type.Array(Type.Number(), {
    description: 'Load averages over 1, 5 and 15 minutes, as of the record.',
  }),
  backup: nullable(Type.Object({ at: iso(), ok: Type.Boolean() }), {
    description: 'Its last backup run (null: none ran).',
  }),
  config_revision: nullable(Type.Integer({ description: 'Its newest configuration revision.' })),
});
export type FleetLive = Static<typeof fleetLive>;

export const fleetAppliance = Type.Object({
  id: Type.String(),
  name: Type.String(),
  group: Type.String(),
  state: stringEnum(APPLIANCE_STATES),
  created_at: iso(),
  code_expires_at: nullable(iso()),
  enrolled_at: nullable(iso()),
  removed_at: nullable(iso()),
  certificate_id: nullable(Type.String({ description: 'Its certificate on the certificate pages.' })),
  certificate_serial: nullable(Type.String()),
  certificate_not_after: nullable(iso()),
  live: nullable(fleetLive, {
    description: 'What its newest state record says (null: it never connected).',
  }),
});
export type FleetAppliance = Static<typeof fleetAppliance>;

export const fleetHistoryEntry = Type.Object({
  at: iso(),
  event: stringEnum(['added', 'enrolled', 'refused', 'removed'] as const),
  detail: Type.String(),
  actor: Type.String(),
});

export const fleetApplianceDetail = Type.Composite([
  fleetAppliance,
  Type.Object({ history: Type.Array(fleetHistoryEntry) }),
]);
export type FleetApplianceDetail = Static<typeof fleetApplianceDetail>;

export const listFleetAppliances = endpoint({
  method: 'GET',
  path: 'fleet/appliances',
  query: listQuery(['name', 'group', 'state', 'created_at', 'enrolled_at'], {
    state: stringEnum(APPLIANCE_STATES),
    group: Type.String({ maxLength: 64 }),
    presence: stringEnum(LIST_PRESENCES, {
      description: 'online / offline by its newest state record’s age; never: no record yet.',
    }),
  }),
  response: listPage(fleetAppliance),
  summary: 'The appliances of the fleet (paged)',
});
export const getFleetAppliance = endpoint({
  method: 'GET',
  path: 'fleet/appliances/:id',
  params: Type.Object({ id: uuid('The appliance id.') }),
  response: fleetApplianceDetail,
  summary: 'One appliance of the fleet, with its enrolment history',
});

const positive = (description: string) => Type.String({ pattern: '^[1-9][0-9]{0,15}$', description });
export const FLEET_EVENTS_MAX_PER_PAGE = 200;

/** `GET {api}fleet/appliances/{id}/events`: its events as the manager stored them, newest first. */
export const listFleetApplianceEvents = endpoint({
  method: 'GET',
  path: 'fleet/appliances/:id/events',
  params: Type.Object({ id: uuid('The appliance id.') }),
  query: Type.Object(
    {
      per_page: Type.Optional(
        positive(`Events a page (default 50; a larger ask than ${FLEET_EVENTS_MAX_PER_PAGE} gets that).`),
      ),
      before: Type.Optional(
        positive('Only events older than this `seq` (the previous page’s `next_before`).'),
      ),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({
    data: Type.Array(fleetStoredEvent),
    next_before: nullable(
      Type.Integer({ description: 'Pass as `before` for the next (older) page; null on the last page.' }),
    ),
  }),
  summary: 'One appliance’s recent events (alerts fired and resolved, audit records), newest first',
});

/** `GET {api}fleet/summary`: the band over the fleet overview and the home dashboard's card. */
export const fleetSummary = Type.Object({
  total: Type.Integer({ description: 'Appliances added and not removed.' }),
  online: Type.Integer(),
  offline: Type.Integer(),
  never_connected: Type.Integer(),
  alerts: Type.Object({ critical: Type.Integer(), warning: Type.Integer(), info: Type.Integer() }),
  certificates_expiring: Type.Integer(),
  changed_locally: Type.Integer(),
});
export type FleetSummary = Static<typeof fleetSummary>;
export const getFleetSummary = endpoint({
  method: 'GET',
  path: 'fleet/summary',
  response: fleetSummary,
  summary: 'The fleet in numbers: online, alerts and certificates expiring across it',
});

export const addFleetApplianceBody = Type.Object(
  { name: applianceName(), group: Type.Optional(groupName()) },
  { additionalProperties: false },
);
export const addedFleetAppliance = Type.Object({
  appliance: fleetAppliance,
  code: Type.String({ description: 'The one-time enrolment code: shown once, valid 24 hours.' }),
  code_expires_at: iso(),
  enrol_address: Type.String(),
  ca_fingerprint_sha256: Type.String({
    description: 'SHA-256 of the Fleet CA’s certificate, the appliance pins it.',
  }),
});
export type AddedFleetAppliance = Static<typeof addedFleetAppliance>;
export const addFleetAppliance = endpoint({
  method: 'POST',
  path: 'fleet/appliances',
  body: addFleetApplianceBody,
  response: addedFleetAppliance,
  status: 201,
  summary: 'Add an appliance: its one-time enrolment code',
});
export const removeFleetAppliance = endpoint({
  method: 'DELETE',
  path: 'fleet/appliances/:id',
  params: Type.Object({ id: uuid('The appliance id.') }),
  status: 204,
  summary: 'Remove an appliance: its certificate revoked, its NATS user gone',
});
export const bulkFleetAppliances = endpoint({
  method: 'POST',
  path: 'fleet/appliances/bulk',
  body: Type.Object(
    {
      action: stringEnum(['remove'] as const),
      ids: Type.Array(uuid('An appliance id.'), { minItems: 1, maxItems: 1000, uniqueItems: true }),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({
    done: Type.Array(Type.String()),
    refused: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), reason: Type.String() })),
  }),
  summary: 'Remove several appliances',
});

/** `POST {api}fleet/join`: what the managing console's admin handed over. */
export const joinFleetBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 128, format: 'safe-text' }),
    address: Type.String({
      minLength: 1,
      maxLength: 512,
      format: 'safe-text',
      description: 'The enrolment address, `https://host:port`.',
    }),
    fingerprint: Type.String({
      minLength: 1,
      maxLength: 128,
      format: 'safe-text',
      description: 'SHA-256 of the Fleet CA (hex, colons allowed).',
    }),
  },
  { additionalProperties: false },
);
export type JoinFleetBody = Static<typeof joinFleetBody>;

export const fleetMembership = Type.Object({
  appliance_id: Type.String(),
  nats_url: Type.String(),
  ca_fingerprint_sha256: Type.String(),
  certificate_not_after: iso(),
  joined_at: iso(),
});
export type FleetMembershipView = Static<typeof fleetMembership>;

export const joinFleet = endpoint({
  method: 'POST',
  path: 'fleet/join',
  body: joinFleetBody,
  response: fleetMembership,
  status: 201,
  summary: 'Join a fleet with a one-time code (the key is made here and never leaves)',
});
export const getFleetMembership = endpoint({
  method: 'GET',
  path: 'fleet/membership',
  response: Type.Object({ membership: orNull(fleetMembership) }),
  summary: 'The fleet this appliance belongs to, if any',
});

/** The enrolment listener's `POST /enrol` (its own HTTPS port, server certificate from the Fleet CA). */
export const enrolBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 128 }),
    csr: Type.String({ minLength: 1, maxLength: 16384, description: 'A PKCS#10 request, PEM.' }),
  },
  { additionalProperties: false },
);
export type EnrolBody = Static<typeof enrolBody>;
export const enrolAnswer = Type.Object({
  applianceId: Type.String(),
  certificate: Type.String(),
  caChain: Type.String(),
  natsUrl: Type.String(),
});
export type EnrolAnswer = Static<typeof enrolAnswer>;
