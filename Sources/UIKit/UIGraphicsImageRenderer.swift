import QuartzCore

/// The options of an image renderer: scale, opacity and colour range.
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat, @unchecked Sendable {
    /// UIKit's colour range choice. Lamina renders 8-bit sRGB whatever the choice.
    public enum Range: Int, Sendable {
        /// No range given (UIKit's placeholder value).
        case unspecified = -1
        /// The range the device supports (the default).
        case automatic = 0
        /// Extended range (wide gamut) where the device supports it.
        case extended = 1
        /// Standard sRGB range.
        case standard = 2
    }

    /// Pixels per point of the images (default: the main screen's, `defaultScreenScale`).
    /// Zero, negative or non-finite scales render at the main screen's scale.
    open var scale: CGFloat = defaultScreenScale
    /// Whether the images have no alpha: the bitmap starts black and every pixel is opaque.
    open var opaque: Bool = false
    /// Accepted and ignored (8-bit sRGB output).
    open var preferredRange: Range = .automatic
    /// The pre-iOS 12 spelling of `preferredRange == .extended`; ignored in rendering.
    open var prefersExtendedRange: Bool {
        get { preferredRange == .extended }
        set { preferredRange = newValue ? .extended : .standard }
    }

    /// The default format: the device's scale, not opaque, automatic range.
    public required init() { super.init() }

    /// The format for the device's most capable display: scale `defaultScreenScale`, not
    /// opaque, automatic range.
    open override class func `default`() -> Self { Self() }

    /// The format for the device's main screen (the same values as `default()` on Lamina).
    open class func preferred() -> Self { Self() }
}

/// What an image renderer's closure receives: the context (UIKit's user space: origin
/// top-left, y down, points) and the image drawn so far.
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    let bitmap: ImageBitmap
    let imageFormat: UIGraphicsImageRendererFormat

    init(bitmap: ImageBitmap, format: UIGraphicsImageRendererFormat) {
        self.bitmap = bitmap
        self.imageFormat = format
        super.init(cgContext: bitmap.context, format: format)
    }

    /// The format the renderer was made with.
    open override var format: UIGraphicsImageRendererFormat { imageFormat }

    /// A snapshot of everything drawn so far (later drawing does not change it).
    open var currentImage: UIImage { bitmap.makeImage() ?? UIImage() }
}

/// Draws images, UIKit's way (iOS 10):
///
///     let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { ctx in
///         UIColor.red.setFill()
///         ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 40))
///     }
///
/// The closure draws in points, origin at the top-left of the renderer's bounds, y down; the
/// bitmap has `format.scale` pixels per point and the image comes out upright with that
/// scale. While the closure runs its context is UIKit's current context, so UIColor,
/// UIBezierPath and UIImage drawing go to it.
///
/// A renderer of an empty, non-finite or too large size still runs the closure (on a
/// throwaway one-pixel context, so drawing code needs no special case) and returns an empty
/// image (`size` .zero, `cgImage` nil) and empty data.
open class UIGraphicsImageRenderer: UIGraphicsRenderer {
    let imageFormat: UIGraphicsImageRendererFormat

    /// A renderer of `size` points with the default format.
    public convenience init(size: CGSize) {
        self.init(size: size, format: .default())
    }

    /// A renderer of `size` points with `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of `bounds` (points): the closure draws in a space whose top-left corner is
    /// `bounds.origin`.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        imageFormat = format
        super.init(bounds: bounds, format: format)
    }

    /// The format the renderer was made with.
    open override var format: UIGraphicsImageRendererFormat { imageFormat }
    /// True: an image renderer's drawing can be returned as an image.
    open override var allowsImageOutput: Bool { true }

    /// Runs `actions` on a fresh bitmap and returns what it drew.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        render(actions)?.makeImage() ?? UIImage()
    }

    /// Runs `actions` and returns the result as PNG data (empty for an empty renderer).
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        render(actions)?.makeImage()?.pngData() ?? Data()
    }

    /// Runs `actions` and returns the result as JPEG data of `compressionQuality` (0…1, 1 the
    /// best); translucent pixels are flattened over black.
    open func jpegData(withCompressionQuality compressionQuality: CGFloat,
                       actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        render(actions)?.makeImage()?.jpegData(compressionQuality: compressionQuality) ?? Data()
    }

    /// Makes a bitmap, pushes its context for `actions`, and returns it (nil when the size
    /// cannot be rendered; the closure then draws into a discarded one-pixel bitmap).
    private func render(_ actions: (UIGraphicsImageRendererContext) -> Void) -> ImageBitmap? {
        let bitmap = ImageBitmap(size: bounds.size, scale: imageFormat.scale, opaque: imageFormat.opaque)
        guard let target = bitmap ?? ImageBitmap(size: CGSize(width: 1, height: 1), scale: 1, opaque: false) else {
            return nil
        }
        if bounds.origin.x.isFinite, bounds.origin.y.isFinite {
            target.context.translateBy(x: -bounds.origin.x, y: -bounds.origin.y)
        }
        let context = UIGraphicsImageRendererContext(bitmap: target, format: imageFormat)
        let stack = UIGraphicsContextStack.current
        let depth = stack.entries.count
        stack.push(target.context)
        actions(context)
        // Leave the stack as it was, even if the closure pushed without popping.
        if stack.entries.count > depth { stack.entries.removeSubrange(depth...) }
        return bitmap
    }
}
