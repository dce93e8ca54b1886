import Foundation
import LaminaRaster

/// The state of an image source, as `CGImageSourceGetStatus` reports it.
public enum CGImageSourceStatus: Int32, Sendable {
    /// The data ends in the middle of the image.
    case statusUnexpectedEOF = -5
    /// The data is of a known type but cannot be decoded.
    case statusInvalidData = -4
    /// The data is neither PNG nor JPEG (the only types Lamina reads).
    case statusUnknownType = -3
    /// The header is still being read (incremental sources; Lamina's sources are complete).
    case statusReadingHeader = -2
    /// More data is expected (incremental sources).
    case statusIncomplete = -1
    /// The image decodes.
    case statusComplete = 0
}

/// An opaque source of images read from PNG or JPEG bytes: Apple's `CGImageSource`.
///
/// Made by `CGImageSourceCreateWithData` or `CGImageSourceCreateWithURL`, it holds the bytes and
/// their parsed header; pixels are decoded when an image is asked for and, unless
/// `kCGImageSourceShouldCache` is false, kept for later calls. A PNG or JPEG file holds one
/// image, at index 0. Safe to use from several threads.
public final class CGImageSource: @unchecked Sendable {
    let bytes: Data
    let format: ImageHeader.Format?
    let header: Result<ImageHeader, ImageHeader.Failure>?
    let options: ImageIOOptions
    private let lock = NSLock()
    private var cachedImage: CGImage?
    private var decodeFailure: CGImageSourceStatus?

    init(bytes: Data, options: ImageIOOptions) {
        self.bytes = bytes
        self.options = options
        let prefix = [UInt8](bytes)
        format = ImageHeader.sniff(prefix)
        header = format.map { ImageHeader.parse(prefix, as: $0) }
    }

    /// The parsed header, when the data has a readable one.
    var validHeader: ImageHeader? {
        if case .success(let h) = header { return h }
        return nil
    }

    /// The decoded image if an earlier call kept it.
    var cachedDecodedImage: CGImage? {
        lock.lock(); defer { lock.unlock() }
        return cachedImage
    }

    /// The image at index 0, decoded now or taken from the cache; nil when the data does not
    /// decode. `cache` says whether a newly decoded image is kept.
    func decodedImage(cache: Bool) -> CGImage? {
        lock.lock(); defer { lock.unlock() }
        if let cachedImage { return cachedImage }
        guard decodeFailure == nil, let header = validHeader else { return nil }
        guard Self.dataCanHold(header, byteCount: bytes.count) else {
            decodeFailure = .statusUnexpectedEOF
            return nil
        }
        do {
            let (surface, hasAlpha) = try ImageCodec.decodeSurface(data: bytes, budget: .current)
            let image = CGImage(surface: surface, isOpaque: !hasAlpha)
            if cache { cachedImage = image }
            return image
        } catch let error as ImageIOError {
            switch error {
            case .truncated: decodeFailure = .statusUnexpectedEOF
            case .overMemoryBudget: break // not a fault of the data: a later call under a larger budget may decode
            default: decodeFailure = .statusInvalidData
            }
            return nil
        } catch {
            decodeFailure = .statusInvalidData
            return nil
        }
    }

    /// The source's status, decoding the image if no earlier call did.
    var status: CGImageSourceStatus {
        guard format != nil, let header else { return .statusUnknownType }
        if case .failure(let failure) = header { return failure == .truncated ? .statusUnexpectedEOF : .statusInvalidData }
        if decodedImage(cache: options.bool(kCGImageSourceShouldCache) ?? true) != nil { return .statusComplete }
        lock.lock(); defer { lock.unlock() }
        return decodeFailure ?? .statusInvalidData
    }

    /// Whether `byteCount` bytes can possibly hold the image the header declares. Deflate
    /// compresses at most 1032:1, so a PNG whose data is shorter than its raw rows / 1032 is
    /// truncated or forged (a 100-byte file declaring 16384 × 16384 pixels), and is refused
    /// before a gigabyte is allocated for it. JPEG has no such bound (progressive scans code
    /// long runs of empty blocks in a few bits); its size is checked by the codec's limits and,
    /// as a PNG's, against the pixel-memory budget before decoding.
    static func dataCanHold(_ header: ImageHeader, byteCount: Int) -> Bool {
        guard header.format == .png else { return true }
        let bitsPerPixel = header.depth * header.components
        let rowBytes = 1 + (header.width * bitsPerPixel + 7) / 8
        let (raw, overflow) = rowBytes.multipliedReportingOverflow(by: header.height)
        return !overflow && raw / 1032 <= byteCount
    }
}

