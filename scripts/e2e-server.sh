#!/usr/bin/env bash
# Starts the built app for the end-to-end tests (Playwright's webServer runs this).
# Every run starts from an empty data dir, so the embedded database is migrated and
# seeded with the demo data afresh (DEMO_DATA asks for it). The build itself happens before Playwright runs.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${E2E_PORT:-4399}"
DATA_DIR=".tmp/e2e-data-$PORT"
rm -rf "$DATA_DIR"
mkdir -p "$DATA_DIR"

# The tests expect the embedded API on a fresh embedded database, whatever the shell has set.
unset DATABASE_URL API_URL

# The project pins its Node version as a devDependency; the system node may be older.
NODE=node
[ -x node_modules/.bin/node ] && NODE=node_modules/.bin/node

# Passwords are hashed at 2^10 instead of production's 2^17 (128 MiB, a noticeable fraction of a
# second per sign-in, many seconds on a busy machine): the tests sign in dozens of times.
PASSWORD_HASH_COST="${PASSWORD_HASH_COST:-10}"

# Node keeps the compiled server modules here for the next start (and the ingest commands).
NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$PWD/.tmp/node-compile-cache}"

# Every journey that needs a fresh student registers one, all from 127.0.0.1: the per-address
# registration limit (20 in 15 minutes in production) would refuse them.
REGISTRATIONS_PER_IP="${REGISTRATIONS_PER_IP:-10000}"

# The browser in the push journey subscribes with a made-up push service (it has no real one);
# the server accepts it only because it is on the list of push services. Nothing is sent there:
# the name never resolves (.test is reserved), and a production server pushes to no loopback address.
PUSH_SERVICE_HOSTS="${PUSH_SERVICE_HOSTS:-push.example.test}"

# Likewise every write comes from 127.0.0.1, and the demo accounts post, comment, like, follow and
# recommend again and again over the whole run: the write limits (docs/features/limits.md) are raised the
# same way. The browser test of a refused write meets a 429 of its own making.
for limit in POSTS COMMENTS REPLIES RECOMMENDATIONS LIKES FOLLOWS REPORTS UPLOADS; do
  for per in PER_USER PER_IP; do
    name="${limit}_${per}"
    export "$name=${!name:-100000}"
  done
done
export NOTIFICATIONS_PER_SENDER_PER_HOUR="${NOTIFICATIONS_PER_SENDER_PER_HOUR:-100000}" QR_SCANS_PER_IP="${QR_SCANS_PER_IP:-100000}"

# Payments go to the built-in payment sandbox (off in production mode unless asked for): the
# donation journeys pay there, and the crawl follows the order pages they make.
PAYMENT_SANDBOX="${PAYMENT_SANDBOX:-true}"

export PORT HOST=127.0.0.1 DATA_DIR NODE_ENV=production OUTBOX_API=true DEMO_DATA=true PASSWORD_HASH_COST NODE_COMPILE_CACHE REGISTRATIONS_PER_IP PUSH_SERVICE_HOSTS PAYMENT_SANDBOX
# exec: Playwright's shutdown signal must reach the server itself.
exec "$NODE" server/main.ts
