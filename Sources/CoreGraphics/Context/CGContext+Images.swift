import LaminaRaster

// Drawing images and gradients: both paint through shaders that map pixel centres back to
// image or gradient space through the inverse of the CTM.

extension CGContext {
    /// Draws `image` stretched over `rect` (user space), upright in Core Graphics' y-up sense:
    /// the image's first row lies along the rect's *top* edge (maxY). In a flipped context
    /// (y down, e.g. the one `CALayer.draw(in:)` receives) the image therefore appears upside
    /// down, exactly as with Apple's CGContextDrawImage; flip the CTM around the rect to draw
    /// it the other way.
    ///
    /// Sampling follows `interpolationQuality` (see `CGInterpolationQuality`), or nearest when
    /// the image was made with `shouldInterpolate: false`; texels beyond the image edge repeat
    /// the edge (the rect's own edges are antialiased by coverage). An image mask (`isMask`)
    /// paints the fill colour where it lets paint through.
    ///
    /// With `byTiling` the image repeats over the whole clip in tiles of `rect`'s size, one of
    /// them at `rect`.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard let inverse = imageInverse(image, in: rect) else { return }
        let shape: CoverageShape
        if byTiling {
            shape = .everywhere
        } else {
            guard let s = CoverageShape.rect(rect, userToPixel) else { return }
            shape = s
        }
        let filter = imageFilter(for: image)
        let pixels = image.isMask ? tintedMask(image) : image.premultipliedRGBA8
        // 1:1 on whole pixels: every sample falls on a texel centre, so copy the texels.
        if !byTiling, inverse.a == 1, inverse.b == 0, inverse.c == 0, inverse.d == 1,
           let dx = CGContext.wholePixels(-inverse.tx), let dy = CGContext.wholePixels(-inverse.ty) {
            render(shape, paint: .shader(TranslatedPixelsShader(source: pixels, dx: dx, dy: dy)))
            return
        }
        let sampled = SampledImage(pixels, mipmapped: filter == .trilinear)
        let shader = ImageShader(image: sampled, inverse: inverse, filter: filter, edge: byTiling ? .repeat : .clamp)
        render(shape, paint: .shader(shader))
    }

    /// Pixel space → image pixel space for `image` drawn over `rect`, or nil when nothing can
    /// be drawn (empty or non-finite rect, singular CTM).
    package func imageInverse(_ image: CGImage, in rect: CGRect) -> PaintAffine? {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return nil }
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return nil }
        // Image pixel (u, v), v down from the top row → user space, y up.
        let imageToUser = CGAffineTransform(a: r.width / CGFloat(image.width), b: 0, c: 0,
                                            d: -r.height / CGFloat(image.height), tx: r.minX, ty: r.maxY)
        let forward = imageToUser.concatenating(userToPixel)
        let m = PaintAffine(a: Double(forward.a), b: Double(forward.b), c: Double(forward.c), d: Double(forward.d),
                            tx: Double(forward.tx), ty: Double(forward.ty))
        return m.inverted()
    }

    /// `v` as an Int when it is a whole number of pixels within the drawable range.
    private static func wholePixels(_ v: Double) -> Int? {
        v == v.rounded() && abs(v) <= Double(Surface.maxDimension) ? Int(v) : nil
    }

    private func imageFilter(for image: CGImage) -> ImageFilter {
        guard image.shouldInterpolate else { return .nearest }
        switch gstate.interpolationQuality {
        case .none: return .nearest
        case .default, .low: return .bilinear
        case .medium, .high: return .trilinear
        }
    }

    /// An image mask as premultiplied fill colour × its coverage.
    private func tintedMask(_ image: CGImage) -> Surface {
        let source = image.premultipliedRGBA8
        let color = CGContext.premultiplied(gstate.fillColor)
        guard let out = try? Surface(width: source.width, height: source.height) else { return source }
        for y in 0..<source.height {
            let s = source.row(y), d = out.row(y)
            for x in 0..<source.width {
                let a = s[x * 4 + 3]
                d[x * 4] = mul255(color.r, a); d[x * 4 + 1] = mul255(color.g, a)
                d[x * 4 + 2] = mul255(color.b, a); d[x * 4 + 3] = mul255(color.a, a)
            }
        }
        return out
    }

    // MARK: Gradients

    /// Paints an axial gradient over the clip: t = 0 at `start`, 1 at `end` (user space),
    /// constant along lines perpendicular to start→end. Without options only the band between
    /// those two lines is painted; `drawsBeforeStartLocation` / `drawsAfterEndLocation` extend
    /// the end colours beyond them. start == end paints nothing. Does not use or change the
    /// current path.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        guard let inverse = pixelToUserAffine else { return }
        let shader = LinearGradientShader(start: (Double(start.x), Double(start.y)), end: (Double(end.x), Double(end.y)),
                                          table: gradient.colorTable(options: options), inverse: inverse)
        render(.everywhere, paint: .shader(shader))
    }

    /// Paints a two-point radial gradient over the clip: the circles interpolated from
    /// (`startCenter`, `startRadius`) at t = 0 to (`endCenter`, `endRadius`) at t = 1 (user
    /// space), later circles over earlier ones; the options extend it before t = 0 and past
    /// t = 1 as for the linear gradient. Negative radii paint nothing.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard let inverse = pixelToUserAffine else { return }
        let shader = RadialGradientShader(
            startCenter: (Double(startCenter.x), Double(startCenter.y)), startRadius: Double(startRadius),
            endCenter: (Double(endCenter.x), Double(endCenter.y)), endRadius: Double(endRadius),
            table: gradient.colorTable(options: options), inverse: inverse)
        render(.everywhere, paint: .shader(shader))
    }

    /// `pixelToUser` as the raster's affine type.
    private var pixelToUserAffine: PaintAffine? {
        guard let m = pixelToUser else { return nil }
        return PaintAffine(a: Double(m.a), b: Double(m.b), c: Double(m.c), d: Double(m.d),
                           tx: Double(m.tx), ty: Double(m.ty))
    }
}
