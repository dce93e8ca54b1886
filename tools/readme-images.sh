#!/usr/bin/env bash
# Regenerates the pictures in README.md with the lamina CLI (run from the repository root).
set -euo pipefail
swift build -c release --product lamina
L=.build/release/lamina
$L render sketch-fold --time 2.4 -o docs/images/sketch-fold.png
$L render sketch-fold --time 4.0 -o docs/images/sketch-fold-pinch.png
$L render page-curl --time 1.6 -o docs/images/page-curl.png
$L render transitions --time 2.8 -o docs/images/transitions.png
$L render gallery -o docs/images/gallery.png
