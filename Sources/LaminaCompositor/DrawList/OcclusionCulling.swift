// Occlusion culling on the finished draw list: a draw whose every pixel a later opaque
// rectangle in the same target overwrites is removed before anything is rasterized (as
// Chromium's cc skips quads under opaque ones). In the page fold the full-screen sketch image
// lies under the opaque curtain: resampling it was ~15 % of the frame for no pixel.
//
// Only the output surface is culled (its pixel box is known when the list is made), and only
// within a run of plain draws: any other command (clip, group, plane, mask, transition)
// between the covered draw and the cover stops the search, so both draw under the same clip
// into the same surface. The cover must paint its whole-pixel interior with full coverage and
// an opaque colour, source-over: those pixels then hold that colour whatever was below.
import CoreGraphics

enum OcclusionCulling {
    /// `commands` without the top-level draws hidden by a later opaque rect. `output` is the
    /// output surface's pixel box.
    static func cull(_ commands: [DrawCommand], output: PixelBox) -> [DrawCommand] {
        var removed: Set<Int> = []
        var depth = 0
        var runStart = 0 // first index of the current run of top-level draws
        for (i, c) in commands.enumerated() {
            switch c {
            case let .draw(item):
                guard depth == 0 else { continue }
                guard i > runStart, let cover = opaqueInterior(item) else { continue }
                for j in runStart..<i where !removed.contains(j) {
                    guard case let .draw(under) = commands[j] else { continue }
                    let r = LayerPieces.deviceRect(under.piece, transform: under.transform)
                    guard !r.isNull else { continue }
                    let visible = r.intersection(CGRect(x: output.x0, y: output.y0, width: output.width, height: output.height))
                    if visible.isNull || visible.isEmpty || cover.contains(visible) { removed.insert(j) }
                }
            case .beginGroup, .beginProjective, .beginTransition, .pushPolygonClip:
                depth += 1
                runStart = i + 1
            case .endGroup, .endProjective, .endTransition:
                depth -= 1
                runStart = i + 1
            case .pushClip, .popClip, .beginMask, .beginTransitionLive:
                runStart = i + 1
            }
        }
        guard !removed.isEmpty else { return commands }
        return commands.enumerated().compactMap { removed.contains($0.offset) ? nil : $0.element }
    }

    /// The device pixels (whole pixels, as a rect) an opaque axis-aligned rectangle draw
    /// paints with full coverage and an opaque colour; nil for any other draw.
    static func opaqueInterior(_ item: DrawItem) -> CGRect? {
        guard case let .background(shape, color) = item.piece, shape.isRect, item.alpha >= 1, item.tint == .none,
              color.premultiplied.a == 255 else { return nil }
        let t = item.transform
        guard t.b == 0, t.c == 0, t.a != 0, t.d != 0 else { return nil }
        let d = shape.rect.standardized.applying(t)
        guard d.minX.isFinite, d.minY.isFinite, d.maxX.isFinite, d.maxY.isFinite else { return nil }
        let x0 = d.minX.rounded(.up), y0 = d.minY.rounded(.up), x1 = d.maxX.rounded(.down), y1 = d.maxY.rounded(.down)
        guard x1 > x0, y1 > y0 else { return nil }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
