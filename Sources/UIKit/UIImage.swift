import QuartzCore

/// An immutable image, as UIKit's `UIImage`: a `CGImage` of pixels plus the scale (pixels per
/// point) and orientation it is shown with.
///
/// `size` is in points: the pixel size divided by `scale`, with width and height swapped for
/// the four left/right orientations. Drawing (`draw(in:)` and friends) shows the image upright
/// in UIKit's y-down drawing contexts, turned and mirrored as `imageOrientation` says.
///
/// An image made with `UIImage()` has no pixels: size `.zero`, `cgImage` nil; it draws nothing
/// and encodes to nil.
open class UIImage: NSObject, @unchecked Sendable {
    /// UIKit's orientations: how the stored pixels must be turned to show the image upright
    /// (the EXIF orientations 1…8, in UIKit's order).
    public enum Orientation: Int, Sendable {
        /// Shown as stored (EXIF 1).
        case up = 0
        /// Turned 180° (EXIF 3).
        case down = 1
        /// Turned 90° counter-clockwise (EXIF 8).
        case left = 2
        /// Turned 90° clockwise (EXIF 6; an iPhone's portrait photo).
        case right = 3
        /// Mirrored left-right (EXIF 2).
        case upMirrored = 4
        /// Mirrored top-bottom (EXIF 4).
        case downMirrored = 5
        /// Mirrored across the top-left–bottom-right diagonal (EXIF 5).
        case leftMirrored = 6
        /// Mirrored across the top-right–bottom-left diagonal (EXIF 7).
        case rightMirrored = 7
    }

    /// How a template-capable view draws the image; stored, not used by Lamina's drawing.
    public enum RenderingMode: Int, Sendable {
        /// The view decides: system buttons draw the image as a template, other views in its own colours.
        case automatic = 0
        /// Always the image's own colours.
        case alwaysOriginal = 1
        /// Always as a template: the image's alpha filled with the tint colour.
        case alwaysTemplate = 2
    }

    /// How a resizable image fills the area between its caps.
    public enum ResizingMode: Int, Sendable {
        /// The middle is filled by repeating the image's centre at its natural size.
        case tile = 0
        /// The middle is filled by stretching the image's centre.
        case stretch = 1
    }

    /// The pixels; nil for an empty image.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat
    /// How the image's pixels are turned when drawn (`.up`, the default, draws them as stored).
    public let imageOrientation: Orientation
    /// Set by `withRenderingMode(_:)`.
    public let renderingMode: RenderingMode
    /// Set by `resizableImage(withCapInsets:…)` (points); `.zero` otherwise.
    public let capInsets: UIEdgeInsets
    /// Set by `resizableImage(withCapInsets:resizingMode:)`; `.tile` otherwise, as UIKit.
    public let resizingMode: ResizingMode

    /// An empty image (no pixels, size zero).
    public override init() {
        cgImage = nil
        scale = 1
        imageOrientation = .up
        renderingMode = .automatic
        capInsets = .zero
        resizingMode = .tile
        super.init()
    }

