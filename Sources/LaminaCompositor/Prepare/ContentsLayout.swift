// Where a layer's contents image lands: contentsRect picks the part of the image,
// contentsGravity places it (12 values), contentsCenter splits it into a nine-slice grid
// when the placement resizes it (reference §3.6, §3.7).
import CoreGraphics

/// One cell of a contents drawing: `source` in image pixels (may reach outside the image:
/// edge pixels repeat, reference §3.7.1) onto `destination` in bounds space (points).
package struct ContentsSlice: Hashable, Sendable {
    package var source: CGRect
    package var destination: CGRect
    package init(source: CGRect, destination: CGRect) { self.source = source; self.destination = destination }
}

/// A layer's contents as the executor draws it.
package struct ContentsDrawing: Hashable, Sendable {
    package var image: CGImage
    package var slices: [ContentsSlice]
    /// When true, the image's first row lands at each slice's maxY (a layer whose contents
    /// are flipped, so the image still looks upright, reference §1.5.1).
    package var flipped: Bool
    package var minificationFilter: RenderFilter
    package var magnificationFilter: RenderFilter
}

package enum ContentsLayout {
    /// The destination of contents of `natural` size (points) in `bounds` under `gravity`.
    /// Edge names follow Apple's header: `top` is the maximum-Y edge, `bottom` the minimum-Y
    /// edge; `flipped` (contents flipped) swaps them (reference §3.6.3).
    package static func destination(gravity: RenderContentsGravity, natural: CGSize, bounds b: CGRect, flipped: Bool) -> CGRect {
        let w = natural.width, h = natural.height
        func at(_ fx: CGFloat, _ fy: CGFloat) -> CGRect {
            // fx, fy: 0 = min edge, 0.5 = centre, 1 = max edge.
            CGRect(x: b.minX + (b.width - w) * fx, y: b.minY + (b.height - h) * fy, width: w, height: h)
        }
        let top: CGFloat = flipped ? 0 : 1, bottom: CGFloat = flipped ? 1 : 0
        switch gravity {
        case .resize: return b
        case .center: return at(0.5, 0.5)
        case .top: return at(0.5, top)
        case .bottom: return at(0.5, bottom)
        case .left: return at(0, 0.5)
        case .right: return at(1, 0.5)
        case .topLeft: return at(0, top)
        case .topRight: return at(1, top)
        case .bottomLeft: return at(0, bottom)
        case .bottomRight: return at(1, bottom)
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let sx = b.width / w, sy = b.height / h
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let dw = w * s, dh = h * s
            return CGRect(x: b.midX - dw / 2, y: b.midY - dh / 2, width: dw, height: dh)
        }
    }

    /// The slices for `node`'s contents image of `pixelSize`, or [] when nothing is drawn
    /// (empty or non-finite rects, zero-size image).
    package static func slices(for node: RenderNode, pixelSize: CGSize, flipped: Bool) -> [ContentsSlice] {
        var out: [ContentsSlice] = []
        _ = forEachSlice(for: node, pixelSize: pixelSize, flipped: flipped) { out.append($0); return true }
        return out
    }

    /// Calls `body` with each of `slices(for:pixelSize:flipped:)`' slices in order, without
    /// making the array (a one-slice image's array was a malloc each time a moving layer's
    /// body or shadow was prepared); stops at the first `false` from `body` and returns false.
    package static func forEachSlice(for node: RenderNode, pixelSize: CGSize, flipped: Bool,
                                     _ body: (ContentsSlice) -> Bool) -> Bool {
        let W = pixelSize.width, H = pixelSize.height
        guard W > 0, H > 0 else { return true }
        let cr = node.contentsRect.standardized
        guard isUsable(cr), cr.width > 0, cr.height > 0, isUsable(node.bounds) else { return true }
        let src = CGRect(x: cr.minX * W, y: cr.minY * H, width: cr.width * W, height: cr.height * H)
        let scale = node.contentsScale.isFinite && node.contentsScale > 0 ? node.contentsScale : 1
        let natural = CGSize(width: src.width / scale, height: src.height / scale)
        let dst = destination(gravity: node.contentsGravity, natural: natural, bounds: node.bounds.standardized, flipped: flipped)
        guard isUsable(dst), dst.width > 0, dst.height > 0 else { return true }
        let cc = node.contentsCenter.standardized
        let resized = abs(dst.width - natural.width) > 1e-9 || abs(dst.height - natural.height) > 1e-9
        let unitCenter = cc == CGRect(x: 0, y: 0, width: 1, height: 1)
        guard resized, !unitCenter, isUsable(cc) else { return body(ContentsSlice(source: src, destination: dst)) }

        // Nine-slice: source splits in pixels, destination splits in points.
        let xs = splits(origin: src.minX, length: src.width, lo: cc.minX, hi: cc.maxX)
        let ys = splits(origin: src.minY, length: src.height, lo: cc.minY, hi: cc.maxY)
        let dxs = destinationSplits(from: dst.minX, to: dst.maxX, capLo: (xs[1] - xs[0]) / scale, capHi: (xs[3] - xs[2]) / scale)
        var dys = destinationSplits(from: dst.minY, to: dst.maxY, capLo: (ys[1] - ys[0]) / scale, capHi: (ys[3] - ys[2]) / scale)
        if flipped {
            // The image's first rows belong at maxY: mirror the vertical layout.
            let capLo = (ys[1] - ys[0]) / scale, capHi = (ys[3] - ys[2]) / scale
            let d = destinationSplits(from: dst.minY, to: dst.maxY, capLo: capHi, capHi: capLo)
            dys = [d[3], d[2], d[1], d[0]]
        }
        for j in 0..<3 {
            for i in 0..<3 {
                let s = CGRect(x: xs[i], y: ys[j], width: xs[i + 1] - xs[i], height: ys[j + 1] - ys[j])
                let d = CGRect(x: dxs[i], y: min(dys[j], dys[j + 1]), width: dxs[i + 1] - dxs[i], height: abs(dys[j + 1] - dys[j]))
                guard s.width > 0, s.height > 0, d.width > 0, d.height > 0 else { continue }
                guard body(ContentsSlice(source: s, destination: d)) else { return false }
            }
        }
        return true
    }

    /// Source splits along one axis for the centre fractions lo...hi of the sub-image. A
    /// zero-length centre means one source pixel centred there (reference §3.7.2).
    static func splits(origin: CGFloat, length: CGFloat, lo: CGFloat, hi: CGFloat) -> [CGFloat] {
        var a = origin + min(max(lo, 0), 1) * length
        var b = origin + min(max(hi, 0), 1) * length
        if b - a < 1 && length >= 1 {
            let m = (a + b) / 2
            a = max(origin, m - 0.5); b = min(origin + length, a + 1); a = b - 1
        }
        return [origin, a, b, origin + length]
    }

    /// Destination splits: fixed caps at both ends, the middle stretching. Caps that do not
    /// fit are scaled down together.
    static func destinationSplits(from a: CGFloat, to b: CGFloat, capLo: CGFloat, capHi: CGFloat) -> [CGFloat] {
        var l = max(0, capLo), h = max(0, capHi)
        let total = b - a
        if l + h > total, l + h > 0 { let f = total / (l + h); l *= f; h *= f }
        return [a, a + l, b - h, b]
    }

    static func isUsable(_ r: CGRect) -> Bool {
        !r.isNull && r.origin.x.isFinite && r.origin.y.isFinite && r.width.isFinite && r.height.isFinite
    }
}
