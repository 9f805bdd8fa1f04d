#!/usr/bin/env bash
# The whole test suite: format, lint and dependency rules, typecheck, unit,
# integration on SQLite and PostgreSQL, an sqlmap injection scan, end-to-end in
# Chromium against a production build. Stages that do not depend on each other
# run side by side in two lanes (ADR 0016); each stage's output is printed
# whole when it ends, with its wall-clock and CPU time. Ends with a table of the
# stages' times and one summary line.
#
#   beside:  PostgreSQL test cluster, MDN HTTP Observatory (the integration tests and sqlmap wait for them)
#   lane 1: production build → integration tests
#   lane 2: lint → typecheck → unit → format → dependency rules → lockfile → kept current → (build done) sqlmap
#   then:   end-to-end tests (alone: they are the ones a busy machine makes flaky)
set -uo pipefail
cd "$(dirname "$0")/.."

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The tests' temporary folders (SQLite databases and their templates, the servers' folders, the
# browsers' profiles, the sqlmap scan's shops) on a RAM disk when the machine has one: nothing in them
# must outlive the run, and on this machine's disk the SQLite tests ran up to twice as long (ADR 0028).
# SHOP_TEST_TMPDIR=<folder> chooses another place.
test_tmp_base=${SHOP_TEST_TMPDIR:-}
if [ -z "$test_tmp_base" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then test_tmp_base=/dev/shm; fi
test_tmp=""
if [ -n "$test_tmp_base" ] && test_tmp=$(mktemp -d "$test_tmp_base/shop-test-tmp.XXXXXX"); then
  # Open as /tmp is: servers running as users of their own (dovecot's) reach their folders in it.
  chmod 1777 "$test_tmp"
  export TMPDIR="$test_tmp"
fi
# V8's compiled code for every Node.js process of the run (the servers the tests start, the test workers,
# ESLint, tsc), kept beside the other temporary files: each module is compiled once, not once a process
# (a server's start went from 0.90 s to 0.73 s; ADR 0016). Node.js renames each entry into place, so
# processes starting at once share it safely; a module that changes gets a new entry.
export NODE_COMPILE_CACHE=${NODE_COMPILE_CACHE:-${TMPDIR:-/tmp}/node-compile-cache}
free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
export E2E_PORT=${E2E_PORT:-$(free_port)}
reports=$(mktemp -d /tmp/shop-test-reports.XXXXXX)
pgdir=$(mktemp -d /tmp/shop-test-pg.XXXXXX)
mkdir -p "$reports/stages"
status=0
now() { date +%s.%N; }
# Whole seconds from $1 to $2.
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", b - a }'; }
suite_started=$(now)
# TEST_REPORTS_DIR=<folder> keeps the JSON reports (per-file and per-test durations) and the stage logs there.
cleanup() {
  scripts/pg-test-cluster.sh stop "$pgdir"
  if [ -n "${TEST_REPORTS_DIR:-}" ]; then mkdir -p "$TEST_REPORTS_DIR" && cp -r "$reports"/. "$TEST_REPORTS_DIR"/; fi
  rm -rf "$reports"
  [ -z "$test_tmp" ] || rm -rf "$test_tmp"
}
trap cleanup EXIT

say() { flock "$reports/print.lock" echo "$@"; }

# stage NAME COMMAND…: runs the command with its output kept aside, then prints the
# output under a heading with the stage's wall-clock and CPU seconds (the CPU of
# every process the stage started and waited for). With LIVE=1 the output is
# shown as it comes. Returns the command's status.
stage() {
  local name=$1 id log started ended rc cpu wall
  shift
  id=$(printf '%s' "$name" | tr -c 'A-Za-z0-9' '-')
  log="$reports/stages/$id.log"
  started=$(now)
  if [ "${LIVE:-}" = 1 ]; then
    echo
    echo "=== $name ==="
    # `times` in the subshell reports the user and system time of the processes it waited for.
    ( "$@"; rc=$?; times >"$log.times"; exit $rc ) 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
  else
    say "--- started: $name"
    ( "$@"; rc=$?; times >"$log.times"; exit $rc ) >"$log" 2>&1
    rc=$?
  fi
  ended=$(now)
  wall=$(seconds "$started" "$ended")
  cpu=$(tail -n 1 "$log.times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] } printf "%.0f", t }')
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$(seconds "$suite_started" "$started")" "$wall" "$cpu" "$rc" \
    >>"$reports/timings.tsv"
  if [ "${LIVE:-}" = 1 ]; then
    echo "=== $name: $wall s, CPU $cpu s$([ "$rc" = 0 ] || echo ", FAILED") ==="
  else
    {
      echo
      echo "=== $name: $wall s, CPU $cpu s$([ "$rc" = 0 ] || echo ", FAILED") ==="
      cat "$log"
    } | flock "$reports/print.lock" cat
  fi
  return $rc
}
fail() { say "FAILED: $*"; echo "$*" >>"$reports/failures"; }

stage "System packages" scripts/ensure-system-deps.sh || fail "installing system packages"
# The PostgreSQL cluster and the MDN HTTP Observatory (a test tool kept outside the project,
# tests/integration/observatory.test.ts) are made while the build runs: the integration tests
# and the scan wait for them (prepared), the build and the checks do not.
prepare() {
  if pg_url=$(scripts/pg-test-cluster.sh start "$pgdir"); then
    say "PostgreSQL test cluster at $pg_url"
    echo "$pg_url" >"$reports/pg_url"
  else
    fail "starting PostgreSQL"
  fi
  stage "MDN HTTP Observatory" scripts/ensure-observatory.sh || fail "installing the MDN HTTP Observatory"
  touch "$reports/prepared"
}
prepared() {
  while [ ! -f "$reports/prepared" ]; do sleep 0.2; done
  pg_url=$(cat "$reports/pg_url" 2>/dev/null || true)
}
prepare &

lockfile() {
  npm ci --dry-run --ignore-scripts || {
    echo "package-lock.json is out of sync: regenerate it (rm -rf node_modules package-lock.json && npm install)"
    return 1
  }
}
integration() {
  prepared
  [ -n "$pg_url" ] || { echo "no PostgreSQL test cluster"; return 1; }
  SECRETS_CANARY_BUILD="$PWD/${BUILD_DIR:-build}" TEST_POSTGRES_URL="$pg_url" REQUIRE_POSTGRES=1 npx vitest run --project integration \
    --reporter=verbose --reporter=json --outputFile.json="$reports/integration.json"
}

# The one production build is made with secrets in its environment: tests/integration/secrets.test.ts checks
# (SECRETS_CANARY_BUILD) that none reached the browser's files of the build every other test runs.
canary_env() { node -e 'for (const [k, v] of Object.entries(require("./tests/support/secret-canaries.json"))) console.log(`${k}=${v}`)'; }
lane_build() {
  local canaries
  # Without them the secrets test would check a build made with nothing to leak.
  canaries=$(canary_env) || { fail "reading tests/support/secret-canaries.json"; touch "$reports/build.failed"; return; }
  # shellcheck disable=SC2086 # one NAME=value word per line, none with spaces
  stage "Production build" env $canaries npm run --silent build || { fail "build"; touch "$reports/build.failed"; return; }
  touch "$reports/build.done"
  stage "Integration tests (SQLite and PostgreSQL)" integration || fail "integration tests"
}

lane_checks() {
  # Lint and typecheck both read React Router's generated route types: made once, before either.
  stage "Route types" npx react-router typegen || fail "route types (react-router typegen)"
  stage "Lint (ESLint, no warnings allowed)" npx eslint . --max-warnings 0 || fail "lint"
  stage "Typecheck" npx tsc --noEmit || fail "typecheck"
  stage "Unit tests" npx vitest run --project unit --reporter=default --reporter=json \
    --outputFile.json="$reports/unit.json" || fail "unit tests"
  stage "Format" npx prettier --check . || fail "formatting (npm run format)"
  stage "Dependency rules (layers, cycles, declared packages)" npm run --silent deps:check || fail "dependency rules"
  stage "Lockfile (npm ci must accept it on every platform)" lockfile || fail "package-lock.json"
  stage "Kept current (runtime end of life, recorded advisories)" node scripts/runtime/kept-current.mjs ||
    fail "runtime or dependencies out of date (docs/upgrading.md)"
  # The scan needs the build; it shares the machine with the integration tests, not with the browsers.
  while [ ! -f "$reports/build.done" ] && [ ! -f "$reports/build.failed" ]; do sleep 1; done
  prepared
  if [ -f "$reports/build.done" ]; then
    stage "Injection scan (sqlmap)" env TEST_POSTGRES_URL="$pg_url" bash tests/security/sqlmap.sh || fail "injection scan"
  else
    fail "injection scan (no build)"
  fi
}

lane_build &
lane_checks &
wait

LIVE=1 stage "End-to-end tests (Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" \
  npx playwright test --reporter=list,json || fail "end-to-end tests"

echo
echo "=== Times (wall-clock and CPU seconds; lanes overlap, so stages add up to more than the total) ==="
awk -F'\t' '{ printf "%-55s start %5ds  %5ds  CPU %5ds%s\n", $1, $2, $3, $4, ($5 == 0 ? "" : "  FAILED") }' \
  "$reports/timings.tsv"
total=$(seconds "$suite_started" "$(now)")
cpu_total=$(awk -F'\t' '{ t += $4 } END { print t }' "$reports/timings.tsv")
printf 'Total: %d s (%d min %02d s), CPU %d s\n' "$total" $((total / 60)) $((total % 60)) "$cpu_total"

echo
echo "=== Summary ==="
[ -f "$reports/failures" ] && status=1
node scripts/test-summary.mjs "$reports" || status=1
exit $status
