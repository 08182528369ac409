#!/usr/bin/env bash
# Byte-for-byte comparison of two twhost builds' outputs: every example scene
# and SwiftUI example through `resolve` (text and json) and `check`, `explain`
# on a few class lists, and any extra scene files given (e.g. generated corpora).
#   bash Scripts/compare-outputs.sh OLD/twhost NEW/twhost [SCENE.json]…
# Each build loads the plugins beside its own binary (build them there:
# `swift build -c release`); their folder is written as <bin> before
# comparing, and a build that cannot load them stops the comparison (exit 2),
# since both failing alike would compare nothing. The extra scenes are also
# resolved compact, as a summary and on several threads. Prints one line per
# difference; exit 1 on any.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: bash Scripts/compare-outputs.sh OLD-TWHOST NEW-TWHOST [SCENE.json]…" >&2
  exit 64
fi
old=$1 new=$2
shift 2
for bin in "$old" "$new"; do
  [ -x "$bin" ] || { echo "error: $bin is not an executable" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run NAME ARGS…: the stdout, stderr and exit status of both builds, compared.
differences=0 cases=0
run() {
  local name=$1
  shift
  local side bin dir
  for side in old new; do
    if [ "$side" = old ]; then bin=$old; else bin=$new; fi
    dir=$(dirname "$(realpath "$bin")")
    set +e
    NO_COLOR=1 "$bin" "$@" >"$work/$side.out" 2>"$work/$side.err"
    echo "exit $?" >>"$work/$side.err"
    set -e
    sed -i "s#$dir#<bin>#g" "$work/$side.out" "$work/$side.err"
    # (A scene naming a plugin that exists nowhere, like `ghost`, fails alike on purpose.)
    if grep -qE "plugin '(material|motion|typography)' not found" "$work/$side.out" "$work/$side.err"; then
      echo "error: the $side build ($bin) could not load its plugins: build them beside it ($name)" >&2
      grep -hE "plugin '(material|motion|typography)' not found" "$work/$side.out" "$work/$side.err" | head -2 >&2
      exit 2
    fi
  done
  cases=$((cases + 1))
  if ! cmp -s "$work/old.out" "$work/new.out" || ! cmp -s "$work/old.err" "$work/new.err"; then
    differences=$((differences + 1))
    echo "DIFFERS: $name ($*)"
    diff "$work/old.out" "$work/new.out" | head -5 || true
    diff "$work/old.err" "$work/new.err" | head -5 || true
  fi
}

# Scenes that are wrong in one place or several: the first error and the
# warnings must come in the same order whatever the order of the fields.
mkdir "$work/bad"
i=0
while IFS= read -r scene; do
  i=$((i + 1))
  printf '%s\n' "$scene" >"$work/bad/$i.json"
done <<'SCENES'
{"scene": 1, "root": {"children": [{"type": "Text", "tw": "p-4", "zz": 1}], "type": "VStack", "yy": 2}, "xx": 3}
{"scene": 1, "root": {"children": [{"type": "Text", "style": "swich"}], "type": "VStack", "style": "nope"}}
{"scene": 1, "root": {"type": "VStack", "children": [{"type": "Text", "tw": 5}]}, "rules": {"view": 7}}
{"scene": 1, "root": {"type": "VStack", "children": [{"type": "Text", "tw": "p-4"}]}, "extra": [1, 2,]}
{"scene": 1, "root": {"type": "VStack", "type": "Text"}}
{"scene": 1, "root": {"type": "VStack", "children": {"type": "Text"}}}
{"scene": 1, "root": {"children": [{"tw": "p-4"}]}}
{"scene": 1, "root": [1, 2]}
[{"scene": 1}]
{"root": {"type": "Text"}}
{"scene": 2, "root": {"type": "Text"}}
{"scene": 1, "root": {"type": "VStack", "children": [{"type": "Text", "tw": "p-4", "rules": {"plugins": ["ghost"]}}]}}
{"scene": 1, "rules": {"plugins": ["motion"]}, "root": {"type": "VStack", "children": [{"type": "Text", "tw": "spin-[10deg]", "rules": {"plugins": ["+material", "-motion"]}}, {"type": "Button", "tw": "elevation-[2]", "rules": {"replace": true, "plugins": ["material"]}}]}}
{"scene": 1, "root": {"type": "VStack", "children": [{"type": "Text", "tw": "p-4"}, {"type": "Text", "tw": "p-4 \u00e9\ud83d\ude00"}], "id": 3.5}}
{"scene": 1, "environment": {"platform": "macos"}, "root": {"type": "VStack", "children": [{"type": "Toggle", "cocoa": [{"for": "NSSwitch"}], "lifecycle": ["onAppear"]}]}}
SCENES

for scene in Examples/*.json "$work"/bad/*.json "$@"; do
  for format in text json; do
    run "resolve $format $scene" resolve --format "$format" "$scene"
    run "resolve $format lenient hover $scene" resolve --format "$format" --lenient --state hover "$scene"
  done
  run "check json $scene" check --format json "$scene"
done
# Larger scenes (several chunks and blocks): every format, several threads.
for scene in "$@"; do
  run "resolve compact jobs 2 $scene" resolve --format compact --jobs 2 "$scene"
  run "resolve json summary jobs 3 $scene" resolve --format json --summary --jobs 3 "$scene"
  run "resolve text jobs 3 $scene" resolve --format text --jobs 3 "$scene"
done
for source in Examples/Swift/*.swift Examples/Swift; do
  for format in text json; do
    run "resolve $format $source" resolve --plugins material,motion,typography --format "$format" "$source"
  done
  run "check text $source" check --plugins material,motion,typography "$source"
done
for classes in "p-4 bg-blue rounded-lg hover:bg-indigo" "card p-4 shadow-md animate-spring" "unknwn-class p-4" \
  "w-[120px] h-[44px] opacity-[50%] rotate-[45deg]"; do
  for target in view text button; do
    run "explain $target $classes" explain --plugins material,motion --target "$target" "$classes"
  done
done
echo "$cases cases, $differences differ"
[ "$differences" -eq 0 ]
