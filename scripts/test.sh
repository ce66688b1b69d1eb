#!/usr/bin/env bash
# The whole test suite (`npm test`):
#   0. static checks: types (tsc, astro check), import rules (dependency-cruiser), lint (Biome),
#      unused files, exports and dependencies (knip)
#   1. unit + API tests on the embedded database (PGlite)
#   2. API tests again on a throwaway PostgreSQL cluster
#   3. end-to-end tests in Chromium against the built app
# Every step runs even when an earlier one fails, so the final summary is complete.
# Each step prints its time, and the summary lists them with the total.
# The last line is "N passed, M failed"; the exit code is non-zero if anything failed.
set -euo pipefail
cd "$(dirname "$0")/.."

REPORTS="$PWD/.tmp/test-reports"
rm -rf "$REPORTS"
mkdir -p "$REPORTS"

# The project pins its Node version as a devDependency; the system node may be older.
NODE=node
[ -x node_modules/.bin/node ] && NODE="$PWD/node_modules/.bin/node"

suite_started=$SECONDS
failed_steps=()
warnings=()
# "<step>: ok|FAILED (<seconds>s)" per step, for the summary.
timings=()
# "<report file>:<exit code>" per step, for the summary.
results=()

banner() { printf '\n==== %s ====\n\n' "$*"; }

# step <name> <report file> <command...>: a failure is recorded instead of stopping the script.
step() {
  local name="$1" report="$2"
  shift 2
  banner "$name"
  local started=$SECONDS rc=0
  "$@" || rc=$?
  local took=$((SECONDS - started))
  if [ "$rc" -eq 0 ]; then
    echo "---- $name: ok (${took}s)"
    timings+=("$name: ok (${took}s)")
  else
    echo "---- $name: FAILED with exit code $rc (${took}s)"
    timings+=("$name: FAILED (${took}s)")
    failed_steps+=("$name")
  fi
  results+=("$report:$rc")
}

# --- 0. Static checks ---------------------------------------------------------
step "checks" checks.json npm run --silent check

# --- 1. Unit and API tests on PGlite -----------------------------------------
# The API tests make video thumbnails with ffmpeg: installed here when missing (as root), else the
# step fails saying what to install.
# DATABASE_URL is dropped so the API tests really use the embedded database here.
unit_api() {
  bash scripts/ensure-ffmpeg.sh || return 1
  env -u DATABASE_URL npx vitest run --reporter=default --reporter=json --outputFile="$REPORTS/vitest-pglite.json"
}
step "unit + api (PGlite)" vitest-pglite.json unit_api

# --- 2. API tests on PostgreSQL ----------------------------------------------
if bash scripts/with-postgres.sh --check; then
  step "api (PostgreSQL)" vitest-postgres.json bash scripts/with-postgres.sh \
    npx vitest run --project api --reporter=default --reporter=json --outputFile="$REPORTS/vitest-postgres.json"
elif [ "${CI:-}" = "true" ] || [ "${CI:-}" = "1" ]; then
  banner "api (PostgreSQL)"
  echo "PostgreSQL is not available and could not be installed; CI must run the API tests on PostgreSQL." >&2
  failed_steps+=("api (PostgreSQL): server not available")
  results+=("vitest-postgres.json:1")
else
  banner "api (PostgreSQL)"
  msg="SKIPPED the API tests on PostgreSQL: no server binaries (install with: sudo apt-get install postgresql)"
  printf '\n!!!!!!!!!!\n!!! WARNING: %s\n!!!!!!!!!!\n\n' "$msg" >&2
  warnings+=("$msg")
fi

# --- 3. End-to-end tests ------------------------------------------------------
e2e() {
  bash scripts/ensure-chromium.sh || return 1
  npx astro build || return 1
  PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/playwright.json" npx playwright test --reporter=list,json
}
step "e2e (Chromium)" playwright.json e2e

# --- Summary --------------------------------------------------------------------
# Counts come from the runners' JSON reports. A file that failed to load counts as one
# failure, and so does a failed step whose report shows no failing test (a build error, a
# crashed runner, a server that did not start), so "0 failed" always means all green.
counts="$("$NODE" -e '
const fs = require("fs");
const [reports, ...results] = process.argv.slice(1);
let passed = 0, failed = 0;
for (const result of results) {
  const i = result.lastIndexOf(":");
  const [name, rc] = [result.slice(0, i), Number(result.slice(i + 1))];
  let r = null;
  try { r = JSON.parse(fs.readFileSync(`${reports}/${name}`, "utf8")); } catch {}
  let p = 0, f = 0;
  if (r && r.stats) {
    // Playwright
    p += (r.stats.expected || 0) + (r.stats.flaky || 0);
    f += (r.stats.unexpected || 0) + (r.errors || []).length;
  } else if (r) {
    // Vitest
    p += r.numPassedTests || 0;
    f += r.numFailedTests || 0;
    for (const file of r.testResults || []) {
      if (file.status === "failed" && !(file.assertionResults || []).some((a) => a.status === "failed")) f += 1;
    }
  }
  if (rc !== 0 && f === 0) f = 1;
  passed += p;
  failed += f;
}
process.stdout.write(`${passed} ${failed}`);
' "$REPORTS" "${results[@]}")" || counts="0 ${#failed_steps[@]}"
read -r passed failed <<<"$counts"

banner "summary"
for t in "${timings[@]+"${timings[@]}"}"; do echo "$t"; done
total=$((SECONDS - suite_started))
printf 'total: %ds (%dm %02ds)\n' "$total" $((total / 60)) $((total % 60))
for w in "${warnings[@]+"${warnings[@]}"}"; do echo "warning: $w"; done
for s in "${failed_steps[@]+"${failed_steps[@]}"}"; do echo "failed step: $s"; done
if [ "$passed" -eq 0 ] && [ "$failed" -eq 0 ]; then
  echo "no tests ran"
  failed_steps+=("no tests ran")
  failed=1
fi
echo "$passed passed, $failed failed"

if [ "${#failed_steps[@]}" -gt 0 ] || [ "$failed" -gt 0 ]; then
  exit 1
fi
