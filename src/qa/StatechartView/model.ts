/**
 * The statechart of an XState v5 machine as plain data: nested states and labelled transitions, read from the
 * machine's definition. Pure, so the layout, the drawing and the text alternative all start from the same facts.
 */
import type { AnyStateMachine } from 'xstate';

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  /** The state node's id (`machine.parent.child`), unique in the machine. */
  id: string;
  key: string;
  type: ChartStateType;
  /** The id of the child entered first (compound states only). */
  initial: string | null;
  entry: string[];
  exit: string[];
  /** Invoked actors, by source name. */
  invokes: string[];
  tags: string[];
  children: ChartState[];
}

export interface ChartTransition {
  id: string;
  source: string;
  /** Target state ids; empty for a targetless transition (actions only, the state stays). */
  targets: string[];
  /** The event type as XState sees it (`xstate.after.…` for delays, `` for eventless). */
  eventType: string;
  /** The event in words: `user.next`, `after appearDelay`, `done: login`, `always`. */
  event: string;
  /** The guard's name; `guard` when it is an inline function. */
  guard: string | null;
  actions: string[];
  /** For delayed transitions: the delay's name or its milliseconds. */
  delay: string | null;
}

export interface ChartModel {
  machineId: string;
  root: ChartState;
  transitions: ChartTransition[];
}

/** What the chart shows for an inline guard or action, which has no name to show. */
export const ANONYMOUS_GUARD = 'guard';
export const ANONYMOUS_ACTION = 'action';

interface GuardLike {
  type?: unknown;
}
interface TransitionLike {
  eventType: string;
  target?: ReadonlyArray<{ id: string }>;
  guard?: unknown;
  actions?: ReadonlyArray<unknown>;
  delay?: unknown;
}
interface NodeLike {
  id: string;
  key: string;
  type: ChartStateType;
  initial?: { target?: ReadonlyArray<{ id: string }> };
  entry?: ReadonlyArray<unknown>;
  exit?: ReadonlyArray<unknown>;
  invoke?: ReadonlyArray<{ id: string; src: unknown }>;
  tags?: ReadonlyArray<string>;
  states?: Record<string, unknown>;
  transitions: Map<string, ReadonlyArray<TransitionLike>>;
  always?: ReadonlyArray<TransitionLike>;
  after?: ReadonlyArray<TransitionLike>;
}

/** Static guard parameters in short: `{ type: 'redirect' }` → `redirect`; several as `a: 1, b: 2`. */
function paramsText(params: object): string {
  const entries = Object.entries(params);
  if (entries.length === 1) return String(entries[0][1]);
  return entries.map(([k, v]) => `${k}: ${String(v)}`).join(', ');
}

/** A guard's name: its type for `'name'` and `{ type: 'name' }`; `and(…)`, `not(…)` in words; inline ones as `guard`. */
export function guardLabel(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && typeof (guard as GuardLike).type === 'string') {
    const { type, params } = guard as { type: string; params?: unknown };
    return params && typeof params === 'object' ? `${type}(${paramsText(params)})` : type;
  }
  if (typeof guard === 'function') {
    // Higher-order guards from xstate (and, or, not) carry their parts.
    const fn = guard as { type?: unknown; guards?: unknown[]; guard?: unknown };
    if (fn.type === 'xstate.not') return `not ${guardLabel(fn.guards?.[0] ?? fn.guard)}`;
    if (fn.type === 'xstate.and' || fn.type === 'xstate.or') {
      const word = fn.type === 'xstate.and' ? ' and ' : ' or ';
      return (fn.guards ?? []).map((g) => guardLabel(g)).join(word);
    }
    if (typeof fn.type === 'string') return fn.type;
  }
  return ANONYMOUS_GUARD;
}

/** An action's name: its type; xstate's own actions (`assign`, `raise`, …) without the prefix; inline ones as `action`. */
export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (action && (typeof action === 'object' || typeof action === 'function')) {
    const type = (action as { type?: unknown }).type;
    if (typeof type === 'string') return type.replace(/^xstate\./, '');
  }
  return ANONYMOUS_ACTION;
}

/** XState's internal event types in words. */
export function eventLabel(
  eventType: string,
  delay: string | null,
  actorNames: ReadonlyMap<string, string> = new Map(),
): string {
  if (eventType === '') return 'always';
  if (delay !== null) return `after ${delay}`;
  const internal = /^xstate\.(done|error)\.(actor|state)\.(.+)$/.exec(eventType);
  if (internal) {
    const [, kind, what, id] = internal;
    if (what === 'state') return kind === 'done' ? 'done' : 'error';
    return `${kind}: ${actorNames.get(id) ?? id}`;
  }
  return eventType;
}

function delayOf(t: TransitionLike): string | null {
  if (t.delay === undefined || t.delay === null) return null;
  return typeof t.delay === 'number' ? `${t.delay} ms` : String(t.delay);
}

function invokeName(inv: { id: string; src: unknown }): string {
  return typeof inv.src === 'string' ? inv.src : inv.id;
}

/** The raise/cancel pair XState adds to a state's entry and exit for its `after` transitions (drawn as arrows). */
function isDelayTimer(action: unknown): boolean {
  const a = action as { type?: unknown; id?: unknown; sendId?: unknown } | null;
  if (!a || (typeof a !== 'object' && typeof a !== 'function')) return false;
  const id = a.type === 'xstate.raise' ? a.id : a.type === 'xstate.cancel' ? a.sendId : undefined;
  return typeof id === 'string' && id.startsWith('xstate.after.');
}

