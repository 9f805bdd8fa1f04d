#!/usr/bin/env bash
# SQL injection scan: runs Debian's sqlmap against every public endpoint that takes
# parameters, on the production build (it builds nothing: `npm run build` first, or set
# BUILD_DIR), with a fresh SQLite database and, when TEST_POSTGRES_URL is set, a second
# pass on a fresh PostgreSQL database. First a canary: the same options must find a
# deliberately injectable loopback endpoint. Prints one line per target; exits non-zero when
# the canary is missed, sqlmap reports any parameter injectable (or "might be injectable"),
# a target's scan does not finish in time, or the server answers a probe with a 5xx or
# logs an error.
#
#   BUILD_DIR=build TEST_POSTGRES_URL=postgres://… bash tests/security/sqlmap.sh
# SQLMAP_KEEP=1 keeps sqlmap's logs and the server's log in the printed folder.
set -euo pipefail
cd "$(dirname "$0")/../.."

BUILD_DIR=${BUILD_DIR:-build}
# Per target and pass; with three scans at a time per pass and the passes side by side, the whole run
# stays well under five minutes. The sign-in targets check a password per probe (scrypt): on 29 November,
# with the machine at a third of its speed, they took 186-240 s, so a bound of 240 s failed a clean scan.
TARGET_TIMEOUT=${SQLMAP_TARGET_TIMEOUT:-600}
PARALLEL=${SQLMAP_PARALLEL:-3}
ADMIN_USER=scanadmin
ADMIN_PASSWORD=scan-admin-password-1

command -v sqlmap >/dev/null || { echo "sqlmap is not installed (scripts/ensure-system-deps.sh installs it)"; exit 2; }
[ -f "$BUILD_DIR/server/index.js" ] || { echo "no production build in $BUILD_DIR (run npm run build)"; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/shop-sqlmap.XXXXXX")
server_pid=""
canary_pid=""
pg_db=""
stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}
drop_pg_db() {
  [ -n "$pg_db" ] || return 0
  node -e '
    const pg = require("pg");
    const c = new pg.Client({ connectionString: process.argv[1] });
    c.connect().then(() => c.query(`drop database if exists ${process.argv[2]} with (force)`)).finally(() => c.end());
  ' "$TEST_POSTGRES_URL" "$pg_db" || true
  pg_db=""
}
cleanup() {
  # Stop any scan still running (only the ones this script started), then the server.
  for pid in $(jobs -p); do kill "$pid" 2>/dev/null || true; done
  stop_server
  [ -z "$canary_pid" ] || kill "$canary_pid" 2>/dev/null || true
  drop_pg_db
  if [ -n "${SQLMAP_KEEP:-}" ]; then echo "sqlmap logs kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# Starts the server on $1 (DATABASE_URL) and waits until it answers; sets $base.
start_server() {
  local port
  port=$(free_port)
  # TRUST_PROXY=1 as behind the usual reverse proxy (every request, sqlmap's own baseline ones
  # too, carries X-Forwarded-For, or the shop logs the proxy as sending none), so sqlmap's xforwardedfor tamper gives
  # every probe its own client address and the per-address limits (order creation,
  # tracking, sign-in lockout) measure nothing but the payload. sqlmap speaks plain HTTP to
  # the server itself, so the redirect to HTTPS that a proxy setting turns on stays off.
  DATABASE_URL="$1" PORT="$port" HOST=127.0.0.1 NODE_ENV=production LOG_LEVEL=warn \
    TRUST_PROXY=1 HTTPS_REDIRECT=false ORDER_RATE_LIMIT_PER_MINUTE=1000000 JOBS_ENABLED=false PANEL_SIMULATOR=false \
    ADMIN_USERNAME="$ADMIN_USER" ADMIN_PASSWORD="$ADMIN_PASSWORD" BACKUP_DIR="$work/backups" \
    BUILD_DIR="$BUILD_DIR" node server.js >"$work/server-$pass.log" 2>&1 &
  server_pid=$!
  base="http://127.0.0.1:$port"
  for _ in $(seq 1 150); do
    if node -e 'fetch(process.argv[1], { headers: { "x-forwarded-for": "203.0.113.7" } }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$base/api/plans"; then
      return 0
    fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.2
  done
  echo "the server did not start:"; cat "$work/server-$pass.log"
  exit 1
}

# Real rows for the scans' baseline requests, so sqlmap compares real answers rather than 404s.
seed() {
  node - "$base" "$ADMIN_USER" "$ADMIN_PASSWORD" >"$work/seed-$pass.env" <<'EOF'
const [base, adminUser, adminPassword] = process.argv.slice(2);
// As from behind the proxy (TRUST_PROXY=1): a request without a client address is logged as an error.
const proxied = { "x-forwarded-for": "203.0.113.7" };
const post = (path, body, headers = {}) =>
  fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...proxied, ...headers }, body: JSON.stringify(body) })
    .then(async (r) => ({ status: r.status, body: await r.json() }));
