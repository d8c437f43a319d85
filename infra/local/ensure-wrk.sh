#!/usr/bin/env bash
# Makes sure Debian's wrk (an HTTP load generator written in C) is installed for `make bench`:
# it drives 50 connections from one thread, leaving the servers measured most of the CPU.
set -euo pipefail
if command -v wrk >/dev/null 2>&1; then exit 0; fi
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
echo "[bench] installing Debian wrk (apt)"
sudo_if_needed apt-get update -qq
sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >/dev/null
command -v wrk >/dev/null || { echo "[bench] wrk is still missing after apt-get install" >&2; exit 1; }