    /// The image of `cgImage` at scale 1, upright.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// The image of `cgImage` at `scale` pixels per point, shown with `orientation`. A scale
    /// that is not a positive finite number is taken as 1.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.imageOrientation = orientation
        renderingMode = .automatic
        capInsets = .zero
        resizingMode = .tile
        super.init()
    }

    /// A copy of `image` with different presentation attributes (same pixels).
    init(_ image: UIImage, renderingMode: RenderingMode? = nil, capInsets: UIEdgeInsets? = nil,
         resizingMode: ResizingMode? = nil) {
        cgImage = image.cgImage
        scale = image.scale
        imageOrientation = image.imageOrientation
        self.renderingMode = renderingMode ?? image.renderingMode
        self.capInsets = capInsets ?? image.capInsets
        self.resizingMode = resizingMode ?? image.resizingMode
        super.init()
    }

    /// Decodes PNG or JPEG `data` at scale 1; nil when the data is neither or is corrupt.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Decodes PNG or JPEG `data` at `scale` pixels per point; nil when the data is neither or
    /// is corrupt. (JPEG EXIF orientation is not read: the image is `.up`.)
    public convenience init?(data: Data, scale: CGFloat) {
        guard let cgImage = UIImage.decode(data) else { return nil }
        self.init(cgImage: cgImage, scale: scale, orientation: .up)
    }

    /// Reads a PNG or JPEG file; nil when it cannot be read or decoded. As in UIKit, a file
    /// name ending in "@2x" or "@3x" (before the extension) gives an image of that scale.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: UIImage.scaleSuffix(of: path))
    }

    /// An image from the app's resources. Lamina has no asset catalogs: this looks for a PNG
    /// or JPEG file named `name` in the main bundle's resource directory, then in the current
    /// working directory — `name` as given, then with "@2x"/"@3x"/"@1x" and ".png"/".jpg"/
    /// ".jpeg" appended ("@2x" first, for Lamina's 2× main screen) — and returns the
    /// first that decodes, with the scale its "@Nx" suffix names. Nil when none does.
    public convenience init?(named name: String) {
        guard !name.isEmpty, let path = UIImage.resourcePath(named: name) else { return nil }
        self.init(contentsOfFile: path)
    }

    /// SF Symbols are not available on Lamina: always nil (as UIKit gives for an unknown
    /// symbol name).
    public convenience init?(systemName name: String) {
        return nil
    }

    /// The size in points: pixels / scale, width and height swapped for the left and right
    /// orientations.
    open var size: CGSize {
        guard let cgImage else { return .zero }
        let w = CGFloat(cgImage.width) / scale, h = CGFloat(cgImage.height) / scale
        switch imageOrientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: h, height: w)
        default: return CGSize(width: w, height: h)
        }
    }

    /// The same image drawn with `renderingMode` by views that honour it.
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(self, renderingMode: renderingMode)
    }

    /// The same image marked resizable with `capInsets` (points), tiling its centre.
    /// Lamina stores the insets but draws the image stretched as a whole (no nine-part
    /// drawing).
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        UIImage(self, capInsets: capInsets, resizingMode: .tile)
    }

    /// The same image marked resizable with `capInsets` and `resizingMode` (stored only, see
    /// `resizableImage(withCapInsets:)`).
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        UIImage(self, capInsets: capInsets, resizingMode: resizingMode)
    }

    /// The object's identity, size in points, scale and orientation, for debugging.
    open override var description: String {
        "<UIImage: \(ObjectIdentifier(self)), {\(size.width), \(size.height)}, scale \(scale), \(imageOrientation)>"
    }

    // MARK: Loading

    /// PNG or JPEG bytes to an image, through Core Graphics' data-provider initialisers.
    static func decode(_ data: Data) -> CGImage? {
        guard let provider = CGDataProvider(data: data) else { return nil }
        return CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
            ?? CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    /// 2 or 3 when the file's base name ends in "@2x"/"@3x", else 1.
    static func scaleSuffix(of path: String) -> CGFloat {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if base.hasSuffix("@3x") { return 3 }
        if base.hasSuffix("@2x") { return 2 }
        return 1
    }

    /// The first existing file for `name` (see `init(named:)`).
    static func resourcePath(named name: String) -> String? {
        let fm = FileManager.default
        var directories: [String] = []
        if let resources = Bundle.main.resourcePath { directories.append(resources) }
        directories.append(fm.currentDirectoryPath)
        let hasExtension = !(name as NSString).pathExtension.isEmpty
        var candidates = [name]
        for suffix in ["@2x", "@3x", "", "@1x"] {
            for ext in ["png", "jpg", "jpeg"] {
                candidates.append(hasExtension
                    ? ((name as NSString).deletingPathExtension + suffix + "." + (name as NSString).pathExtension)
                    : name + suffix + "." + ext)
            }
        }
        for dir in directories {
            for candidate in candidates {
                let path = name.hasPrefix("/") ? candidate : (dir as NSString).appendingPathComponent(candidate)
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { return path }
            }
        }
        return nil
    }
}
