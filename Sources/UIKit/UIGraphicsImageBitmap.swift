import QuartzCore

/// The bitmap behind an image context or a UIGraphicsImageRenderer: a premultiplied RGBA8
/// context of `size × scale` pixels (each side rounded up) whose user space is UIKit's —
/// origin top-left, y down, in points — with shadows cast downward for a positive height, as
/// in every UIKit drawing context.
///
/// Opaque bitmaps start black and their images have no alpha (every pixel's alpha is taken as
/// 1, so translucent drawing shows as blended over black), which is what iOS gives for an
/// opaque image context; others start fully transparent.
final class ImageBitmap {
    /// The size in points.
    let size: CGSize
    /// Pixels per point.
    let scale: CGFloat
    let opaque: Bool
    let context: CGContext

    /// Nil when the size is empty, not finite, or too large for a bitmap (more than 32768
    /// pixels a side); `scale` ≤ 0 or not finite means `defaultScreenScale`.
    init?(size: CGSize, scale requestedScale: CGFloat, opaque: Bool) {
        let scale = requestedScale.isFinite && requestedScale > 0 ? requestedScale : defaultScreenScale
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return nil }
        let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
        guard w >= 1, h >= 1, w <= 32768, h <= 32768,
              let context = CGContext.makeLayerContext(width: Int(w), height: Int(h), scale: scale)
        else { return nil }
        self.size = size
        self.scale = scale
        self.opaque = opaque
        self.context = context
        if opaque {
            context.saveGState()
            context.setFillColor(CGColor.black)
            context.fill(CGRect(origin: .zero, size: CGSize(width: w / scale, height: h / scale)))
            context.restoreGState()
        }
    }

    /// A snapshot of the pixels drawn so far.
    func makeCGImage() -> CGImage? {
        guard opaque else { return context.makeImage() }
        // Opaque: the same pixels with no alpha channel.
        guard let data = context.data else { return nil }
        let bytes = Data(bytes: data, count: context.bytesPerRow * context.height)
        guard let provider = CGDataProvider(data: bytes) else { return nil }
        return CGImage(width: context.width, height: context.height, bitsPerComponent: 8, bitsPerPixel: 32,
                       bytesPerRow: context.bytesPerRow, space: CGColorSpace(name: CGColorSpace.sRGB)!,
                       bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue
                                                | CGBitmapInfo.byteOrder32Big.rawValue),
                       provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    /// The snapshot as a UIImage of this bitmap's scale.
    func makeImage() -> UIImage? {
        makeCGImage().map { UIImage(cgImage: $0, scale: scale, orientation: .up) }
    }
}

/// Creates a bitmap image context of `size` points at scale 1,
/// transparent, and makes it current (UIKit's UIGraphicsBeginImageContext is
/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`).
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Creates a bitmap image context of `size` points and makes it current. `scale` is pixels
/// per point; 0 means the main screen's scale (`defaultScreenScale`, 2). The context's user
/// space is UIKit's: origin top-left, y down, in points. `opaque` makes a bitmap with no
/// alpha that starts black.
///
/// An empty, non-finite or too large size creates no context (UIKit logs an error and, since
/// iOS 17, asserts): nothing is pushed, so `UIGraphicsGetCurrentContext()` is unchanged and
/// `UIGraphicsGetImageFromCurrentImageContext()` returns nil.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    guard let bitmap = ImageBitmap(size: size, scale: scale, opaque: opaque) else { return }
    UIGraphicsContextStack.current.push(bitmap.context, kind: .imageContext(bitmap))
}

/// The contents of the current image context as an image (of the context's scale), or nil
/// when the current context is not an image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let top = UIGraphicsContextStack.current.entries.last,
          case .imageContext(let bitmap) = top.kind else { return nil }
    return bitmap.makeImage()
}

/// Removes the current image context from the stack. Does nothing when the current context
/// is not an image context (UIKit logs an error in that case).
public func UIGraphicsEndImageContext() {
    let stack = UIGraphicsContextStack.current
    guard let top = stack.entries.last, case .imageContext = top.kind else { return }
    stack.pop()
}
