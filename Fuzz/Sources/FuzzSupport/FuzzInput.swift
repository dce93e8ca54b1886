import CFuzzDriver

/// The fuzzer's bytes read front to back as choices, counts and numbers.
///
/// Reading past the end gives zeros, so every input, however short, decodes to something and
/// libFuzzer's mutations of one byte change one decision. Numbers come either from a small
/// table of values that break geometry code (NaN, infinities, huge, tiny, negative zero) or
/// from a byte scaled into a range a picture can show, so most inputs draw something visible.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// True while unread bytes remain.
    public var hasMore: Bool { index < bytes.count }

    /// The next byte (0 past the end).
    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// An integer in `0..<n` (n ≥ 1).
    public mutating func choice(_ n: Int) -> Int { Int(byte()) % max(n, 1) }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ options: [T]) -> T { options[choice(options.count)] }

    /// The next four bytes as a little-endian 32-bit word.
    public mutating func word() -> UInt32 {
        var w: UInt32 = 0
        for i in 0..<4 { w |= UInt32(byte()) << (8 * UInt32(i)) }
        return w
    }

    /// Values that break geometry and timing code.
    public static let specials: [Double] = [
        .nan, .infinity, -.infinity, 0, -0.0, 1, -1, 1e300, -1e300, 1e-300, .ulpOfOne,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
        1e9, -1e9, 1e15, 0.5, 2, 1e-9,
    ]

    /// A number: one time in eight a special value, else `scale · (byte / 255)` shifted by
    /// `offset` (so plain inputs stay within a picture of size `scale`).
    public mutating func number(scale: Double = 64, offset: Double = 0) -> Double {
        let b = byte()
        if b & 7 == 7 { return pick(FuzzInput.specials) }
        return offset + scale * Double(byte()) / 255
    }

    /// Any 64-bit double, straight from eight bytes (every bit pattern, NaN payloads included).
    public mutating func rawDouble() -> Double {
        let lo = UInt64(word()), hi = UInt64(word())
        return Double(bitPattern: lo | hi << 32)
    }

    /// The unread bytes, consumed.
    public mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return index < bytes.count ? Array(bytes[index...]) : []
    }
}

/// Runs libFuzzer's driver with the process's arguments on `callback`: what each fuzzer's
/// `<Target>_main` entry point calls (see CFuzzDriver.h for why not libFuzzer's `main`).
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                      _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, callback)
}
