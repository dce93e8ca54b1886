/// Where alpha sits in a pixel and whether colour is premultiplied by it. Apple's names and
/// raw values (the low five bits of `CGBitmapInfo`).
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha; the pixel is only colour components.
    case none = 0
    /// Alpha is the last component, colour already multiplied by it (RGBA, premultiplied).
    case premultipliedLast = 1
    /// Alpha is the first component, colour premultiplied (ARGB).
    case premultipliedFirst = 2
    /// Alpha last, colour not premultiplied ("straight" RGBA).
    case last = 3
    /// Alpha first, colour not premultiplied.
    case first = 4
    /// An unused padding component after the colour (RGBX): opaque.
    case noneSkipLast = 5
    /// An unused padding component before the colour (XRGB): opaque.
    case noneSkipFirst = 6
    /// Only alpha, no colour.
    case alphaOnly = 7
}

/// The byte order of a pixel's components, Apple's names and raw values (bits 12–14 of
/// `CGBitmapInfo`). "Default" is big-endian, i.e. components in memory in the order the alpha
/// info names them.
public enum CGImageByteOrderInfo: UInt32, Sendable {
    /// The bits of `CGBitmapInfo` that hold the byte order.
    case orderMask = 0x7000
    /// The default order: components in memory in the order the alpha info names them.
    case orderDefault = 0
    /// 16-bit units, little-endian.
    case order16Little = 0x1000
    /// 32-bit units, little-endian (premultiplied-first RGB is BGRA in memory).
    case order32Little = 0x2000
    /// 16-bit units, big-endian.
    case order16Big = 0x3000
    /// 32-bit units, big-endian.
    case order32Big = 0x4000

    /// Host order for 16-bit words (little-endian on every platform Lamina runs on).
    public static var order16Host: CGImageByteOrderInfo { isLittleEndianHost ? .order16Little : .order16Big }
    /// Host order for 32-bit words.
    public static var order32Host: CGImageByteOrderInfo { isLittleEndianHost ? .order32Little : .order32Big }
}

private let isLittleEndianHost = 1.littleEndian == 1

/// A bitmap's layout flags: alpha info in the low bits, float flag, byte order. Apple's names
/// and raw values, so `CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue`
/// means the same (BGRA in memory) as on Apple's platforms.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    /// The flags' bits, Apple's values (alpha info in bits 0–4, float flag in bit 8, byte order in bits 12–14).
    public let rawValue: UInt32
    /// Flags with the given bits (combine a `CGImageAlphaInfo` raw value with a byte order).
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bits that hold the `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits that hold the floating-point flags.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floating-point numbers.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order: components in memory in the order of their names (RGBA is R, G, B, A).
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit units, little-endian.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit units, little-endian: premultiplied-first RGB is B, G, R, A in memory (BGRA).
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit units, big-endian.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit units, big-endian: components in memory in the order of their names.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)

    /// 16-bit units in the machine's byte order (little-endian on x86-64 and ARM64).
    public static var byteOrder16Host: CGBitmapInfo { isLittleEndianHost ? .byteOrder16Little : .byteOrder16Big }
    /// 32-bit units in the machine's byte order (little-endian on x86-64 and ARM64).
    public static var byteOrder32Host: CGBitmapInfo { isLittleEndianHost ? .byteOrder32Little : .byteOrder32Big }

    /// The alpha info bits; nil when they hold a value Apple does not define.
    package var alphaInfoValue: CGImageAlphaInfo? {
        CGImageAlphaInfo(rawValue: rawValue & CGBitmapInfo.alphaInfoMask.rawValue)
    }

    /// The byte order bits; nil when they hold a value Apple does not define.
    package var byteOrderValue: CGImageByteOrderInfo? {
        CGImageByteOrderInfo(rawValue: rawValue & CGBitmapInfo.byteOrderMask.rawValue)
    }
}
