#!/usr/bin/env bash
# Checks that the hosts — LaminaKit, UIKit, LaminaScenes and the `lamina` CLI — use only the
# public API of QuartzCore, LaminaCompositor, CoreGraphics, ImageIO and LaminaRaster (issue 20
# item 5): a host anyone could write outside this package.
#
# How: each host's sources are type-checked as if they belonged to another Swift package
# (`-package-name` changed), against the modules of the debug build, so every use of a
# `package` member of those modules is a compile error naming it. The hosts share that other
# package name with each other: LaminaScenes and the CLI may use LaminaKit's and LaminaScenes'
# package members (they ship together); for that, LaminaKit's and LaminaScenes' interfaces are
# re-emitted under the same name into a scratch folder first.
#
# Needs the debug build (`swift build`, or `swift test`'s); reads the source lists SwiftPM
# writes beside it. Exits non-zero, listing the uses, when a host reaches an internal (an
# internal used by LaminaKit also fails the hosts built on it: read the first host listed).
#
#   tools/check-host-access.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
for t in LaminaKit UIKit LaminaScenes lamina; do
  [ -f "$bin/$t.build/sources" ] || { echo "check-host-access: no debug build of $t (run swift build first)" >&2; exit 2; }
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# What the build passes for the C modules the Swift modules import: every C target's module
# map (SwiftPM's generated one for a C target, the hand-written one of a system library) and
# include directory, and the pkg-config include paths of the system libraries.
cflags=()
for dir in Sources/C*/; do
  name=$(basename "$dir")
  case $name in CoreGraphics|CoreImage) continue ;; esac
  if [ -f "$dir/module.modulemap" ]; then
    cflags+=(-Xcc "-fmodule-map-file=$dir/module.modulemap")
  elif [ -f "$bin/$name.build/module.modulemap" ]; then
    cflags+=(-Xcc "-fmodule-map-file=$bin/$name.build/module.modulemap")
  fi
  if [ -d "$dir/include" ]; then cflags+=(-Xcc -I -Xcc "$dir/include"); fi
done
# shellcheck disable=SC2207
cflags+=($(pkg-config --cflags-only-I freetype2 fontconfig harfbuzz fribidi libpng 2>/dev/null))

check() { # mode target [extra flags]
  local mode=$1 target=$2; shift 2
  swiftc $mode -module-name "$target" -parse-as-library -wmo @"$bin/$target.build/sources" \
    -I "$scratch" -I "$bin/Modules" -swift-version 6 -Onone -DSWIFT_PACKAGE -DDEBUG \
    -package-name lamina_host_access_check \
    "${cflags[@]}" \
    -module-cache-path "$scratch/cache" "$@"
}

failed=0
for t in LaminaKit UIKit LaminaScenes lamina; do
  if check -typecheck "$t" >"$scratch/$t.log" 2>&1; then
    echo "check-host-access: $t uses only public API"
  else
    failed=1
    echo "check-host-access: $t uses internals:"
    grep "error:" "$scratch/$t.log" | grep -v "^ " | sort -u
  fi
  # Interfaces under the shared name, for the hosts built on them.
  case $t in
    LaminaKit|LaminaScenes) check -emit-module "$t" -emit-module-path "$scratch/$t.swiftmodule" >/dev/null 2>&1 || true ;;
  esac
done
exit $failed
