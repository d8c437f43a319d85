#!/bin/sh
# Starts nginx with one worker per CPU the container may use. `worker_processes auto` counts the
# node's CPUs, not the cgroup's quota: a pod limited to 200m on a 64-core node would fork 64
# workers (and their memory). cgroup v2 cpu.max, else v1 cfs quota, else nproc.
# HTTP_PORT (default 8080) moves the image's listener: nginx reads no environment, so a copy of
# its configuration with that port goes to /tmp (the only writable path). A configuration given
# with -c is taken as it is.
set -eu
port="${HTTP_PORT:-8080}"
case "$port" in
  '' | *[!0-9]*) echo "start-nginx: HTTP_PORT must be a port number, not \"$port\"" >&2; exit 78 ;;
esac
case " $* " in
  *" -c "*) ;;
  *)
    if [ "$port" != 8080 ]; then
      conf="${TMPDIR:-/tmp}/nginx.conf"
      sed "s/^\( *\)listen 8080;/\1listen $port;/" /etc/nginx/nginx.conf >"$conf"
      set -- -c "$conf" "$@"
    fi
    ;;
esac
cgroup="${CGROUP_ROOT:-/sys/fs/cgroup}"
quota=""
period=""
if [ -r "$cgroup/cpu.max" ]; then
  read -r quota period < "$cgroup/cpu.max"
elif [ -r "$cgroup/cpu/cpu.cfs_quota_us" ] && [ -r "$cgroup/cpu/cpu.cfs_period_us" ]; then
  read -r quota < "$cgroup/cpu/cpu.cfs_quota_us"
  read -r period < "$cgroup/cpu/cpu.cfs_period_us"
fi
case "$quota" in
  '' | max | -1) workers=$(nproc 2>/dev/null || echo 1) ;;
  *) workers=$(( (quota + period - 1) / period )) ;;
esac
[ "$workers" -ge 1 ] || workers=1
exec nginx -g "daemon off; worker_processes $workers;" "$@"
