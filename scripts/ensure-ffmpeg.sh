#!/usr/bin/env bash
# Makes sure ffmpeg exists for the API tests: the media ingest takes a video's thumbnail from one of
# its frames with ffmpeg (server/media/ingest.ts), and the tests check that thumbnail.
set -euo pipefail

if command -v ffmpeg >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-ffmpeg: ffmpeg not found, installing Debian's ffmpeg package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null
  # Fails the script (set -e) if the install did not produce a working ffmpeg.
  ffmpeg -hide_banner -version | head -1
  exit 0
fi

cat >&2 <<MSG
ensure-ffmpeg: ffmpeg is required for the API tests (video thumbnails) but is not installed.
Install it with:

    sudo apt-get install ffmpeg

MSG
exit 1
