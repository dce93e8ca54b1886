/// A read-only source of bytes for an image.
///
/// Apple's `CGDataProvider` wraps `CFData`; on Linux there is no toll-free bridging, so this one
/// wraps `Data` and its `data` property returns `Data?` where Apple's returns `CFData?`.
/// Providers are immutable, so sharing one between images and threads is safe.
public final class CGDataProvider: @unchecked Sendable {
    /// The bytes; immutable for the provider's lifetime.
    package let bytes: Data

    /// A provider of `data`. Failable like Apple's `init?(data: CFData)` so that
    /// `guard let provider = CGDataProvider(data: ...)` and `CGDataProvider(data: ...)!`
    /// compile unchanged; it never fails.
    public init?(data: Data) {
        bytes = data
    }

    package init(bytes: Data) {
        self.bytes = bytes
    }

    /// A provider of a file's contents, read now; nil when the file cannot be read.
    /// (Apple takes a C string; Swift passes a `String` there implicitly, so call sites match.)
    public convenience init?(filename: String) {
        guard let data = FileManager.default.contents(atPath: filename) else { return nil }
        self.init(bytes: data)
    }

    /// A provider of the contents of a file URL, read now; nil when it cannot be read.
    /// (Apple takes a `CFURL`.)
    public convenience init?(url: URL) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        self.init(bytes: data)
    }

    /// Apple's callback-based provider over caller-owned memory. Lamina copies the `size` bytes
    /// at once and calls `releaseData` immediately, since it no longer needs them; the bytes
    /// must be valid for the duration of this call. Nil when `size` is negative.
    public convenience init?(
        dataInfo info: UnsafeMutableRawPointer?,
        data: UnsafeRawPointer,
        size: Int,
        releaseData: CGDataProviderReleaseDataCallback
    ) {
        guard size >= 0 else { return nil }
        let copy = Data(bytes: data, count: size)
        releaseData(info, data, size)
        self.init(bytes: copy)
    }

    /// The provider's bytes (Apple: `CFData?`).
    public var data: Data? { bytes }
}

/// Apple's callback type for `CGDataProvider(dataInfo:data:size:releaseData:)`.
public typealias CGDataProviderReleaseDataCallback =
    @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void
