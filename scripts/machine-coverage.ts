/**
 * Transition coverage of every machine in machines/ by model-based paths (test/machines/support/models.ts):
 * prints declared vs covered transitions per machine and the ones missed; exits 1 when a machine is below 100 %
 * or has no model. Run: npx tsx scripts/machine-coverage.ts
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { transitionCoverage } from '../test/machines/support/coverage';
import { machineModels } from '../test/machines/support/models';

const machineFiles = readdirSync(join(__dirname, '..', 'machines'))
  .filter((f) => f.endsWith('.machine.ts'))
  .map((f) => f.replace(/\.machine\.ts$/, ''))
  .sort();

let failed = false;
const rows: string[] = [];
for (const name of machineFiles) {
  const model = machineModels.find((m) => m.name === name);
  if (!model) {
    failed = true;
    rows.push(`${name.padEnd(16)} no model`);
    continue;
  }
  const c = transitionCoverage(model);
  const pct = c.declared.length ? (100 * c.covered.length) / c.declared.length : 100;
  if (c.missing.length) failed = true;
  rows.push(
    `${name.padEnd(16)} ${String(c.covered.length).padStart(3)}/${String(c.declared.length).padEnd(3)} ${pct.toFixed(1).padStart(5)} %`,
  );
  for (const m of c.missing) rows.push(`${''.padEnd(16)}   missing ${m}`);
}
console.log('machine          transitions  coverage');
console.log(rows.join('\n'));
if (failed) {
  console.error(
    '\nTransition coverage is below 100 %: add the events that reach the missing transitions to the model.',
  );
  process.exit(1);
}
