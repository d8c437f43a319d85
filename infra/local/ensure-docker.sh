#!/usr/bin/env bash
# Makes sure a Docker engine answers for the image test (`make test-images`, decision 0073):
# reuses a running daemon, else installs Debian's docker.io (and debootstrap, which makes the
# local base images) and starts dockerd with no bridge and no iptables changes. Containers then
# run with host networking only: the machine's network setup and firewall stay as they are.
# Prints nothing else on success; the CLI to use is Debian's /usr/bin/docker (its 20.10 client
# carries BuildKit; a newer client earlier on PATH may need a buildx plugin it does not have).
set -euo pipefail
say() { printf '[docker] %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
docker_cli=/usr/bin/docker
log_dir=/tmp/upright-docker

if ! [ -x /usr/sbin/dockerd ] || ! [ -x "$docker_cli" ] || ! command -v debootstrap >/dev/null; then
  say "installing docker.io and debootstrap from Debian packages"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    docker.io debootstrap >/dev/null
fi

if "$docker_cli" info >/dev/null 2>&1; then exit 0; fi

# Not the distribution's service (no systemd here): the daemon runs in the background, its log
# in $log_dir. --bridge=none: no docker0 and no NAT; images build and run with --network host.
say "starting dockerd (--bridge=none --iptables=false; log in $log_dir/dockerd.log)"
mkdir -p "$log_dir"
as_root sh -c "setsid /usr/sbin/dockerd --bridge=none --iptables=false --ip6tables=false \
  >'$log_dir/dockerd.log' 2>&1 </dev/null & echo \$! >'$log_dir/dockerd.pid'"
for _ in $(seq 1 60); do
  if "$docker_cli" info >/dev/null 2>&1; then exit 0; fi
  sleep 0.5
done
say "dockerd did not answer within 30 s; its log:"
tail -n 30 "$log_dir/dockerd.log" >&2
exit 1
