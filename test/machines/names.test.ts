/**
 * Every guard and action of every machine has a name, so its statechart reads in words (issue: "no inline anonymous
 * guards"): no inline functions and no inline `assign(…)`; XState's own delay timers aside.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { anonymousParts, chartModel } from '../../src/qa/StatechartView/model';

const dir = join(__dirname, '..', '..', 'machines');
const machines = readdirSync(dir)
  .filter((f) => f.endsWith('.machine.ts'))
  .flatMap((file) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- every machine file, found on disk
    Object.entries(require(join(dir, file)) as Record<string, unknown>)
      .filter((entry): entry is [string, AnyStateMachine] => entry[1] instanceof StateMachine)
      .map(([name, machine]) => [`${file} ${name}`, machine] as const),
  );

describe('machine vocabulary', () => {
  it('finds a machine in every machine file', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.machine.ts'));
    expect(new Set(machines.map(([label]) => label.split(' ')[0]))).toEqual(new Set(files));
  });

  it.each(machines)('%s names every guard and action', (_label, machine) => {
    expect(anonymousParts(chartModel(machine))).toEqual([]);
  });
});
