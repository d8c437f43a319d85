#!/usr/bin/env bash
# Installs npm dependencies from the lockfile when they are missing, older than it or installed by
# another Node major than the one running now (native addons are built for one; decision 0079):
# `npm ci`, the standard clean install, which refuses a lockfile out of step with the package.json
# files. --clean installs whatever is there (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/../.."
marker=node_modules/.package-lock.json
installed_by=node_modules/.upright-node-major
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "${1:-}" = --clean ] || [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ] ||
  [ "$(cat "$installed_by" 2>/dev/null)" != "$major" ]; then
  echo "[deps] npm ci (from package-lock.json, on Node $(node --version))"
  npm ci --no-audit --no-fund
  echo "$major" >"$installed_by"
fi
