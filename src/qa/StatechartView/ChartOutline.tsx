/** The chart's text alternative: every state (nested) and every transition in words. */
import { transitionLabel, type ChartModel, type ChartState } from './model';

function StateItem({
  state,
  model,
  active,
}: {
  state: ChartState;
  model: ChartModel;
  active: ReadonlySet<string>;
}) {
  const transitions = model.transitions.filter((t) => t.source === state.id);
  const kind = state.type === 'atomic' || state.type === 'compound' ? '' : ` (${state.type})`;
  return (
    <li>
      <span>
        {state.key}
        {kind}
        {active.has(state.id) ? ' — current' : ''}
        {state.initial ? `; starts in ${state.initial.split('.').pop()}` : ''}
        {state.invokes.length ? `; invokes ${state.invokes.join(', ')}` : ''}
      </span>
      {transitions.length || state.children.length ? (
        <ul>
          {transitions.map((t) => (
            <li key={t.id}>
              {transitionLabel(t)} →{' '}
              {t.targets.length ? t.targets.map((id) => id.split('.').pop()).join(', ') : '(stays)'}
            </li>
          ))}
          {state.children.map((c) => (
            <StateItem key={c.id} state={c} model={model} active={active} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ChartOutline({
  model,
  active,
  id,
}: {
  model: ChartModel;
  active: ReadonlySet<string>;
  id: string;
}) {
  return (
    <details className="statechart__outline">
      <summary>States and transitions as text</summary>
      <ul id={id}>
        <StateItem state={model.root} model={model} active={active} />
      </ul>
    </details>
  );
}