const ownActions = (list: ReadonlyArray<unknown> | undefined) =>
  (list ?? []).filter((a) => !isDelayTimer(a)).map(actionLabel);

function readState(node: NodeLike): ChartState {
  return {
    id: node.id,
    key: node.key,
    type: node.type,
    initial: node.initial?.target?.[0]?.id ?? null,
    entry: ownActions(node.entry),
    exit: ownActions(node.exit),
    invokes: (node.invoke ?? []).map(invokeName),
    tags: [...(node.tags ?? [])],
    children: Object.values(node.states ?? {}).map((c) => readState(c as NodeLike)),
  };
}

/** Invoked actors by id → their source's name (an invoke without an id gets a generated one like `0.login.step`). */
function actorNamesOf(node: NodeLike, out = new Map<string, string>()): Map<string, string> {
  for (const inv of node.invoke ?? []) out.set(inv.id, invokeName(inv));
  for (const child of Object.values(node.states ?? {})) actorNamesOf(child as NodeLike, out);
  return out;
}

function readTransitions(node: NodeLike, names: ReadonlyMap<string, string>, out: ChartTransition[]) {
  const delays = new Map((node.after ?? []).map((t) => [t.eventType, delayOf(t)]));
  const lists: Array<[string, ReadonlyArray<TransitionLike>]> = [...node.transitions.entries()];
  if (node.always?.length) lists.push(['', node.always]);
  for (const [eventType, list] of lists) {
    list.forEach((t, branch) => {
      const delay = delays.get(eventType) ?? delayOf(t);
      out.push({
        id: `${node.id}:${eventType || 'always'}:${branch}`,
        source: node.id,
        targets: (t.target ?? []).map((n) => n.id),
        eventType,
        event: eventLabel(eventType, delay, names),
        guard: guardLabel(t.guard),
        actions: (t.actions ?? []).map(actionLabel),
        delay,
      });
    });
  }
  for (const child of Object.values(node.states ?? {})) readTransitions(child as NodeLike, names, out);
}

/** The chart of a machine: its states (nested as in the definition) and every transition, one per guarded branch. */
export function chartModel(machine: AnyStateMachine): ChartModel {
  const root = machine.root as unknown as NodeLike;
  const transitions: ChartTransition[] = [];
  readTransitions(root, actorNamesOf(root), transitions);
  return { machineId: machine.id, root: readState(root), transitions };
}

/** Every state of the chart, depth first (the root included). */
export function allStates(model: ChartModel): ChartState[] {
  const out: ChartState[] = [];
  const visit = (s: ChartState) => {
    out.push(s);
    s.children.forEach(visit);
  };
  visit(model.root);
  return out;
}

/** The transition's label: `event [guard] / action, action`. */
export function transitionLabel(t: ChartTransition): string {
  let label = t.event;
  if (t.guard) label += ` [${t.guard}]`;
  if (t.actions.length) label += ` / ${t.actions.join(', ')}`;
  return label;
}

/**
 * XState's own action creators used inline: the chart can only say `assign` or `raise`, not what they do. Named in
 * `setup({ actions })` they read as words (`storeFlow`, `startCooldown`).
 */
const BUILT_IN_ACTIONS = new Set([
  'assign',
  'raise',
  'sendTo',
  'sendParent',
  'emit',
  'log',
  'cancel',
  'stopChild',
  'spawnChild',
  'enqueueActions',
]);
const unnamed = (a: string) => a === ANONYMOUS_ACTION || BUILT_IN_ACTIONS.has(a);

/**
 * Where the chart cannot say in words what happens because the machine gives no name: inline guards, inline
 * functions and XState's action creators used inline (`assign(…)`); `state: event guard|action` each.
 */
export function anonymousParts(model: ChartModel): string[] {
  const out: string[] = [];
  for (const t of model.transitions) {
    if (t.guard?.split(/ and | or |not /).some((g) => g.trim() === ANONYMOUS_GUARD))
      out.push(`${t.source}: ${t.event} guard`);
    for (const a of t.actions) if (unnamed(a)) out.push(`${t.source}: ${t.event} ${a}`);
  }
  for (const s of allStates(model)) {
    for (const a of s.entry) if (unnamed(a)) out.push(`${s.id}: entry ${a}`);
    for (const a of s.exit) if (unnamed(a)) out.push(`${s.id}: exit ${a}`);
  }
  return out;
}

/** The ids of the states a snapshot is in, from its value (`{ step: 'username' }` → `login`, `login.step`, …). */
export function activeStateIds(machineId: string, value: unknown): Set<string> {
  const out = new Set<string>([machineId]);
  const visit = (prefix: string, v: unknown) => {
    if (typeof v === 'string') out.add(`${prefix}.${v}`);
    else if (v && typeof v === 'object')
      for (const [key, sub] of Object.entries(v)) {
        out.add(`${prefix}.${key}`);
        visit(`${prefix}.${key}`, sub);
      }
  };
  visit(machineId, value);
  return out;
}

export interface TransitionDefinition {
  eventType: string;
  source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] };
}

/** A taken transition's id in the chart model (`source:event:branch`). */
export function transitionId(t: TransitionDefinition): string {
  const list = t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType);
  return `${t.source.id}:${t.eventType || 'always'}:${list?.indexOf(t) ?? 0}`;
}
