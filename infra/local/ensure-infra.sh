#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer on their standard ports: reuses running ones,
# starts installed ones, and installs Debian's packages only when nothing is there.
set -euo pipefail

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
say() { printf '[infra] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

wait_port() {
  for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done
  say "$2 did not come up on port $1"; return 1
}

apt_install() {
  say "installing $* from Debian packages"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

ensure_postgres() {
  if port_open 5432; then return 0; fi
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    apt_install postgresql
    # A fresh cluster asks for passwords on TCP; this local-only cluster trusts loopback like CI's.
    local hba
    hba=$(ls /etc/postgresql/*/main/pg_hba.conf | head -n 1)
    as_root sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "$hba"
  fi
  local version
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  say "starting PostgreSQL $version"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  wait_port 5432 PostgreSQL
}

ensure_redis() {
  if port_open 6379; then return 0; fi
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  say "starting Redis"
  mkdir -p /tmp/upright-redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /tmp/upright-redis --logfile /tmp/upright-redis/redis.log
  wait_port 6379 Redis
}

ensure_postgres
ensure_redis
say "PostgreSQL :5432 and Redis :6379 are up"
