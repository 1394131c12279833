/**
 * The plan request and its answer over NATS (issue 42): the manager sends a group's document to
 * `rampart.fleet.to.<id>.plan` (only the manager may publish there: src/appliance/fleet/subjects.ts), and the
 * appliance answers once with its own plan of it, as `POST {api}config/plan` makes it. The manager trusts none of the
 * answer: it is checked against `fleetPlanAnswer` (closed objects, every string and list bounded, text without
 * control characters); one that does not fit is dropped, counted and logged.
 */
import { Type, type Static } from '@sinclair/typebox';
import { nullable, stringEnum } from './fields';
import { applianceId } from './fleetMessages';

export const FLEET_PLAN_REQUEST_FORMAT = 'rampart-fleet-plan-request/1';
export const FLEET_PLAN_ANSWER_FORMAT = 'rampart-fleet-plan/1';
/** The largest answer the manager reads (NATS itself takes 1 MiB). */
export const FLEET_PLAN_ANSWER_MAX_BYTES = 512 * 1024;
export const FLEET_PLAN_MAX_CHANGES = 2000;
export const FLEET_PLAN_MAX_REFUSALS = 200;

const text = (maxLength: number, description = '') =>
  Type.String({ maxLength, format: 'safe-text', ...(description ? { description } : {}) });
const closed = <T extends Parameters<typeof Type.Object>[0]>(properties: T, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
const names = (max: number) => Type.Array(text(128), { maxItems: max });

/** What the manager sends (the appliance checks it too: a request that does not fit is answered refused). */
export const fleetPlanRequest = closed({
  format: Type.Literal(FLEET_PLAN_REQUEST_FORMAT),
  group: text(64, 'The group planned.'),
  revision: nullable(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  sections: Type.Record(Type.String({ maxLength: 128 }), Type.Record(Type.String(), Type.Unknown())),
});
export type FleetPlanRequest = Static<typeof fleetPlanRequest>;

export const fleetPlanChange = closed({
  section: text(128),
  id: text(512),
  title: text(1024),
  op: stringEnum(['added', 'removed', 'changed'] as const),
  line: text(4096),
  lockout_prone: Type.Boolean(),
  keep_changes: Type.Optional(Type.Boolean()),
  secret_differs: Type.Optional(Type.Boolean()),
  changed_since: Type.Optional(Type.Boolean()),
  note: Type.Optional(text(1024)),
  refused: Type.Optional(Type.Boolean()),
});

export const fleetPlanRefusal = closed({
  section: text(128),
  id: nullable(text(512)),
  msg: text(1024),
});
export type FleetPlanRefusal = Static<typeof fleetPlanRefusal>;

export const fleetPlanAnswer = closed(
  {
    format: Type.Literal(FLEET_PLAN_ANSWER_FORMAT),
    id: applianceId,
    outcome: stringEnum(['planned', 'refused'] as const),
    plan: nullable(
      closed({
        format: text(64),
        changes: Type.Array(fleetPlanChange, { maxItems: FLEET_PLAN_MAX_CHANGES }),
        unknown_sections: names(64),
        missing_sections: names(256),
      }),
    ),
    refusals: Type.Array(fleetPlanRefusal, { maxItems: FLEET_PLAN_MAX_REFUSALS }),
  },
  'An appliance’s plan of a group’s document.',
);
export type FleetPlanAnswer = Static<typeof fleetPlanAnswer>;
