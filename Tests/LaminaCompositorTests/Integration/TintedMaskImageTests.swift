// The wide shadow's tinted mask image kept from frame to frame (TintedMaskImages.swift, issue
// 21 item 3): a surface at least the mask's size, transparent beyond it, must paint through
// the wide shadow's sampler (bilinear, `.transparent` edges, perspective maps) exactly the bytes
// of a surface of the mask's exact size, and must be the same object frame after frame.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct TintedMaskImageTests {
    /// A deterministic generator (so a failure can be replayed).
    struct LCG {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.count)) }
        mutating func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }
    }

    /// A mask of random bytes with a blurred-shadow-like border of zeros and small values.
    static func mask(_ width: Int, _ height: Int, _ rng: inout LCG) throws -> AlphaMask {
        let m = try AlphaMask(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { m.row(y)[x] = UInt8(truncatingIfNeeded: rng.next()) }
        }
        return m
    }

    /// Every pixel of a `width` × `height` destination shaded by `shader`.
    static func shaded(_ shader: ImageShader, width: Int, height: Int) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: width * height)
        out.withUnsafeMutableBufferPointer { p in
            for y in 0..<height { shader.shade(y: y, x: 0, count: width, into: p.baseAddress! + y * width) }
        }
        return out
    }

    /// The kept image (reused after larger and smaller masks, so its padding was written and
    /// cleared) paints what an image of the mask's exact size paints, byte for byte, through
    /// the wide shadow's sampling: mask texels → destination by a perspective map (×4 with a
    /// tilt, as the page's shadow), bilinear, `.transparent` edges, the interpolated
    /// perspective `DirectPlaneDrawing.sampling` picks, and the exact one; affine maps too.
    @Test func aKeptImagePaintsTheExactSizedImagesBytes() throws {
        var rng = LCG(state: 21)
        let images = TintedMaskImages()
        for round in 0..<40 {
            let w = rng.int(1...60), h = rng.int(1...60)
            let mask = try Self.mask(w, h, &rng)
            let color = UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000
            // A larger mask first, on odd rounds, so its texels beyond this mask must be cleared.
            if round % 2 == 1 {
                _ = try images.tinted(try Self.mask(w + rng.int(1...20), h + rng.int(1...20), &rng), color: 0xFFFF_FFFF)
                images.releaseAll()
            }
            let kept = try images.tinted(mask, color: color)
            images.releaseAll()
            let exact = SampledImage(try MaskColorShader.tinted(mask, color: color))
            #expect(kept.width >= w && kept.height >= h)
            let tilt = (rng.unit() - 0.5) * 0.004, skew = (rng.unit() - 0.5) * 0.5
            let ox = rng.unit() * 20 - 10, oy = rng.unit() * 20 - 10
            let maps = [
                Homography([4, skew, ox, 0.3, 4, oy, tilt, tilt / 2, 1]),
                Homography([4 + skew, 0, ox, 0, 4, oy, 0, 0, 1]),
                Homography([0.7, skew, ox, -skew, 0.9, oy, 0, 0, 1]),
            ]
            let rect = CGRect(x: 0, y: 0, width: w, height: h)
            for forward in maps {
                guard let inverse = forward.paintMap.inverted() else { continue }
                for sampling in [DirectPlaneDrawing.sampling(forward, over: rect), .exact] {
                    func paint(_ image: SampledImage) -> [UInt32] {
                        Self.shaded(ImageShader(image: image, inverse: inverse, filter: .bilinear, edge: .transparent,
                                                perspective: sampling), width: 4 * w + 40, height: 4 * h + 40)
                    }
                    #expect(paint(kept) == paint(exact), "round \(round) \(w)×\(h)")
                }
            }
        }
    }

    /// Frame after frame a mask growing or shrinking a little is tinted into the same kept
    /// image (its texels beyond the mask transparent), two shadows of one plane get two
    /// images, `releaseAll` lends the first again, and an image over `maxKeptBytes` is not kept.
    @Test func theImageIsKeptFrameAfterFrame() throws {
        var rng = LCG(state: 7)
        let images = TintedMaskImages()
        let first = try images.tinted(try Self.mask(100, 80, &rng), color: 0xFF10_2030)
        let second = try images.tinted(try Self.mask(30, 20, &rng), color: 0xFF10_2030)
        #expect(first !== second)
        images.releaseAll()
        for (w, h) in [(104, 83), (90, 70), (120, 100), (60, 40)] {
            let mask = try Self.mask(w, h, &rng)
            let image = try images.tinted(mask, color: 0xFFFF_FFFF)
            #expect(image === first)
            let surface = image.levels[0], exact = try MaskColorShader.tinted(mask, color: 0xFFFF_FFFF)
            for y in 0..<surface.height {
                for x in 0..<surface.width {
                    let expected: UInt32 = x < w && y < h ? exact.row32(y)[x] : 0
                    if surface.row32(y)[x] != expected { Issue.record("texel (\(x), \(y)) of \(w)×\(h)"); return }
                }
            }
            images.releaseAll()
        }
        #expect(images.kept.count == 2)
        // Larger than the byte cap: made, painted, not kept (the kept one stays).
        let side = 2100
        let huge = try images.tinted(try AlphaMask(width: side, height: side), color: 0xFFFF_FFFF)
        images.releaseAll()
        #expect(huge.levels[0].bytesPerRow * huge.levels[0].height > TintedMaskImages.maxKeptBytes)
        #expect(try images.tinted(try AlphaMask(width: 10, height: 10), color: 0xFFFF_FFFF) === first)
        #expect(images.kept.allSatisfy { $0.image !== huge })
    }
}