// MARK: Creating a source

/// A source reading `data` (PNG or JPEG bytes; `data as CFData`). Returns nil for empty data;
/// other bytes give a source whose status says what is wrong with them (as Apple's, which
/// accepts any non-empty data). Options: `kCGImageSourceShouldCache` (default true);
/// `kCGImageSourceTypeIdentifierHint` is not needed, since the bytes are sniffed.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    guard !data.isEmpty else { return nil }
    return CGImageSource(bytes: data, options: ImageIOOptions(options))
}

/// A source reading the file at `url` (`url as CFURL`), read now. Returns nil when the URL is
/// not a file URL or the file cannot be read or is empty (Apple's returns nil for a missing
/// file too, which is what `guard let source = CGImageSourceCreateWithURL(...)` relies on).
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard url.isFileURL, let data = try? Data(contentsOf: url) else { return nil }
    return CGImageSourceCreateWithData(data, options)
}

/// A source reading `provider`'s bytes.
public func CGImageSourceCreateWithDataProvider(_ provider: CGDataProvider, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = provider.data else { return nil }
    return CGImageSourceCreateWithData(data, options)
}

// MARK: Reading a source

/// The uniform type identifier of the source's data ("public.png" or "public.jpeg"), or nil
/// when the bytes are neither. Known from the signature alone, even for truncated data.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    isrc.format?.typeIdentifier
}

/// The number of images in the source: 1 for a PNG or JPEG whose header reads, else 0.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
    isrc.validHeader == nil ? 0 : 1
}

/// The status of the source: `.statusComplete` when its image decodes, otherwise why not
/// (unknown type, invalid data, unexpected end of data). Decodes the image if needed.
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
    isrc.status
}

/// The status of the image at `index`: `CGImageSourceGetStatus` for index 0;
/// `.statusInvalidData` for any other index (a PNG or JPEG has one image).
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus {
    guard isrc.format != nil else { return .statusUnknownType }
    return index == 0 ? isrc.status : .statusInvalidData
}

/// The type identifiers a source can read: "public.png" and "public.jpeg".
public func CGImageSourceCopyTypeIdentifiers() -> CFArray {
    ["public.png", "public.jpeg"] as NSArray
}

/// The container's properties: `kCGImagePropertyFileSize` (bytes). Nil for an unknown type.
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? {
    guard isrc.format != nil else { return nil }
    return NSDictionary(dictionary: [kCGImagePropertyFileSize: NSNumber(value: isrc.bytes.count)])
}

/// The properties of the image at `index`, read from the header without decoding: pixel width
/// and height, `HasAlpha`, `Depth`, `ColorModel`, `IsIndexed` for palette PNGs, and — when the
/// file records them — `DPIWidth`/`DPIHeight` and the EXIF `Orientation`. Numbers are
/// `NSNumber`s, so `as? Int`, `as? Double`, `as? Bool` and `as? UInt32` read them as on Apple's
/// platforms (`as? CGFloat` does not bridge on Linux: read a `Double` and convert). Nil when
/// `index` is not 0 or the header does not read.
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    guard index == 0, let h = isrc.validHeader else { return nil }
    var properties: [String: Any] = [
        kCGImagePropertyPixelWidth: NSNumber(value: h.width),
        kCGImagePropertyPixelHeight: NSNumber(value: h.height),
        kCGImagePropertyHasAlpha: NSNumber(value: h.hasAlpha),
        kCGImagePropertyDepth: NSNumber(value: h.depth),
        kCGImagePropertyColorModel: h.colorModel,
    ]
    if h.isIndexed { properties[kCGImagePropertyIsIndexed] = NSNumber(value: true) }
    if let dpi = h.dpi {
        properties[kCGImagePropertyDPIWidth] = NSNumber(value: dpi.x)
        properties[kCGImagePropertyDPIHeight] = NSNumber(value: dpi.y)
    }
    if let orientation = h.orientation { properties[kCGImagePropertyOrientation] = NSNumber(value: orientation) }
    return NSDictionary(dictionary: properties)
}

