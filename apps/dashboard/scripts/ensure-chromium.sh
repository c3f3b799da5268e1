#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests (playwright drives
# it; playwright's own browser download does not work on these machines). The root `pnpm test`
# runs this once before the suites. As root it installs the `chromium` package when missing;
# otherwise it says how to, and fails: a browser suite must not pass by being skipped.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ -x "$CHROMIUM" ]]; then exit 0; fi
if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null; then
  echo "ensure-chromium: installing Debian's chromium ..."
  (apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || true
fi
if [[ ! -x "$CHROMIUM" ]]; then
  echo "ensure-chromium: no Chromium at $CHROMIUM. Install it (as root: apt-get install -y chromium)" \
    "or point CHROMIUM_PATH at a Chromium binary." >&2
  exit 1
fi
