#!/usr/bin/env bash
# Every test of the console: static checks and the builds, unit and component tests, then end-to-end tests in
# headless Chromium against the real built server.
#
# The static checks (tsc, eslint, prettier, the machines' coverage) and the builds (webpack, the bundle budgets,
# Storybook) each run on about one core, so they run as two lanes side by side; the builds' lane writes its output
# to a log printed when it ends. Jest and Playwright then use both cores on their own.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
mkdir -p dist/reports
timings_file=$(mktemp)
builds_log=$(mktemp)
trap 'rm -f "$timings_file" "$builds_log"' EXIT

# Runs one named step, records its duration; a failing step fails its lane.
step() {
  local name=$1 lap_start=$SECONDS status=0
  shift
  printf '\n=== %s\n' "$name"
  "$@" || status=$?
  printf '%5ds  %s%s\n' $((SECONDS - lap_start)) "$name" "$([ $status -eq 0 ] || echo ' (failed)')" >>"$timings_file"
  return $status
}
durations() {
  printf '\n=== durations\n'
  cat "$timings_file"
  printf '%5ds  the whole suite\n' $((SECONDS - started))
}

static_lane() {
  step "typecheck" npx tsc --noEmit -p tsconfig.json &&
    step "lint" bash -c 'npx eslint --max-warnings 0 . && npx prettier --check .' &&
    step "machine coverage" npx tsx scripts/machine-coverage.ts
}
builds_lane() {
  step "build" npx webpack --config webpack.config.ts --mode production &&
    # Bundle sizes of one build are deterministic: CI fails a route over its budget (test/bench/budgets.ts).
    # Timing figures are compared by `npm run bench` only (on two shared cores they vary by more than 15% run to run).
    step "bundle budgets" bash -c 'npx tsx test/bench/bundle.bench.ts && npx tsx test/bench/compare.ts --ci' &&
    step "storybook build" env STORYBOOK_DISABLE_TELEMETRY=1 npx storybook build --quiet -o dist/storybook
}

builds_lane >"$builds_log" 2>&1 &
builds_pid=$!
static_status=0
static_lane || static_status=$?
builds_status=0
wait $builds_pid || builds_status=$?
printf '\n=== output of the builds lane\n'
cat "$builds_log"
if [ $static_status -ne 0 ] || [ $builds_status -ne 0 ]; then
  durations
  exit 1
fi

# Both cores: the suites start their own servers and daemons on free loopback ports in temporary directories.
jest_status=0
step "unit + component" npx jest --ci --maxWorkers=2 --json --outputFile=dist/reports/jest.json || jest_status=$?
e2e_status=0
[ $jest_status -ne 0 ] || step "end-to-end" npx playwright test || e2e_status=$?

durations
[ $jest_status -eq 0 ] && [ $e2e_status -eq 0 ] || exit 1
# One plain closing line for everything that ran, last.
node -e '
const fs = require("fs");
const jest = JSON.parse(fs.readFileSync("dist/reports/jest.json", "utf8"));
const e2e = JSON.parse(fs.readFileSync("dist/reports/e2e.json", "utf8")).stats;
const passed = jest.numPassedTests + e2e.expected + e2e.flaky;
const failed = jest.numFailedTests + e2e.unexpected;
console.log(`all tests: ${passed} passed, ${failed} failed`);
'
