// The dictionary keys and type identifiers of Apple's ImageIO, with Apple's string values (so
// a dictionary written by one spelling is read by the other: `kCGImagePropertyPixelWidth` is
// "PixelWidth", as on Apple's platforms).

// MARK: Type identifiers

/// The uniform type identifier of PNG, as MobileCoreServices' `kUTTypePNG` ("public.png").
/// Provided here because ImageIO code passes it straight to `CGImageDestinationCreateWithData`;
/// Lamina has no MobileCoreServices or UniformTypeIdentifiers module, so code that imports one
/// of those for it needs the import removed (or `"public.png" as CFString`).
public let kUTTypePNG: CFString = "public.png"
/// The uniform type identifier of JPEG ("public.jpeg"), as MobileCoreServices' `kUTTypeJPEG`.
public let kUTTypeJPEG: CFString = "public.jpeg"

// MARK: Image properties (CGImageSourceCopyPropertiesAtIndex)

/// Width of the image in pixels (an integer number).
public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// Height of the image in pixels (an integer number).
public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
/// Whether the file can carry transparency (a Boolean number): a PNG alpha channel or tRNS
/// chunk; never for JPEG. It says nothing about whether any pixel is translucent.
public let kCGImagePropertyHasAlpha: CFString = "HasAlpha"
/// The EXIF orientation, 1…8 (`CGImagePropertyOrientation`'s raw values); present only when
/// the file records one.
public let kCGImagePropertyOrientation: CFString = "Orientation"
/// Horizontal resolution in dots per inch; present only when the file records a physical
/// resolution (PNG pHYs in metres, JFIF density in inches or centimetres).
public let kCGImagePropertyDPIWidth: CFString = "DPIWidth"
/// Vertical resolution in dots per inch (see `kCGImagePropertyDPIWidth`).
public let kCGImagePropertyDPIHeight: CFString = "DPIHeight"
/// Bits per sample in the file (PNG bit depth, JPEG sample precision).
public let kCGImagePropertyDepth: CFString = "Depth"
/// The colour model of the file's samples: one of the `kCGImagePropertyColorModel…` values.
public let kCGImagePropertyColorModel: CFString = "ColorModel"
/// Whether the samples are palette indices (PNG colour type 3).
public let kCGImagePropertyIsIndexed: CFString = "IsIndexed"
/// The file size in bytes (`CGImageSourceCopyProperties`, the container's properties).
public let kCGImagePropertyFileSize: CFString = "FileSize"
/// `kCGImagePropertyColorModel` for RGB samples (PNG truecolour and palette, YCbCr JPEG).
public let kCGImagePropertyColorModelRGB: CFString = "RGB"
/// `kCGImagePropertyColorModel` for grayscale samples.
public let kCGImagePropertyColorModelGray: CFString = "Gray"
/// `kCGImagePropertyColorModel` for CMYK samples (four-component JPEG).
public let kCGImagePropertyColorModelCMYK: CFString = "CMYK"
/// `kCGImagePropertyColorModel` for Lab samples (no Lamina codec produces it).
public let kCGImagePropertyColorModelLab: CFString = "Lab"

// MARK: Source options

/// A type identifier to try first; Lamina sniffs the bytes, so the hint is not needed.
public let kCGImageSourceTypeIdentifierHint: CFString = "kCGImageSourceTypeIdentifierHint"
/// Whether the decoded image is kept by the source (Boolean, default true): a second
/// `CGImageSourceCreateImageAtIndex` then returns the same image without decoding again.
public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
/// Whether to decode when the image is created rather than when drawn. Lamina always decodes
/// at creation; accepted and ignored.
public let kCGImageSourceShouldCacheImmediately: CFString = "kCGImageSourceShouldCacheImmediately"
/// Whether float samples may be returned; Lamina's images are 8-bit. Accepted and ignored.
public let kCGImageSourceShouldAllowFloat: CFString = "kCGImageSourceShouldAllowFloat"
/// Make a thumbnail from the full image when the file has none (Boolean). PNG and JPEG files
/// are never read for embedded thumbnails, so this and `…FromImageAlways` act alike.
public let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString = "kCGImageSourceCreateThumbnailFromImageIfAbsent"
/// Always make the thumbnail from the full image (Boolean).
public let kCGImageSourceCreateThumbnailFromImageAlways: CFString = "kCGImageSourceCreateThumbnailFromImageAlways"
/// The largest width and height of a thumbnail, in pixels (a number). Without it a thumbnail
/// is as large as the image; it never enlarges the image.
public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
/// Rotate and flip the thumbnail by the EXIF orientation so it is upright (Boolean).
public let kCGImageSourceCreateThumbnailWithTransform: CFString = "kCGImageSourceCreateThumbnailWithTransform"
/// Scale returned images down by 2, 4 or 8 (a number); other values are ignored.
public let kCGImageSourceSubsampleFactor: CFString = "kCGImageSourceSubsampleFactor"

// MARK: Destination options

/// JPEG quality from 0.0 (most compression) to 1.0 (least), a number; lossless formats
/// ignore it. Values outside 0…1 are clamped; NaN and non-numbers are ignored.
public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"
/// The colour that translucent pixels are composited over when the format has no alpha
/// (a `CGColor`; JPEG). Default black, as Apple's encoder.
public let kCGImageDestinationBackgroundColor: CFString = "kCGImageDestinationBackgroundColor"
/// The largest width and height of the written image, in pixels (a number); larger images are
/// scaled down, keeping their aspect ratio.
public let kCGImageDestinationImageMaxPixelSize: CFString = "kCGImageDestinationImageMaxPixelSize"
