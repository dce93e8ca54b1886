#!/bin/sh
# Regenerates the code declared by Sources/QuartzCore/Layer/AnimatableLayerFields.swift:
# Sources/LaminaCompositor/Server/DirectField+Generated.swift (the render server's plain part),
# Sources/QuartzCore/Engine/DirectField+Layer+Generated.swift (the CALayer glue) and the marked
# region of Sources/QuartzCore/Layer/CALayer.swift. Compiles the declaration with the generator
# (Tests/QuartzCoreTests/Fields/LayerFieldGenerator.swift) alone, so it works even while the
# package does not build. LayerFieldGenerationTests fails while the outputs are stale.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/main.swift" <<'SWIFT'
import Foundation
let root = URL(fileURLWithPath: CommandLine.arguments[1])
try LayerFieldGenerator.write(root: root)
SWIFT
swiftc -package-name Lamina -o "$work/generate" \
    "$root/Sources/QuartzCore/Layer/AnimatableLayerFields.swift" \
    "$root/Tests/QuartzCoreTests/Fields/LayerFieldGenerator.swift" \
    "$work/main.swift"
"$work/generate" "$root"
