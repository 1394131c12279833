/**
 * Groups of the fleet (issue 42): each group of appliances (the `group` an appliance was added with) holds one
 * configuration document of the sections a fleet may set, saved with a revision, and a plan of it asks every
 * appliance of the group for its own plan over NATS (src/shared/contracts/fleetPlans.ts).
 *
 *   GET  {api}fleet/groups                     → each group, its appliances and its document's revision
 *   GET  {api}fleet/groups/{group}/document    → the group's document
 *   PUT  {api}fleet/groups/{group}/document    → saves it (a new revision)
 *   POST {api}fleet/groups/{group}/plan        → each appliance's plan of it (or of a draft sent with the request)
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { nullable, stringEnum } from './fields';
import { CONFIG_FORMAT, configDocumentBody, configPlan } from './revisions';

/**
 * The configuration sections a group's document may set (the sections registry's names): DNS proxy, SSH, network
 * preferences (not the host name), lockout policy, alert thresholds and channels, log forwarding targets, sign-up,
 * update settings. Everything else stays each appliance's own.
 */
export const FLEET_SECTIONS = [
  'dns.proxy',
  'ssh',
  'network.preferences',
  'authentication.lockout',
  'settings.alert_settings',
  'settings.alert_channels',
  'settings.log_forwarding',
  'authentication.signup',
  'updates.settings',
] as const;
export type FleetSection = (typeof FLEET_SECTIONS)[number];

/** Fields of a fleet section that stay each appliance's own: a group's document may not hold them. */
export const FLEET_APPLIANCE_FIELDS: Partial<Record<FleetSection, readonly string[]>> = {
  'network.preferences': ['hostname'],
};

/** A group's document is at most this large (it travels to each appliance in one NATS message of at most 1 MiB). */
export const FLEET_GROUP_DOCUMENT_MAX_BYTES = 512 * 1024;
/** How long the manager waits for the appliances' plans. */
export const FLEET_PLAN_TIMEOUT_MS = 10_000;

const iso = () => Type.String({ description: 'ISO 8601 time.' });

export const groupParams = Type.Object(
  {
    group: Type.String({
      minLength: 1,
      maxLength: 64,
      format: 'safe-text',
      description: 'The group, as the appliances were added with it.',
    }),
  },
  { additionalProperties: false },
);

/** `PUT {api}fleet/groups/{group}/document`: a configuration document of fleet sections only. */
export const fleetGroupDocumentBody = configDocumentBody;
export type FleetGroupDocumentBody = Static<typeof fleetGroupDocumentBody>;

export const fleetGroupDocument = Type.Object({
  group: Type.String(),
  format: Type.String({ description: CONFIG_FORMAT }),
  sections: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()), {
    description:
      'Section name → entity id → entity; only fleet sections. A section left out stays each appliance’s own.',
  }),
  revision: Type.Integer({
    minimum: 0,
    description: 'Goes up on each save; 0: never saved (an empty document).',
  }),
  saved_by: nullable(Type.String()),
  saved_at: nullable(iso()),
});
export type FleetGroupDocument = Static<typeof fleetGroupDocument>;

export const fleetGroup = Type.Object({
  name: Type.String(),
  appliances: Type.Integer({ description: 'Appliances of the group added and not removed.' }),
  enrolled: Type.Integer({ description: 'Of them, those enrolled (asked for plans).' }),
  revision: Type.Integer({ description: 'Its document’s revision (0: none saved).' }),
  saved_by: nullable(Type.String()),
  saved_at: nullable(iso()),
});
export type FleetGroup = Static<typeof fleetGroup>;

export const listFleetGroups = endpoint({
  method: 'GET',
  path: 'fleet/groups',
  response: Type.Object({ data: Type.Array(fleetGroup) }),
  summary: 'The groups of the fleet, each with its appliance count and document revision',
});
export const getFleetGroupDocument = endpoint({
  method: 'GET',
  path: 'fleet/groups/:group/document',
  params: groupParams,
  response: fleetGroupDocument,
  summary: 'A group’s configuration document',
});
export const putFleetGroupDocument = endpoint({
  method: 'PUT',
  path: 'fleet/groups/:group/document',
  params: groupParams,
  body: fleetGroupDocumentBody,
  response: fleetGroupDocument,
  summary: 'Save a group’s configuration document (fleet sections only; a new revision)',
});

export const PLAN_OUTCOMES = ['planned', 'refused', 'offline', 'unreadable'] as const;
export type PlanOutcome = (typeof PLAN_OUTCOMES)[number];

export const fleetRefusal = Type.Object({
  section: Type.String(),
  id: nullable(Type.String()),
  msg: Type.String(),
});

export const fleetAppliancePlan = Type.Object({
  id: Type.String(),
  name: Type.String(),
  outcome: stringEnum(PLAN_OUTCOMES, {
    description:
      'planned: its plan; refused: it would refuse the document (reasons); offline: no answer in time (it will apply when it returns); unreadable: its answer did not fit the contract (dropped).',
  }),
  plan: nullable(configPlan),
  refusals: Type.Array(fleetRefusal),
  detail: nullable(Type.String({ description: 'Why offline or unreadable.' })),
});
export type FleetAppliancePlan = Static<typeof fleetAppliancePlan>;

export const fleetGroupPlan = Type.Object({
  group: Type.String(),
  revision: nullable(
    Type.Integer({ description: 'The saved revision planned (null: a draft sent with the request).' }),
  ),
  appliances: Type.Array(fleetAppliancePlan),
  totals: Type.Object({
    appliances: Type.Integer(),
    change: Type.Integer({ description: 'Planned with at least one change.' }),
    unchanged: Type.Integer({ description: 'Planned with no change.' }),
    refuse: Type.Integer(),
    offline: Type.Integer(),
    unreadable: Type.Integer(),
  }),
  sections: Type.Record(Type.String(), Type.Integer(), {
    description: 'Section → changes planned across the appliances that planned.',
  }),
  summary: Type.String({ description: '"3 appliances: 2 change, 0 refuse, 1 offline".' }),
});
export type FleetGroupPlan = Static<typeof fleetGroupPlan>;

export const planFleetGroup = endpoint({
  method: 'POST',
  path: 'fleet/groups/:group/plan',
  params: groupParams,
  body: Type.Object(
    {
      document: Type.Optional(fleetGroupDocumentBody),
    },
    { additionalProperties: false },
  ),
  response: fleetGroupPlan,
  summary:
    'Ask every enrolled appliance of a group for its plan of the group’s saved document (or of a draft `document`); changes nothing',
});
