#!/usr/bin/env bash
# `npm run typecheck`: every TypeScript program, in two lanes at once (tsc uses one core; the server's program
# alone takes as long as the other three together). Each lane's errors are printed when it ends.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
lane() {
  local name=$1
  shift
  local project
  for project in "$@"; do
    npx tsc -p "$project" >>"$out/$name.log" 2>&1 || { echo "$project" >>"$out/$name.failed"; }
  done
}
lane node tsconfig.node.json &
lane rest packages/contract apps/web e2e &
wait
status=0
for name in node rest; do
  cat "$out/$name.log" 2>/dev/null
  if [ -f "$out/$name.failed" ]; then
    sed 's/^/typecheck failed: /' "$out/$name.failed"
    status=1
  fi
done
exit $status
