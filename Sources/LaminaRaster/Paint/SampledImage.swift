/// A source image prepared for sampling: the premultiplied RGBA8 surface, optionally its mip
/// chain, and whether it is fully opaque. Build it once per image (e.g. with a layer's
/// contents) and share it: it is immutable after init, so any number of shaders on any number
/// of threads may read it, as long as nobody writes to `source` meanwhile (level 0 *is* the
/// caller's surface, not a copy).
///
/// Mip level l + 1 is level l reduced by 2 in each direction (rounding odd sizes up) with a
/// 2x2 box average, rounded to nearest; on an odd edge the last column/row is paired with
/// itself. The chain ends at 1x1. Level l's pixel (i, j) covers level 0's square
/// [i·2^l, (i+1)·2^l) × [j·2^l, (j+1)·2^l), so a point's level-l coordinate is its level-0
/// coordinate / 2^l.
package final class SampledImage: Sendable {
    /// levels[0] is the source; more levels only when built `mipmapped`.
    package let levels: [Surface]
    /// True when every source pixel has alpha 255.
    package let isOpaque: Bool
    /// Raw views of `levels` for the kernels (kept here so shading never allocates).
    let texels: [TexelLevel]
    /// The transparent blocks of level 0 when asked for (and some exist), else nil.
    package let clearTiles: ClearTiles?

    package var width: Int { levels[0].width }
    package var height: Int { levels[0].height }

    /// `findClearTiles`: also find level 0's transparent blocks (one more pass over a
    /// non-opaque image), worth it for an image sampled over many frames, like a layer's
    /// contents; the perspective sampler then skips loading texels there.
    package init(_ source: Surface, mipmapped: Bool = false, findClearTiles: Bool = false) {
        var opaque = true
        for y in 0..<source.height where opaque {
            let r = source.row32(y)
            for x in 0..<source.width where r[x] >> 24 != 255 { opaque = false; break }
        }
        isOpaque = opaque
        var levels = [source]
        if mipmapped {
            while let last = levels.last, last.width > 1 || last.height > 1 {
                levels.append(SampledImage.halved(last))
            }
        }
        self.levels = levels
        let tiles = findClearTiles && !opaque ? ClearTiles(source) : nil
        clearTiles = tiles
        texels = levels.enumerated().map { TexelLevel($0.element, clearTiles: $0.offset == 0 ? tiles : nil) }
    }

    /// The 2x2 box reduction of `s` (sizes rounded up; odd edges pair a pixel with itself).
    package static func halved(_ s: Surface) -> Surface {
        let w = (s.width + 1) / 2, h = (s.height + 1) / 2
        // Smaller than an existing surface, so always a valid size.
        guard let out = try? Surface(width: w, height: h) else { return s }
        for j in 0..<h {
            let r0 = s.row(2 * j), r1 = s.row(min(2 * j + 1, s.height - 1))
            let o = out.row(j)
            for i in 0..<w {
                let a = 8 * i, b = 4 * min(2 * i + 1, s.width - 1)
                for ch in 0..<4 {
                    let sum = Int(r0[a + ch]) + Int(r0[b + ch]) + Int(r1[a + ch]) + Int(r1[b + ch])
                    o[4 * i + ch] = UInt8((sum + 2) >> 2)
                }
            }
        }
        return out
    }
}
