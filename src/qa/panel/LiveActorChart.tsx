/**
 * The statechart of one running actor of the page, live: its current state and last transitions highlighted, the
 * events it accepts as buttons (sent to the actor itself), its recent steps and its context. No step back: the
 * actor belongs to the page.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { EventObject } from 'xstate';
import { InspectorPanel } from '../StatechartView/InspectorPanel';
import { activeStateIds, chartModel } from '../StatechartView/model';
import { StatechartView } from '../StatechartView/StatechartView';
import type { ActorRegistry, InspectedActor } from './registry';

export function LiveActorChart({ registry, actor }: { registry: ActorRegistry; actor: InspectedActor }) {
  useSyncExternalStore(registry.subscribe, registry.getVersion, registry.getVersion);
  const machine = actor.machine!;
  const model = useMemo(() => chartModel(machine), [machine]);
  const snap = actor.ref.getSnapshot() as {
    value?: unknown;
    status?: string;
    context?: unknown;
    error?: unknown;
  };
  const active = activeStateIds(model.machineId, snap.value);
  const last = actor.steps[actor.steps.length - 1];
  const taken = new Set(last?.transitions ?? []);
  return (
    <div className="statechart-layout">
      <StatechartView
        machine={machine}
        title={`${machine.id} (live)`}
        active={active}
        highlightedTransitions={taken}
      />
      <InspectorPanel
        model={model}
        active={active}
        value={snap.value}
        status={snap.status === 'error' ? `error: ${String(snap.error)}` : (snap.status ?? 'active')}
        context={snap.context}
        send={(e: EventObject) => actor.ref.send(e)}
        history={actor.steps}
      />
    </div>
  );
}
