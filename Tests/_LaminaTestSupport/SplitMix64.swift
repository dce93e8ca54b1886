/// The seeded random source of Lamina's tests: SplitMix64 (Steele, Lea and Flood, "Fast
/// splittable pseudorandom number generators", OOPSLA 2014), so a randomised test draws the
/// same numbers in every run and on every machine, and a failure reproduces from its seed.
///
/// It is the generator of the shared benchmark scenes (`bench/peers/scenes.py`, LaminaBench's
/// own copy) and of LaminaScenes' `SceneRandom`; those are product code and keep their own
/// copies, since a product must not depend on test support.
///
///     var rng = SplitMix64(2024)
///     let x = rng.uniform() * 100   // [0, 100)
package struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state: the seed plus the golden-ratio increment times the draws so far.
    package private(set) var state: UInt64

    package init(_ seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits of one draw: (next >> 11) · 2⁻⁵³, exact.
    package mutating func uniform() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// The top 8 bits of one draw, 0...255 (equal to floor(uniform() · 256) of the same draw).
    package mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 56) }

    /// `count` bytes, the low 8 bits of one draw each (random data for decoders and fuzz-like
    /// tests).
    package mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<max(0, count)).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
