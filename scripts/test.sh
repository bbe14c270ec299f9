#!/usr/bin/env bash
# The whole test command: install what is missing, typecheck, lint (code, import circles and the OpenAPI
# document), run Jest, then print the closing line `Tests: N passed, N failed[, N skipped]`. Extra arguments go
# to Jest (e.g. a test path).
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
# Import circles, `import type` included (dpdm, package.json `cycles`): any circle fails the step. Break one by
# moving the shared type or constant down into its own small file, never by a dynamic import.
step cycles npm run --silent cycles

# The OpenAPI document of /v1, linted offline (redocly.yaml: no telemetry; the update check is off too).
openapi="$(mktemp -t atelier-openapi-XXXXXX.json)"
step openapi-lint bash -c "npx tsx scripts/openapi.ts '$openapi' &&
  REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint '$openapi' --config redocly.yaml"
step client-typecheck npx tsc --noEmit -p clients/typescript/tsconfig.json
# The console has its own lint config (TSX); its typecheck runs in its build (scripts/setup.sh).
step console-lint npm --prefix console run --silent lint

report="$(mktemp -t atelier-jest-XXXXXX.json)"
trap 'rm -f "$report" "$openapi"' EXIT
step jest npx jest --json --outputFile="$report" "$@"

for name in "${failed_steps[@]}"; do
  echo "test: $name failed"
done
summary_rc=0
npx tsx scripts/test-summary.ts "$report" || summary_rc=$?
[ "${#failed_steps[@]}" = 0 ] && [ "$summary_rc" = 0 ]
