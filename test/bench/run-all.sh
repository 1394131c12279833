#!/usr/bin/env bash
# Runs every budget benchmark against the production build, then the soak, and compares the recorded figures
# (dist/reports/bench.json) with test/bench/baseline.json: fails only when a figure is more than 15% worse.
# `npm run bench -- --update` writes this run's figures into the baseline instead (after a reviewed change, on a
# quiet machine). SOAK_SECONDS=5 shortens the soak for a smoke run.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f dist/server/server.js ] || npx webpack --config webpack.config.ts --mode production
rm -rf dist/reports/bench
for bench in test/bench/*.bench.ts; do
  printf '\n##### %s\n' "$bench"
  npx tsx "$bench"
done
printf '\n##### soak (test/bench/soak.ts)\n'
soak=0
npx tsx test/bench/soak.ts || soak=$?
printf '\n##### figures against the baseline\n'
npx tsx test/bench/compare.ts "$@"
exit "$soak"
