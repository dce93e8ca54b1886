import Foundation
import QuartzCore

/// UIKit's image view: shows a `UIImage` as its layer's contents, fitted to the bounds by
/// `contentMode` (the layer's `contentsGravity`), or cycles through `animationImages`.
///
/// - The layer's `contentsScale` is the image's `scale`, so modes that do not scale
///   (`.center`, `.topLeft`…) show the image at its size in points.
/// - Images whose `imageOrientation` is not `.up` are shown upright: the view draws an
///   upright copy once per image (layers show pixels as stored).
/// - Template images (`renderingMode == .alwaysTemplate`) are drawn in `tintColor` (the image's
///   alpha filled with the tint), redrawn when the tint changes.
/// - As in UIKit, user interaction is off by default and `init(image:)` sizes the view to the
///   image's size in points.
/// - Animation (`startAnimating()`) is a discrete `CAKeyframeAnimation` of the layer's
///   `contents` under the key "UIImageAnimation", each image shown for an equal share of
///   `animationDuration`; the model `contents` stays `image`'s, shown again when it stops.
open class UIImageView: UIView {
    /// The last upright/tinted copy made: (source image, tint, result).
    private var preparedCache: (source: UIImage, tint: CGColor?, image: CGImage?)?

    /// An image view with `frame` and no image.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// An image view sized to `image` (its size in points at the origin) and showing it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: UIImageView.finiteSize(image)))
        self.image = image
        updateContents()   // observers do not run in the class's own initializers
    }

    /// An image view sized to `image`, showing `highlightedImage` while highlighted.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
        updateContents()
    }

    /// Always fails (no nib loading), as `UIView.init?(coder:)`.
    public required init?(coder: NSCoder) { return nil }

    /// The image shown (nil: none).
    open var image: UIImage? { didSet { updateContents() } }

    /// The image shown while `isHighlighted` (nil: `image`).
    open var highlightedImage: UIImage? { didSet { updateContents() } }

    /// Whether the view shows `highlightedImage` (and `highlightedAnimationImages`). Default false.
    open var isHighlighted = false { didSet { if oldValue != isHighlighted { updateContents() } } }

    /// The images `startAnimating()` cycles through (nil: no animation).
    open var animationImages: [UIImage]?

    /// The images cycled while highlighted (nil: `animationImages`).
    open var highlightedAnimationImages: [UIImage]?

    /// Seconds for one cycle through the images (0, the default: 1/30 s per image, as UIKit).
    open var animationDuration: TimeInterval = 0

    /// Cycles before the animation stops (0, the default: forever).
    open var animationRepeatCount: Int = 0

    /// The image's size in points (no intrinsic size without an image).
    open override var intrinsicContentSize: CGSize {
        guard let image else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        return image.size
    }

    /// The image's size in points (`.zero` without one), as UIKit's.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { UIImageView.finiteSize(image) }

    /// Template images follow the tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if shownImage?.renderingMode == .alwaysTemplate { updateContents() }
    }

    /// Entering a window sets the layer's contentsScale to the screen's: restore the image's.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        updateContents()
    }

    // MARK: Showing the image

    /// The image for the current state.
    var shownImage: UIImage? { isHighlighted ? (highlightedImage ?? image) : image }

    func updateContents() {
        let shown = shownImage
        let contents = shown.flatMap { preparedImage($0) }
        if let shown, layer.contentsScale != shown.scale { layer.contentsScale = shown.scale }
        layer.contents = contents
    }

    /// The pixels to show for `image`: its own when upright and not a template, else an
    /// upright (and tinted) copy, cached for the last image.
    func preparedImage(_ image: UIImage) -> CGImage? {
        let template = image.renderingMode == .alwaysTemplate
        guard image.imageOrientation != .up || template else { return image.cgImage }
        let tint = template ? tintColor.cgColor : nil
        if let c = preparedCache, c.source === image, c.tint == tint { return c.image }
        let made = UIImageView.drawUpright(image, tint: template ? tintColor : nil)
        preparedCache = (image, tint, made)
        return made
    }

    /// `image` drawn upright at its size and scale, its alpha filled with `tint` when given.
    static func drawUpright(_ image: UIImage, tint: UIColor?) -> CGImage? {
        guard image.cgImage != nil else { return nil }
        let size = finiteSize(image)
        guard size.width > 0, size.height > 0 else { return nil }
        let format = UIGraphicsImageRendererFormat()
        format.scale = image.scale
        format.opaque = false
        let rect = CGRect(origin: .zero, size: size)
        return UIGraphicsImageRenderer(size: size, format: format).image { ctx in
            image.draw(in: rect)
            if let tint {
                ctx.cgContext.setBlendMode(.sourceIn)
                ctx.cgContext.setFillColor(tint.cgColor)
                ctx.cgContext.fill(rect)
            }
        }.cgImage
    }

    static func finiteSize(_ image: UIImage?) -> CGSize {
        guard let s = image?.size, s.width.isFinite, s.height.isFinite else { return .zero }
        return CGSize(width: max(0, s.width), height: max(0, s.height))
    }
}
