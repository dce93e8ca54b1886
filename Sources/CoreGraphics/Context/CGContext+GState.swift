import LaminaRaster

/// One graphics state of a `CGContext`: everything `saveGState` saves and `restoreGState`
/// brings back. The current path is not part of it (as on Apple's platforms).
package struct GState {
    /// User space → device space (y-up pixels).
    package var ctm: CGAffineTransform = .identity
    package var fillColor: CGColor = .black
    package var strokeColor: CGColor = .black
    /// Stroke width in user-space units; 0 draws the thinnest visible line (1 device pixel).
    package var lineWidth: CGFloat = 1
    package var lineCap: CGLineCap = .butt
    package var lineJoin: CGLineJoin = .miter
    package var miterLimit: CGFloat = 10
    package var dashPhase: CGFloat = 0
    /// Dash lengths in user-space units; empty for a solid line.
    package var dashLengths: [CGFloat] = []
    /// Global alpha in [0, 1], multiplied into everything drawn (shadows included).
    package var alpha: CGFloat = 1
    package var blendMode: CGBlendMode = .normal
    package var shouldAntialias = true
    package var allowsAntialiasing = true
    package var interpolationQuality: CGInterpolationQuality = .default
    package var shadow: Shadow?
    /// Apple's flatness; the flattening tolerance in device pixels is `flatness` × 0.1.
    package var flatness: CGFloat = 1
    package var clip: Clip

    package init(clip: Clip) { self.clip = clip }

    /// Antialiasing happens only when both switches are on (Apple's rule).
    package var antialias: Bool { shouldAntialias && allowsAntialiasing }

    /// The tolerance, in pixels, to which curves are flattened before rasterizing: 0.1 px per
    /// unit of flatness (the default flatness 1.0, PostScript's, gives 0.1 px, which keeps the
    /// facets of a large circle below what 8-bit anti-aliasing can show), clamped to
    /// [0.01, 10] px. Apple does not document how its flatness maps to device error.
    package var flatteningTolerance: CGFloat {
        flatness.isFinite ? min(10, max(0.01, flatness * 0.1)) : 0.1
    }

    /// A drop shadow: offset and blur in base space, and its colour.
    package struct Shadow {
        package var offset: CGSize
        /// Apple's blur parameter, in base-space units. Apple does not define the kernel; we
        /// use a Gaussian with standard deviation blur / 2, because this parameter is used as
        /// a blur *radius* the way CSS box-shadow and design tools use one, and those define
        /// the radius as 2σ (CSS Backgrounds 3 §7.1.1: the shadow edge is blurred as by a
        /// Gaussian with σ = half the blur radius); WebKit's Core Graphics backend draws CSS
        /// shadows by handing their blur radius to CGContextSetShadowWithColor. UNVERIFIED
        /// against Apple's renderer: compare with a tolerance.
        package var blur: CGFloat
        package var color: CGColor
    }

    /// The clip: an axis-aligned pixel rect (fast path), or an A8 mask the size of the
    /// surface (pixel space) with a rect outside which every mask pixel is 0.
    package enum Clip {
        case rect(PixelRect)
        case mask(AlphaMask, bounds: PixelRect)

        package var bounds: PixelRect {
            switch self {
            case let .rect(r): return r
            case let .mask(_, b): return b
            }
        }
    }
}

extension CGContext {
    // MARK: Saving and restoring

    /// Pushes a copy of the graphics state.
    public func saveGState() { gstateStack.append(gstate) }

    /// Pops the graphics state saved last; does nothing when none is saved (Apple logs and
    /// ignores unbalanced restores too).
    public func restoreGState() {
        if let saved = gstateStack.popLast() { gstate = saved }
    }

    // MARK: Current transformation matrix

    /// User space → device space (y-up pixels, origin at the bitmap's bottom-left).
    public var ctm: CGAffineTransform { gstate.ctm }

    /// Apple's `userSpaceToDeviceSpaceTransform`: the CTM.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { gstate.ctm }

    /// User space → pixel space (the surface's y-down rows): CTM then the device flip.
    package var userToPixel: CGAffineTransform { gstate.ctm.concatenating(deviceToPixel) }

    /// Pixel space → user space, nil when the CTM is singular or not finite.
    package var pixelToUser: CGAffineTransform? {
        let m = userToPixel
        let det = m.determinant
        guard det != 0, det.isFinite, m.isFiniteTransform else { return nil }
        let inv = m.inverted()
        return inv.isFiniteTransform ? inv : nil
    }

