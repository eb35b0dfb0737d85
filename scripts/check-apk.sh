#!/usr/bin/env bash
# Checks a built Sinalize TV APK (default dist/sinalize-tv.apk): the signature (apksigner verify,
# v1 + v2 + v3), resources.arsc stored and 4-aligned (Android 11 refuses it otherwise), and what
# `aapt dump badging` says: package, targetSdk 30, minSdk 21, a launchable and a leanback-launchable
# activity, the TV banner, cleartext http allowed, the install permission the updates need; and the
# metadata file next to it (<apk>.json, what GET /api/tv/app offers) names this very file: its
# versionCode and versionName as aapt reads them, its SHA-256 and size (docs/android.md#versions).
set -euo pipefail
cd "$(dirname "$0")/.."
APK=${1:-dist/sinalize-tv.apk}
fail() { printf 'check:apk: %s\n' "$*" >&2; exit 1; }
[ -f "$APK" ] || fail "$APK not found (npm run build:apk)"

verify=$(apksigner verify --verbose --min-sdk-version 21 "$APK") || fail "apksigner verify failed"
for scheme in v1 v2 v3; do
  grep -q "Verified using $scheme scheme (APK Signature Scheme $scheme): true" <<<"$verify" ||
    grep -q "Verified using $scheme scheme (JAR signing): true" <<<"$verify" || fail "not signed with $scheme"
done
zipalign -c -p 4 "$APK" || fail "not aligned (zipalign -p 4)"
arsc=$(unzip -v "$APK" resources.arsc) || fail "no resources.arsc"
grep -q ' Stored ' <<<"$arsc" || fail "resources.arsc is compressed"

badging=$(aapt dump badging "$APK")
expect() { grep -qE "$1" <<<"$badging" || fail "aapt dump badging lacks: $2"; }
expect "^package: name='com.sinalize.tv' versionCode='[1-9][0-9]*' versionName='[0-9]+\.[0-9]+\.[0-9]+\+[1-9][0-9]*'" \
  "package com.sinalize.tv with a built versionCode and versionName (x.y.z+build)"
expect "^targetSdkVersion:'30'" "targetSdkVersion 30"
expect "^sdkVersion:'21'" "minSdkVersion 21"
expect "^launchable-activity: name='com.sinalize.tv.PlayerActivity'" "launchable activity"
expect "^leanback-launchable-activity: name='com.sinalize.tv.PlayerActivity'" "leanback launchable activity"
expect "^application: label='Sinalize TV' icon='[^']+' banner='[^']+'" "label, icon and TV banner"
expect "uses-permission: name='android.permission.RECEIVE_BOOT_COMPLETED'" "boot permission"
expect "uses-permission: name='android.permission.REQUEST_INSTALL_PACKAGES'" "install permission (updates)"
expect "^ *uses-feature-not-required: name='android.software.leanback'" "leanback not required"
expect "^ *uses-feature-not-required: name='android.hardware.touchscreen'" "touchscreen not required"
manifest=$(aapt dump xmltree "$APK" AndroidManifest.xml)
grep -q 'usesCleartextTraffic.*=(type 0x12)0xffffffff' <<<"$manifest" || fail "usesCleartextTraffic is not true"
unzip -l "$APK" classes.dex >/dev/null 2>&1 || fail "no classes.dex"

meta=$APK.json
[ -f "$meta" ] || fail "$meta not found (npm run build:apk writes it)"
code=$(sed -nE "s/^package: .* versionCode='([0-9]+)'.*/\1/p" <<<"$badging")
name=$(sed -nE "s/^package: .* versionName='([^']+)'.*/\1/p" <<<"$badging")
field() { node -e 'const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(m[process.argv[2]])' "$meta" "$1"; }
[ "$(field versionCode)" = "$code" ] || fail "$meta: versionCode $(field versionCode), the APK says $code"
[ "$(field versionName)" = "$name" ] || fail "$meta: versionName $(field versionName), the APK says $name"
[ "$(field sha256)" = "$(sha256sum "$APK" | cut -d' ' -f1)" ] || fail "$meta: sha256 is not the APK's"
[ "$(field size)" = "$(stat -c %s "$APK")" ] || fail "$meta: size is not the APK's"
echo "check:apk: $APK ok (signed v1+v2+v3, aligned, badging as expected, versionCode $code, versionName $name, $meta agrees)"
