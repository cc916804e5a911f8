#!/usr/bin/env bash
# `npm test`: every test — types, unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), the
# build, the browser journeys — stopping at the first failure. Each step prints its duration, so a slow step shows
# in CI's log (.ci/run's budget is 25 minutes on an idle machine).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh
phase 'npm test: typecheck' npm run typecheck
phase 'npm test: unit' npm run test:unit
phase 'npm test: build' npm run build
phase 'npm test: journeys' npm run test:e2e
