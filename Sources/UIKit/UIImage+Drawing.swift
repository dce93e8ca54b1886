import QuartzCore

// Drawing a UIImage into the current UIKit context (UIGraphicsGetCurrentContext), upright in
// its y-down user space, and reading the image's pixels back.

extension UIImage {
    /// Draws the image at its point size with its top-left corner at `point`.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size), blendMode: .normal, alpha: 1)
    }

    /// Draws the image at its point size at `point` with `blendMode` and `alpha`.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws the image stretched over `rect` (points of the current context).
    public func draw(in rect: CGRect) {
        draw(in: rect, blendMode: .normal, alpha: 1)
    }

    /// Draws the image stretched over `rect` with `blendMode` and `alpha` (0…1, multiplied
    /// with the context's alpha), turned and mirrored as `imageOrientation` says. Does nothing
    /// without a current context or pixels, or for an empty or non-finite rect.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext(), let cgImage else { return }
        let r = rect.standardized
        guard !r.isNull, r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite,
              r.width > 0, r.height > 0 else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        if alpha.isFinite { ctx.setAlpha(min(max(alpha, 0), 1)) }
        ctx.concatenate(UIImage.drawTransform(for: imageOrientation, in: r))
        ctx.draw(cgImage, in: CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.restoreGState()
    }

    /// The transform that takes Core Graphics' unit image rect — where `CGContext.draw`
    /// puts the stored image's first row at y = 1 — onto `rect` of a y-down context, with the
    /// image shown as `orientation` says.
    ///
    /// Three steps: unit draw space (y up) → stored image space (u, v: unit square, v down
    /// from the first row); → displayed image space (x, y: unit square, y down), the
    /// orientation's turn or mirror; → `rect`.
    static func drawTransform(for orientation: Orientation, in rect: CGRect) -> CGAffineTransform {
        let drawToStored = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1)
        // (x, y) = (a·u + c·v + tx, b·u + d·v + ty)
        let storedToDisplayed: CGAffineTransform
        switch orientation {
        case .up: storedToDisplayed = .identity
        case .down: storedToDisplayed = CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 1, ty: 1)       // (1−u, 1−v)
        case .left: storedToDisplayed = CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 1)        // (v, 1−u)
        case .right: storedToDisplayed = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0)       // (1−v, u)
        case .upMirrored: storedToDisplayed = CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 1, ty: 0)  // (1−u, v)
        case .downMirrored: storedToDisplayed = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1) // (u, 1−v)
        case .leftMirrored: storedToDisplayed = CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0) // (v, u)
        case .rightMirrored: storedToDisplayed = CGAffineTransform(a: 0, b: -1, c: -1, d: 0, tx: 1, ty: 1) // (1−v, 1−u)
        }
        let displayedToRect = CGAffineTransform(a: rect.width, b: 0, c: 0, d: rect.height, tx: rect.minX, ty: rect.minY)
        return drawToStored.concatenating(storedToDisplayed).concatenating(displayedToRect)
    }

    /// The mean colour of the pixels (premultiplied average, un-premultiplied), in sRGB;
    /// clear when there are no pixels. Used for pattern colours.
    var meanColor: CGColor {
        guard let cgImage,
              let ctx = CGContext(data: nil, width: cgImage.width, height: cgImage.height, bitsPerComponent: 8,
                                  bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue),
              let data = ctx.data
        else { return CGColor(gray: 0, alpha: 0) }
        ctx.draw(cgImage, in: CGRect(x: 0, y: 0, width: cgImage.width, height: cgImage.height))
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        var sums = [Double](repeating: 0, count: 4)
        for y in 0..<ctx.height {
            let row = bytes + y * ctx.bytesPerRow
            for x in 0..<ctx.width {
                for k in 0..<4 { sums[k] += Double(row[x * 4 + k]) }
            }
        }
        let n = Double(ctx.width * ctx.height) * 255
        let a = sums[3] / n
        guard a > 0 else { return CGColor(gray: 0, alpha: 0) }
        return CGColor(srgbRed: sums[0] / n / a, green: sums[1] / n / a, blue: sums[2] / n / a, alpha: a)
    }
}