/// The image at `index`, decoded (premultiplied RGBA8; an opaque file gives an image whose
/// alpha info is `noneSkipLast`). Nil when `index` is not 0 or the data does not decode —
/// Lamina does not return the partial image of a truncated file. Stored pixels are returned
/// as stored: the EXIF orientation is not applied (as Apple's). Options:
/// `kCGImageSourceShouldCache` and `kCGImageSourceSubsampleFactor` (2, 4 or 8: the image is
/// scaled down by that factor, sides rounded up).
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard index == 0 else { return nil }
    let options = ImageIOOptions(merging: isrc.options, with: options)
    guard let image = isrc.decodedImage(cache: options.bool(kCGImageSourceShouldCache) ?? true) else { return nil }
    if let factor = options.number(kCGImageSourceSubsampleFactor), [2.0, 4, 8].contains(factor) {
        let f = Int(factor)
        return ImageResampling.scaled(image, width: (image.width + f - 1) / f, height: (image.height + f - 1) / f)
    }
    return image
}

/// A thumbnail of the image at `index`. PNG and JPEG files are not read for embedded
/// thumbnails, so without `kCGImageSourceCreateThumbnailFromImageAlways` or
/// `…FromImageIfAbsent` set to true there is none and the result is nil (Apple's result for a
/// file without one). With either, the full image is decoded, turned upright by its EXIF
/// orientation when `kCGImageSourceCreateThumbnailWithTransform` is true, and scaled down so
/// that neither side exceeds `kCGImageSourceThumbnailMaxPixelSize` (the longer side becomes
/// that size, the other keeps the aspect ratio, rounded, at least 1 px; never enlarged; a
/// missing, zero, negative or NaN size means the image's own size).
///
/// A JPEG is decoded at the smallest of 1/8, 1/4 or 1/2 of its size that is still at least the
/// thumbnail's size (libjpeg's DCT scaling), then resampled to it as a full decode would be.
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard index == 0 else { return nil }
    let options = ImageIOOptions(merging: isrc.options, with: options)
    guard options.bool(kCGImageSourceCreateThumbnailFromImageAlways) == true
            || options.bool(kCGImageSourceCreateThumbnailFromImageIfAbsent) == true else { return nil }
    let maxSize = options.number(kCGImageSourceThumbnailMaxPixelSize).flatMap { $0 >= 1 ? $0 : nil }
    guard let source = isrc.thumbnailSource(maxPixelSize: maxSize, cache: options.bool(kCGImageSourceShouldCache) ?? true)
    else { return nil }
    var image = source.image
    var (w, h) = source.fullSize
    if options.bool(kCGImageSourceCreateThumbnailWithTransform) == true,
       let raw = isrc.validHeader?.orientation,
       let orientation = CGImagePropertyOrientation(rawValue: raw), orientation != .up {
        image = ImageResampling.oriented(image, orientation)
        if orientation.rawValue >= 5 { (w, h) = (h, w) }
    }
    // The size the full image would be scaled to.
    guard let maxSize, let size = ImageResampling.fittedSize(width: w, height: h, maxPixelSize: maxSize) else { return image }
    return ImageResampling.scaled(image, width: size.width, height: size.height)
}

extension CGImageSource {
    /// The image a thumbnail is made from, as stored (not turned): the cached image if there
    /// is one; for a JPEG that will be scaled to fit `maxPixelSize`, the file decoded at the
    /// smallest DCT scale (1/8, 1/4, 1/2) whose sides are still at least the thumbnail's (not
    /// cached: it is not the image); otherwise the full image (`decodedImage`).
    /// `fullSize` is the stored image's size in pixels (what the thumbnail's size is computed
    /// from).
    package func thumbnailSource(maxPixelSize: Double?, cache: Bool) -> (image: CGImage, fullSize: (Int, Int))? {
        func full() -> (image: CGImage, fullSize: (Int, Int))? {
            decodedImage(cache: cache).map { ($0, ($0.width, $0.height)) }
        }
        guard let maxPixelSize, let header = validHeader, header.format == .jpeg,
              let size = ImageResampling.fittedSize(width: header.width, height: header.height, maxPixelSize: maxPixelSize),
              let denominator = [8, 4, 2].first(where: { d in
                  (header.width + d - 1) / d >= size.width && (header.height + d - 1) / d >= size.height
              })
        else { return full() }
        if cachedDecodedImage != nil { return full() }
        guard let image = try? ImageCodec.decodeJPEG(data: bytes, scaleDenominator: denominator) else { return nil }
        return (image, (header.width, header.height))
    }
}
