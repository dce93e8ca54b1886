#!/usr/bin/env bash
# The independent check of Lamina's compositor against headless Chromium (issues 6 and 7).
#
# Runs Tests/CrossCheckTests (every scene rendered by Lamina and, from its HTML/CSS twin, by
# one headless Chromium run) and writes `ours | chromium | diff` for EVERY scene, plus the HTML
# page and Chromium's full screenshot, to OUT (default /tmp/lamina-crosscheck), to look at.
# Installs Debian's chromium first when it is missing and we are root.
#
#   tools/chromium-check.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/lamina-crosscheck}

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    echo "chromium-check: installing chromium"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq chromium </dev/null || { apt-get update -qq && apt-get install -y -qq chromium </dev/null; }
  else
    echo "chromium-check: chromium is not installed (apt-get install chromium as root); the Chromium tests will be skipped" >&2
  fi
fi

mkdir -p "$out"
LAMINA_CROSSCHECK_OUT="$out" swift test --filter 'CrossCheckTests|TwinMappingTests'
echo "chromium-check: ours | chromium | diff per scene, page.html and chromium.png in $out"
