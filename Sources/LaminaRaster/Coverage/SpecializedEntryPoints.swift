// Non-generic overloads of the rasterizers for the sinks other modules use.
//
// The generic entry points are not specialised across module boundaries (they are not
// @inlinable), so a call from CoreGraphics or the compositor would reach every span through
// a witness table — measured at about 2x the cost of the whole S1 fill. These overloads are
// specialised here, inside the module, and overload resolution prefers them.

extension PolygonRasterizer {
    /// Any sink (unspecialised across modules: prefer the concrete overloads below).
    package func fill<S: CoverageSink>(_ polygon: Polygon, rule: FillRule, clip: PixelRect, into sink: inout S) {
        fill(polygon, rule: rule, clip: clip, generic: &sink)
    }

    package func fillQuad<S: CoverageSink>(_ p0: RasterPoint, _ p1: RasterPoint, _ p2: RasterPoint, _ p3: RasterPoint,
                                           rule: FillRule = .nonZero, clip: PixelRect, into sink: inout S) {
        fillQuad(p0, p1, p2, p3, rule: rule, clip: clip, generic: &sink)
    }

    package func fill(_ polygon: Polygon, rule: FillRule, clip: PixelRect, into sink: inout Blitter) {
        fill(polygon, rule: rule, clip: clip, generic: &sink)
    }

    package func fill(_ polygon: Polygon, bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double), rule: FillRule,
                      clip: PixelRect, into sink: inout Blitter) {
        fill(polygon, bounds: bounds, rule: rule, clip: clip, generic: &sink)
    }

    package func fill(_ polygon: FlatPolygon, bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double), rule: FillRule,
                      clip: PixelRect, into sink: inout Blitter) {
        fill(polygon, bounds: bounds, rule: rule, clip: clip, generic: &sink)
    }

    package func fill(_ polygon: Polygon, rule: FillRule, clip: PixelRect, into sink: inout MaskClipSink<Blitter>) {
        fill(polygon, rule: rule, clip: clip, generic: &sink)
    }

    package func fill(_ polygon: Polygon, rule: FillRule, clip: PixelRect, into sink: inout MaskWriterSink) {
        fill(polygon, rule: rule, clip: clip, generic: &sink)
    }

    package func fill(_ polygon: Polygon, rule: FillRule, clip: PixelRect, into sink: inout MaskIntersectSink) {
        fill(polygon, rule: rule, clip: clip, generic: &sink)
    }

    package func fillQuad(_ p0: RasterPoint, _ p1: RasterPoint, _ p2: RasterPoint, _ p3: RasterPoint,
                          rule: FillRule = .nonZero, clip: PixelRect, into sink: inout Blitter) {
        fillQuad(p0, p1, p2, p3, rule: rule, clip: clip, generic: &sink)
    }

    package func fillQuad(_ p0: RasterPoint, _ p1: RasterPoint, _ p2: RasterPoint, _ p3: RasterPoint,
                          rule: FillRule = .nonZero, clip: PixelRect, into sink: inout MaskClipSink<Blitter>) {
        fillQuad(p0, p1, p2, p3, rule: rule, clip: clip, generic: &sink)
    }
}

extension AnalyticCoverage {
    package static func fillRect<S: CoverageSink>(x0: Double, y0: Double, x1: Double, y1: Double, clip: PixelRect, into sink: inout S) {
        fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: clip, generic: &sink)
    }

    package static func fillRoundedRect<S: CoverageSink>(_ rr: RoundedRect, clip: PixelRect, into sink: inout S) {
        fillRoundedRect(rr, clip: clip, generic: &sink)
    }

    package static func fillRect(x0: Double, y0: Double, x1: Double, y1: Double, clip: PixelRect, into sink: inout Blitter) {
        fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: clip, generic: &sink)
    }

    package static func fillRect(x0: Double, y0: Double, x1: Double, y1: Double, clip: PixelRect,
                                 into sink: inout MaskClipSink<Blitter>) {
        fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: clip, generic: &sink)
    }

    package static func fillRoundedRect(_ rr: RoundedRect, clip: PixelRect, into sink: inout Blitter) {
        fillRoundedRect(rr, clip: clip, generic: &sink)
    }

    package static func fillRoundedRect(_ rr: RoundedRect, clip: PixelRect, into sink: inout MaskClipSink<Blitter>) {
        fillRoundedRect(rr, clip: clip, generic: &sink)
    }

    package static func fillRoundedRect(_ rr: RoundedRect, clip: PixelRect, into sink: inout MaskWriterSink) {
        fillRoundedRect(rr, clip: clip, generic: &sink)
    }

    package static func fillRoundedRect(_ rr: RoundedRect, clip: PixelRect, into sink: inout MaskIntersectSink) {
        fillRoundedRect(rr, clip: clip, generic: &sink)
    }

    package static func fillRoundedRectRing(outer: RoundedRect, inner: RoundedRect, clip: PixelRect, into sink: inout Blitter) {
        fillRoundedRectRing(outer: outer, inner: inner, clip: clip, generic: &sink)
    }

    package static func fillRoundedRectRing(outer: RoundedRect, inner: RoundedRect, clip: PixelRect,
                                            into sink: inout MaskClipSink<Blitter>) {
        fillRoundedRectRing(outer: outer, inner: inner, clip: clip, generic: &sink)
    }

    package static func fillRoundedRectRing<S: CoverageSink>(outer: RoundedRect, inner: RoundedRect, clip: PixelRect,
                                                             into sink: inout S) {
        fillRoundedRectRing(outer: outer, inner: inner, clip: clip, generic: &sink)
    }
}
