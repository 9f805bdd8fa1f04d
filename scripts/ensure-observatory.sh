#!/usr/bin/env bash
# Installs the MDN HTTP Observatory (npm @mdn/mdn-http-observatory, pinned by
# tests/security/observatory/package-lock.json) into .tmp/tools/observatory when it is
# missing or its lockfile changed, and prints the package's folder. It is a test tool, not
# a project dependency. Its install step would download the HSTS preload list and the TLD
# list from the internet, so it is installed with --ignore-scripts and given an empty
# preload list instead: the shop under test is on no preload list anyway, and the
# command-line scan never reads the TLD list.
set -euo pipefail
cd "$(dirname "$0")/.."

pinned=tests/security/observatory
dir=.tmp/tools/observatory
pkg="$dir/node_modules/@mdn/mdn-http-observatory"
stamp=$(cat "$pinned/package.json" "$pinned/package-lock.json" | sha256sum | cut -d' ' -f1)

if [ ! -f "$pkg/src/scan.js" ] || [ "$(cat "$dir/.installed" 2>/dev/null)" != "$stamp" ]; then
  echo "Installing the MDN HTTP Observatory into $dir" >&2
  rm -rf "$dir"
  mkdir -p "$dir"
  cp "$pinned/package.json" "$pinned/package-lock.json" "$dir/"
  (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
  echo "$stamp" >"$dir/.installed"
fi
[ -f "$pkg/conf/hsts-preload.json" ] || echo '{}' >"$pkg/conf/hsts-preload.json"
echo "$(pwd)/$pkg"
