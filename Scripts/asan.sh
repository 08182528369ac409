#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (docs/Security.md, "How it is
# tested"): twhost, its plugins and the tests built with -sanitize=address in
# a build folder of their own (.build-asan, so the debug build in .build is
# left as it is), then run.
#   bash Scripts/asan.sh [extra swift test arguments, e.g. --filter Hostile]
# Leak detection is off: Swift stores enum payload tags in pointer spare
# bits, which LeakSanitizer cannot follow, so it reports reachable indirect
# enum boxes as leaks. AddressSanitizer's memory-error checks stay on, and
# any report ends the process with a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# The peak-memory bounds of the hostile-input tests are left to the plain
# build (Tests/TWHostTests/Support/TestSupport.swift, TestBuild).
export TWHOST_TEST_SANITIZER=address
swift build --build-tests --sanitize=address --scratch-path .build-asan
swift test --skip-build --sanitize=address --scratch-path .build-asan "$@"
