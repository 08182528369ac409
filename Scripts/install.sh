#!/usr/bin/env bash
# Installs the twhost plugin SDK into PREFIX:
#
#   PREFIX/bin/twhost                              the host and its CLI
#   PREFIX/bin/twhost-swift                        the same CLI with the Swift source reader: twhost
#                                                  runs it for the commands that read Swift
#   PREFIX/include/twhost/TWPluginAPI.h            the plugin ABI (C11 and C++)
#   PREFIX/lib/twhost/plugins/lib*.so              material, motion, typography; the installed
#                                                  twhost finds them through <exe>/../lib/twhost/plugins
#   PREFIX/lib/pkgconfig/twhost-plugin.pc          `pkg-config --cflags twhost-plugin`
#   PREFIX/share/twhost/swift/                     TWPluginKit and TWPluginTesting as a SwiftPM
#                                                  package, for Swift plugins (`twhost plugins new`)
#
# usage: Scripts/install.sh [--from BUILD_DIR] PREFIX
#
# Without --from it builds twhost and the plugins with `swift build -c release`;
# --from installs what a build folder already holds (e.g. .build/debug).
#
# The Swift runtime is not copied: twhost and the Swift plugins keep the
# RUNPATH the toolchain gave them (its usr/lib/swift/linux), because every Swift
# plugin must share one runtime with the host and be built by the same
# toolchain. The .pc file records that toolchain (docs/PluginAuthoring.md).
#
# Each file is written to a temporary name in its folder and renamed into
# place, so a running twhost never sees half a file; the Swift package's folder
# is built aside and swapped in whole, so no stale source from an older
# install is left in it.
set -euo pipefail

usage() {
  echo "usage: Scripts/install.sh [--from BUILD_DIR] PREFIX" >&2
  exit 64
}

from=""
prefix=""
while [ $# -gt 0 ]; do
  case "$1" in
    --from)
      [ $# -ge 2 ] || usage
      from="$2"
      shift 2
      ;;
    --from=*)
      from="${1#--from=}"
      shift
      ;;
    -h | --help)
      sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*)
      echo "error: unknown option '$1'" >&2
      usage
      ;;
    *)
      [ -z "$prefix" ] || { echo "error: unexpected argument '$1'" >&2; usage; }
      prefix="$1"
      shift
      ;;
  esac
done
[ -n "$prefix" ] || { echo "error: missing PREFIX" >&2; usage; }

root=$(cd "$(dirname "$0")/.." && pwd)
products=(Material Motion Typography)

if [ -z "$from" ]; then
  echo "== building twhost and the plugins (release)"
  (cd "$root" && swift build -c release --product twhost)
  (cd "$root" && swift build -c release --product twhost-swift)
  for product in "${products[@]}"; do (cd "$root" && swift build -c release --product "$product"); done
  from=$(cd "$root" && swift build -c release --show-bin-path)
fi
[ -d "$from" ] || { echo "error: no build folder '$from'" >&2; exit 2; }
from=$(cd "$from" && pwd)
for file in twhost twhost-swift "${products[@]/#/lib}"; do
  case "$file" in twhost*) path="$from/$file" ;; *) path="$from/$file.so" ;; esac
  [ -f "$path" ] || { echo "error: $path is missing; build it first (swift build)" >&2; exit 2; }
done

mkdir -p "$prefix" || { echo "error: cannot create $prefix" >&2; exit 2; }
prefix=$(cd "$prefix" && pwd)

# Writes a file atomically: a temporary file in the target folder, then a rename.
put() { # put SOURCE DEST MODE
  local dir tmp
  dir=$(dirname "$2")
  install -d -m 0755 "$dir"
  tmp=$(mktemp "$dir/.$(basename "$2").tmp-XXXXXX")
  cp "$1" "$tmp"
  chmod "$3" "$tmp"
  mv -f "$tmp" "$2"
}

version=$("$from/twhost" --version | sed -n 's/^twhost \([^ ]*\) .*/\1/p')
[ -n "$version" ] || { echo "error: $from/twhost --version did not run" >&2; exit 2; }
# The Swift runtime twhost was linked to run with: its RUNPATH, else the toolchain on PATH.
runtime=""
if command -v readelf > /dev/null 2>&1; then
  runtime=$(readelf -d "$from/twhost" | sed -n 's/.*R[UN]*PATH.*\[\(.*\)\]/\1/p' | tr ':' '\n' | grep -v ORIGIN | head -n 1)
