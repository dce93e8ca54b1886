#if SnapshotTesting
import CoreGraphics
import Foundation
import QuartzCore
import SnapshotTesting

extension Snapshotting where Value == CALayer, Format == CGImage {
    /// The layer drawn as `render(in:)` draws it: its model values, in its bounds space, at one
    /// pixel per point; compared byte for byte.
    public static var image: Snapshotting { .image() }

    /// The layer drawn into an image of its bounds' size.
    ///
    /// - Parameters:
    ///   - precision: the fraction of pixels that must match (1: all).
    ///   - perceptualPrecision: how close a pixel's colour must be to count as matching, as
    ///     swift-snapshot-testing defines it on Apple's platforms: 1 is exact; 0.98 accepts a
    ///     CIE94 colour difference up to 2, about what the eye cannot tell apart.
    ///   - time: nil draws the model values (`render(in:)`, animations ignored). A number draws
    ///     the tree as presented that many seconds after its uncommitted animations begin: the
    ///     tree is committed now (at the current media time) and its `presentation()` is drawn
    ///     at now + `time`. Animations committed earlier are evaluated at the same instant.
    ///   - scale: pixels per point.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1,
                             at time: CFTimeInterval? = nil, scale: CGFloat = 1) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision).pullback { layer in
            LayerSnapshot.image(of: layer, at: time, scale: scale)
        }
    }
}

/// How a layer becomes a snapshot image.
enum LayerSnapshot {
    /// `layer` drawn into a premultiplied RGBA image of `ceil(bounds.size · scale)` pixels, the
    /// top of the bounds at the top of the image. A size that is not a drawable pixel size
    /// (empty, NaN, over 16384 a side) gives a 1 × 1 transparent image, which fails against
    /// any real reference with a message giving both sizes.
    static func image(of layer: CALayer, at time: CFTimeInterval?, scale: CGFloat) -> CGImage {
        let s = scale.isFinite && scale > 0 ? scale : 1
        let size = layer.bounds.size
        let w = Double(size.width * s).rounded(.up), h = Double(size.height * s).rounded(.up)
        guard w >= 1, h >= 1, w <= 16384, h <= 16384, let ctx = context(width: Int(w), height: Int(h)) else {
            return context(width: 1, height: 1)!.makeImage()!
        }
        // y down, as UIGraphicsImageRenderer's contexts: the top of the bounds at the top of
        // the image, as the layer looks on screen.
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: s, y: -s)
        if let time {
            presented(layer, after: time).render(in: ctx)
        } else {
            layer.render(in: ctx)
        }
        return ctx.makeImage() ?? context(width: 1, height: 1)!.makeImage()!
    }

    /// The presentation copy of `layer`, `time` seconds after now (see `image(at:)`). A tree
    /// that no renderer shows is attached to a renderer of its own for the commit and
    /// detached again.
    private static func presented(_ layer: CALayer, after time: CFTimeInterval) -> CALayer {
        let now = MediaClock.now
        let later = now + (time.isFinite ? time : 0)
        MediaClock.withTime(now) { CATransaction.flush() }
        if let copy = MediaClock.withTime(later, { layer.presentation() }) { return copy }
        var root = layer
        while let parent = root.superlayer { root = parent }
        let renderer = CARenderer(bounds: root.bounds)
        MediaClock.withTime(now) { renderer.layer = root }
        defer { MediaClock.withTime(now) { renderer.layer = nil } }
        return MediaClock.withTime(later) { layer.presentation() } ?? layer
    }

    /// A cleared 8-bit premultiplied RGBA context (device space y up, as every bitmap context).
    private static func context(width: Int, height: Int) -> CGContext? {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    }
}
#endif
