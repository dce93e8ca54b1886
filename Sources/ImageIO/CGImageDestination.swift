import Foundation

/// An opaque destination that encodes images as PNG or JPEG into a mutable data object or a
/// file: Apple's `CGImageDestination`.
///
/// Images are added with `CGImageDestinationAddImage` and written by
/// `CGImageDestinationFinalize`, once. A PNG or JPEG file holds one image: a destination made
/// for more keeps only the first (Lamina writes neither APNG nor multi-image TIFF). Writing to
/// a URL is atomic (temporary file in the same folder, then a rename): a failure never leaves
/// a partial file or destroys an existing one.
public final class CGImageDestination: @unchecked Sendable {
    enum Target {
        case data(NSMutableData)
        case file(String)
    }

    let target: Target
    let format: ImageHeader.Format
    let capacity: Int
    private let lock = NSLock()
    private var properties: ImageIOOptions
    private var images: [(image: CGImage, options: ImageIOOptions)] = []
    private var isFinalized = false

    init(target: Target, format: ImageHeader.Format, capacity: Int, options: CFDictionary?) {
        self.target = target
        self.format = format
        self.capacity = capacity
        properties = ImageIOOptions(options)
    }

    /// The type for an identifier ("public.png", "public.jpeg"; case-insensitive, as type
    /// identifiers are), or nil.
    static func format(for type: CFString) -> ImageHeader.Format? {
        switch type.lowercased() {
        case "public.png": return .png
        case "public.jpeg": return .jpeg
        default: return nil
        }
    }

    func add(_ image: CGImage, _ options: CFDictionary?) {
        lock.lock(); defer { lock.unlock() }
        guard !isFinalized, images.count < capacity else { return }
        images.append((image, ImageIOOptions(options)))
    }

    func setProperties(_ options: CFDictionary?) {
        lock.lock(); defer { lock.unlock() }
        guard !isFinalized else { return }
        properties = ImageIOOptions(merging: properties, with: options)
    }

    func finalize() -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard !isFinalized, let first = images.first else { return false }
        isFinalized = true
        guard let encoded = encode(first.image, properties.merging(first.options)) else { return false }
        switch target {
        case .data(let data):
            data.append(encoded)
            return true
        case .file(let path):
            return AtomicFileWriter.write(encoded, toPath: path)
        }
    }

    /// The file's bytes for `image` under the merged destination and image options.
    private func encode(_ image: CGImage, _ options: ImageIOOptions) -> Data? {
        var image = image
        if let limit = options.number(kCGImageDestinationImageMaxPixelSize), limit >= 1 {
            guard let fitted = ImageResampling.fitting(image, maxPixelSize: limit) else { return nil }
            image = fitted
        }
        switch format {
        case .png:
            return try? image.pngData()
        case .jpeg:
            if !image.isOpaqueImage, let value = options.value(kCGImageDestinationBackgroundColor),
               let color = Self.color(value) {
                guard let flat = ImageResampling.flattened(image, over: color) else { return nil }
                image = flat
            }
            return try? image.jpegData(quality: Self.jpegQuality(options.number(kCGImageDestinationLossyCompressionQuality)))
        }
    }

    /// libjpeg's 1…100 quality for Apple's 0…1 `kCGImageDestinationLossyCompressionQuality`:
    /// quality × 100, rounded, clamped (0 gives libjpeg's lowest, 1). Without a usable value
    /// (absent, NaN, not a number) 0.9: Apple does not document its default, and 90 is the
    /// quality Lamina's `CGImage.jpegData` uses.
    static func jpegQuality(_ quality: Double?) -> Int {
        guard let q = quality, q.isFinite else { return 90 }
        return Int((min(1, max(0, q)) * 100).rounded())
    }

    private static func color(_ value: Any) -> CGColor? {
        // CGColor is a Swift class on Linux: a dictionary holds it as is.
        value as? CGColor
    }
}

// MARK: Creating a destination

/// A destination that appends the encoded file to `data` (`NSMutableData()`, or
/// `CFDataCreateMutable(nil, 0)`) when finalized. `type` is "public.png" or "public.jpeg"
/// (`kUTTypePNG`, `"public.png" as CFString`, `UTType.png.identifier as CFString`); any other
/// type, or a `count` below 1, gives nil, as Apple's refuses a type it cannot write.
/// `options` are destination properties, as `CGImageDestinationSetProperties`.
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int,
                                             _ options: CFDictionary?) -> CGImageDestination? {
    guard count >= 1, let format = CGImageDestination.format(for: type) else { return nil }
    return CGImageDestination(target: .data(data), format: format, capacity: count, options: options)
}

/// A destination that writes the file at `url` when finalized (atomically; an existing file is
/// replaced only if the whole write succeeds). Nil for a URL that is not a file URL, an
/// unsupported `type` or a `count` below 1; a folder that does not exist makes
/// `CGImageDestinationFinalize` return false.
public func CGImageDestinationCreateWithURL(_ url: CFURL, _ type: CFString, _ count: Int,
                                            _ options: CFDictionary?) -> CGImageDestination? {
    guard url.isFileURL, !url.path.isEmpty, count >= 1, let format = CGImageDestination.format(for: type) else { return nil }
    return CGImageDestination(target: .file(url.path), format: format, capacity: count, options: options)
}

/// The type identifiers a destination can write: "public.png" and "public.jpeg".
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray {
    ["public.png", "public.jpeg"] as NSArray
}

// MARK: Writing

/// Sets properties for every image (`kCGImageDestinationLossyCompressionQuality`,
/// `kCGImageDestinationImageMaxPixelSize`, `kCGImageDestinationBackgroundColor`); an image's
/// own properties win over these.
public func CGImageDestinationSetProperties(_ idst: CGImageDestination, _ properties: CFDictionary?) {
    idst.setProperties(properties)
}

/// Adds `image` with its properties: `kCGImageDestinationLossyCompressionQuality` (0…1, JPEG
/// only; NaN ignored, out-of-range clamped), `kCGImageDestinationImageMaxPixelSize`,
/// `kCGImageDestinationBackgroundColor` (JPEG: what translucent pixels are composited over;
/// black by default). Ignored after finalizing or beyond the destination's count.
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    idst.add(image, properties)
}

/// Adds the image at `index` of `isrc` (nothing when it does not decode).
public func CGImageDestinationAddImageFromSource(_ idst: CGImageDestination, _ isrc: CGImageSource, _ index: Int,
                                                 _ properties: CFDictionary?) {
    guard let image = CGImageSourceCreateImageAtIndex(isrc, index, nil) else { return }
    idst.add(image, properties)
}

/// Encodes the added image and writes it out. True on success; false when no image was added,
/// the destination was already finalized, encoding failed, or the file could not be written
/// (the destination is finalized either way: call once).
@discardableResult
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    idst.finalize()
}