(async () => {
  // Behind a proxy (TRUST_PROXY) the shop refuses orders for the placeholder UPI ID: give it a real-looking one.
  const login = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: proxied,
    body: new URLSearchParams({ username: adminUser, password: adminPassword }),
    redirect: "manual",
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const upi = await post("/api/admin/setting", { key: "VITE_UPI_ID", value: "scan@okaxis" }, { cookie });
  if (upi.status !== 200) throw new Error(`setting the UPI ID failed: ${JSON.stringify(upi)}`);
  const plans = (await (await fetch(`${base}/api/plans?serviceType=followers`, { headers: proxied })).json()).plans;
  const planId = plans[0]._id;
  const buyer = { planId, username: "rahul_k", customerName: "Priya", customerPhone: "9876543210", agreedToTerms: true };
  const a = await post("/api/create-order", buyer);
  const b = await post("/api/create-order", buyer);
  const keyed = await post("/api/create-order", { ...buyer, idempotencyKey: "scan-key-00000001" });
  const utr = await post(`/api/orders/${b.body.order.orderId}/utr`, { utr: "112233445566" });
  if (a.status !== 201 || b.status !== 201 || keyed.status !== 201 || utr.status !== 200) {
    throw new Error(`seeding failed: ${JSON.stringify([a, b, keyed, utr])}`);
  }
  console.log(`PLAN_ID=${planId}`);
  console.log(`ORDER_ID=${a.body.order.orderId}`);
  console.log(`PAID_ORDER_ID=${b.body.order.orderId}`);
})().catch((e) => { console.error(e); process.exit(1); });
EOF
  # shellcheck disable=SC1090
  . "$work/seed-$pass.env"
  BLOG_SLUG=$(basename "$(ls content/blog/*.md | head -n 1)" .md)
}

