#!/usr/bin/env bash
# Runs every budget benchmark against the production build and prints the figures (none of them fail the build).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f dist/server/server.js ] || npx webpack --config webpack.config.ts --mode production
for bench in test/bench/*.bench.ts; do
  printf '\n##### %s\n' "$bench"
  npx tsx "$bench"
done
