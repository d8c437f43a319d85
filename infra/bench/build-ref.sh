#!/usr/bin/env bash
# Builds a git ref of this repository in a tree of its own under /tmp, for `make bench
# BASELINE_REF=<ref>` (or BENCH_REF): the ref's files (`git archive`, so the working tree and its
# index are never touched), its own `npm ci` and its own `make build build-web`. A tree once built
# is reused: its directory is named by the commit and marked when complete. Prints the directory.
# Older refs may have lockfiles out of step with their package.json files, which npm ci refuses;
# those get `npm install` from their lockfile instead.
# Usage: infra/bench/build-ref.sh <ref>
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
commit="$(git -C "$repo" rev-parse --verify "$1^{commit}")"
tree="${BENCH_TREES:-/tmp}/upright-bench-${commit:0:12}"
if [ ! -f "$tree/.bench-built" ]; then
  rm -rf "$tree"
  mkdir -p "$tree"
  git -C "$repo" archive "$commit" | tar -x -C "$tree"
  # Its logs go to stderr: stdout is the directory alone.
  {
    echo "[bench] building ${commit:0:12} in $tree"
    cd "$tree"
    npm ci --prefer-offline --no-audit --no-fund || npm install --prefer-offline --no-audit --no-fund
    make --no-print-directory build build-web
  } >&2
  touch "$tree/.bench-built"
fi
echo "$tree"
