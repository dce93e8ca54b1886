import Foundation

extension ImageCodec {
    /// Width and height in pixels that a PNG's IHDR or a JPEG's first start-of-frame declares,
    /// found as libpng and libjpeg find them (`ImageHeader.declaredSize(of:)`), so a caller can
    /// check them against a memory budget before a decoder allocates the pixels. Nil when the
    /// data is neither format or ends before the size (the decoder then gives the reason).
    package static func declaredSize(of data: Data) -> (width: Int, height: Int)? {
        ImageHeader.declaredSize(of: [UInt8](data))
    }
}
