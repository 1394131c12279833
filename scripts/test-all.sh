#!/usr/bin/env bash
# Every test of the console, in the order CI runs them: static checks, unit and component tests, the builds,
# then end-to-end tests in headless Chromium against the real built server.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
timings=()
current=''
# Each step's duration, and the whole suite's, printed at the end (also when a step fails).
lap() { [ -z "$current" ] || timings+=("$(printf '%5ds  %s' $((SECONDS - lap_start)) "$current")"); }
durations() {
  lap
  printf '\n=== durations\n'
  [ "${#timings[@]}" -eq 0 ] || printf '%s\n' "${timings[@]}"
  printf '%5ds  the whole suite\n' $((SECONDS - started))
}
trap durations EXIT
step() {
  lap
  current=$1
  lap_start=$SECONDS
  printf '\n=== %s\n' "$1"
}
step "typecheck";        npx tsc --noEmit -p tsconfig.json
step "lint";             npx eslint --max-warnings 0 . && npx prettier --check .
mkdir -p dist/reports
# Both cores: the suites start their own servers and daemons on free loopback ports in temporary directories.
step "unit + component"; npx jest --ci --maxWorkers=2 --json --outputFile=dist/reports/jest.json
step "machine coverage"; npx tsx scripts/machine-coverage.ts
step "build";            npx webpack --config webpack.config.ts --mode production
# Bundle sizes of one build are deterministic: CI fails a route over its budget (test/bench/budgets.ts).
# Timing figures are compared by `npm run bench` only (on two shared cores they vary by more than 15% run to run).
step "bundle budgets";   npx tsx test/bench/bundle.bench.ts && npx tsx test/bench/compare.ts --ci
step "storybook build";  STORYBOOK_DISABLE_TELEMETRY=1 npx storybook build --quiet -o dist/storybook
step "end-to-end";       npx playwright test

trap - EXIT
durations
# One plain closing line for everything that ran, last.
node -e '
const fs = require("fs");
const jest = JSON.parse(fs.readFileSync("dist/reports/jest.json", "utf8"));
const e2e = JSON.parse(fs.readFileSync("dist/reports/e2e.json", "utf8")).stats;
const passed = jest.numPassedTests + e2e.expected + e2e.flaky;
const failed = jest.numFailedTests + e2e.unexpected;
console.log(`all tests: ${passed} passed, ${failed} failed`);
'
