#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the web e2e tests and Lighthouse
# (docs/product/rules.md#s10: no browser downloads; playwright-core drives the system browser).
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
echo "[browser] installing Debian chromium (apt)"
sudo_if_needed apt-get update -qq
sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  chromium fonts-liberation >/dev/null
test -x "$CHROMIUM" || { echo "[browser] $CHROMIUM is still missing after apt-get install" >&2; exit 1; }
echo "[browser] $("$CHROMIUM" --version 2>/dev/null || echo chromium) ready"
