#!/usr/bin/env bash
# Makes sure Debian's Prometheus (prometheus and promtool) is installed: `make test` checks and
# unit-tests the chart's alerting rules with promtool, and `PROMETHEUS=1 make up` runs Prometheus
# against the local stack with the same rules (decision 0074).
set -euo pipefail
if command -v promtool >/dev/null 2>&1 && command -v prometheus >/dev/null 2>&1; then exit 0; fi
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
echo "[prometheus] installing Debian prometheus (apt)"
sudo_if_needed apt-get update -qq
sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
command -v promtool >/dev/null || { echo "[prometheus] promtool is still missing after apt-get install" >&2; exit 1; }
