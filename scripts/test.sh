#!/usr/bin/env bash
# `npm test`: every test — types, unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), the
# build, the browser journeys — stopping at the first failure. Each step prints its duration, so a slow step shows
# in CI's log (.ci/run's budget is 25 minutes on an idle machine).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() {
  local name=$1
  shift
  local step_started=$SECONDS
  echo "::: npm test: $name"
  "$@"
  echo "::: npm test: $name took $((SECONDS - step_started)) s (npm test so far $((SECONDS - started)) s)"
}
step typecheck npm run typecheck
step unit npm run test:unit
step build npm run build
step journeys npm run test:e2e
