// Shadows: shadowRadius → Gaussian σ, when a shadow is drawn at all, and which shadow paths are
// rects or rounded rects (drawn from the analytic blurred profile instead of a blurred mask).
import CoreGraphics
import Foundation
import LaminaRaster

package enum ShadowMapping {
    /// The Gaussian standard deviation, in device pixels, for `shadowRadius` points drawn at
    /// `deviceScale` pixels per point: σ = shadowRadius · deviceScale.
    ///
    /// Why σ = shadowRadius: Apple does not define the kernel; comparisons with design tools
    /// (Sketch/Figma "blur" B, and CSS box-shadow blur B whose σ is B/2) find that a layer
    /// shadow with shadowRadius r matches a blur of B = 2r, i.e. σ = r (reference §3.5.3).
    /// The visible fall-off then reaches about 2–3 r, as observed. NaN or negative radius → 0.
    /// At most `GaussianBlur.maxSigma` (256 px), the widest blur the rasterizer draws: sizing
    /// surfaces for more (shadowRadius 1e6 → 3·10^6 px of margin) only made frames fail or
    /// allocate hundreds of megabytes for a blur that is drawn at 256 px anyway.
    package static func sigma(shadowRadius: CGFloat, deviceScale: Double) -> Double {
        let r = Double(shadowRadius)
        guard r.isFinite, r > 0, deviceScale.isFinite, deviceScale > 0 else { return 0 }
        return min(r * deviceScale, GaussianBlur.maxSigma)
    }

    /// How far (device pixels) a blurred shape can spread beyond its edges: 3σ + 1.
    package static func spread(sigma: Double) -> Double { sigma > 0 ? 3 * sigma + 1 : 1 }

    /// The shadow colour with shadowOpacity folded into its alpha, or nil when the shadow is
    /// invisible (no colour, opacity 0 or NaN, fully transparent colour).
    ///
    /// The colour made for a (shadowColor, shadowOpacity) pair is remembered
    /// (`ShadowColors`): a shadowed layer asks for it twice a frame, frame after frame, and
    /// each new colour was two heap allocations. The answer is the same colour either way.
    package static func effectiveColor(of n: RenderNode) -> CGColor? {
        guard let c = n.shadowColor else { return nil }
        let o = Double(n.shadowOpacity)
        guard o.isFinite, o > 0 else { return nil }
        return colors.color(c, opacity: o) { effectiveColor(c, opacity: o) }
    }

    /// Shadow colours made, shared by every compositor.
    static let colors = ShadowColors()

    /// `c` with opacity `o` (finite, > 0) folded into its alpha, or nil when transparent.
    static func effectiveColor(_ c: CGColor, opacity o: Double) -> CGColor? {
        let rgba = c.clampedRGBA
        let a = rgba.a * min(1, o)
        guard a > 0 else { return nil }
        // The shadow colour itself when it already is that colour (generic RGB, components in
        // range, opacity 1): equal to the colour made below, and no allocation for each
        // shadowed layer of each frame.
        if let space = c.colorSpace, space == .sharedGenericRGB, let k = c.components, k.count == 4,
           k[0] == CGFloat(rgba.r), k[1] == CGFloat(rgba.g), k[2] == CGFloat(rgba.b), k[3] == CGFloat(a) {
            return c
        }
        return CGColor(red: CGFloat(rgba.r), green: CGFloat(rgba.g), blue: CGFloat(rgba.b), alpha: CGFloat(a))
    }
}


