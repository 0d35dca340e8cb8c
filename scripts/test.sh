#!/usr/bin/env bash
# `npm test`: every suite — unit/component, the server suite on PGlite and again on a real
# PostgreSQL server started here, then browser tests in Debian chromium against the built app.
# Ends with one line "N passed, N failed" summed over every suite.
set -euo pipefail
cd "$(dirname "$0")/.."

RESULTS=.tmp/test-results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
# vitest with its usual output plus a JSON report per suite for the closing summary.
run_vitest() {
  local name=$1; shift
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$RESULTS/$name.json"
}

step "typecheck"
npx tsc -p tsconfig.json --noEmit

step "lint, import cycles and format"
npm run --silent lint
npx prettier --check --log-level warn .

step "unit and component tests"
run_vitest unit --project unit

step "server tests (PGlite)"
run_vitest server-pglite --project 'server*'

step "server tests (PostgreSQL)"
source scripts/postgres.sh
start_postgres
trap stop_postgres EXIT
TEST_DATABASE_URL="$PG_TEST_URL" run_vitest server-postgres --project 'server*'
stop_postgres
trap - EXIT

step "browser tests (chromium)"
bash scripts/ensure-chromium.sh
npx vite build --logLevel warn
run_vitest e2e --project e2e

node scripts/test-summary.mjs "$RESULTS"
