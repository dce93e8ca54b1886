import Foundation

/// Reads the values of an options dictionary (`CFDictionary?`, an `NSDictionary` on Linux)
/// however Swift code boxed them: `[kCG…: 0.8]`, `[kCG…: maxPixelSize as CFNumber]`,
/// `[kCG…: CGFloat(120)]`, `[kCG…: true]`. A value of the wrong kind reads as absent, as
/// Apple's ImageIO ignores it.
struct ImageIOOptions {
    private let values: [String: Any]

    init(_ dictionary: CFDictionary?) {
        var values: [String: Any] = [:]
        dictionary?.enumerateKeysAndObjects { key, value, _ in
            if let key = key as? String { values[key] = value }
        }
        self.values = values
    }

    private init(values: [String: Any]) { self.values = values }

    /// These options with `other`'s entries added, `other` winning where both have a key.
    func merging(_ other: ImageIOOptions) -> ImageIOOptions {
        ImageIOOptions(values: values.merging(other.values) { _, new in new })
    }

    init(merging base: ImageIOOptions, with other: CFDictionary?) {
        self = base.merging(ImageIOOptions(other))
    }

    /// A finite number stored under `key`, or nil.
    func number(_ key: CFString) -> Double? {
        guard let value = values[key] else { return nil }
        let number: Double?
        switch value {
        case let v as Bool: number = v ? 1 : 0
        case let v as Int: number = Double(v)
        case let v as Double: number = v
        case let v as CGFloat: number = Double(v)
        case let v as Float: number = Double(v)
        case let v as UInt: number = Double(v)
        case let v as Int32: number = Double(v)
        case let v as UInt32: number = Double(v)
        case let v as NSNumber: number = v.doubleValue
        default: number = nil
        }
        guard let number, number.isFinite else { return nil }
        return number
    }

    /// A Boolean stored under `key` (a Bool, or a number: non-zero is true), or nil.
    func bool(_ key: CFString) -> Bool? {
        if let v = values[key] as? Bool { return v }
        return number(key).map { $0 != 0 }
    }

    /// The value stored under `key`, as is.
    func value(_ key: CFString) -> Any? { values[key] }
}
