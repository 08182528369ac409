#!/usr/bin/env bash
# Fuzz one target (or all) with libFuzzer and AddressSanitizer.
#   bash Scripts/fuzz.sh TARGET SECONDS        e.g. FuzzSceneReader 600
#   bash Scripts/fuzz.sh all runs=N            a fixed number of runs of each (CI smoke)
# Targets: FuzzClassParser FuzzSceneReader FuzzSnapshotReader FuzzDiff FuzzSwiftSource.
# Seeds come from the examples, docs/Classes.md and real registry snapshots;
# crashes land in Fuzz/work/TARGET/crashes and must become regression tests.
# Leak detection is off: Swift stores enum payload tags in pointer spare
# bits, which LeakSanitizer cannot follow, so it reports reachable indirect
# enum boxes as leaks. AddressSanitizer's memory-error checks stay on.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
targets=(FuzzClassParser FuzzSceneReader FuzzSnapshotReader FuzzDiff FuzzSwiftSource)
[ $# -eq 2 ] || { echo "usage: Scripts/fuzz.sh TARGET|all SECONDS|runs=N" >&2; exit 64; }
which=$1
if [ "$2" = "--runs" ]; then echo "usage: Scripts/fuzz.sh TARGET runs=N" >&2; exit 64; fi
case "$which" in
  all) selected=("${targets[@]}") ;;
  FuzzClassParser|FuzzSceneReader|FuzzSnapshotReader|FuzzDiff|FuzzSwiftSource) selected=("$which") ;;
  *) echo "error: unknown target '$which' (${targets[*]}, all)" >&2; exit 64 ;;
esac
limit=("-max_total_time=$2")
if [[ "$2" == runs=* ]]; then limit=("-runs=${2#runs=}"); fi

swift build --product twhost >&2
swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address >&2
fuzz_bin=$(swift build --package-path Fuzz -c release --show-bin-path)
twhost="$root/.build/debug/twhost"

seed() {
  local target=$1 dir=$2
  mkdir -p "$dir"
  case "$target" in
    FuzzSceneReader) cp Examples/*.json "$dir/" ;;
    FuzzSwiftSource)
      cp Examples/Swift/*.swift "$dir/"
      find Tests/Fixtures/swift -name '*.swift' -exec cp {} "$dir/" \;
      # Every literal form the pre-parse scan tells apart from code, and a long chain.
      printf 'let r = /"[a]/; let x = [[1]]\nlet s = #/ " [ /#\nlet `"` = 1\nlet m = #/\n"""\n/#\n' > "$dir/literals.swift"
      printf 'let t = #"""\n\\#(a["k"]) " [\n"""#\nlet d = a / b / c\nlet u = "\\(x.y) \\("\\(z)")"\n' > "$dir/strings.swift"
      # Malformed literals: a string open at its line's end, """ not alone on its line, an opener followed by #.
      printf 'let a = "x [[\nlet b = """ [\n"""\n"""#\nlet u = "\\(x"\\(d): [[\nlet c = """\n [ """\nlet q = #"""#\n[[\n' > "$dir/malformed.swift"
      { printf 'struct V: View { var body: some View { Text("a")'; for _ in $(seq 60); do printf '.padding()'; done; printf '.tw("p-4") } }\n'; } > "$dir/chain.swift" ;;
    FuzzClassParser)
      grep -o '^| `[^`]*`' docs/Classes.md | sed 's/^| `//; s/`$//' | awk -v d="$dir" '{ f = d "/class-" NR; printf "%c%s", 0, $0 > f; close(f) }'
      printf '\x00p-4 px-2 hover:bg-accent frosted tilt-[8] bg-[#00f]/50 -rotate-3 w-[a_b\\_c] x-[[n]]' > "$dir/mixed"
      printf '\x01\x07tilt-[\xff\x02\x10\x20\xff\x07] p-4 \xff\x04card p-2' > "$dir/typed" ;;
    FuzzSnapshotReader|FuzzDiff)
      "$twhost" registry --plugins material,motion,typography -o "$dir/shipped.json"
      "$twhost" registry --plugins material -o "$dir/material.json"
      if [ "$target" = FuzzDiff ]; then
        { cat "$dir/shipped.json"; printf '\x00'; cat "$dir/material.json"; } > "$dir/pair"
        { cat "$dir/material.json"; printf '\x00'; cat "$dir/shipped.json"; } > "$dir/pair-reverse"
        rm "$dir/shipped.json" "$dir/material.json"
      fi ;;
  esac
}

for target in "${selected[@]}"; do
  work="Fuzz/work/$target"
  mkdir -p "$work/corpus" "$work/crashes"
  rm -rf "$work/seeds"
  seed "$target" "$work/seeds"
  echo "== $target ${limit[*]}"
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$fuzz_bin/$target" "$work/corpus" "$work/seeds" "${limit[@]}" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -detect_leaks=0 -artifact_prefix="$work/crashes/" -print_final_stats=1 2>&1 | grep -E "^(Done|#[0-9]+ *DONE|stat::number_of_executed_units|stat::peak_rss|==[0-9]+==ERROR|SUMMARY)|cov:" | tail -4
done
