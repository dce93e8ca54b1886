import LaminaRaster

/// A bitmap drawing destination, Apple's `CGContext`, rendering with LaminaRaster.
///
/// Spaces (all in pixels unless said otherwise):
/// - **user space**: what drawing calls take; mapped to device space by `ctm`.
/// - **device space**: Core Graphics' y-up pixel space of the bitmap — origin at the
///   bottom-left corner of the bottom row, y up, one unit per pixel. A new bitmap context has
///   the identity CTM, so user space starts out equal to it (a rect at y 0...10 fills the
///   bottom ten rows of the bitmap's memory).
/// - **pixel space**: LaminaRaster's y-down space of the surface (row 0 first in memory);
///   pixel = (x, height − y) of device space. The current path and the clip are kept here.
/// - **base space**: where shadow offsets and blur are measured. For a bitmap context it is
///   device space (a positive shadow height moves the shadow up, as on macOS); for the layer
///   context QuartzCore makes (`makeLayerContext`) it is the layer's point space, y down
///   (a positive height moves the shadow down, as in iOS 3.2 and later — Apple Q&A QA1706).
///
/// State follows Apple's model: the graphics state (`GState`: CTM, colours, line style, alpha,
/// blend mode, shadow, antialiasing, interpolation, clip) is saved and restored as a stack;
/// the current path is *not* part of it. Points are mapped by the CTM when they are added to
/// the path, and painting (`fillPath`, `strokePath`, `clip`) consumes the path.
///
/// Bad input never crashes: unsupported or absurd creation parameters return nil, CTM
/// operations that would make the matrix non-finite are ignored, non-finite coordinates draw
/// nothing (a path element with a NaN is dropped), and a singular CTM draws nothing.
public final class CGContext {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Bits of each component, as given at creation.
    public let bitsPerComponent: Int
    /// Bits of each pixel, all components together.
    public let bitsPerPixel: Int
    /// Bytes from the start of one row to the next.
    public let bytesPerRow: Int
    /// Nil for alpha-only contexts, as on Apple's platforms.
    public let colorSpace: CGColorSpace?
    /// The pixel layout given at creation: alpha info and byte order.
    public let bitmapInfo: CGBitmapInfo

    /// The pixels drawing renders into (premultiplied RGBA8, y down). For the native layout
    /// (`premultipliedLast`, big-endian/default byte order, 4-byte aligned memory) this *is*
    /// the context's memory; otherwise it is a working copy, converted from and back to that
    /// memory around each drawing call for the pixels the call touches (so pixels the caller
    /// wrote into the memory reach it only when drawing touches them). Read it without a copy
    /// (QuartzCore's layer backing store); use `makeImage` for a picture that later drawing
    /// does not change.
    package let surface: Surface
    /// Where drawing goes: `surface`, or the innermost transparency layer's surface.
    package var target: Surface
    /// Open transparency layers, innermost last.
    package var transparencyLayers: [TransparencyLayer] = []
    package let format: BitmapContextFormat
    /// The memory in the context's own layout: the caller's `data`, or a buffer this context
    /// allocated (and frees) when `data` was nil.
    private let memory: UnsafeMutablePointer<UInt8>
    private let ownsMemory: Bool
    /// True when `surface` draws straight into `memory` (no conversion).
    private let isDirect: Bool

    /// Device (y-up) to pixel (y-down) space: (x, y) ↦ (x, height − y).
    package let deviceToPixel: CGAffineTransform
    /// Base space (shadow offsets and blur) to pixel space; only its linear part is used
    /// (shadow offsets are vectors).
    package private(set) var baseToPixel: CGAffineTransform

    package var gstate: GState
    package var gstateStack: [GState] = []
    /// The current path, in pixel space.
    package var currentPath = CGMutablePath()
    /// The stroker's working buffers, kept between strokes (a sketch redrawn stroke by stroke
    /// does not reallocate them).
    package let strokeScratch = StrokeScratch()
    /// Whether fills, strokes and clips pass curves that cannot change a pixel as their
    /// chords instead of flattening them (`CurveCulling`; the pixels are the same, tests turn
    /// it off to compare), and how many curves that saved.
    package var cullsCurves = true
    package let culledCurves = CullCounter()

