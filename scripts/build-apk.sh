#!/usr/bin/env bash
# `npm run build:apk`: builds the Android TV app (android/) into a signed dist/sinalize-tv.apk with
# Debian's packages only (no Gradle, no Google downloads), then checks it (scripts/check-apk.sh).
#   aapt package (manifest + res → R.java) → javac (Java 8 bytecode, API 23 android.jar)
#   → dx (classes.dex) → aapt add → zipalign -p 4 → apksigner sign → apksigner verify
# Tools: bookworm's aapt, android-framework-res, zipalign, apksigner (apt-get install when root),
# and from bullseye, fetched through a private apt configuration and checked against
# scripts/android-toolchain.sha256, never installed: libandroid-23-java (android.jar) and
# dalvik-exchange (dx). Signing key: APK_KEYSTORE + APK_KEYSTORE_PASSWORD (+ APK_KEY_ALIAS when the
# keystore holds several); without them a throwaway key (kept in the tool cache, with a warning).
# Version (docs/android.md#versions): versionCode = the build number, by default the number of commits
# reachable from HEAD (`git rev-list --count HEAD`: a descendant commit always counts more, so every
# build of a newer commit installs over the older one), or APK_BUILD_NUMBER; versionName =
# package.json's version + "+" + that number. Both go through aapt's --version-code/--version-name and
# into dist/sinalize-tv.apk.json ({versionCode, versionName, sha256, size}), which the server offers
# to the TVs (GET /api/tv/app).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
CACHE=${SINALIZE_ANDROID_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sinalize-android}
BUILD=$ROOT/dist/android-build
OUT=$ROOT/dist/sinalize-tv.apk
META=$OUT.json
FRAMEWORK_RES=/usr/share/android-framework-res/framework-res.apk
say() { printf 'build:apk: %s\n' "$*"; }

# 1. bookworm packages (the system's own sources)
missing=()
for tool in aapt zipalign apksigner javac keytool; do command -v "$tool" >/dev/null || missing+=("$tool"); done
[ -f "$FRAMEWORK_RES" ] || missing+=(android-framework-res)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    say "missing: ${missing[*]}; as root run: apt-get install aapt android-framework-res zipalign apksigner openjdk-17-jdk-headless" >&2
    exit 1
  fi
  say "installing aapt android-framework-res zipalign apksigner"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends aapt android-framework-res zipalign apksigner openjdk-17-jdk-headless >/dev/null
fi

