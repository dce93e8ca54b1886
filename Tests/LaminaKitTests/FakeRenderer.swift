import Foundation
import LaminaRaster
@testable import LaminaKit

/// A stand-in for the compositor: fills the frame with the root layer's presented background
/// colour (black when none) and remembers every call, so tests can count renders and read the
/// colour a frame showed.
final class FakeRenderer: FrameRenderer {
    private(set) var renderTimes: [CFTimeInterval] = []
    private(set) var sizes: [(Int, Int, CGFloat)] = []
    var failure: Error?

    var renderCount: Int { renderTimes.count }

    func renderFrame(root: CALayer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                     scale: CGFloat) throws -> CGImage {
        if let failure { throw failure }
        renderTimes.append(time)
        sizes.append((pixelWidth, pixelHeight, scale))
        let surface = try Surface(width: pixelWidth, height: pixelHeight)
        let shown = MediaClock.$override.withValue(time) { root.presentation() ?? root }
        let c = shown.backgroundColor?.components ?? [0, 0, 0, 1]
        let rgba = c.count >= 4 ? c : [c[0], c[0], c[0], c.last ?? 1]
        surface.fill(PremultipliedRGBA8(straightRed: Double(rgba[0]), green: Double(rgba[1]),
                                        blue: Double(rgba[2]), alpha: Double(rgba[3])))
        return CGImage(surface: surface)
    }
}

extension CGImage {
    /// The red byte of pixel (0, 0).
    var firstPixelRed: UInt8 { premultipliedRGBA8.base[0] }
}
