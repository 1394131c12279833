/**
 * Model-based tests of the machines: every shortest path @xstate/graph finds with a machine's model is executed on
 * a real actor and must reach the state the graph predicts, and every machine must take every transition it declares
 * (scripts/machine-coverage.ts prints the same figures per machine).
 */
import { createActor } from 'xstate';
import { graphPaths, transitionCoverage } from './support/coverage';
import { machineModels } from './support/models';

describe.each(machineModels.map((m) => [m.name, m] as const))('%s machine model', (_name, model) => {
  it('reaches on a real actor the state each path of the graph predicts', () => {
    let executed = 0;
    for (const p of graphPaths(model)) {
      const actor = createActor(model.machine, { input: p.input } as never);
      actor.subscribe({ error: () => {} });
      actor.start();
      p.steps.forEach((s) => actor.send(s.event));
      const snapshot = actor.getSnapshot() as { value: unknown; context: unknown; status: string };
      actor.stop();
      expect(snapshot.status).not.toBe('error');
      expect(snapshot.value).toEqual(p.state.value);
      // Same state for the model: the whole context, or the parts the model's state key names.
      if (model.stateKey) expect(model.stateKey(snapshot)).toBe(model.stateKey(p.state));
      else expect(snapshot.context).toEqual(p.state.context);
      executed++;
    }
    expect(executed).toBeGreaterThan(2);
  });

  it('takes every transition the machine declares', () => {
    expect(transitionCoverage(model).missing).toEqual([]);
  });
});
