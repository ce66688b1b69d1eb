#!/usr/bin/env bash
# Makes sure a system Chromium exists for the end-to-end tests.
# Playwright's own browser download is not used: the tests launch /usr/bin/chromium.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "ensure-chromium: $CHROMIUM not found, installing Debian's chromium package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # Skip recommends (desktop daemons) but keep a font so pages render text.
  apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
  # Fails the script (set -e) if the install did not produce a working browser.
  "$CHROMIUM" --version
  exit 0
fi

cat >&2 <<MSG
ensure-chromium: $CHROMIUM is required for the end-to-end tests but is not installed.
Install it with:

    sudo apt-get install chromium

MSG
exit 1
