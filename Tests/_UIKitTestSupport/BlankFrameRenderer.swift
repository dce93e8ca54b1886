import LaminaKit
import QuartzCore

/// A frame renderer that renders nothing (a 1×1 transparent image, whatever the size asked):
/// tests that look at layers, or render only the instants they check, give it to a host so its
/// frames cost nothing in a debug build.
package final class BlankFrameRenderer: FrameRenderer {
    package init() {}

    package func renderFrame(root: CALayer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                             scale: CGFloat) throws -> CGImage {
        let context = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        return context!.makeImage()!
    }
}
