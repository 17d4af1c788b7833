#!/usr/bin/env bash
# Playwright cannot download a browser here; the end-to-end tests use Debian's Chromium. Install it
# when it is missing, so that `npm ci` and the test command are all the set-up a fresh machine needs.
# CHROMIUM_PATH names another build; then nothing is installed.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file" >&2
  exit 1
fi
echo "== installing Chromium from Debian (apt-get install -y chromium)"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update </dev/null
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium </dev/null
