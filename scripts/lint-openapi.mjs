// Lints an OpenAPI document with Redocly's recommended rules: `node scripts/lint-openapi.mjs <file.json>`.
// Prints one JSON line `{errors, warnings, problems}` and exits 1 when there is an error. (ESM only, so the jest test
// runs it as a child process.)
import fs from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const file = path.resolve(process.argv[2] ?? '');
const config = await createConfig({
  extends: ['recommended'],
  // The console's menu is served at `{api}/menu/` (its registered path, trailing slash included): the document says
  // what the server answers, so the rule that would rename it is off.
  rules: { 'no-path-trailing-slash': 'off' },
});
const problems = await lintFromString({ source: fs.readFileSync(file, 'utf8'), absoluteRef: file, config });
const brief = problems.map((p) => ({
  severity: p.severity,
  rule: p.ruleId,
  message: p.message,
  at: p.location?.[0]?.pointer,
}));
const errors = brief.filter((p) => p.severity === 'error').length;
process.stdout.write(`${JSON.stringify({ errors, warnings: brief.length - errors, problems: brief })}\n`);
process.exit(errors ? 1 : 0);