# name|params (for the summary)|sqlmap arguments, tab-separated; the slowest (HTML pages) first.
# Sign-in: the baseline is a successful sign-in (302, so a "true" condition is a 302); the
# password is scanned with a fresh unknown username per request (--eval), so the per-username
# lockout never turns the answers into 429s.
targets() {
  local json='{"planId":"'"$PLAN_ID"'*","username":"rahul_k*","postLink":"*","target":"*","customerName":"Priya*","customerPhone":"9876543210*","agreedToTerms":true}'
  cat <<EOF
admin-login-password|password|-u	$base/admin/login	--data	username=$ADMIN_USER&password=$ADMIN_PASSWORD	-p	password	--ignore-redirects	--drop-set-cookie	--eval	import random; username="scan%d" % random.randint(1, 10**9)
admin-login-username|username|-u	$base/admin/login	--data	username=$ADMIN_USER&password=$ADMIN_PASSWORD	-p	username	--ignore-redirects	--drop-set-cookie	--code	302
track-form|orderId phone|-u	$base/track	--data	orderId=$ORDER_ID&phone=9876543210	-p	orderId,phone	--text-only
track-link|order|-u	$base/track?order=$ORDER_ID	-p	order	--text-only
blog|{slug}|-u	$base/blog/$BLOG_SLUG*	--text-only
create-order|planId username postLink target customerName customerPhone|-u	$base/api/create-order	--data	$json	--method	POST
create-order-key|idempotencyKey|-u	$base/api/create-order	--data	{"planId":"$PLAN_ID","username":"rahul_k","customerName":"Priya","customerPhone":"9876543210","agreedToTerms":true,"idempotencyKey":"scan-key-00000001*"}	--method	POST
order-utr|{id} utr|-u	$base/api/orders/$PAID_ORDER_ID*/utr	--data	{"utr":"112233445566*"}	--method	POST
order-status|orderId|-u	$base/api/order-status?orderId=$ORDER_ID	-p	orderId
plans|serviceType|-u	$base/api/plans?serviceType=followers	-p	serviceType
EOF
}