fi
if [ -z "$runtime" ] && command -v swift > /dev/null 2>&1; then
  runtime=$(cd "$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift/linux" 2> /dev/null && pwd)
fi

echo "== installing twhost $version into $prefix"
put "$from/twhost-swift" "$prefix/bin/twhost-swift" 0755
put "$from/twhost" "$prefix/bin/twhost" 0755
put "$root/Sources/TWPluginAPI/include/TWPluginAPI.h" "$prefix/include/twhost/TWPluginAPI.h" 0644
for product in "${products[@]}"; do
  put "$from/lib$product.so" "$prefix/lib/twhost/plugins/lib$product.so" 0755
done

pc=$(mktemp)
# pkg-config reads a space in a value as the end of a word unless it is escaped.
cat > "$pc" <<EOF
prefix=${prefix// /\\ }
includedir=\${prefix}/include
libdir=\${prefix}/lib
plugindir=\${libdir}/twhost/plugins
twhost=\${prefix}/bin/twhost
swiftpackage=\${prefix}/share/twhost/swift
swiftruntime=${runtime// /\\ }

Name: twhost-plugin
Description: The twhost plugin ABI (TWPluginAPI.h, ABI 1.x) for native modifier plugins
Version: $version
Cflags: -I\${includedir}/twhost
EOF
put "$pc" "$prefix/lib/pkgconfig/twhost-plugin.pc" 0644
rm -f "$pc"

# The Swift kit: the authoring modules' sources with a manifest of their own.
share="$prefix/share/twhost"
install -d -m 0755 "$share"
staging=$(mktemp -d "$share/.swift.new-XXXXXX")
install -d -m 0755 "$staging/Sources/TWPluginAPI/include" "$staging/Sources/TWPluginKit" "$staging/Sources/TWPluginTesting"
install -m 0644 "$root/Sources/TWPluginAPI/include/TWPluginAPI.h" "$staging/Sources/TWPluginAPI/include/"
install -m 0644 "$root/Sources/TWPluginAPI/TWPluginAPI.c" "$staging/Sources/TWPluginAPI/"
install -m 0644 "$root"/Sources/TWPluginKit/*.swift "$staging/Sources/TWPluginKit/"
install -m 0644 "$root"/Sources/TWPluginTesting/*.swift "$staging/Sources/TWPluginTesting/"
cat > "$staging/Package.swift" <<EOF
// swift-tools-version:6.0
// TWPluginKit and TWPluginTesting from twhost $version, installed by Scripts/install.sh.
// Build plugins with the toolchain that built $prefix/bin/twhost: they share its Swift runtime.
import PackageDescription

let package = Package(
    name: "twhost",
    products: [
        .library(name: "TWPluginKit", targets: ["TWPluginKit"]),
        .library(name: "TWPluginTesting", targets: ["TWPluginTesting"]),
    ],
    targets: [
        .target(name: "TWPluginAPI", path: "Sources/TWPluginAPI"),
        .target(name: "TWPluginKit", dependencies: ["TWPluginAPI"], path: "Sources/TWPluginKit"),
        .target(name: "TWPluginTesting", path: "Sources/TWPluginTesting"),
    ]
)
EOF
chmod 0755 "$staging"
if [ -e "$share/swift" ]; then
  old=$(mktemp -d "$share/.swift.old-XXXXXX")
  mv "$share/swift" "$old/swift"
  mv "$staging" "$share/swift"
  rm -rf "$old"
else
  mv "$staging" "$share/swift"
fi

# The installed twhost must start: its Swift runtime and libffi resolve.
if ! "$prefix/bin/twhost" --version > /dev/null; then
  echo "error: $prefix/bin/twhost does not run; is the Swift runtime it was built with (${runtime:-unknown}) still there?" >&2
  exit 2
fi
echo "installed:"
(cd "$prefix" && find bin include lib share/twhost/swift/Package.swift -type f | sort | sed 's/^/  /')
echo "Swift runtime (not copied, see docs/PluginAuthoring.md): ${runtime:-unknown}"
echo "C plugins: export PKG_CONFIG_PATH=$prefix/lib/pkgconfig; cc \$(pkg-config --cflags twhost-plugin) …"
