/**
 * Model-based tests of the machines: every shortest path @xstate/graph finds with a machine's model is executed on
 * a real actor and must reach the state the graph predicts, and every machine must take every transition it declares
 * (scripts/machine-coverage.ts prints the same figures per machine).
 *
 * The models are shared between the files paths.model.<part>.test.ts, every MODEL_PATH_PARTS-th model to a file, so
 * both Jest workers walk the graphs (the verification machine's alone has over 4,000 paths).
 */
import fs from 'node:fs';
import { join } from 'node:path';
import { createActor } from 'xstate';
import { graphPaths, transitionCoverage } from './support/coverage';
import { machineModels } from './support/models';

/** The files sharing the models; each part's file calls describeModelPaths with its number. */
export const MODEL_PATH_PARTS = 2;

/** Part `part` (1 to MODEL_PATH_PARTS) of the models; part 1 also checks that each part has its file. */
export function describeModelPaths(part: number) {
  const mine = machineModels.filter((_m, i) => i % MODEL_PATH_PARTS === part - 1);
  // A part without its file would leave its models untested.
  if (part === 1)
    it(`has a file for each of the ${MODEL_PATH_PARTS} parts`, () => {
      const parts = Array.from({ length: MODEL_PATH_PARTS }, (_v, i) => `paths.model.${i + 1}.test.ts`);
      expect(parts.filter((f) => !fs.existsSync(join(__dirname, f)))).toEqual([]);
    });
  describe.each(mine.map((m) => [m.name, m] as const))('%s machine model', describeModel);
}

function describeModel(_name: string, model: (typeof machineModels)[number]) {
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
}
