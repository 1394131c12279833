/**
 * A statechart of any XState v5 machine, drawn as SVG: compound and parallel states as nested boxes (parallel
 * regions dashed), transitions as arrows labelled `event [guard] / actions`, initial markers, final states with a
 * double border, invoked actors inside their state. The active states (when given) are highlighted. Pan by
 * dragging, zoom with the wheel or the buttons. Colours come from the theme tokens, so both themes read.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { ChartOutline } from './ChartOutline';
import {
  FONT_SIZE,
  layoutChart,
  MARKER_SIZE,
  stateLines,
  type ChartLayout,
  type LaidOutState,
} from './layout';
import { chartModel } from './model';
import { usePanZoom } from './usePanZoom';
import './statechart.css';

export interface StatechartViewProps {
  machine: AnyStateMachine;
  title: string;
  /** Ids of the states to highlight (see `activeStateIds`). */
  active?: ReadonlySet<string>;
  /** Ids of the transitions to highlight (the last one taken). */
  highlightedTransitions?: ReadonlySet<string>;
}

const LINE = FONT_SIZE * 1.5;

function StateBox({
  s,
  active,
  parentParallel,
}: {
  s: LaidOutState;
  active: boolean;
  parentParallel: boolean;
}) {
  const lines = stateLines(s.state);
  const classes = ['statechart__state', `statechart__state--${s.state.type}`];
  if (active) classes.push('statechart__state--active');
  if (parentParallel) classes.push('statechart__state--region');
  return (
    <g className={classes.join(' ')} data-state={s.state.id}>
      <rect x={s.x} y={s.y} width={s.width} height={s.height} rx={8} />
      {s.state.type === 'final' ? (
        <rect
          className="statechart__final"
          x={s.x + 3}
          y={s.y + 3}
          width={s.width - 6}
          height={s.height - 6}
          rx={6}
        />
      ) : null}
      {lines.map((line, i) => (
        <text
          key={i}
          x={s.x + 10}
          y={s.y + 10 + FONT_SIZE + i * LINE}
          className={i === 0 ? 'statechart__name' : 'statechart__detail'}
        >
          {line}
        </text>
      ))}
    </g>
  );
}

function Drawing({
  layout,
  active,
  highlighted,
}: {
  layout: ChartLayout;
  active: ReadonlySet<string>;
  highlighted: ReadonlySet<string>;
}) {
  const parallel = new Set(layout.states.filter((s) => s.state.type === 'parallel').map((s) => s.state.id));
  const parentOf = (id: string) => id.slice(0, id.lastIndexOf('.'));
  return (
    <>
      <defs>
        <marker
          id="statechart-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" className="statechart__arrowhead" />
        </marker>
      </defs>
      {layout.states.map((s) => (
        <StateBox
          key={s.state.id}
          s={s}
          active={active.has(s.state.id)}
          parentParallel={parallel.has(parentOf(s.state.id))}
        />
      ))}
      {layout.markers.map((m, i) => (
        <circle
          key={i}
          className="statechart__initial"
          cx={m.x + MARKER_SIZE / 2}
          cy={m.y + MARKER_SIZE / 2}
          r={MARKER_SIZE / 2}
        />
      ))}
      {layout.edges.map((e) => (
        <g
          key={e.id}
          className={highlighted.has(e.id) ? 'statechart__edge statechart__edge--taken' : 'statechart__edge'}
        >
          <polyline
            points={e.points.map((p) => `${p.x},${p.y}`).join(' ')}
            markerEnd="url(#statechart-arrow)"
          />
          {e.label ? (
            <>
              <rect
                className="statechart__label-bg"
                x={e.label.x - 2}
                y={e.label.y}
                width={e.label.width + 4}
                height={e.label.height}
                rx={3}
              />
              <text x={e.label.x} y={e.label.y + FONT_SIZE} className="statechart__label">
                {e.label.text}
              </text>
            </>
          ) : null}
        </g>
      ))}
    </>
  );
}

export function StatechartView({ machine, title, active, highlightedTransitions }: StatechartViewProps) {
  const model = useMemo(() => chartModel(machine), [machine]);
  const [layout, setLayout] = useState<ChartLayout | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    layoutChart(model).then(
      (l) => live && setLayout(l),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [model]);
  const { svgRef, transform, zoom, zoomIn, zoomOut, fit, handlers } = usePanZoom(layout);
  const outlineId = useId();
  const activeIds = active ?? new Set<string>();
  return (
    <figure className="statechart">
      <figcaption className="statechart__toolbar">
        <strong>{title}</strong>
        <span className="statechart__zoom">
          <button type="button" onClick={zoomOut} aria-label="Zoom out">
            −
          </button>
          <output aria-label="Zoom">{Math.round(zoom * 100)}%</output>
          <button type="button" onClick={zoomIn} aria-label="Zoom in">
            +
          </button>
          <button type="button" onClick={fit}>
            Fit
          </button>
        </span>
      </figcaption>
      {error ? <p role="alert">The chart could not be laid out: {error}</p> : null}
      <svg
        ref={svgRef}
        className="statechart__canvas"
        role="img"
        aria-label={`${title} statechart; the states and transitions are listed as text below`}
        aria-describedby={outlineId}
        {...handlers}
      >
        <g transform={transform}>
          {layout ? (
            <Drawing layout={layout} active={activeIds} highlighted={highlightedTransitions ?? new Set()} />
          ) : null}
        </g>
      </svg>
      {!layout && !error ? <p className="statechart__loading">Laying out the chart…</p> : null}
      <ChartOutline model={model} active={activeIds} id={outlineId} />
    </figure>
  );
}
