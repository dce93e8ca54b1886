import Foundation

// Core Foundation's names as Swift code on Apple's platforms writes them.
//
// On Apple's platforms the CF types are classes toll-free bridged to Foundation, so iOS code
// converts freely: `data as CFData`, `url as CFURL`, `"public.png" as CFString`,
// `[kCGImageDestinationLossyCompressionQuality: 0.8] as CFDictionary`, `mutableData as Data`.
// swift-corelibs-foundation on Linux does not bridge its CoreFoundation module (`Data as
// CFData` does not compile there, and `import Foundation` does not even expose the names), so
// Lamina names each CF type after the Swift or Foundation type that already behaves like it:
// every one of those spellings is then an ordinary (identity or bridging) `as` cast on Linux
// and compiles unchanged. A value-like CF type is the Swift value type (CFData is `Data`,
// CFString is `String`, CFURL is `URL`); a mutable or heterogeneous one is the Foundation class
// (CFMutableData is `NSMutableData`, so a destination can write into the caller's object;
// CFDictionary is `NSDictionary`, so `as? [CFString: Any]` and `as NSDictionary` both work).
//
// What does not carry over: a module that also writes `import CoreFoundation` on Linux sees
// two different `CFData`s (qualify them, or drop that import: Apple code never needs it), and
// `CFGetTypeID`/`CFRetain`-style calls do not exist.

/// Core Foundation's immutable byte buffer (`Data` on Linux: `data as CFData` is `data`).
public typealias CFData = Data
/// Core Foundation's mutable byte buffer: a reference type, as APIs that fill one
/// (`CGImageDestinationCreateWithData`) write into the caller's object.
public typealias CFMutableData = NSMutableData
/// Core Foundation's string (`String` on Linux), the type of the `kCG…` keys.
public typealias CFString = String
/// Core Foundation's URL (`URL` on Linux: `url as CFURL` is `url`).
public typealias CFURL = URL
/// Core Foundation's dictionary; options and property dictionaries are `NSDictionary`.
public typealias CFDictionary = NSDictionary
/// Core Foundation's array.
public typealias CFArray = NSArray
/// Core Foundation's boxed number.
public typealias CFNumber = NSNumber
/// Core Foundation's signed index and count type.
public typealias CFIndex = Int

/// Core Foundation's memory allocator. Lamina allocates through Swift; the type exists so that
/// `CFDataCreateMutable(kCFAllocatorDefault, 0)` and `CFDataCreateMutable(nil, 0)` compile.
public final class CFAllocator: @unchecked Sendable {
    fileprivate init() {}
}

/// The default allocator (`nil` means the same in every CF call).
public let kCFAllocatorDefault: CFAllocator! = CFAllocator()

/// A new, empty mutable data object, as Core Foundation's `CFDataCreateMutable`. `capacity` is
/// a hint (0: no limit); a negative capacity returns nil, as CF refuses it. The allocator is
/// ignored.
public func CFDataCreateMutable(_ allocator: CFAllocator!, _ capacity: CFIndex) -> CFMutableData! {
    guard capacity >= 0 else { return nil }
    return NSMutableData(capacity: min(capacity, 1 << 24)) ?? NSMutableData()
}

/// The number of bytes in `data`, as Core Foundation's `CFDataGetLength`.
public func CFDataGetLength(_ data: CFData) -> CFIndex { data.count }

/// The number of bytes in a mutable data object, as Core Foundation's `CFDataGetLength`.
public func CFDataGetLength(_ data: NSData) -> CFIndex { data.length }
