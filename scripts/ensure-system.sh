#!/usr/bin/env bash
# What the tests need from the system, installed in one apt-get run when missing (as root): Debian's
# Chromium (the browser tests), ffmpeg (the encoding tests) and PostgreSQL 15 (the server's
# PostgreSQL pass). One `apt-get update` instead of one per package. Each package's own script
# (apps/dashboard/scripts/ensure-chromium.sh, apps/server/scripts/ensure-ffmpeg.sh,
# apps/server/scripts/with-postgres.sh) then checks its part and fails with a clear message.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]] || missing+=(chromium)
{ command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; } || missing+=(ffmpeg)
[[ -x "${PGBIN:-/usr/lib/postgresql/15/bin}/initdb" ]] || missing+=(postgresql-15)

if (( ${#missing[@]} )) && [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null; then
  echo "ensure-system: installing Debian's ${missing[*]} ..."
  (apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null) || true
fi
bash apps/dashboard/scripts/ensure-chromium.sh
bash apps/server/scripts/ensure-ffmpeg.sh
