import CLaminaKernels

/// A `BlurredRoundedRect`'s per-pixel weights (0...256, exactly what its shader computes row
/// by row) over its bounds, computed once: a rounded-rect shadow that does not change between
/// frames is then painted as one table lookup and one colour scale per pixel, with the same
/// bytes as `BlurredRoundedRectShader`. Immutable once made, so it can be shared by threads and
/// kept in a cache (the compositor keeps it with the layer's shadow piece).
package final class BlurredRoundedRectWeights: @unchecked Sendable {
    package let boundsX: Int, boundsY: Int, boundsWidth: Int, boundsHeight: Int
    private let weights: [UInt16]

    /// Largest table made (weights); bigger shapes are painted from the analytic shader.
    package static let maxCount = 4_000_000

    /// Nil for an empty shape or one with more than `maxCount` pixels in its bounds.
    package init?(_ shape: BlurredRoundedRect) {
        let w = shape.boundsWidth, h = shape.boundsHeight
        guard w > 0, h > 0, w <= Self.maxCount / h else { return nil }
        boundsX = shape.boundsX; boundsY = shape.boundsY; boundsWidth = w; boundsHeight = h
        var table = [UInt16](repeating: 0, count: w * h)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: w) { row in
            guard let out = row.baseAddress else { return }
            table.withUnsafeMutableBufferPointer { t in
                for j in 0..<h {
                    shape.weights(row: j, from: 0, count: w, into: out)
                    let dst = t.baseAddress! + j * w
                    for i in 0..<w { dst[i] = UInt16(truncatingIfNeeded: out[i]) }
                }
            }
        }
        weights = table
    }

    /// Bytes held (for cache accounting).
    package var byteCount: Int { weights.count * 2 }

    /// A shader painting premultiplied `color` (0xAABBGGRR) times these weights.
    package func shader(color: UInt32) -> BlurredRoundedRectWeightsShader {
        BlurredRoundedRectWeightsShader(weights: self, color: color)
    }

    /// Destination row `y`, pixels x ..< x + count, of `color` (premultiplied 0xAABBGGRR) times
    /// the weights: 0 outside the bounds. `kernel` picks the AVX2 row
    /// (`lamina_avx2_shadow_weights_row`) for the part inside the bounds; the Swift loop is its
    /// definition (and the path without AVX2), and both give the same bytes (tests compare them).
    func shade(y: Int, x: Int, count: Int, color c: UInt32, into out: UnsafeMutablePointer<UInt32>,
               kernel: Bool = lamina_kernels_use_avx2() != 0) {
        guard count > 0 else { return }
        let j = y - boundsY
        let i0 = max(x, boundsX), i1 = min(x + count, boundsX + boundsWidth)
        guard j >= 0, j < boundsHeight, i1 > i0 else {
            out.update(repeating: 0, count: count)
            return
        }
        // Zero only the pixels left and right of the bounds; the rest is written below.
        out.update(repeating: 0, count: i0 - x)
        (out + (i1 - x)).update(repeating: 0, count: x + count - i1)
        let dst = out + (i0 - x), n = i1 - i0
        weights.withUnsafeBufferPointer { t in
            let src = t.baseAddress! + j * boundsWidth + (i0 - boundsX)
            if kernel {
                lamina_avx2_shadow_weights_row(dst, src, n, c)
            } else {
                for k in 0..<n { dst[k] = MaskColorShader.scale(c, UInt32(src[k])) }
            }
        }
    }
}

/// Paints a colour times cached `BlurredRoundedRectWeights` (transparent outside its bounds).
package struct BlurredRoundedRectWeightsShader: SpanShader {
    package let weights: BlurredRoundedRectWeights
    package let color: UInt32

    package var isOpaque: Bool { false }

    package func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        weights.shade(y: y, x: x, count: count, color: color, into: out)
    }
}
