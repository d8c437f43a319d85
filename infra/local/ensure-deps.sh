#!/usr/bin/env bash
# Installs npm dependencies from the lockfile when they are missing or older than it: `npm ci`,
# the standard clean install, which refuses a lockfile out of step with the package.json files.
set -euo pipefail
cd "$(dirname "$0")/../.."
marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "[deps] npm ci (from package-lock.json)"
  npm ci --no-audit --no-fund
fi
