#!/usr/bin/env bash
# Production as an operator runs it: build once, ship the build to a copy that has only the production
# dependencies, start it with NODE_ENV=production on a new, empty PostgreSQL database, and check that it
# serves, that nobody can sign in with a demo account, and that the first-admin command works.
set -euo pipefail
cd "$(dirname "$0")/.."

base_url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
db_name="prod_check_$(date +%s)_$$"
db_url="${base_url%/*}/${db_name}"
# A port the system says is free now: a fixed or random one can belong to another service on the machine.
free_port() { node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"; }
port="${PROD_CHECK_PORT:-$(free_port)}"
mkdir -p .tmp
work="$(mktemp -d "$PWD/.tmp/prod-check.XXXXXX")"
log="$work/server.log"
server_pid=""

cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  psql -q "$base_url" -c "drop database if exists \"$db_name\" with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "prod-check: FAILED: $*" >&2; [ -f "$log" ] && tail -n 30 "$log" >&2; exit 1; }

# --client-built: the client in dist/ is this checkout's own `vite build` (CI's test command made it moments before),
# so only the server is compiled: building the client again took half a minute of a run with a time limit.
if [ "${1:-}" = "--client-built" ]; then
  echo "prod-check: building the server (the client was built by the test command)"
  [ -f dist/client/index.html ] || fail "--client-built, but dist/ has no client build"
  node scripts/build-server.mjs >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "scripts/build-server.mjs"; }
else
  echo "prod-check: building"
  npm run build --silent >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "npm run build"; }
fi

echo "prod-check: copying the build and pruning to production dependencies"
app="$work/app"
mkdir -p "$app"
cp -r dist scripts package.json package-lock.json "$app/"
# Hard links when possible: fast, and pruning the copy removes links only.
cp -al node_modules "$app/" 2>/dev/null || cp -a node_modules "$app/"
(cd "$app" && npm prune --omit=dev --no-audit --no-fund >/dev/null 2>&1)
# (typescript stays: @trpc/server names it as a peer dependency, though nothing loads it at run time.)
for dev_only in tsx vite vitest esbuild drizzle-kit; do
  [ ! -e "$app/node_modules/$dev_only" ] || fail "development package $dev_only is still installed after pruning"
done

psql -q "$base_url" -c "create database \"$db_name\"" >/dev/null
export NODE_ENV=production SESSION_SECRET="prod-check-$RANDOM$RANDOM" DATABASE_URL="$db_url" PORT="$port" \
  PUBLIC_URL="http://127.0.0.1:$port" HOST=127.0.0.1 LOG_LEVEL=info

echo "prod-check: starting on port $port with NODE_ENV=production"
# As `npm start` runs it, with its Node flags, but as this shell's child so that the stop below reaches it.
flags=$(cd "$app" && node -p "require('./package.json').scripts.start.split(/\\s+/).filter((w) => w.startsWith('--')).join(' ')")
# shellcheck disable=SC2086 # the flags are separate words
(cd "$app" && exec node $flags scripts/start.mjs) >"$log" 2>&1 &
server_pid=$!
for _ in $(seq 1 90); do
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited during start-up"
  sleep 1
done
url="http://127.0.0.1:$port"

[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/readyz")" = 200 ] || fail "/readyz is not 200"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/healthz")" = 200 ] || fail "/healthz is not 200"
# A page is read whole before it is searched: `curl | grep -q` fails under pipefail when grep stops reading
# at the first match of a page longer than the pipe's buffer.
page_has() { local html; html="$(curl -fsS -H 'accept: text/html' "${@:3}" "$url$1")" && grep -qF -- "$2" <<<"$html"; }
for page in / /products /services; do
  page_has "$page" '<div id="root"' || fail "page $page is not served"
done
[ "$(curl -fsS "$url/api/products" | head -c 1)" = "[" ] || fail "/api/products is not a list"
grep -q '"level":30' "$log" || fail "production logs are not JSON lines"

users="$(psql -tA "$db_url" -c 'select count(*) from users')"
[ "$users" = 0 ] || fail "a production start created $users account(s)"
[ "$(psql -tA "$db_url" -c 'select count(*) from products')" = 0 ] || fail "a production start created demo products"
status="$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
  -d '{"email":"admin@example.com","password":"demo-password-2026"}' "$url/api/employee/login")"
[ "$status" = 401 ] || fail "demo admin sign-in answered $status, expected 401"
grep -q 'There is no admin yet' "$log" || fail "start-up did not say how to get the first admin"

echo "prod-check: first admin through npm run admin:invite"
invite="$(cd "$app" && npm run --silent admin:invite -- owner@example.com)"
link="$(grep -o 'http://[^ ]*/employee/set-password?token=[^ ]*' <<<"$invite")" || fail "admin:invite printed no link: $invite"
token="${link#*token=}"
body="{\"token\":\"$token\",\"password\":\"prod check password 1\"}"
[ "$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' -d "$body" "$url/api/employee/set-password")" = 200 ] \
  || fail "the invitation link did not set the password"
[ "$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' -d "$body" "$url/api/employee/set-password")" = 400 ] \
  || fail "the invitation link worked twice"
[ "$(psql -tA "$db_url" -c "select role from users where email = 'owner@example.com'")" = admin ] || fail "owner@example.com is not admin"

# A signed-in home page comes rendered by the server, whose renderer carries its own packages (React is not
# installed here).
cookies="$work/cookies"
curl -fsS -c "$cookies" -o /dev/null -H 'content-type: application/json' \
  -d '{"email":"owner@example.com","password":"prod check password 1"}' "$url/api/employee/login" \
  || fail "the new admin could not sign in"
page_has / 'Featured Items' -b "$cookies" || fail "the home page is not rendered by the server"
if grep -q 'could not be rendered' "$log"; then fail "a first screen failed to render"; fi

echo "prod-check: graceful stop"
kill -TERM "$server_pid"
wait "$server_pid" && code=0 || code=$?
server_pid=""
[ "$code" = 0 ] || fail "the server exited with $code on SIGTERM"
echo "prod-check: OK"
