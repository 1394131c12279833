/**
 * A machine running for inspection: its statechart with the current state and the last transitions highlighted,
 * beside the inspector panel (events, payload, history with step back, context).
 */
import { useMemo } from 'react';
import type { AnyStateMachine, EventObject } from 'xstate';
import { InspectorPanel } from './InspectorPanel';
import { activeStateIds, chartModel } from './model';
import { StatechartView } from './StatechartView';
import { useMachineHistory } from './useMachineHistory';

export interface MachineInspectorProps {
  /** The machine, with its actors and actions provided as the story or page needs. */
  machine: AnyStateMachine;
  title: string;
  input?: unknown;
}

export function MachineInspector({ machine, title, input }: MachineInspectorProps) {
  const model = useMemo(() => chartModel(machine), [machine]);
  const { actor, snapshot, history, stepBack } = useMachineHistory(machine, input);
  const snap = snapshot as { value?: unknown; status?: string; context?: unknown; error?: unknown } | null;
  const active = useMemo(() => activeStateIds(model.machineId, snap?.value), [model, snap?.value]);
  const last = history[history.length - 1];
  const taken = useMemo(() => new Set(last?.transitions ?? []), [last]);
  return (
    <div className="statechart-layout">
      <StatechartView machine={machine} title={title} active={active} highlightedTransitions={taken} />
      {snap && actor ? (
        <InspectorPanel
          model={model}
          active={active}
          value={snap.value}
          status={snap.status === 'error' ? `error: ${String(snap.error)}` : (snap.status ?? 'active')}
          context={snap.context}
          send={(e: EventObject) => actor.send(e)}
          history={history}
          onStepBack={stepBack}
        />
      ) : null}
    </div>
  );
}
