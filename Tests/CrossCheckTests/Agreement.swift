import Foundation
import LaminaRaster
import QuartzCore

/// How far two renderings of the same scene are apart, over RGB (both are opaque: everything is
/// drawn over white). Two fuzzy measures, because the renderers legitimately differ by a level
/// or two of anti-aliasing along edges:
/// - PSNR = 10 · log10(255² / MSE), the MSE over all R, G, B samples (dB; ∞ when identical);
/// - the percentage of pixels where some channel differs by more than 16 (of 255).
struct Agreement: CustomStringConvertible {
    /// A scene passes when both hold: PSNR ≥ `minPSNR` and at most `maxPercentOff` % of pixels
    /// off by more than 16.
    struct Tolerance: Sendable, CustomStringConvertible {
        var minPSNR: Double
        var maxPercentOff: Double

        var description: String { "PSNR ≥ \(CSS.number(minPSNR)) dB and ≤ \(CSS.number(maxPercentOff)) % pixels off by > \(Agreement.offThreshold)" }
    }

    static let offThreshold = 16

    let psnr: Double
    let percentOff: Double
    let maxChannelDifference: Int
    let sizeMatches: Bool

    func passes(_ t: Tolerance) -> Bool { sizeMatches && psnr >= t.minPSNR && percentOff <= t.maxPercentOff }

    var description: String {
        guard sizeMatches else { return "sizes differ" }
        let p = psnr.isInfinite ? "∞" : String(format: "%.2f", psnr)
        return "PSNR \(p) dB, \(String(format: "%.3f", percentOff)) % pixels off by > \(Self.offThreshold), max channel difference \(maxChannelDifference)"
    }

    init(_ a: Surface, _ b: Surface) {
        guard a.width == b.width, a.height == b.height, a.width > 0, a.height > 0 else {
            psnr = 0; percentOff = 100; maxChannelDifference = 255; sizeMatches = false
            return
        }
        var squares = 0.0, off = 0, maxDiff = 0
        for y in 0..<a.height {
            let ra = a.row(y), rb = b.row(y)
            for x in 0..<a.width {
                var worst = 0
                for c in 0..<3 {
                    let d = abs(Int(ra[x * 4 + c]) - Int(rb[x * 4 + c]))
                    squares += Double(d * d)
                    worst = max(worst, d)
                }
                if worst > Self.offThreshold { off += 1 }
                maxDiff = max(maxDiff, worst)
            }
        }
        let count = Double(a.width * a.height)
        let mse = squares / (count * 3)
        psnr = mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
        percentOff = 100 * Double(off) / count
        maxChannelDifference = maxDiff
        sizeMatches = true
    }

    /// The picture `ours | chromium | diff`, panels 4 px apart on white. Diff: red where a
    /// channel differs by more than 16, orange where it differs by 5…16, and a faded copy of
    /// ours elsewhere.
    static func picture(ours: Surface, chromium: Surface) -> Surface? {
        let w = max(ours.width, chromium.width), h = max(ours.height, chromium.height), gap = 4
        guard let canvas = try? Surface(width: 3 * w + 2 * gap, height: h) else { return nil }
        canvas.fill(PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        for (panel, source) in [ours, chromium].enumerated() {
            for y in 0..<source.height {
                (canvas.row(y) + panel * (w + gap) * 4).update(from: source.row(y), count: source.width * 4)
            }
        }
        let x0 = 2 * (w + gap)
        for y in 0..<min(ours.height, chromium.height) {
            let ra = ours.row(y), rb = chromium.row(y), out = canvas.row(y) + x0 * 4
            for x in 0..<min(ours.width, chromium.width) {
                let d = (0..<3).map { abs(Int(ra[x * 4 + $0]) - Int(rb[x * 4 + $0])) }.max() ?? 0
                let o = out + x * 4
                if d > offThreshold {
                    o[0] = 255; o[1] = 0; o[2] = 0
                } else if d > 4 {
                    o[0] = 255; o[1] = 160; o[2] = 0
                } else {
                    for c in 0..<3 { o[c] = UInt8(255 - (255 - Int(ra[x * 4 + c])) / 4) }
                }
                o[3] = 255
            }
        }
        return canvas
    }

    /// Writes `picture(ours:chromium:)` to `path`; the path, or nil when it could not be written.
    @discardableResult
    static func writePicture(ours: Surface, chromium: Surface, to path: String) -> String? {
        guard let image = picture(ours: ours, chromium: chromium) else { return nil }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        return (try? ImageCodec.writePNG(surface: image, to: path, compressionLevel: 6)) != nil ? path : nil
    }
}
