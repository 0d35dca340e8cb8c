#!/usr/bin/env bash
# `npm test`: every suite — unit/component, the server suite on PGlite and again on a real
# PostgreSQL server started here, then browser tests in Debian chromium against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "typecheck"
npx tsc -p tsconfig.json --noEmit

step "unit and component tests"
npx vitest run --project unit

step "server tests (PGlite)"
npx vitest run --project server

step "server tests (PostgreSQL)"
source scripts/postgres.sh
start_postgres
trap stop_postgres EXIT
TEST_DATABASE_URL="$PG_TEST_URL" npx vitest run --project server
stop_postgres
trap - EXIT

step "browser tests (chromium)"
bash scripts/ensure-chromium.sh
npx vite build --logLevel warn
npx vitest run --project e2e