# 2. bullseye jars, unpacked into the cache
ANDROID_JAR=$CACHE/unpacked/usr/share/java/com.android.android-23.jar
DX_JAR=$CACHE/unpacked/usr/share/java/com.android.dx-10.0.0.jar
if [ ! -f "$ANDROID_JAR" ] || [ ! -f "$DX_JAR" ]; then
  say "fetching libandroid-23-java and dalvik-exchange from bullseye (private apt configuration in $CACHE/apt)"
  apt=$CACHE/apt
  mkdir -p "$apt/lists/partial" "$apt/archives/partial" "$CACHE/debs"
  echo "deb http://deb.debian.org/debian bullseye main" >"$apt/sources.list"
  opts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State=$apt" -o "Dir::State::Lists=$apt/lists" -o Dir::State::status=/var/lib/dpkg/status
    -o "Dir::Cache=$apt" -o "Dir::Cache::Archives=$apt/archives" -o Debug::NoLocking=1
    -o APT::Sandbox::User=root -o Acquire::Languages=none)
  apt-get "${opts[@]}" update -qq
  (cd "$CACHE/debs" && apt-get "${opts[@]}" download libandroid-23-java=6.0.1+r72-6 dalvik-exchange=10.0.0+r36-1)
  (cd "$CACHE/debs" && grep -v '^#' "$ROOT/scripts/android-toolchain.sha256" | sha256sum -c --quiet -) || {
    say "checksum mismatch: refusing the downloaded packages" >&2
    rm -f "$CACHE"/debs/*.deb
    exit 1
  }
  rm -rf "$CACHE/unpacked"
  for deb in "$CACHE"/debs/libandroid-23-java_6.0.1+r72-6_all.deb "$CACHE"/debs/dalvik-exchange_10.0.0+r36-1_all.deb; do dpkg-deb -x "$deb" "$CACHE/unpacked"; done
fi

# 3. version: no clock in it, so rebuilds of one commit stay byte-identical
if [ -n "${APK_BUILD_NUMBER:-}" ]; then
  build=$APK_BUILD_NUMBER
elif git rev-parse --git-dir >/dev/null 2>&1 && [ "$(git rev-parse --is-shallow-repository)" = false ]; then
  build=$(git rev-list --count HEAD)
  [ -z "$(git status --porcelain -- android scripts/build-apk.sh package.json)" ] ||
    say "WARNING: uncommitted changes in android/: this build has the same versionCode ($build) as HEAD's" >&2
else
  # A shallow clone counts only what it fetched (its number would go backwards), and an export has
  # no history: such a build is for testing (CI), numbered 1 so that it never replaces an installed app.
  build=1
  say "WARNING: no full git history: versionCode 1, a test build that updates no TV (fetch the full history, git fetch --unshallow, or set APK_BUILD_NUMBER for a release)" >&2
fi
[[ "$build" =~ ^[1-9][0-9]{0,8}$ ]] || { say "build number must be a whole number from 1 to 999999999, got: $build" >&2; exit 1; }
VERSION_CODE=$build
VERSION_NAME="$(node -p 'require("./package.json").version')+$build"
say "versionCode $VERSION_CODE, versionName $VERSION_NAME"

# 4. compile
rm -rf "$BUILD"
mkdir -p "$BUILD"/{gen,stubs,classes,dex}
aapt package -f --no-crunch -0 arsc --version-code "$VERSION_CODE" --version-name "$VERSION_NAME" \
  -M android/AndroidManifest.xml -S android/res -I "$FRAMEWORK_RES" -J "$BUILD/gen" -F "$BUILD/resources.apk"
# API 24+ classes the code names (compile-only: the TV has the real ones, the APK never carries these).
javac -nowarn -source 8 -target 8 -Xlint:-options -encoding UTF-8 -bootclasspath "$ANDROID_JAR" -d "$BUILD/stubs" $(find android/stubs -name '*.java')
javac -source 8 -target 8 -Xlint:-options -encoding UTF-8 -bootclasspath "$ANDROID_JAR" -cp "$BUILD/stubs" -d "$BUILD/classes" \
  $(find android/src "$BUILD/gen" -name '*.java' | sort)
# dx: fixed timestamps in, the same dex out (rebuilds are byte-identical).
find "$BUILD/classes" -exec touch -d @0 {} +
java -cp "$DX_JAR" com.android.dx.command.Main --dex --min-sdk-version=21 --output="$BUILD/dex/classes.dex" "$BUILD/classes"

# 5. package, align, sign
cp "$BUILD/resources.apk" "$BUILD/unsigned.apk"
(cd "$BUILD/dex" && aapt add -f "$BUILD/unsigned.apk" classes.dex >/dev/null)
zipalign -f -p 4 "$BUILD/unsigned.apk" "$BUILD/aligned.apk"

if [ -n "${APK_KEYSTORE:-}" ]; then
  [ -f "$APK_KEYSTORE" ] || { say "APK_KEYSTORE=$APK_KEYSTORE: no such file" >&2; exit 1; }
  [ -n "${APK_KEYSTORE_PASSWORD:-}" ] || { say "APK_KEYSTORE_PASSWORD is required with APK_KEYSTORE" >&2; exit 1; }
  keystore=$APK_KEYSTORE
  export SINALIZE_KS_PASS=$APK_KEYSTORE_PASSWORD
else
  keystore=$CACHE/throwaway.keystore
  export SINALIZE_KS_PASS=throwaway
  if [ ! -f "$keystore" ]; then
    mkdir -p "$CACHE"
    keytool -genkeypair -keystore "$keystore" -storetype PKCS12 -storepass "$SINALIZE_KS_PASS" -alias sinalize \
      -keyalg RSA -keysize 2048 -validity 10000 -dname "CN=Sinalize TV (chave descartável)" >/dev/null 2>&1
  fi
  say "WARNING: signed with a throwaway key ($keystore). TVs cannot update an app signed with another key:" >&2
  say "WARNING: set APK_KEYSTORE and APK_KEYSTORE_PASSWORD for releases (docs/android.md)." >&2
fi
alias_args=()
[ -n "${APK_KEY_ALIAS:-}" ] && alias_args=(--ks-key-alias "$APK_KEY_ALIAS")
mkdir -p "$(dirname "$OUT")"
apksigner sign --ks "$keystore" --ks-pass env:SINALIZE_KS_PASS "${alias_args[@]}" --min-sdk-version 21 --out "$OUT.tmp" "$BUILD/aligned.apk"
rm -f "$OUT.tmp.idsig"
# The metadata first, then the APK: a server reading between the two sees a hash that differs from
# the file's and offers no version rather than a wrong one.
sha=$(sha256sum "$OUT.tmp" | cut -d' ' -f1)
size=$(stat -c %s "$OUT.tmp")
printf '{"versionCode":%s,"versionName":"%s","sha256":"%s","size":%s}\n' "$VERSION_CODE" "$VERSION_NAME" "$sha" "$size" >"$META.tmp"
mv "$META.tmp" "$META"
mv "$OUT.tmp" "$OUT"

# 6. check what was built
bash scripts/check-apk.sh "$OUT"
say "$OUT: $size bytes, sha256 $sha, versionCode $VERSION_CODE, versionName $VERSION_NAME"
