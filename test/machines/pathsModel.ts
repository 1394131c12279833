/**
 * Model-based tests of the machines: every shortest path @xstate/graph finds with a machine's model is executed on
 * a real actor and must reach the state the graph predicts, and every machine must take every transition it declares
 * (scripts/machine-coverage.ts prints the same figures per machine).
 *
 * The models are shared between the files paths.model.<part>.test.ts by weight, so both Jest workers walk the graphs:
 * the verification machine's graph (over 4,000 paths) is about two thirds of the whole and has a part to itself;
 * every other model shares the other part. A model is not split between parts: its transition coverage is the union
 * over all its paths.
 */
import fs from 'node:fs';
import { join } from 'node:path';
import { createActor } from 'xstate';
import { graphPaths, transitionCoverage } from './support/coverage';
import { machineModels } from './support/models';

/** The files sharing the models; each part's file calls describeModelPaths with its number. */
export const MODEL_PATH_PARTS = 2;

/**
 * CPU time of a model's tests (graph search, paths on an actor, transition coverage), in percent of the whole as
 * measured in Jest on one worker: the paths grow with states × sample events, which only the search itself can
 * count. A model not named here weighs 1.
 */
export const MODEL_WEIGHTS: Record<string, number> = {
  verification: 69,
  recovery: 16,
  login: 7,
  settings: 4,
  flowForm: 2,
};

/** The models of each part: heaviest first, each to the part with the least weight so far. */
export function modelParts(
  models: Array<{ name: string }>,
  parts: number,
  weights: Record<string, number>,
): string[][] {
  const out = Array.from({ length: parts }, () => ({ weight: 0, names: [] as string[] }));
  const weightOf = (name: string) => weights[name] ?? 1;
  for (const m of [...models].sort((a, b) => weightOf(b.name) - weightOf(a.name))) {
    const lightest = out.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.weight += weightOf(m.name);
    lightest.names.push(m.name);
  }
  return out.map((p) => p.names);
}

/** Part `part` (1 to MODEL_PATH_PARTS) of the models; part 1 also checks that each part has its file. */
export function describeModelPaths(part: number) {
  const names = modelParts(machineModels, MODEL_PATH_PARTS, MODEL_WEIGHTS)[part - 1];
  const mine = machineModels.filter((m) => names.includes(m.name));
  if (part === 1) {
    // A part without its file would leave its models untested.
    it(`has a file for each of the ${MODEL_PATH_PARTS} parts`, () => {
      const parts = Array.from({ length: MODEL_PATH_PARTS }, (_v, i) => `paths.model.${i + 1}.test.ts`);
      expect(parts.filter((f) => !fs.existsSync(join(__dirname, f)))).toEqual([]);
    });
    // Every model runs in exactly one part, and a weight names a model that exists.
    it('gives each model to one part', () => {
      const all = modelParts(machineModels, MODEL_PATH_PARTS, MODEL_WEIGHTS).flat();
      expect([...all].sort()).toEqual(machineModels.map((m) => m.name).sort());
      expect(Object.keys(MODEL_WEIGHTS).filter((n) => !all.includes(n))).toEqual([]);
    });
  }
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
