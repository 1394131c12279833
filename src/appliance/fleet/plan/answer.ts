/**
 * The appliance's answer to the manager's plan request (`rampart.fleet.to.<id>.plan`): its own document with the
 * group's sections in place of its own (sections not sent stay as they are), planned by `planDocument` exactly as
 * `POST {api}config/plan` plans it, and what it would refuse and why: the changes a document cannot make (the plan's
 * own refusals, secrets, read-only sections) and what the sections' writers refuse here (a port another of its
 * listeners uses, …), found by writing them in a transaction that is rolled back. Nothing changes.
 */
import type { ApplianceContext } from '../../context';
import { HttpError } from '../../http/errors';
import { compileRouteSchema } from '../../http/scope';
import { planDocument } from '../../revisions/document';
import { isSecretMarker } from '../../revisions/secrets';
import { sectionsOf, type Entities, type Entity, type Section } from '../../revisions/sections';
import { CONFIG_FORMAT, type ConfigPlan } from '../../../shared/contracts/revisions';
import { FLEET_APPLIANCE_FIELDS, FLEET_SECTIONS } from '../../../shared/contracts/fleetGroups';
import {
  FLEET_PLAN_ANSWER_FORMAT,
  FLEET_PLAN_ANSWER_MAX_BYTES,
  FLEET_PLAN_MAX_REFUSALS,
  fleetPlanRequest,
  type FleetPlanAnswer,
  type FleetPlanRefusal,
  type FleetPlanRequest,
} from '../../../shared/contracts/fleetPlans';

const validRequest = compileRouteSchema(fleetPlanRequest);
const decoder = new TextDecoder('utf-8', { fatal: true });
const fleetSections = new Set<string>(FLEET_SECTIONS);

/** Thrown to roll back the trial writes. */
class TrialOver extends Error {}

const holdsSecret = (e: Entity) => Object.values(e).some((v) => isSecretMarker(v));

/**
 * The group's section as this appliance would write it: its own values for the fields that stay its own (the host
 * name), and its entities holding a secret kept when the group's document does not name them (a group's document
 * cannot carry another appliance's secrets).
 */
export function mergedSection(name: string, current: Entities, sent: Entities): Entities {
  const own = FLEET_APPLIANCE_FIELDS[name as keyof typeof FLEET_APPLIANCE_FIELDS] ?? [];
  const merged: Entities = {};
  for (const [id, entity] of Object.entries(sent)) {
    const mine = current[id];
    const fields = Object.fromEntries(own.filter((f) => mine && f in mine).map((f) => [f, mine[f]]));
    merged[id] = { ...entity, ...fields };
  }
  for (const [id, entity] of Object.entries(current))
    if (!(id in merged) && holdsSecret(entity)) merged[id] = entity;
  return merged;
}

const refusalsOf = (e: HttpError, fallback: string): FleetPlanRefusal[] =>
  Array.isArray(e.detail)
    ? e.detail.map((item) => {
        // `['body', 'sections', <section>, <id>, …]` as the document's checks and writers name what they refuse.
        const [, , section, id] = item.loc;
        return {
          section: typeof section === 'string' ? section : fallback,
          id: typeof id === 'string' ? id : null,
          msg: item.msg,
        };
      })
    : [{ section: fallback, id: null, msg: typeof e.detail === 'string' ? e.detail : e.message }];

/** What a document cannot change at all, as PUT config refuses it (revisions/apply.ts). */
function planRefusals(plan: ConfigPlan, sections: ReadonlyMap<string, Section>): FleetPlanRefusal[] {
  return plan.changes.flatMap((c) => {
    const section = sections.get(c.section);
    if (c.secret_differs)
      return [
        { section: c.section, id: c.id, msg: `${c.title}: a secret cannot be set from a fleet document` },
      ];
    if (!section?.write)
      return [
        {
          section: c.section,
          id: c.id,
          msg: `${c.title}: ${section?.label ?? c.section} cannot be changed from a configuration document${
            section?.readOnly ? ` (${section.readOnly})` : ''
          }`,
        },
      ];
    if (c.refused) return [{ section: c.section, id: c.id, msg: `${c.title}: ${c.note ?? 'refused'}` }];
    return [];
  });
}

