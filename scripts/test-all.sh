#!/usr/bin/env bash
# The whole test suite: format, lint and dependency rules, typecheck, unit,
# integration on SQLite and PostgreSQL, end-to-end in Chromium against a
# production build. Ends with one summary line.
set -uo pipefail
cd "$(dirname "$0")/.."

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
export E2E_PORT=${E2E_PORT:-$(free_port)}
reports=$(mktemp -d /tmp/shop-test-reports.XXXXXX)
pgdir=$(mktemp -d /tmp/shop-test-pg.XXXXXX)
status=0
stage() { echo; echo "=== $* ==="; }
fail() { echo "FAILED: $*"; status=1; }
cleanup() { scripts/pg-test-cluster.sh stop "$pgdir"; }
trap cleanup EXIT

stage "System packages"
scripts/ensure-system-deps.sh || fail "installing system packages"
# The MDN HTTP Observatory, a test tool kept outside the project (tests/integration/observatory.test.ts).
scripts/ensure-observatory.sh >/dev/null || fail "installing the MDN HTTP Observatory"

stage "Lockfile (npm ci must accept it on every platform)"
npm ci --dry-run --ignore-scripts >"$reports/npm-ci.log" 2>&1 || { cat "$reports/npm-ci.log"; fail "package-lock.json is out of sync: regenerate it (rm -rf node_modules package-lock.json && npm install)"; }

stage "Format"
npx prettier --check . >"$reports/prettier.log" 2>&1 || { cat "$reports/prettier.log"; fail "formatting (npm run format)"; }

stage "Lint (ESLint, no warnings allowed)"
npm run --silent lint || fail "lint"

stage "Dependency rules (layers, cycles, declared packages)"
npm run --silent deps:check || fail "dependency rules"

stage "Typecheck"
npm run --silent typecheck || fail "typecheck"

stage "Unit tests"
npx vitest run --project unit --reporter=default --reporter=json \
  --outputFile.json="$reports/unit.json" || fail "unit tests"

stage "Production build"
npm run --silent build >"$reports/build.log" 2>&1 || { cat "$reports/build.log"; fail "build"; }

stage "Integration tests (SQLite and PostgreSQL)"
if pg_url=$(scripts/pg-test-cluster.sh start "$pgdir"); then
  echo "PostgreSQL test cluster at $pg_url"
  TEST_POSTGRES_URL="$pg_url" REQUIRE_POSTGRES=1 npx vitest run --project integration \
    --reporter=verbose --reporter=json --outputFile.json="$reports/integration.json" \
    || fail "integration tests"
else
  fail "starting PostgreSQL"
fi

stage "Injection scan (sqlmap)"
TEST_POSTGRES_URL="${pg_url:-}" bash tests/security/sqlmap.sh || fail "injection scan"

stage "End-to-end tests (Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" npx playwright test --reporter=list,json || fail "end-to-end tests"

stage "Summary"
node scripts/test-summary.mjs "$reports" || status=1
rm -rf "$reports"
exit $status
