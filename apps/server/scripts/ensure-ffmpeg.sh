#!/usr/bin/env bash
# Makes sure ffmpeg and ffprobe are on the PATH: the server encodes uploaded videos to HLS with them
# (src/media/encode/), and its tests encode real, tiny videos. Debian's ffmpeg (5.1: libx264, AAC),
# not an npm package's static build: the one npm ships (@ffmpeg-installer/ffmpeg, a 2018 build)
# segfaulted on the two-rendition ladder (`-var_stream_map`) on these machines (TOOLCHAIN.md). As
# root it installs Debian's `ffmpeg` package when missing; otherwise it says how to, and fails: the
# server would mark every video failed ("ffmpeg is not installed on the server"), and the encoding
# tests must not pass by being skipped. `pnpm start` and `pnpm test` run it first.
set -euo pipefail

have() { command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; }
if have; then exit 0; fi
if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null; then
  echo "ensure-ffmpeg: installing Debian's ffmpeg ..."
  (apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null) || true
fi
if ! have; then
  echo "ensure-ffmpeg: ffmpeg and ffprobe are not on the PATH. Install them (as root: apt-get install -y ffmpeg);" \
    "the server encodes uploaded videos with them." >&2
  exit 1
fi
