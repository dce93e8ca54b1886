/// A range of frame rates in frames per second, with an optional preferred rate: what a
/// display link or animation asks of the display (iOS 15's `CAFrameRateRange`).
///
/// `.default` (all zero, no preference) lets the system pick: the display's rate.
public struct CAFrameRateRange: Sendable {
    /// The lowest acceptable rate (frames per second).
    public var minimum: Float
    /// The highest acceptable rate (frames per second).
    public var maximum: Float
    /// The rate wanted within the range, or nil for no preference.
    public var preferred: Float?

    /// A range from `minimum` to `maximum` frames per second preferring `preferred`. Apple
    /// raises an exception for inverted or negative ranges; Lamina keeps the values as given
    /// and a display link reads a rate from them only when it is finite and positive.
    public init(minimum: Float, maximum: Float, preferred: Float?) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// No preference: the display's rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

    /// Whether two ranges are the same, as `CAFrameRateRangeIsEqualToRange`: every bound
    /// equal, a missing preferred rate counting as 0 (Core Animation's C struct has no nil).
    public func isEqual(to range: CAFrameRateRange) -> Bool {
        minimum == range.minimum && maximum == range.maximum && (preferred ?? 0) == (range.preferred ?? 0)
    }

    /// The rate a display link runs at for this range, or nil for the display's rate: the
    /// preferred rate when given, else the maximum; non-positive or non-finite rates count as
    /// no preference.
    var requestedRate: Double? {
        let rate = Double((preferred ?? 0) > 0 ? preferred! : maximum)
        return rate.isFinite && rate > 0 ? rate : nil
    }
}
