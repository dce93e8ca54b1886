import LaminaRaster

/// An immutable bitmap image, Apple's `CGImage`.
///
/// An image is either bytes from a `CGDataProvider` in any layout its initializer accepted
/// (see `ImagePixelLayout`), or a premultiplied RGBA8 `Surface` Lamina rendered or decoded.
/// The renderer only ever reads `premultipliedRGBA8`: the provider's bytes are converted to it
/// once, on first use, and cached (thread-safe). Colour spaces are recorded but not converted:
/// RGB is treated as sRGB, gray as sRGB gray (see `CGColorSpace`).
public final class CGImage: @unchecked Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Bits of each colour or alpha component (8 for Lamina's rendered images).
    public let bitsPerComponent: Int
    /// Bits of each pixel, all components together.
    public let bitsPerPixel: Int
    /// Bytes from the start of one row to the next (at least width × bitsPerPixel / 8).
    public let bytesPerRow: Int
    /// Nil for image masks (as on Apple's platforms) and alpha-only images made without one.
    public let colorSpace: CGColorSpace?
    /// The layout of the pixels: alpha info and byte order.
    public let bitmapInfo: CGBitmapInfo
    /// Whether the image asks to be smoothed when scaled (as given at creation).
    public let shouldInterpolate: Bool
    /// The rendering intent given at creation (recorded; no colour management is done).
    public let renderingIntent: CGColorRenderingIntent
    /// Whether this is an image mask (`init(maskWidth:…)`): samples are coverage, not colour.
    public let isMask: Bool

    private enum Storage {
        case provider(CGDataProvider, ImagePixelLayout)
        case surface(Surface)
    }

    private let storage: Storage
    /// Apple's decode array, owned by the image so `decode` can hand out a stable pointer.
    private let decodeBuffer: UnsafeMutableBufferPointer<CGFloat>?
    private let lock = NSLock()
    private var cachedSurface: Surface?
    private var cachedProvider: CGDataProvider?

    // MARK: Creating images

    /// Apple's bitmap image initializer. Returns nil (as Apple does) for parameters that do not
    /// describe a readable image: non-positive or too-large sizes, bits per component other than
    /// 1, 2, 4, 8 or 16, float components, bits per pixel that do not match the components,
    /// `bytesPerRow` smaller than a row, or provider data shorter than the image.
    public convenience init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo,
                             provider: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let layout = ImagePixelLayout(
            width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
            bytesPerRow: bytesPerRow, model: space.model, bitmapInfo: bitmapInfo, isMask: false,
            decode: decode, dataCount: provider.bytes.count)
        else { return nil }
        self.init(layout: layout, provider: provider, space: space, bitmapInfo: bitmapInfo,
                  shouldInterpolate: shouldInterpolate, intent: intent)
    }

    /// Apple's image-mask initializer: one component of 1, 2, 4 or 8 (or 16) bits where 0 lets
    /// paint through and the maximum blocks it. In `premultipliedRGBA8` a mask is black with
    /// alpha = 255 − sample (after `decode`).
    public convenience init?(maskWidth width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int,
                             bytesPerRow: Int, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool) {
        guard let layout = ImagePixelLayout(
            width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
            bytesPerRow: bytesPerRow, model: nil, bitmapInfo: [], isMask: true,
            decode: decode, dataCount: provider.bytes.count)
        else { return nil }
        self.init(layout: layout, provider: provider, space: nil, bitmapInfo: [],
                  shouldInterpolate: shouldInterpolate, intent: .defaultIntent)
    }

    private init(layout: ImagePixelLayout, provider: CGDataProvider, space: CGColorSpace?,
                 bitmapInfo: CGBitmapInfo, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        width = layout.width
        height = layout.height
        bitsPerComponent = layout.bitsPerComponent
        bitsPerPixel = layout.bitsPerPixel
        bytesPerRow = layout.bytesPerRow
        colorSpace = space
        self.bitmapInfo = bitmapInfo
        self.shouldInterpolate = shouldInterpolate
        renderingIntent = intent
        isMask = layout.isMask
        storage = .provider(provider, layout)
        decodeBuffer = CGImage.ownedCopy(layout.decode)
        cachedProvider = provider
    }

    /// An image over premultiplied RGBA8 pixels Lamina produced (rendered or decoded), with no
    /// copy: the image keeps `surface` and reads it directly, so the caller must not change the
    /// surface afterwards. It reports itself as 8-bit sRGB RGBA, premultiplied-last in memory
    /// order (`byteOrder32Big`), or `noneSkipLast` when `isOpaque` (every alpha is 255).
    package init(surface: Surface, isOpaque: Bool = false, shouldInterpolate: Bool = true,
                 intent: CGColorRenderingIntent = .defaultIntent, colorSpace: CGColorSpace? = nil) {
        width = surface.width
        height = surface.height
        bitsPerComponent = 8
        bitsPerPixel = 32
        bytesPerRow = surface.width * 4
        self.colorSpace = colorSpace ?? CGColorSpace.shared_sRGB
        let alpha: CGImageAlphaInfo = isOpaque ? .noneSkipLast : .premultipliedLast
        bitmapInfo = CGBitmapInfo(rawValue: alpha.rawValue | CGBitmapInfo.byteOrder32Big.rawValue)
        self.shouldInterpolate = shouldInterpolate
        renderingIntent = intent
        isMask = false
        storage = .surface(surface)
        decodeBuffer = nil
        cachedSurface = surface
    }

    deinit { decodeBuffer?.deallocate() }

    private static func ownedCopy(_ values: [CGFloat]?) -> UnsafeMutableBufferPointer<CGFloat>? {
        guard let values else { return nil }
        let buffer = UnsafeMutableBufferPointer<CGFloat>.allocate(capacity: values.count)
        _ = buffer.initialize(from: values)
        return buffer
    }

    // MARK: Apple's properties

    /// The alpha part of `bitmapInfo`: whether there is alpha, where, and whether it is premultiplied.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfoValue ?? .none }

    /// The byte-order part of `bitmapInfo`.
    public var byteOrderInfo: CGImageByteOrderInfo { bitmapInfo.byteOrderValue ?? .orderDefault }

    /// The decode array given at creation (2 values per colour component), or nil.
    public var decode: UnsafePointer<CGFloat>? { decodeBuffer.flatMap { UnsafePointer($0.baseAddress) } }

    /// The image's bytes in the layout its properties describe (`bytesPerRow` apart, rows top
    /// to bottom). For images Lamina made from pixels (frames, decoded files, context
    /// snapshots) the provider's `data` is the image's own pixel memory, not a copy — a host
    /// uploads a frame to a window straight from it, once per frame — unless the rows are not
    /// tightly packed (a cropped view), when it is a packed copy made on first request. Like
    /// Apple's `CFData`, treat it as read-only: a mutated copy of the `Data` gets its own bytes
    /// while the image lives, but after the image is gone a mutation may write to pixels
    /// another image made from the same source shares.
    public var dataProvider: CGDataProvider? {
        lock.lock()
        defer { lock.unlock() }
        if let cachedProvider { return cachedProvider }
        guard case let .surface(surface) = storage else { return nil }
        let provider = CGDataProvider(bytes: CGImage.pixelData(of: surface))
        cachedProvider = provider
        return provider
    }

    /// The bytes of `surface` as `Data`: its memory itself when the rows are tightly packed
    /// (the `Data` keeps the surface alive), else a packed copy.
    private static func pixelData(of surface: Surface) -> Data {
        let count = surface.bytesPerRow * surface.height
        guard surface.bytesPerRow == surface.width * 4 else { return Data(surface.bytes()) }
        return Data(bytesNoCopy: UnsafeMutableRawPointer(surface.base), count: count,
                    deallocator: .custom { _, _ in withExtendedLifetime(surface) {} })
    }

    // MARK: Pixels for the renderer

    /// The pixels as premultiplied RGBA8, converted once from the image's layout and cached.
    /// Shared: callers must treat it as read-only (use `makeSurface()` for a private copy).
    package var premultipliedRGBA8: Surface {
        lock.lock()
        defer { lock.unlock() }
        if let cachedSurface { return cachedSurface }
        guard case let .provider(provider, layout) = storage else {
            preconditionFailure("a surface-backed CGImage always has its surface cached")
        }
        guard let surface = try? Surface(width: width, height: height) else {
            preconditionFailure("CGImage sizes are validated against Surface's limits at creation")
        }
        layout.convert(provider.bytes, into: surface)
        cachedSurface = surface
        return surface
    }

    /// A private, mutable copy of the premultiplied RGBA8 pixels.
    package func makeSurface() -> Surface { premultipliedRGBA8.copy() }

    /// Whether every pixel is opaque according to the layout (no alpha channel), without
    /// looking at pixels.
    package var isOpaqueByLayout: Bool {
        !isMask && [.none, .noneSkipFirst, .noneSkipLast].contains(alphaInfo)
    }

    // MARK: Derived images

    /// Apple's `cropping(to:)`: the part of the image inside `rect` (pixels, origin top-left),
    /// made integral outward and intersected with the image bounds; nil when that is empty or
    /// `rect` is null or not finite. Byte-aligned layouts keep their format (the bytes are
    /// copied); sub-byte layouts and Lamina-made images become premultiplied RGBA8 sharing the
    /// source pixels.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard !rect.isNull, rect.origin.x.isFinite, rect.origin.y.isFinite,
              rect.size.width.isFinite, rect.size.height.isFinite else { return nil }
        let r = rect.standardized
        let x0 = max(0, min(CGFloat(width), r.minX.rounded(.down)))
        let y0 = max(0, min(CGFloat(height), r.minY.rounded(.down)))
        let x1 = max(0, min(CGFloat(width), r.maxX.rounded(.up)))
        let y1 = max(0, min(CGFloat(height), r.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        let x = Int(x0), y = Int(y0), w = Int(x1 - x0), h = Int(y1 - y0)

        if case let .provider(provider, layout) = storage, bitsPerPixel % 8 == 0 {
            let pixelBytes = bitsPerPixel / 8
            let rowBytes = w * pixelBytes
            var bytes = Data(count: rowBytes * h)
            bytes.withUnsafeMutableBytes { out in
                provider.bytes.withUnsafeBytes { src in
                    for row in 0..<h {
                        let start = (y + row) * bytesPerRow + x * pixelBytes
                        out.baseAddress!.advanced(by: row * rowBytes)
                            .copyMemory(from: src.baseAddress!.advanced(by: start), byteCount: rowBytes)
                    }
                }
            }
            let cropped = CGDataProvider(bytes: bytes)
            if isMask {
                return CGImage(maskWidth: w, height: h, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                               bytesPerRow: rowBytes, provider: cropped, decode: decode,
                               shouldInterpolate: shouldInterpolate)
            }
            guard let croppedLayout = ImagePixelLayout(
                width: w, height: h, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                bytesPerRow: rowBytes, model: layout.colorComponents == 0 ? nil : layout.model,
                bitmapInfo: bitmapInfo, isMask: false, decode: decode, dataCount: bytes.count)
            else { return nil }
            return CGImage(layout: croppedLayout, provider: cropped, space: colorSpace, bitmapInfo: bitmapInfo,
                           shouldInterpolate: shouldInterpolate, intent: renderingIntent)
        }
        guard let view = premultipliedRGBA8.view(x: x, y: y, width: w, height: h) else { return nil }
        return CGImage(surface: view, isOpaque: alphaInfo == .noneSkipLast, shouldInterpolate: shouldInterpolate,
                       intent: renderingIntent, colorSpace: colorSpace)
    }

    /// Apple's `copy()`. Images are immutable, so the copy shares this image's pixels.
    public func copy() -> CGImage? {
        copy(space: colorSpace)
    }

    /// Apple's `copy(colorSpace:)`: the same pixels tagged with another colour space of the same
    /// number of components; nil for masks or a mismatched space. Pixels are not converted
    /// (Lamina treats every RGB space as sRGB).
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        guard !isMask, let current = colorSpace, current.numberOfComponents == space.numberOfComponents
        else { return nil }
        return copy(space: space)
    }

    private func copy(space: CGColorSpace?) -> CGImage? {
        switch storage {
        case let .provider(provider, layout):
            if isMask {
                return CGImage(maskWidth: width, height: height, bitsPerComponent: bitsPerComponent,
                               bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow, provider: provider,
                               decode: decode, shouldInterpolate: shouldInterpolate)
            }
            let image = CGImage(layout: layout, provider: provider, space: space, bitmapInfo: bitmapInfo,
                                shouldInterpolate: shouldInterpolate, intent: renderingIntent)
            image.seedCache(from: self)
            return image
        case let .surface(surface):
            return CGImage(surface: surface, isOpaque: alphaInfo == .noneSkipLast,
                           shouldInterpolate: shouldInterpolate, intent: renderingIntent, colorSpace: space)
        }
    }

    private func seedCache(from other: CGImage) {
        other.lock.lock()
        let surface = other.cachedSurface
        other.lock.unlock()
        lock.lock()
        cachedSurface = surface
        lock.unlock()
    }
}

/// Equality is identity, as for Apple's CGImage (a Core Foundation type compared with CFEqual).
extension CGImage: Equatable, Hashable {
    /// Identity: two images are equal only when they are the same object.
    public static func == (lhs: CGImage, rhs: CGImage) -> Bool { lhs === rhs }
    /// Hashes the object's identity, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension CGImage: CustomStringConvertible {
    /// Size, layout and alpha, for debugging.
    public var description: String {
        "<CGImage \(width)x\(height) \(bitsPerComponent)bpc \(bitsPerPixel)bpp \(alphaInfo)\(isMask ? " mask" : "")>"
    }
}