    /// Translates user space: the CTM becomes translation × CTM.
    public func translateBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(translationX: x, y: y))
    }

    /// Scales user space: the CTM becomes scale × CTM.
    public func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(scaleX: x, y: y))
    }

    /// Rotates user space by `angle` radians (counter-clockwise in y-up space).
    public func rotate(by angle: CGFloat) {
        guard angle.isFinite else { return }
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    /// CTM ← transform × CTM (the transform acts first, in user space). A result with a
    /// non-finite entry is ignored so the context never holds a NaN matrix.
    public func concatenate(_ transform: CGAffineTransform) {
        let next = transform.concatenating(gstate.ctm)
        if next.isFiniteTransform { gstate.ctm = next }
    }

    /// Maps a point from user space to device space (pixels) through the CTM.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(gstate.ctm) }
    /// Maps a point from device space (pixels) to user space through the inverse CTM.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(gstate.ctm.inverted()) }
    /// Maps a rectangle from user space to device space: the bounding box of its transformed corners.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(gstate.ctm) }
    /// Maps a rectangle from device space to user space: the bounding box of its transformed corners.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(gstate.ctm.inverted()) }

    // MARK: Colours

    /// Sets the colour fills paint with.
    public func setFillColor(_ color: CGColor) { gstate.fillColor = color }
    /// Sets the colour strokes paint with.
    public func setStrokeColor(_ color: CGColor) { gstate.strokeColor = color }

    /// Sets the fill colour from sRGB components in [0, 1].
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        gstate.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets the stroke colour from sRGB components in [0, 1].
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        gstate.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets the fill colour to a gray level in [0, 1].
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { gstate.fillColor = CGColor(gray: gray, alpha: alpha) }
    /// Sets the stroke colour to a gray level in [0, 1].
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { gstate.strokeColor = CGColor(gray: gray, alpha: alpha) }

    /// A CMYK colour, rendered as (1 − c)(1 − k), (1 − m)(1 − k), (1 − y)(1 − k) in sRGB (no
    /// colour management, as for every CGColor in Lamina).
    public func setFillColor(cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        gstate.fillColor = CGContext.cmyk(cyan, magenta, yellow, black, alpha)
    }

    /// A CMYK stroke colour, rendered as (1 − c)(1 − k), (1 − m)(1 − k), (1 − y)(1 − k) in sRGB.
    public func setStrokeColor(cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        gstate.strokeColor = CGContext.cmyk(cyan, magenta, yellow, black, alpha)
    }

    private static let deviceCMYK = CGColorSpace(name: nil, model: .cmyk)

    private static func cmyk(_ c: CGFloat, _ m: CGFloat, _ y: CGFloat, _ k: CGFloat, _ a: CGFloat) -> CGColor {
        CGColor(space: deviceCMYK, storage: [c, m, y, k, a])
    }

    // MARK: Line style

    /// Negative and non-finite widths are ignored (the width stays as it was).
    public func setLineWidth(_ width: CGFloat) {
        if width.isFinite, width >= 0 { gstate.lineWidth = width }
    }

    /// Sets how open subpaths' ends are drawn by strokes.
    public func setLineCap(_ cap: CGLineCap) { gstate.lineCap = cap }
    /// Sets how strokes join segments at corners.
    public func setLineJoin(_ join: CGLineJoin) { gstate.lineJoin = join }

    /// Non-finite limits are ignored.
    public func setMiterLimit(_ limit: CGFloat) {
        if limit.isFinite { gstate.miterLimit = limit }
    }

    /// Dashes for strokes: `lengths` alternate painted and unpainted lengths in user space,
    /// starting `phase` units into the pattern. An empty array (or a pattern CGPath refuses:
    /// negative, non-finite or all zero) strokes solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        gstate.dashPhase = phase.isFinite ? phase : 0
        gstate.dashLengths = lengths
    }

    /// Sets how far, in device pixels, curves may be approximated by lines; non-positive and non-finite values are ignored.
    public func setFlatness(_ flatness: CGFloat) {
        if flatness.isFinite, flatness > 0 { gstate.flatness = flatness }
    }

    // MARK: Compositing

    /// Global alpha, clamped to [0, 1]; NaN is ignored.
    public func setAlpha(_ alpha: CGFloat) {
        if !alpha.isNaN { gstate.alpha = min(1, max(0, alpha)) }
    }

    /// Sets how painted pixels combine with the pixels already in the context.
    public func setBlendMode(_ mode: CGBlendMode) { gstate.blendMode = mode }

    /// Sets whether edges are anti-aliased (takes effect when `setAllowsAntialiasing` allows it).
    public func setShouldAntialias(_ shouldAntialias: Bool) { gstate.shouldAntialias = shouldAntialias }
    /// Sets whether anti-aliasing may be used at all; with `setShouldAntialias` both must be true.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) { gstate.allowsAntialiasing = allowsAntialiasing }

    /// The image resampling filter (see `CGInterpolationQuality`). Part of the graphics state.
    public var interpolationQuality: CGInterpolationQuality {
        get { gstate.interpolationQuality }
        set { gstate.interpolationQuality = newValue }
    }

    // MARK: Shadows

    /// Everything drawn from now on casts a shadow of `color`, offset by `offset` and blurred
    /// by `blur`, both in base space (not user space: the CTM does not move or scale them).
    /// The shadow is a Gaussian blur of the drawn alpha with σ = blur / 2 (see
    /// `GState.Shadow.blur` for why), in pixels σ = blur / 2 × the base scale; the offset is
    /// rounded to whole pixels. A nil colour, or a colour with zero alpha, turns shadows off.
    /// Negative or non-finite blur counts as 0; a non-finite offset turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.clampedRGBA.a > 0, offset.width.isFinite, offset.height.isFinite else {
            gstate.shadow = nil
            return
        }
        gstate.shadow = GState.Shadow(offset: offset, blur: blur.isFinite ? max(0, blur) : 0, color: color)
    }

    /// A shadow in Apple's default colour: black at 1/3 alpha.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }
}
