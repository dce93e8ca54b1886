/// v rounded to the nearest integer (ties to even), for |v| < 2^51: adding 1.5·2^52 leaves
/// the rounded integer in the low mantissa bits. Written out because `Double.rounded()` is a
/// libm call on baseline x86-64 (no SSE4.1) and `Int(_: Double)` carries trap checks, both
/// visible in the profile. Deterministic: the same input gives the same bits on every thread.
@inline(__always) func roundToInt(_ v: Double) -> Int {
    let magic = 6_755_399_441_055_744.0
    return Int(truncatingIfNeeded: (v + magic).bitPattern &- magic.bitPattern)
}

/// A growable scratch array of plain values, reused from fill to fill (no allocation once
/// grown): `reserve(n)`, then read and write `base[0..<n]`. Contents are not kept across a
/// growth, and nothing is initialised: callers write before they read.
final class ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private var capacity = 1

    init() { base = .allocate(capacity: 1) }

    deinit { base.deallocate() }

    func reserve(_ count: Int) {
        guard count > capacity else { return }
        base.deallocate()
        capacity = max(count, 2 * capacity)
        base = .allocate(capacity: capacity)
    }
}
