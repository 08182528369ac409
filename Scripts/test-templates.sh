#!/usr/bin/env bash
# Builds and tests both plugin templates from a clean checkout:
# Examples/PluginTemplate (Swift, its own package and test, run through the
# twhost built at the root) and Examples/CPluginTemplate (C, a Makefile), and
# checks that their builds leave nothing untracked. Run by .ci/run after
# `swift test`, which has built twhost.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export TWHOST="$root/.build/debug/twhost"
[ -x "$TWHOST" ] || swift build --product twhost

# Every build output of the templates is ignored (.gitignore), so a build leaves the checkout clean.
untracked() {
  if git -C "$root" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    local left
    left=$(git -C "$root" ls-files --others --exclude-standard -- Examples)
    if [ -n "$left" ]; then
      echo "error: building the templates left files git does not ignore:" >&2
      echo "$left" >&2
      exit 1
    fi
  fi
}

echo "== Swift plugin template"
swift test --package-path Examples/PluginTemplate
untracked

echo "== C plugin template"
# The checkout's own header and twhost, whatever SDK pkg-config may know of.
make -C Examples/CPluginTemplate clean check TWHOST_ROOT="$root" TWHOST="$TWHOST" \
  PLUGIN_CFLAGS="-I $root/Sources/TWPluginAPI/include"
untracked
make -C Examples/CPluginTemplate clean
echo "templates: 2 passed, 0 failed"
