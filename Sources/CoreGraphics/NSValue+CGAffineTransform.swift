// NSValue boxes for Core Graphics and Core Animation structs that Foundation on Linux cannot box.
//
// Apple's code boxes geometry in NSValue to put it where `Any` goes (animation values, KVC,
// arrays): `NSValue(cgAffineTransform:)` (UIKit's UIGeometry on iOS) and
// `NSValue(caTransform3D:)` (QuartzCore). swift-corelibs-foundation boxes CGPoint, CGSize,
// CGRect and NSRange (`NSValue(point:)`, …) but traps on any other struct given to
// `NSValue(bytes:objCType:)` ("cannot encode structs"). So these boxes are a small NSValue
// subclass of our own that keeps the Swift value and reports Apple's type encoding, e.g.
// `{CGAffineTransform=dddddd}`, so code that inspects `objCType` sees what it sees on iOS;
// `getValue(_:)` copies the struct's bytes as NSValue does; equal boxes compare and hash equal.
//
// Not covered: `NSValue(bytes:objCType:)` with these encodings still goes to Foundation and
// traps there; make the box with the initialisers below instead.

/// An NSValue holding one Swift struct of plain CGFloat fields, with Apple's type encoding.
/// Made through `NSValue(cgAffineTransform:)`, `NSValue(caTransform3D:)` (QuartzCore).
package final class StructValueBox: NSValue, @unchecked Sendable {
    /// The boxed value (a CGAffineTransform, a CATransform3D, …).
    package let value: any Sendable & Hashable
    /// The value's fields in memory order, for equality, hashing and `getValue(_:)`.
    private let fields: [CGFloat]
    private let encoding: TypeEncoding

    /// An Objective-C type encoding string kept alive for the life of the process (NSValue
    /// hands out `objCType` as a borrowed C string).
    package final class TypeEncoding: @unchecked Sendable {
        package let name: String
        fileprivate let cString: UnsafeMutablePointer<CChar>
        package init(_ name: String) {
            self.name = name
            cString = strdup(name)!
        }
    }

    /// `T` must be a struct of `fieldCount` CGFloat stored properties and nothing else.
    package init<T: Sendable & Hashable>(_ value: T, fieldCount: Int, encoding: TypeEncoding) {
        precondition(MemoryLayout<T>.size == fieldCount * MemoryLayout<CGFloat>.size)
        self.value = value
        self.fields = withUnsafeBytes(of: value) { Array($0.bindMemory(to: CGFloat.self)) }
        self.encoding = encoding
        super.init()
    }

    /// NSValue's class-cluster initialiser is not supported for this private subclass.
    package required convenience init(bytes value: UnsafeRawPointer, objCType type: UnsafePointer<Int8>) {
        preconditionFailure("StructValueBox is made through NSValue(cgAffineTransform:) or NSValue(caTransform3D:)")
    }

    /// Archiving these boxes is not supported (nil).
    package required convenience init?(coder: NSCoder) { return nil }

    package override var objCType: UnsafePointer<Int8> { UnsafePointer(encoding.cString) }

    package override func getValue(_ value: UnsafeMutableRawPointer) {
        fields.withUnsafeBytes { value.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    }

    package override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? StructValueBox else { return false }
        return other.encoding.name == encoding.name && other.fields == fields
    }

    package override var hash: Int {
        var h = Hasher()
        h.combine(encoding.name)
        h.combine(fields)
        return h.finalize()
    }

    /// Immutable: a copy is the box itself, as for Foundation's own NSValue.
    package override func copy(with zone: NSZone? = nil) -> Any { self }

    package override func encode(with coder: NSCoder) {}

    package override var description: String { "NSValue(\(value))" }
}

/// Lets an `NSValue` convenience initialiser return an instance of a private subclass, the way
/// Foundation's own class cluster does (`self = make()` is allowed in a protocol extension).
package protocol NSValueBoxFactory {}
extension NSValueBoxFactory {
    package init(boxing make: () -> Self) { self = make() }
}
extension NSValue: NSValueBoxFactory {}

extension StructValueBox.TypeEncoding {
    /// `@encode(CGAffineTransform)` with 64-bit CGFloat.
    package static let affineTransform = StructValueBox.TypeEncoding("{CGAffineTransform=dddddd}")
}

extension NSValue {
    /// A value object that contains the given affine transform (UIKit's `UIGeometry` on iOS;
    /// here in CoreGraphics so QuartzCore and UIKit code both see it). Its `objCType` is
    /// `{CGAffineTransform=dddddd}` as on iOS.
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        self.init(boxing: {
            StructValueBox(transform, fieldCount: 6, encoding: .affineTransform) as! Self
        })
    }

    /// The affine transform in the value. A value of another type reads as the identity
    /// (Apple reinterprets the bytes; the result there is undefined).
    public var cgAffineTransformValue: CGAffineTransform {
        if let box = self as? StructValueBox, let t = box.value as? CGAffineTransform { return t }
        guard String(cString: objCType) == StructValueBox.TypeEncoding.affineTransform.name else { return .identity }
        var t = CGAffineTransform.identity
        withUnsafeMutableBytes(of: &t) { getValue($0.baseAddress!) }
        return t
    }
}
