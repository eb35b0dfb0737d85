#!/usr/bin/env bash
# `npm run test:android`: the Android TV app's pure logic (android/src/com/sinalize/tv/core, no
# android.* imports) and its tests (android/test) compiled and run on the host JVM, no device needed.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v javac >/dev/null || { echo "test:android: javac (JDK 17) is needed" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
javac -source 8 -target 8 -Xlint:-options -encoding UTF-8 -d "$out" android/src/com/sinalize/tv/core/*.java android/test/com/sinalize/tv/core/*.java
classes=$(cd android/test && ls com/sinalize/tv/core/*Test.java | sed 's/\.java$//; s#/#.#g')
# shellcheck disable=SC2086
java -cp "$out" com.sinalize.tv.core.TestRunner $classes
