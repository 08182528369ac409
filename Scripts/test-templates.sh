#!/usr/bin/env bash
# Builds and tests both plugin templates from a clean checkout:
# Examples/PluginTemplate (Swift, its own package and test) and
# Examples/CPluginTemplate (C, a Makefile). Run by .ci/run after `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

echo "== Swift plugin template"
swift test --package-path Examples/PluginTemplate

echo "== C plugin template"
make -C Examples/CPluginTemplate clean check TWHOST_ROOT="$root" TWHOST="$root/.build/debug/twhost"
make -C Examples/CPluginTemplate clean
echo "templates: 2 passed, 0 failed"
