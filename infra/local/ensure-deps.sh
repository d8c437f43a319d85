#!/usr/bin/env bash
# Installs npm dependencies from the lockfile when they are missing or older than it.
set -euo pipefail
cd "$(dirname "$0")/../.."
marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  # `npm install`, not `npm ci`: npm 11 leaves other platforms' optional binaries (swc, dbmate)
  # out of the lockfile and then refuses `npm ci`; install still takes the locked versions.
  echo "[deps] npm install (from package-lock.json)"
  npm install --no-audit --no-fund
fi
