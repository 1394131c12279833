/**
 * The chart's geometry: the model becomes an ELK graph (states as nested nodes, transitions as labelled edges,
 * an initial marker per compound state) and elkjs lays it out. elkjs is loaded on first use, so it lands in its
 * own chunk, never in the first-load script.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { transitionLabel, type ChartModel, type ChartState } from './model';

export const FONT_SIZE = 12;
const CHAR_WIDTH = FONT_SIZE * 0.62;
const LINE_HEIGHT = FONT_SIZE * 1.5;
const STATE_PADDING = 10;
/** The marker node that points at a compound state's initial child. */
export const INITIAL_MARKER = '__initial';
export const MARKER_SIZE = 10;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface LaidOutState extends Box {
  state: ChartState;
}
export interface LaidOutEdge {
  /** The transition's id, or `<state id>:initial` for an initial marker's arrow. */
  id: string;
  points: Array<{ x: number; y: number }>;
  label: (Box & { text: string }) | null;
}
export interface ChartLayout {
  width: number;
  height: number;
  states: LaidOutState[];
  markers: Box[];
  edges: LaidOutEdge[];
}

const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH);

/** The lines written inside a state: its name, then entry/exit actions and invoked actors. */
export function stateLines(state: ChartState): string[] {
  const lines = [state.key];
  if (state.entry.length) lines.push(`entry / ${state.entry.join(', ')}`);
  if (state.exit.length) lines.push(`exit / ${state.exit.join(', ')}`);
  for (const src of state.invokes) lines.push(`invoke ${src}`);
  return lines;
}

function elkNode(state: ChartState): ElkNode {
  const lines = stateLines(state);
  const width = Math.max(60, ...lines.map(textWidth)) + 2 * STATE_PADDING;
  const headerHeight = lines.length * LINE_HEIGHT + STATE_PADDING;
  if (!state.children.length) return { id: state.id, width, height: headerHeight + STATE_PADDING };
  const children = state.children.map(elkNode);
  if (state.initial)
    children.unshift({ id: `${state.id}.${INITIAL_MARKER}`, width: MARKER_SIZE, height: MARKER_SIZE });
  return {
    id: state.id,
    children,
    layoutOptions: {
      'elk.padding': `[top=${headerHeight + STATE_PADDING},left=${STATE_PADDING * 2},bottom=${STATE_PADDING * 2},right=${STATE_PADDING * 2}]`,
      'elk.nodeSize.minimum': `(${width}, ${headerHeight})`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
    },
  };
}

/** The ELK graph of a chart: pure, so its shape is testable without running the layout. */
export function elkGraph(model: ChartModel): ElkNode {
  const edges: ElkExtendedEdge[] = [];
  const visitInitial = (s: ChartState) => {
    if (s.initial)
      edges.push({ id: `${s.id}:initial`, sources: [`${s.id}.${INITIAL_MARKER}`], targets: [s.initial] });
    s.children.forEach(visitInitial);
  };
  visitInitial(model.root);
  for (const t of model.transitions) {
    const text = transitionLabel(t);
    edges.push({
      id: t.id,
      sources: [t.source],
      // A targetless transition (actions only) is drawn as a loop on its state.
      targets: t.targets.length ? [t.targets[0]] : [t.source],
      labels: [{ text, width: textWidth(text), height: LINE_HEIGHT }],
    });
  }
  const root = elkNode(model.root);
  return {
    ...root,
    edges,
    layoutOptions: {
      ...root.layoutOptions,
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '30',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      // Every coordinate absolute, so drawing needs no offsets.
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
  };
}

type ElkInstance = { layout: (graph: ElkNode) => Promise<ElkNode> };
let elk: Promise<ElkInstance> | null = null;

function loadElk(): Promise<ElkInstance> {
  elk ??= import(/* webpackChunkName: "elk" */ 'elkjs/lib/elk.bundled.js').then((m) => {
    const Elk = (m as unknown as { default: new () => ElkInstance }).default;
    return new Elk();
  });
  return elk;
}

/** Lays out a chart: boxes for states and markers, polylines and label boxes for edges, in absolute coordinates. */
export async function layoutChart(model: ChartModel): Promise<ChartLayout> {
  const laid = await (await loadElk()).layout(elkGraph(model));
  const byId = new Map<string, ChartState>();
  const index = (s: ChartState) => {
    byId.set(s.id, s);
    s.children.forEach(index);
  };
  index(model.root);
  const states: LaidOutState[] = [];
  const markers: Box[] = [];
  const visit = (n: ElkNode) => {
    const box = { x: n.x ?? 0, y: n.y ?? 0, width: n.width ?? 0, height: n.height ?? 0 };
    const state = byId.get(n.id);
    if (state) states.push({ ...box, state });
    else if (n.id.endsWith(INITIAL_MARKER)) markers.push(box);
    n.children?.forEach(visit);
  };
  visit(laid);
  const edges: LaidOutEdge[] = (laid.edges ?? []).map((e) => {
    const points = (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
    const l = e.labels?.[0];
    return {
      id: e.id,
      points,
      label: l
        ? { x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0, text: l.text ?? '' }
        : null,
    };
  });
  return { width: laid.width ?? 0, height: laid.height ?? 0, states, markers, edges };
}
