#!/usr/bin/env bash
# The whole test command: install what is missing, typecheck, lint, run Jest, then print the closing
# line `Tests: N passed, N failed[, N skipped]`. Extra arguments go to Jest (e.g. a test path).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh --test || exit 1

failed_steps=()
step() {
  local name="$1"
  shift
  echo "test: $name"
  "$@" || failed_steps+=("$name")
}

step typecheck npx tsc --noEmit -p tsconfig.json
step lint npx eslint .

report="$(mktemp -t atelier-jest-XXXXXX.json)"
trap 'rm -f "$report"' EXIT
step jest npx jest --json --outputFile="$report" "$@"

for name in "${failed_steps[@]}"; do
  echo "test: $name failed"
done
summary_rc=0
npx tsx scripts/test-summary.ts "$report" || summary_rc=$?
[ "${#failed_steps[@]}" = 0 ] && [ "$summary_rc" = 0 ]
