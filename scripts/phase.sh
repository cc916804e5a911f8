# Sourced by .ci/run and scripts/test.sh: `phase <name> <command...>` runs the command and prints how long it
# took and how long the calling script has run (bash's SECONDS), so a slow phase shows in CI's log.
phase() {
  local name=$1
  shift
  local started=$SECONDS
  echo "::: $name"
  "$@"
  echo "::: $name took $((SECONDS - started)) s (total $((SECONDS)) s)"
}