# Runs one target; writes its summary line to $work/$pass-$name.result.
scan() {
  local line=$1 name params args dir log started status tests codes verdict
  name=${line%%|*}; line=${line#*|}
  params=${line%%|*}; line=${line#*|}
  IFS=$'\t' read -r -a args <<<"$line"
  dir="$work/$pass-$name"
  log="$dir.log"
  started=$(date +%s)
  set +e
  timeout "$TARGET_TIMEOUT" sqlmap "${args[@]}" \
    --batch --flush-session --disable-coloring --output-dir="$dir" \
    --dbms="$dbms" $depth --technique=BEUSTQ --time-sec=2 \
    --timeout=10 --retries=1 --ignore-code=401 --tamper=xforwardedfor --headers="X-Forwarded-For: 203.0.113.7" \
    --answers="extending provided=N" >"$log" 2>&1
  status=$?
  set -e
  tests=$(grep -c "\[INFO\] testing '" "$log" || true)
  # sqlmap prints "HTTP error codes detected during run:" and the codes on the next line.
  codes=$(grep -A1 "HTTP error codes detected during run:" "$log" | tail -n 1 || true)
  if grep -qE "is vulnerable|appears to be injectable|sqlmap identified the following injection point|might be injectable" "$log"; then
    verdict="INJECTABLE"
  elif [ "$status" = 124 ]; then
    verdict="TIMED OUT"
  elif grep -qE "\b5[0-9][0-9] \(" <<<"$codes"; then
    verdict="SERVER ERROR"
  elif grep -q "all tested parameters do not appear to be injectable" "$log"; then
    verdict="not injectable"
  else
    verdict="INCOMPLETE (sqlmap exit $status)"
  fi
  printf '%-9s %-22s %-62s %-15s %4d tests %4ds%s\n' "$pass" "$name" "[$params]" "$verdict" "$tests" \
    "$(($(date +%s) - started))" "${codes:+  ($codes)}" >"$dir.result"
}

running() {
  local n=0 pid
  for pid in "$@"; do kill -0 "$pid" 2>/dev/null && n=$((n + 1)); done
  echo "$n"
}

run_pass() {
  pass=$1 dbms=$2 depth=$3
  shift 3
  start_server "$1"
  seed
  local line pids=()
  targets >"$work/targets-$pass"
  while IFS= read -r line; do
    scan "$line" &
    pids+=($!)
    # At most $PARALLEL scans at once (the server is a job too, so wait for scans by pid).
    while [ "$(running "${pids[@]}")" -ge "$PARALLEL" ]; do wait -n "${pids[@]}" 2>/dev/null || true; done
  done <"$work/targets-$pass"
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  cat "$work/$pass"-*.result
  stop_server
  if grep -qiE '"level":(50|60)' "$work/server-$pass.log"; then
    echo "$pass: the server logged errors during the scan:"; grep -E '"level":(50|60)' "$work/server-$pass.log" | head -n 5
    failed=1
  fi
}

# Proof that these options do find an injection: a throwaway loopback endpoint that pastes its
# parameter into SQLite SQL must be reported injectable, or the clean results below mean nothing.
canary() {
  local port
  port=$(free_port)
  node -e '
    const db = new (require("better-sqlite3"))(":memory:");
    db.exec("create table t (id text, name text); insert into t values (\x27a\x27, \x27Alice\x27)");
    require("node:http").createServer((req, res) => {
      const id = new URL(req.url, "http://x").searchParams.get("id") ?? "";
      try { res.end(JSON.stringify(db.prepare("select name from t where id = \x27" + id + "\x27").all())); }
      catch { res.statusCode = 400; res.end("bad request"); }
    }).listen(Number(process.argv[1]), "127.0.0.1");
  ' "$port" >"$work/canary-server.log" 2>&1 &
  canary_pid=$!
  sleep 1
  pass=canary dbms=SQLite depth="--level=3 --risk=2"
  scan "canary|id|-u	http://127.0.0.1:$port/?id=a	-p	id"
  kill "$canary_pid" 2>/dev/null || true
  wait "$canary_pid" 2>/dev/null || true
  canary_pid=""
  mv "$work/canary-canary.result" "$work/canary.txt"
  if grep -q INJECTABLE "$work/canary.txt"; then
    echo "canary: sqlmap finds a deliberately injectable endpoint with these options ($(grep -c "Type:" "$work/canary-canary.log") techniques)"
  else
    echo "canary: sqlmap did NOT find the deliberately injectable endpoint; the scan options are broken:"; cat "$work/canary.txt"
    failed=1
  fi
}

echo "sqlmap $(sqlmap --version 2>/dev/null | head -n 1): techniques BEUSTQ, SQLite pass level 3 risk 2, PostgreSQL pass level 2 risk 2"
started=$(date +%s)
failed=0
canary
# The two passes run side by side, each with a server of its own: the sign-in scans wait on
# the server's password checks (one at a time per server), so one pass never queues behind the other.
in_background() {
  # A pass stops its own server however it ends (the cleanup above stops the passes).
  (
    trap 'for pid in $(jobs -p); do kill "$pid" 2>/dev/null || true; done; stop_server' EXIT
    trap 'exit 143' TERM INT
    "$@"
    exit $failed
  ) >"$work/pass-$2.out" 2>&1 &
}
pass_pids=()
# sqlmap's SQLite time-based and stacked tests (heavy query) start at level 3, risk 2; its
# PostgreSQL error-based, stacked and time-based tests at level 1 (heavy-query variants at risk 2).
in_background run_pass sqlite SQLite "--level=3 --risk=2" "file:$work/shop.db"
pass_pids+=($!)
if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  pg_db="shop_sqlmap_$(node -e 'console.log(require("crypto").randomBytes(5).toString("hex"))')"
  node -e '
    const pg = require("pg");
    const c = new pg.Client({ connectionString: process.argv[1] });
    c.connect().then(() => c.query(`create database ${process.argv[2]}`)).finally(() => c.end());
  ' "$TEST_POSTGRES_URL" "$pg_db"
  pg_url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$TEST_POSTGRES_URL" "$pg_db")
  in_background run_pass postgres PostgreSQL "--level=2 --risk=2" "$pg_url"
  pass_pids+=($!)
fi
for pid in "${pass_pids[@]}"; do wait "$pid" || failed=1; done
cat "$work"/pass-*.out
drop_pg_db

if grep -vh "not injectable" "$work"/*.result >/dev/null 2>&1; then failed=1; fi
echo "injection scan: $(cat "$work"/*.result | grep -c "not injectable") of $(cat "$work"/*.result | wc -l) target scans clean in $(($(date +%s) - started)) s"
exit $failed
