/// A deterministic stand-in for the seeds' `arc4random()`: SplitMix64, so a scene's "random"
/// colours are the same in every run, on every machine, in goldens and in the window.
package struct SceneRandom {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1). (The seed's `arc4random() / INT_MAX` spans [0, 2), a known slip
    /// that only saturated colours; we keep the intent.)
    package mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}