    // Per-context scratch, reused by every drawing call.
    package let rasterizer = PolygonRasterizer()
    package let scratch = ScanlineScratch()

    // MARK: Creating contexts

    /// Apple's bitmap context initializer. `bitmapInfo` is the raw value of a
    /// `CGImageAlphaInfo` combined with a `CGBitmapInfo` byte order, as in Apple's Swift API
    /// (`CGImageAlphaInfo.premultipliedLast.rawValue`).
    ///
    /// - `data` nil: the context allocates zeroed memory (transparent black) and frees it
    ///   itself; non-nil: the context draws into the caller's memory, which must hold `height`
    ///   rows of `bytesPerRow` bytes and outlive the context.
    /// - `bytesPerRow` 0 means "compute it" (width × bytes per pixel).
    /// - Supported layouts: see `BitmapContextFormat` (8-bit RGB with premultiplied or skipped
    ///   alpha in either byte order, 8-bit gray, 8-bit alpha only).
    ///
    /// Returns nil for non-positive or too-large sizes (more than 32768 px a side or 2^28
    /// pixels), a `bytesPerRow` smaller than a row, any other bits per component, float
    /// components, non-premultiplied alpha, or a layout/colour-space combination not listed.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard width > 0, height > 0, width <= Surface.maxDimension, height <= Surface.maxDimension,
              width * height <= Surface.maxPixelCount,
              let format = BitmapContextFormat(model: space.model, bitsPerComponent: bitsPerComponent, bitmapInfo: info)
        else { return nil }
        let minRow = width * format.bytesPerPixel
        let rowBytes = bytesPerRow == 0 ? minRow : bytesPerRow
        let (total, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard rowBytes >= minRow, !overflow, total <= Surface.maxPixelCount * 4 + rowBytes else { return nil }

        let memory: UnsafeMutablePointer<UInt8>
        var owned: Surface?
        var ownsMemory = false
        if let data {
            memory = data.assumingMemoryBound(to: UInt8.self)
        } else if format.isNative, let s = try? Surface(width: width, height: height, bytesPerRow: rowBytes) {
            // The surface owns the memory: `surface` (and views of it) handed out by the
            // context stay valid after the context is gone. (A context that freed its memory
            // in deinit left them dangling once ARC released it after its last use.)
            owned = s
            memory = s.base
        } else {
            let raw = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 16)
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: total)
            memory = raw.assumingMemoryBound(to: UInt8.self)
            ownsMemory = true
        }
        // Draw straight into the memory when it is in the surface's layout and aligned for
        // 32-bit pixel access; otherwise keep a working surface and convert.
        let direct = owned ?? (format.isNative ? try? Surface(borrowing: memory, width: width, height: height, bytesPerRow: rowBytes) : nil)
        guard let surface = direct ?? (try? Surface(width: width, height: height)) else {
            if ownsMemory { UnsafeMutableRawPointer(memory).deallocate() }
            return nil
        }
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.bitsPerPixel = format.bitsPerPixel
        self.bytesPerRow = rowBytes
        self.colorSpace = format.kind == .alpha8 ? nil : space
        self.bitmapInfo = info
        self.surface = surface
        self.target = surface
        self.format = format
        self.memory = memory
        self.ownsMemory = ownsMemory
        self.isDirect = direct != nil
        deviceToPixel = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
        baseToPixel = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        gstate = GState(clip: .rect(PixelRect(surface)))
        if !isDirect { format.importPixels(from: memory, bytesPerRow: rowBytes, into: surface, rect: PixelRect(surface)) }
    }

    /// The same initializer taking a `CGBitmapInfo` (alpha info bits included).
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent,
                  bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo.rawValue)
    }

    /// The context QuartzCore hands to `CALayer.draw(in:)` (Lamina extension): a premultiplied
    /// RGBA8 bitmap of `width` × `height` *pixels* whose user space is the layer's own: origin
    /// top-left, y down, in points of `scale` pixels (contentsScale). Its initial CTM is
    /// [scale, 0, 0, −scale, 0, height] (y-up device space, as Apple reports it), and its base
    /// space — where shadow offsets and blur are measured — is the layer's point space, so a
    /// positive shadow height casts downward (iOS's behaviour). Nil for bad sizes or a
    /// non-positive or non-finite scale.
    ///
    /// Apple makes such contexts for layers and for UIKit's image renderers with private API
    /// (a y-down base space cannot be set on a context made with `init(data:…)`); Lamina
    /// makes the same context public so a UIKit-style host can draw exactly as layers do.
    public static func makeLayerContext(width: Int, height: Int, scale: CGFloat) -> CGContext? {
        guard scale.isFinite, scale > 0 else { return nil }
        let info = CGImageAlphaInfo.premultipliedLast.rawValue
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpace.shared_sRGB, bitmapInfo: info, baseScale: scale)
        else { return nil }
        context.gstate.ctm = CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: 0, ty: CGFloat(height))
        return context
    }

    /// A bitmap context whose base space is y-down points of `baseScale` pixels.
    private convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                              bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32, baseScale: CGFloat) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent,
                  bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo)
        baseToPixel = CGAffineTransform(a: baseScale, b: 0, c: 0, d: baseScale, tx: 0, ty: 0)
    }

    deinit {
        if ownsMemory { UnsafeMutableRawPointer(memory).deallocate() }
    }

    // MARK: Apple's properties

    /// The alpha part of `bitmapInfo`.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfoValue ?? .none }

    /// The context's memory (the caller's `data`, or the buffer it allocated), in the layout
    /// its properties describe. It always shows everything drawn so far.
    public var data: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(memory) }

    // MARK: Images

    /// A snapshot of the pixels as an image (a copy: later drawing does not change it).
    /// Native contexts give a premultiplied RGBA8 image; other layouts give an image in the
    /// context's own layout (same bitmap info, tightly packed rows).
    public func makeImage() -> CGImage? {
        if format.isNative {
            if !isDirect { format.importPixels(from: memory, bytesPerRow: bytesPerRow, into: surface, rect: PixelRect(surface)) }
            return CGImage(surface: surface.copy(), isOpaque: false, colorSpace: colorSpace)
        }
        let rowBytes = width * format.bytesPerPixel
        var bytes = Data(count: rowBytes * height)
        bytes.withUnsafeMutableBytes { out in
            for y in 0..<height {
                out.baseAddress!.advanced(by: y * rowBytes).copyMemory(from: memory + y * bytesPerRow, byteCount: rowBytes)
            }
        }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: format.bitsPerPixel,
                       bytesPerRow: rowBytes, space: colorSpace ?? CGColorSpace.sharedDeviceGray, bitmapInfo: bitmapInfo,
                       provider: CGDataProvider(bytes: bytes), decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    /// Bitmap contexts draw synchronously into memory, so there is nothing to flush: after any
    /// drawing call returns, `data` and `surface` already hold the result.
    public func flush() {}

    // MARK: Keeping the caller's memory in step

    /// Runs one drawing operation that changes at most the pixels of `region`. For layouts
    /// other than the surface's own, those pixels are converted from the memory into the
    /// working surface first (the caller may have written to them) and back afterwards, so
    /// such contexts cost two conversions of the touched area per drawing call.
    package func drawing(in region: PixelRect, _ body: () -> Void) {
        let r = region.intersection(PixelRect(surface))
        if !isDirect { format.importPixels(from: memory, bytesPerRow: bytesPerRow, into: surface, rect: r) }
        body()
        if !isDirect { format.exportPixels(from: surface, to: memory, bytesPerRow: bytesPerRow, rect: r) }
    }
}
