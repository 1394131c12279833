/**
 * The manager's side of a group's plan: the document goes to every enrolled appliance of the group at once
 * (`rampart.fleet.to.<id>.plan`, request/reply with a time-out), and each answer is checked against the contract
 * (src/shared/contracts/fleetPlans.ts) before it is shown: one that does not fit is dropped, counted and logged.
 * An appliance that does not answer in time (or is not connected: no responder) is offline and will get the group's
 * document when it returns; one added but not joined yet likewise.
 */
import { connect, credsAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import type { ApplianceContext } from '../../context';
import { HttpError } from '../../http/errors';
import { compileRouteSchema } from '../../http/scope';
import { managerMaterial } from '../material';
import { externalCredentials, readFleetSettings } from '../settings';
import { subjects } from '../subjects';
import type { FleetAppliancePlan, FleetGroupPlan } from '../../../shared/contracts/fleetGroups';
import {
  FLEET_PLAN_ANSWER_MAX_BYTES,
  FLEET_PLAN_REQUEST_FORMAT,
  fleetPlanAnswer,
  type FleetPlanAnswer,
  type FleetPlanRequest,
} from '../../../shared/contracts/fleetPlans';

const validAnswer = compileRouteSchema(fleetPlanAnswer);
const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** Plan answers dropped since the console started, by reason (`oversized`, `malformed`, `contract`, `id_mismatch`). */
const dropCounts = new WeakMap<ApplianceContext, Map<string, number>>();
export function planAnswerDrops(ctx: ApplianceContext): Record<string, number> {
  return Object.fromEntries(dropCounts.get(ctx) ?? []);
}

type Checked = { ok: true; value: FleetPlanAnswer } | { ok: false; reason: string; detail: string };

export function checkPlanAnswer(id: string, bytes: Uint8Array): Checked {
  if (bytes.length > FLEET_PLAN_ANSWER_MAX_BYTES)
    return {
      ok: false,
      reason: 'oversized',
      detail: `${bytes.length} bytes (at most ${FLEET_PLAN_ANSWER_MAX_BYTES})`,
    };
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    return { ok: false, reason: 'malformed', detail: 'not UTF-8 JSON' };
  }
  if (!validAnswer(value)) {
    const e = validAnswer.errors?.[0];
    return {
      ok: false,
      reason: 'contract',
      detail: `${e?.instancePath || '/'} ${e?.message ?? 'does not fit'}`,
    };
  }
  const answer = value as FleetPlanAnswer;
  if (answer.id !== id)
    return { ok: false, reason: 'id_mismatch', detail: 'the answer names another appliance' };
  return { ok: true, value: answer };
}

export interface PlanTarget {
  id: string;
  name: string;
  enrolled: boolean;
}

export interface PlanGroupOptions {
  group: string;
  revision: number | null;
  sections: FleetPlanRequest['sections'];
  targets: readonly PlanTarget[];
  timeoutMs: number;
  log: (obj: object, msg: string) => void;
}

/** The manager's own connection (the consumer's settings: mutual TLS, an existing cluster's credentials). */
async function managerConnection(ctx: ApplianceContext, natsUrl: string): Promise<NatsConnection> {
  const material = managerMaterial(ctx);
  const s = readFleetSettings(ctx.db);
  const unreachable = (why: string) =>
    new HttpError(409, [
      { loc: ['body'], msg: `the fleet cannot be asked: ${why}`, type: 'value_error.fleet.nats' },
    ]);
  if (!s.manage || !material) throw unreachable('this console manages no fleet');
  const credentials = s.nats === 'external' ? externalCredentials(ctx) : null;
  try {
    return await connect({
      servers: natsUrl,
      tls: {
        cert: material.certPem,
        key: material.keyPem,
        ...(s.nats === 'embedded' ? { ca: material.caPem } : {}),
      },
      ...(credentials ? { authenticator: credsAuthenticator(encoder.encode(credentials)) } : {}),
      name: 'rampart-fleet-manager-plan',
      maxReconnectAttempts: 0,
      timeout: 5000,
    });
  } catch (e) {
    throw unreachable(`its NATS does not answer (${(e as Error).message})`);
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export async function planGroup(
  ctx: ApplianceContext,
  natsUrl: string,
  o: PlanGroupOptions,
): Promise<FleetGroupPlan> {
  const request: FleetPlanRequest = {
    format: FLEET_PLAN_REQUEST_FORMAT,
    group: o.group,
    revision: o.revision,
    sections: o.sections,
  };
  const payload = encoder.encode(JSON.stringify(request));
  const enrolled = o.targets.filter((t) => t.enrolled);
  const nc = enrolled.length ? await managerConnection(ctx, natsUrl) : null;
  const drops = dropCounts.get(ctx) ?? new Map<string, number>();
  dropCounts.set(ctx, drops);

  const ask = async (t: PlanTarget): Promise<FleetAppliancePlan> => {
    const base = { id: t.id, name: t.name, plan: null, refusals: [], detail: null };
    if (!t.enrolled || !nc)
      return {
        ...base,
        outcome: 'offline',
        detail: 'not joined yet: it gets the group’s document when it joins',
      };
    let bytes: Uint8Array;
    try {
      bytes = (await nc.request(`${subjects.to(t.id)}.plan`, payload, { timeout: o.timeoutMs })).data;
    } catch {
      // No responder (not connected) or no answer in time.
      return {
        ...base,
        outcome: 'offline',
        detail: 'not connected, or no answer in time: it will apply when it returns',
      };
    }
    const checked = checkPlanAnswer(t.id, bytes);
    if (!checked.ok) {
      drops.set(checked.reason, (drops.get(checked.reason) ?? 0) + 1);
      o.log(
        { appliance: t.id, reason: checked.reason, detail: checked.detail },
        'fleet: plan answer dropped',
      );
      return { ...base, outcome: 'unreadable', detail: `its answer was dropped (${checked.reason})` };
    }
    const a = checked.value;
    return { ...base, outcome: a.outcome, plan: a.plan, refusals: a.refusals };
  };

  let answers: FleetAppliancePlan[];
  try {
    answers = await Promise.all(o.targets.map(ask));
  } finally {
    await nc?.close().catch(() => undefined);
  }

  const totals = {
    appliances: answers.length,
    change: 0,
    unchanged: 0,
    refuse: 0,
    offline: 0,
    unreadable: 0,
  };
  const sections: Record<string, number> = {};
  for (const a of answers) {
    if (a.outcome === 'refused') totals.refuse++;
    else if (a.outcome === 'offline') totals.offline++;
    else if (a.outcome === 'unreadable') totals.unreadable++;
    else if (a.plan?.changes.length) totals.change++;
    else totals.unchanged++;
    if (a.outcome === 'planned')
      for (const c of a.plan?.changes ?? []) sections[c.section] = (sections[c.section] ?? 0) + 1;
  }
  const summary =
    `${plural(totals.appliances, 'appliance')}: ${totals.change} change, ${totals.unchanged} unchanged, ` +
    `${totals.refuse} refuse, ${totals.offline} offline` +
    (totals.unreadable ? `, ${totals.unreadable} unreadable` : '');
  return { group: o.group, revision: o.revision, appliances: answers, totals, sections, summary };
}
