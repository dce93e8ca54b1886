// ImageIO for Linux: Apple's CGImageSource / CGImageDestination API over CoreGraphics' PNG and
// JPEG codecs (`ImageCodec`), so images are read and saved the way Apple code reads and saves
// them:
//
//     let data = NSMutableData()
//     let dest = CGImageDestinationCreateWithData(data as CFMutableData, kUTTypePNG, 1, nil)!
//     CGImageDestinationAddImage(dest, image, nil)
//     CGImageDestinationFinalize(dest)              // data now holds the PNG
//
//     let source = CGImageSourceCreateWithData(data as CFData, nil)!
//     let back = CGImageSourceCreateImageAtIndex(source, 0, nil)
//
// Design:
// - The C-style API is Apple's Swift view of it: opaque final classes and free functions, with
//   the Core Foundation types named by CoreGraphics (`CFData` is `Data`, `CFMutableData` is
//   `NSMutableData`, `CFString` is `String`, `CFDictionary` is `NSDictionary`; see
//   CoreFoundationTypes.swift there), so `data as CFData`, `url as CFURL`, `"public.png" as
//   CFString` and `[kCG…: 0.8] as CFDictionary` compile unchanged.
// - A source parses the file header once (`ImageHeader`: size, alpha, depth, colour model,
//   DPI, EXIF orientation) without decoding, and decodes pixels when an image is asked for,
//   caching the result unless `kCGImageSourceShouldCache` is false.
// - Only PNG ("public.png") and JPEG ("public.jpeg") exist; other types are refused as Apple
//   refuses a type it has no codec for (nil source type, nil destination).
// - Bad input never traps: unknown or truncated data gives nil images and a status that says
//   why; NaN or out-of-range options are ignored or clamped; file writes are atomic.
@_exported import CoreGraphics
