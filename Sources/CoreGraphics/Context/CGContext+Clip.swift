import LaminaRaster

// Clipping. The clip is part of the graphics state (restoreGState brings the previous one
// back) and only ever shrinks until `resetClip`. It is kept as a pixel rect while every clip
// so far was an axis-aligned rect on whole pixels; anything else turns it into an A8 mask the
// size of the bitmap (antialiased unless antialiasing is off), intersected in place by later
// clips. A mask is never shared between states once changed: clipping copies it first.

extension CGContext {
    /// Intersects the clip with the current path under `rule`, then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        let polygon = pixelPolygon(currentPath, visible: gstate.clip.bounds.intersection(PixelRect(surface)))
        intersectClip(.polygon(polygon, rule == .evenOdd ? .evenOdd : .nonZero))
        beginPath()
    }

    /// Intersects the clip with `rect` (user space). The current path is left alone.
    public func clip(to rect: CGRect) {
        guard let shape = CoverageShape.rect(rect, userToPixel) else {
            intersectClip(.polygon(Polygon(), .nonZero)) // a null rect clips everything away
            return
        }
        intersectClip(shape)
    }

    /// Intersects the clip with the union of `rects`.
    public func clip(to rects: [CGRect]) {
        let path = CGMutablePath()
        path.addRects(rects)
        intersectClip(.polygon(pixelPolygon(path, transform: userToPixel, visible: gstate.clip.bounds.intersection(PixelRect(surface))),
                               .nonZero))
    }

    /// Intersects the clip with `mask` stretched over `rect` (user space, drawn upright like
    /// `draw(_:in:)`). Coverage is the mask's samples: for an image mask (`isMask`) 0 lets
    /// paint through and the maximum blocks it; for a gray image the gray level is the
    /// coverage (Apple's rule); for any other image its alpha. Outside `rect` everything is
    /// clipped away. The mask is sampled bilinearly.
    public func clip(to rect: CGRect, mask: CGImage) {
        guard let shape = CoverageShape.rect(rect, userToPixel), let inverse = imageInverse(mask, in: rect),
              let coverage = try? Surface(width: mask.width, height: mask.height),
              let layer = try? Surface(width: width, height: height) else {
            intersectClip(.polygon(Polygon(), .nonZero))
            return
        }
        // The mask's coverage as premultiplied white, so any channel reads it after sampling.
        let source = mask.premultipliedRGBA8
        let useGray = !mask.isMask && mask.colorSpace?.model == .monochrome && mask.isOpaqueByLayout
        for y in 0..<mask.height {
            let s = source.row(y), d = coverage.row32(y)
            for x in 0..<mask.width {
                let c = useGray ? s[x * 4] : s[x * 4 + 3]
                d[x] = UInt32(c) * 0x0101_0101
            }
        }
        let shader = ImageShader(image: SampledImage(coverage), inverse: inverse, filter: .bilinear, edge: .clamp)
        var sink = Blitter(surface: layer, paint: .shader(shader), mode: .copy, alpha: 255, scratch: scratch)
        fill(shape, clip: PixelRect(layer), into: &sink)
        guard let m = try? AlphaMask(width: width, height: height) else { return }
        for y in 0..<height {
            let s = layer.row(y), d = m.row(y)
            for x in 0..<width { d[x] = s[x * 4 + 3] }
        }
        intersectClip(mask: m)
    }

    /// Apple's `resetClip()`: the clip becomes the whole bitmap again.
    public func resetClip() { gstate.clip = .rect(PixelRect(surface)) }

    /// The bounding box of the clip in user space (the whole bitmap when nothing is clipped;
    /// an empty rect at the origin when everything is).
    public var boundingBoxOfClipPath: CGRect {
        let b = gstate.clip.bounds.intersection(PixelRect(surface))
        guard !b.isEmpty, let inverse = pixelToUser else { return .zero }
        let r = CGRect(x: b.x0, y: b.y0, width: b.width, height: b.height)
        return r.applying(inverse)
    }

    // MARK: Internals

    /// Intersects the clip with a shape in pixel space.
    package func intersectClip(_ shape: CoverageShape) {
        let full = PixelRect(surface)
        let current = gstate.clip.bounds.intersection(full)
        // Rect ∩ rect on whole pixels stays a rect.
        if case .rect = gstate.clip, case let .rect(x0, y0, x1, y1) = shape,
           [x0, y0, x1, y1].allSatisfy({ $0.isFinite && $0 == $0.rounded() }) {
            let lim = Double(1 << 30)
            func i(_ v: Double) -> Int { Int(min(lim, max(-lim, v))) }
            gstate.clip = .rect(current.intersection(PixelRect(x0: i(x0), y0: i(y0), x1: i(x1), y1: i(y1))))
            return
        }
        let region = (shape.bounds ?? current).intersection(current)
        guard !region.isEmpty, let m = try? AlphaMask(width: width, height: height) else {
            gstate.clip = .rect(.empty)
            return
        }
        switch gstate.clip {
        case .rect:
            // Coverage of the shape inside the old rect; zero elsewhere.
            var sink = MaskWriterSink(m)
            fill(shape, clip: region, into: &sink)
        case let .mask(old, _):
            m.base.update(from: old.base, count: width * height)
            var sink = MaskIntersectSink(m, region: region)
            fill(shape, clip: region, into: &sink)
            sink.finish()
            // Outside the region the old mask survives; the shape does not reach there.
            for y in 0..<height {
                let row = m.row(y)
                if y < region.y0 || y >= region.y1 {
                    row.update(repeating: 0, count: width)
                } else {
                    if region.x0 > 0 { row.update(repeating: 0, count: region.x0) }
                    if region.x1 < width { (row + region.x1).update(repeating: 0, count: width - region.x1) }
                }
            }
        }
        if !gstate.antialias {
            for i in 0..<(width * height) { m.base[i] = m.base[i] >= 128 ? 255 : 0 }
        }
        gstate.clip = .mask(m, bounds: region)
    }

    /// Intersects the clip with a full-size coverage mask (consumed).
    private func intersectClip(mask m: AlphaMask) {
        switch gstate.clip {
        case let .rect(r):
            let r = r.intersection(PixelRect(surface))
            for y in 0..<height {
                let row = m.row(y)
                if y < r.y0 || y >= r.y1 { row.update(repeating: 0, count: width); continue }
                if r.x0 > 0 { row.update(repeating: 0, count: r.x0) }
                if r.x1 < width { (row + r.x1).update(repeating: 0, count: width - r.x1) }
            }
        case let .mask(old, _):
            m.intersect(with: old)
        }
        gstate.clip = .mask(m, bounds: m.coveredBounds)
    }
}
