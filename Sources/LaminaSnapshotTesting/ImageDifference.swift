#if SnapshotTesting
import CoreGraphics
import Foundation

/// The pixel comparison of two snapshot images.
///
/// Both images are read as 8-bit premultiplied RGBA. With `perceptualPrecision` 1 a pixel
/// matches only if all four bytes are equal; below 1 it matches when its CIE94 colour
/// difference (ΔE*94, graphic-arts weights) is at most `(1 − perceptualPrecision) · 100`, the
/// measure swift-snapshot-testing uses on Apple's platforms (Core Image's CILabDeltaE).
/// Translucent pixels are compared as they would look over white and over black (the larger
/// difference counts), so a change of alpha is seen. The images match when the fraction of
/// matching pixels is at least `precision`.
enum ImageDifference {
    struct Failure {
        var message: String
        /// Each channel's absolute difference (alpha's difference where larger), opaque:
        /// black where the images agree; nil when the sizes differ.
        var differenceImage: CGImage?
    }

    static func compare(_ reference: CGImage, _ snapshot: CGImage, precision: Float,
                        perceptualPrecision: Float) -> Failure? {
        guard reference.width == snapshot.width, reference.height == snapshot.height else {
            return Failure(message: "Newly-taken snapshot@\(snapshot.width)x\(snapshot.height) does not match "
                               + "reference@\(reference.width)x\(reference.height)", differenceImage: nil)
        }
        let a = rgba(reference), b = rgba(snapshot)
        let pixels = reference.width * reference.height
        let tolerance = Double(max(0, min(1, 1 - perceptualPrecision))) * 100
        var differing = 0
        var worst = 0.0
        // Black where the images agree (as a difference blend shows them).
        var difference = [UInt8](repeating: 0, count: pixels * 4)
        for p in 0..<pixels { difference[p * 4 + 3] = 255 }
        for p in 0..<pixels {
            let i = p * 4
            if a[i] == b[i], a[i + 1] == b[i + 1], a[i + 2] == b[i + 2], a[i + 3] == b[i + 3] { continue }
            for c in 0..<3 { difference[i + c] = UInt8(max(abs(Int(a[i + c]) - Int(b[i + c])), abs(Int(a[i + 3]) - Int(b[i + 3])))) }
            let delta = tolerance > 0 ? deltaE(a, b, at: i) : .infinity
            worst = max(worst, delta.isFinite ? delta : worst)
            if delta > tolerance { differing += 1 }
        }
        let matching = Double(pixels - differing) / Double(max(pixels, 1))
        guard matching < Double(precision) else { return nil }
        let percent = String(format: "%.4f", 100 * Double(differing) / Double(max(pixels, 1)))
        var message = "Newly-taken snapshot does not match reference: \(differing) of \(pixels) pixels "
            + "(\(percent) %) differ"
        if tolerance > 0 { message += String(format: " by more than ΔE94 %.2f (largest %.2f)", tolerance, worst) }
        message += "; precision \(precision) needs at most \(Int((1 - Double(precision)) * Double(pixels))) differing."
        return Failure(message: message, differenceImage: image(difference, width: reference.width, height: reference.height))
    }

    /// ΔE*94 between the pixels at byte `i` of two premultiplied RGBA buffers, over white and
    /// over black, whichever is larger.
    static func deltaE(_ a: [UInt8], _ b: [UInt8], at i: Int) -> Double {
        func over(_ px: [UInt8], _ background: Double) -> (Double, Double, Double) {
            let alpha = Double(px[i + 3]) / 255
            func c(_ k: Int) -> Double { Double(px[i + k]) / 255 + background * (1 - alpha) }
            return (c(0), c(1), c(2))
        }
        var worst = 0.0
        for background in [1.0, 0.0] {
            worst = max(worst, deltaE94(lab(over(a, background)), lab(over(b, background))))
        }
        return worst
    }

    /// CIE L*a*b* (D65) of an sRGB colour with components in 0...1.
    static func lab(_ rgb: (Double, Double, Double)) -> (Double, Double, Double) {
        func linear(_ v: Double) -> Double {
            let c = min(max(v, 0), 1)
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let r = linear(rgb.0), g = linear(rgb.1), b = linear(rgb.2)
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// CIE 1994 colour difference, graphic-arts weights (kL = 1, K1 = 0.045, K2 = 0.015).
    static func deltaE94(_ p: (Double, Double, Double), _ q: (Double, Double, Double)) -> Double {
        let dL = p.0 - q.0
        let c1 = (p.1 * p.1 + p.2 * p.2).squareRoot(), c2 = (q.1 * q.1 + q.2 * q.2).squareRoot()
        let dC = c1 - c2
        let da = p.1 - q.1, db = p.2 - q.2
        let dH2 = max(0, da * da + db * db - dC * dC)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }

    /// The image's pixels as tightly packed 8-bit premultiplied RGBA (drawn into a context of
    /// that format, whatever the image's own layout).
    static func rgba(_ image: CGImage) -> [UInt8] {
        let w = image.width, h = image.height
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        bytes.withUnsafeMutableBytes { raw in
            guard let ctx = CGContext(data: raw.baseAddress, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return }
            ctx.setBlendMode(.copy)
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        }
        return bytes
    }

    static func image(_ bytes: [UInt8], width: Int, height: Int) -> CGImage? {
        var copy = bytes
        return copy.withUnsafeMutableBytes { raw in
            CGContext(data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                      space: CGColorSpaceCreateDeviceRGB(),
                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage()
        }
    }
}
#endif
