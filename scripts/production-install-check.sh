#!/usr/bin/env bash
# A production install without dev dependencies, checked end to end (CI runs it after `npm ci`):
# the committed tree is copied to a temporary directory with the installed node_modules (what
# `npm ci` made), built (`npm run build`), stripped of its dev dependencies (`npm prune
# --omit=dev`) and of its TypeScript sources, so only the built output can run. Then:
# `npm start` serves (/api/health/ready), `npm run db:backup` backs the running server up,
# `npm run db:restore -- --hold-deliveries` restores into a fresh DATA_DIR, a server on it has the
# same account and lead with webhook deliveries held, and `npm run mail:preview` renders.
# Usage: bash scripts/production-install-check.sh   (from anywhere in the checkout; ~2-3 minutes)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/crawlguard-production-XXXXXX")"
TREE="$WORK/tree"
SERVERS=()

cleanup() {
  for pgid in "${SERVERS[@]}"; do kill -TERM -- "-$pgid" 2>/dev/null || true; done
  sleep 1
  for pgid in "${SERVERS[@]}"; do kill -KILL -- "-$pgid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
fail() {
  echo "production install check FAILED: $*" >&2
  for log in "$WORK"/*.log; do [ -f "$log" ] && { echo "--- $log" >&2; tail -n 30 "$log" >&2; }; done
  exit 1
}
step() { echo "== [$(date +%T)] $*"; }

step "copying commit $(git -C "$ROOT" rev-parse --short HEAD) and the installed node_modules to $TREE"
mkdir -p "$TREE"
git -C "$ROOT" archive HEAD | tar -x -C "$TREE"
(cd "$ROOT" && find . -maxdepth 3 -name node_modules -type d -not -path "./node_modules/*" -print0) |
  while IFS= read -r -d '' dir; do cp -a --reflink=auto "$ROOT/$dir" "$TREE/$dir"; done
cd "$TREE"

step "npm run build"
npm run build >"$WORK/build.log" 2>&1 || fail "npm run build"

step "npm prune --omit=dev"
npm prune --omit=dev --no-audit --no-fund >"$WORK/prune.log" 2>&1 || fail "npm prune --omit=dev"
for gone in turbo tsup vitest; do
  [ ! -e "node_modules/$gone" ] || fail "node_modules/$gone is still there after the prune"
done
# The pinned Node is an optional dependency, not a dev one: it stays.
[ -x node_modules/.bin/node ] || fail "node_modules/.bin/node (the pinned Node) did not survive the prune"
echo "   Node after the prune: $(npm exec -c 'node -v')"
# Nothing may need the TypeScript sources: what runs is apps/server/dist (and apps/web/dist).
rm -rf apps/server/src packages/*/src

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
# Starts `npm start` in its own process group on DATA_DIR $1, port $2; its log is $3.
start_server() {
  DATA_DIR="$1" PORT="$2" HOST=127.0.0.1 LOG_LEVEL=warn WEBHOOKS_ALLOW_HTTP=true setsid npm start >"$3" 2>&1 &
  SERVERS+=("$!")
  for _ in $(seq 1 180); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$2/api/health/ready")" = 200 ] && return 0
    sleep 1
  done
  fail "the server on port $2 was not ready within 180 s"
}
# POST/GET as the signed-in admin of the server on port $1 (cookie jar $WORK/cookies.$1).
api() {
  local port="$1" method="$2" path="$3" body="${4:-}"
  curl -s -f -X "$method" -b "$WORK/cookies.$port" -c "$WORK/cookies.$port" -H "Origin: http://127.0.0.1:$port" \
    ${body:+-H 'Content-Type: application/json' -d "$body"} "http://127.0.0.1:$port$path"
}

step "npm start (no dev dependencies, no sources)"
PORT1="$(free_port)"
start_server "$WORK/data" "$PORT1" "$WORK/server.log"
api "$PORT1" POST /api/register '{"username":"prodcheck","email":"prodcheck@example.com","password":"a-long-password"}' >/dev/null ||
  fail "registering the first account"
api "$PORT1" POST /api/leads '{"name":"Pruned Install","email":"pruned@example.com","zipCode":"28801","service":"crawl-space"}' >/dev/null ||
  fail "creating a lead"
api "$PORT1" POST /api/webhooks '{"url":"http://127.0.0.1:9/hook","events":["lead.created"]}' >/dev/null || fail "registering a webhook"

step "npm run db:backup (the server running)"
DATA_DIR="$WORK/data" npm run -s db:backup -- "$WORK/backup.tar.gz" >"$WORK/backup.log" 2>&1 || fail "npm run db:backup"
grep -q '"from":"running server"' "$WORK/backup.log" || fail "db:backup did not ask the running server"
[ "$(stat -c %a "$WORK/backup.tar.gz")" = 600 ] || fail "the backup is not owner-only (0600)"
if DATA_DIR="$WORK/data" npm run -s db:backup -- "$WORK/backup.tar.gz" >"$WORK/backup-again.log" 2>&1; then fail "db:backup wrote over an existing file"; fi
grep -q "already exists" "$WORK/backup-again.log" || fail "db:backup did not say the file exists"

step "npm run db:restore -- --hold-deliveries into a fresh DATA_DIR"
DATA_DIR="$WORK/restored" npm run -s db:restore -- --hold-deliveries "$WORK/backup.tar.gz" >"$WORK/restore.log" 2>&1 ||
  fail "npm run db:restore"
PORT2="$(free_port)"
start_server "$WORK/restored" "$PORT2" "$WORK/restored-server.log"
api "$PORT2" POST /api/login '{"email":"prodcheck@example.com","password":"a-long-password"}' >/dev/null ||
  fail "signing in on the restored server"
api "$PORT2" GET /api/leads | grep -q '"Pruned Install"' || fail "the restored server lacks the lead"
api "$PORT2" GET /api/webhook-deliveries/hold | grep -q '"held":true' || fail "webhook deliveries are not held after --hold-deliveries"

step "npm run mail:preview"
npm run -s mail:preview -- "$WORK/mail-preview" >"$WORK/mail-preview.log" 2>&1 || fail "npm run mail:preview"
ls "$WORK/mail-preview" | grep -q '\.html$' || fail "mail:preview rendered nothing"

step "production install check passed"
