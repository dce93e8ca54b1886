import QuartzCore

// UIKit's renderer base classes (iOS 10): a renderer owns a format (bounds and output
// options) and hands its drawing closure a context object. UIGraphicsImageRenderer is the
// concrete renderer Lamina provides (there is no PDF renderer).

/// The options of a renderer; subclassed per output kind.
open class UIGraphicsRendererFormat: NSObject, @unchecked Sendable {
    /// The area the renderer draws, in points (set by the renderer that uses the format).
    open internal(set) var bounds: CGRect = .zero

    /// A format with the device's defaults.
    public required override init() { super.init() }

    /// A format with the device's defaults.
    open class func `default`() -> Self { Self() }
}

/// What a renderer's drawing closure receives: the Core Graphics context (UIKit's user space,
/// origin top-left, y down, points) and conveniences that draw into it.
open class UIGraphicsRendererContext: NSObject {
    /// The context the closure draws into; also `UIGraphicsGetCurrentContext()` while the
    /// closure runs.
    public let cgContext: CGContext
    let baseFormat: UIGraphicsRendererFormat

    init(cgContext: CGContext, format: UIGraphicsRendererFormat) {
        self.cgContext = cgContext
        self.baseFormat = format
        super.init()
    }

    /// The renderer's format.
    open var format: UIGraphicsRendererFormat { baseFormat }

    /// Fills `rect` with the current fill colour (normal blending).
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Fills `rect` with the current fill colour in `blendMode`.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    /// Draws a frame along `rect` with the current stroke colour and line width.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    /// Draws a frame along `rect` in `blendMode`.
    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.stroke(rect)
        cgContext.restoreGState()
    }

    /// Intersects the clip with `rect`.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// A renderer of a fixed area with a format.
open class UIGraphicsRenderer: NSObject {
    let baseFormat: UIGraphicsRendererFormat
    /// The area drawn, in points (kept here too: a format object may be shared by renderers
    /// of different sizes, and its `bounds` shows the last one made with it).
    let bounds: CGRect

    /// A renderer of `bounds` (points) with `format`.
    public init(bounds: CGRect, format: UIGraphicsRendererFormat) {
        format.bounds = bounds
        self.baseFormat = format
        self.bounds = bounds
        super.init()
    }

    /// The renderer's format.
    open var format: UIGraphicsRendererFormat { baseFormat }

    /// Whether the renderer makes images (true for UIGraphicsImageRenderer).
    open var allowsImageOutput: Bool { false }
}