/** The sections' own checks: each changed section written in one transaction, rolled back whatever happens. */
function trialWrite(
  ctx: ApplianceContext,
  changed: readonly Section[],
  wanted: Record<string, Entities>,
): FleetPlanRefusal[] {
  const refusals: FleetPlanRefusal[] = [];
  for (const section of changed) {
    // A section kept in files is not rolled back with the transaction: none of the fleet's is, and none is tried.
    if (section.files || !section.write) continue;
    try {
      ctx.db.transaction(() => {
        section.write!(ctx.db, wanted[section.name], ctx.now(), new Set(), 'fleet');
        throw new TrialOver();
      })();
    } catch (e) {
      if (e instanceof TrialOver) continue;
      if (e instanceof HttpError) refusals.push(...refusalsOf(e, section.name));
      else throw e;
    }
  }
  return refusals;
}

function parseRequest(bytes: Uint8Array): FleetPlanRequest | string {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    return 'the request is not JSON';
  }
  if (!validRequest(value)) {
    const e = validRequest.errors?.[0];
    return `the request does not fit: ${e?.instancePath || '/'} ${e?.message ?? ''}`.trim();
  }
  return value as FleetPlanRequest;
}

/** The plan of a request, refusals and all; a plan that fails here is answered refused, not left unanswered. */
export async function planForFleet(
  ctx: ApplianceContext,
  applianceId: string,
  bytes: Uint8Array,
): Promise<FleetPlanAnswer> {
  try {
    return await planOf(ctx, applianceId, bytes);
  } catch (e) {
    const refusal = {
      section: '',
      id: null,
      msg: `the plan failed on this appliance: ${String((e as Error).message)
        .split('\n')[0]
        .slice(0, 300)}`,
    };
    return {
      format: FLEET_PLAN_ANSWER_FORMAT,
      id: applianceId,
      outcome: 'refused',
      plan: null,
      refusals: [refusal],
    };
  }
}

async function planOf(
  ctx: ApplianceContext,
  applianceId: string,
  bytes: Uint8Array,
): Promise<FleetPlanAnswer> {
  const answer = (plan: ConfigPlan | null, refusals: FleetPlanRefusal[]): FleetPlanAnswer => ({
    format: FLEET_PLAN_ANSWER_FORMAT,
    id: applianceId,
    outcome: refusals.length ? 'refused' : 'planned',
    plan,
    refusals: refusals.slice(0, FLEET_PLAN_MAX_REFUSALS),
  });
  const request = parseRequest(bytes);
  if (typeof request === 'string') return answer(null, [{ section: '', id: null, msg: request }]);

  const sections = new Map(sectionsOf(ctx).map((s) => [s.name, s]));
  const refusals: FleetPlanRefusal[] = [];
  const wanted: Record<string, Entities> = {};
  for (const [name, sent] of Object.entries(request.sections)) {
    const section = sections.get(name);
    // The manager sends fleet sections only; this appliance holds to that whatever it is sent.
    if (!fleetSections.has(name))
      refusals.push({ section: name, id: null, msg: `${name} is not a section a fleet may set` });
    else if (!section)
      refusals.push({
        section: name,
        id: null,
        msg: `this appliance has no section ${name} (an older version?)`,
      });
    else wanted[name] = mergedSection(name, section.read(ctx.db), sent as Entities);
  }
  let plan: ConfigPlan;
  try {
    plan = await planDocument(ctx, { format: CONFIG_FORMAT, sections: wanted });
  } catch (e) {
    if (e instanceof HttpError) return answer(null, [...refusals, ...refusalsOf(e, '')]);
    throw e;
  }
  // A fleet's document leaves out the sections it does not set: they are not "missing" here.
  plan = { ...plan, missing_sections: [] };
  refusals.push(...planRefusals(plan, sections));
  const changed = [...new Set(plan.changes.map((c) => c.section))].flatMap((n) => sections.get(n) ?? []);
  refusals.push(...trialWrite(ctx, changed, wanted));
  const result = answer(plan, refusals);
  if (Buffer.byteLength(JSON.stringify(result)) > FLEET_PLAN_ANSWER_MAX_BYTES)
    return answer(null, [
      {
        section: '',
        id: null,
        msg: `the plan has ${plan.changes.length} changes, more than one answer carries: plan it on this appliance`,
      },
    ]);
  return result;
}
