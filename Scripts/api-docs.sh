#!/usr/bin/env bash
# Builds the API reference of the plugin author's Swift modules, TWPluginKit
# and TWPluginTesting, from their doc comments with the toolchain's own tools
# (no swift-docc-plugin needed): `swift build` compiles the modules,
# `swift-symbolgraph-extract` writes each one's symbol graph (its own public
# declarations, without the C header it re-exports, which documents itself),
# and `docc convert` turns each graph into an archive laid out for static hosting.
#
# usage: Scripts/api-docs.sh [OUTPUT]     (default: api-docs/, which git ignores)
#
# Read it with any static file server, e.g.
#   python3 -m http.server -d api-docs/TWPluginKit.doccarchive 8000
# then open http://localhost:8000/documentation/twpluginkit/
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=${1:-api-docs}
mkdir -p "$out"
out=$(cd "$out" && pwd)
# A scratch path of its own, so that this never waits on or disturbs the main build.
scratch="$root/.build/api-docs"
for module in TWPluginKit TWPluginTesting; do
  swift build --scratch-path "$scratch" --target "$module"
done
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
triple=$(basename "$(dirname "$bin")")
for module in TWPluginKit TWPluginTesting; do
  graphs="$scratch/symbol-graphs/$module"
  rm -rf "$graphs" "$out/$module.doccarchive"
  mkdir -p "$graphs"
  swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
    -Xcc "-fmodule-map-file=$bin/TWPluginAPI.build/module.modulemap" \
    -minimum-access-level public -output-dir "$graphs"
  docc convert --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "dev.twhost.$module" \
    --fallback-default-module-kind "Swift Framework" --transform-for-static-hosting --warnings-as-errors \
    --output-path "$out/$module.doccarchive"
done
echo "API reference: $out/TWPluginKit.doccarchive and $out/TWPluginTesting.doccarchive"