package enum ShadowShapeRecognizer {
    /// The rect or rounded rect `path` is exactly (same elements as CoreGraphics' builders
    /// produce for it), or nil. Tries the radii suggested by the first point's distance from
    /// the bounding box's edges.
    ///
    /// A layer's shadowPath is an immutable copy (the setter copies) that stays the same
    /// object frame after frame, and recognising it builds up to eight paths: the answers
    /// for immutable paths are remembered (`RecognizedShadowShapes`), so a steady frame asks
    /// each only once.
    package static func shape(of path: CGPath) -> LayerShape? {
        recognized.shape(of: path) { recognize($0) }
    }

    /// The answers for immutable paths, shared by every compositor.
    static let recognized = RecognizedShadowShapes()

    /// `shape(of:)` worked out.
    static func recognize(_ path: CGPath) -> LayerShape? {
        let box = path.boundingBoxOfPath
        guard !box.isNull, box.width > 0, box.height > 0 else { return nil }
        if path.isRect(nil) { return LayerShape(rect: box) }
        guard case let .move(to: p)? = path.elements.first else { return nil }
        let limit = min(box.width, box.height) / 2
        let candidates = [p.x - box.minX, box.maxX - p.x, p.y - box.minY, box.maxY - p.y]
        for r in candidates where r > 0 && r <= limit + 1e-9 {
            if path == CGPath(roundedRect: box, cornerWidth: r, cornerHeight: r, transform: nil)
                || path == CGPath.roundedRect(box, cornerRadius: r, curve: .circular) {
                return LayerShape(rect: box, cornerRadius: r)
            }
        }
        return nil
    }
}

/// `ShadowShapeRecognizer`'s answers for immutable shadow paths, by object: the entry holds
/// the path, so its identity cannot be reused while the answer is kept, and an immutable
/// `CGPath`'s elements never change (a `CGMutablePath`, whose could, is never remembered).
/// At most `capacity` paths are kept; when full, all are forgotten at once (each is then
/// recognised again on its next frame). Thread-safe: frames prepare on several threads.
final class RecognizedShadowShapes: @unchecked Sendable {
    /// Most paths remembered (their memory stays alive while remembered).
    static let capacity = 512
    private var shapes: [ObjectIdentifier: (path: CGPath, shape: LayerShape?)] = [:]
    private let lock = NSLock()

    init() {}

    /// `recognize(path)`, remembered for an immutable `path`.
    func shape(of path: CGPath, recognize: (CGPath) -> LayerShape?) -> LayerShape? {
        guard type(of: path) == CGPath.self else { return recognize(path) }
        let key = ObjectIdentifier(path)
        if let known = lock.withLock({ shapes[key] }), known.path === path { return known.shape }
        let shape = recognize(path)
        lock.withLock {
            if shapes.count >= Self.capacity { shapes.removeAll(keepingCapacity: true) }
            shapes[key] = (path, shape)
        }
        return shape
    }

    /// Paths remembered now (for tests).
    var count: Int { lock.withLock { shapes.count } }
}

/// The shadow colours `ShadowMapping.effectiveColor` made, by (shadowColor object, opacity).
/// A `CGColor` never changes and each entry holds its shadowColor, so the object cannot be
/// another colour while its entry is kept. At most `capacity` entries; when full, all are
/// forgotten at once. Thread-safe: frames prepare on several threads.
final class ShadowColors: @unchecked Sendable {
    /// Most colours remembered.
    static let capacity = 256
    private struct Key: Hashable {
        var color: ObjectIdentifier
        var opacity: UInt64
    }
    private var colors: [Key: (source: CGColor, color: CGColor?)] = [:]
    private let lock = NSLock()

    init() {}

    /// `make()` for `source` at `opacity`, remembered.
    func color(_ source: CGColor, opacity: Double, make: () -> CGColor?) -> CGColor? {
        let key = Key(color: ObjectIdentifier(source), opacity: opacity.bitPattern)
        if let known = lock.withLock({ colors[key] }), known.source === source { return known.color }
        let color = make()
        lock.withLock {
            if colors.count >= Self.capacity { colors.removeAll(keepingCapacity: true) }
            colors[key] = (source, color)
        }
        return color
    }

    /// Colours remembered now (for tests).
    var count: Int { lock.withLock { colors.count } }
}
