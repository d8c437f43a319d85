#!/usr/bin/env bash
# Makes sure Debian's nginx is installed for `make up-production`, where it plays the chart's
# Ingress in front of the web and BFF processes (infra/production), and NSS's certutil, which puts
# the stack's test CA in the browser's certificate store for the HTTPS journeys. Only the nginx
# binary is used: the stack runs its own masters with their own configuration, never the
# distribution's service.
set -euo pipefail
if [ -x /usr/sbin/nginx ] && command -v certutil >/dev/null 2>&1; then exit 0; fi
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
echo "[production] installing Debian nginx and certutil (apt)"
sudo_if_needed apt-get update -qq
sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  nginx-light libnss3-tools >/dev/null
test -x /usr/sbin/nginx && command -v certutil >/dev/null ||
  { echo "[production] nginx or certutil is still missing after apt-get install" >&2; exit 1; }
