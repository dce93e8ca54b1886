/// Which corners `cornerRadius` rounds (§3.3). Apple's names use the header's y-up vocabulary:
/// on iOS "MinY" is the visual top.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The mask's bits (Apple's values: 1, 2, 4 and 8 for the four corners).
    public let rawValue: UInt
    /// A mask with the given bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corner at minimum x and minimum y: the top left in iOS's y-down layer space.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The corner at maximum x and minimum y: the top right in iOS's y-down layer space.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The corner at minimum x and maximum y: the bottom left in iOS's y-down layer space.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The corner at maximum x and maximum y: the bottom right in iOS's y-down layer space.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// Which edges of a layer are anti-aliased when `allowsEdgeAntialiasing` is on.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The mask's bits (Apple's values: 1, 2, 4 and 8 for left, right, bottom and top).
    public let rawValue: UInt32
    /// A mask with the given bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The edge at minimum x.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The edge at maximum x.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The edge Apple's header calls bottom (minimum y in its y-up vocabulary, the visual top on iOS).
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The edge Apple's header calls top (maximum y in its y-up vocabulary, the visual bottom on iOS).
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}

/// Event posted (as an action key) when a layer becomes visible: added to a visible tree or
/// un-hidden (§5.5.1).
public let kCAOnOrderIn: String = "onOrderIn"
/// Event posted when a layer stops being visible: removed from a visible tree or hidden.
public let kCAOnOrderOut: String = "onOrderOut"
/// Event posted on a visible layer when `replaceSublayer(_:with:)` swaps one of its sublayers,
/// and the key every CATransition is stored under (§5.5.2).
public let kCATransition: String = "transition"

/// The transaction key of `CATransaction.animationDuration()` (a number of seconds), for
/// `CATransaction.value(forKey:)` and `setValue(_:forKey:)` (§6.7).
public let kCATransactionAnimationDuration: String = "animationDuration"
/// The transaction key of `CATransaction.disableActions()` (a Bool).
public let kCATransactionDisableActions: String = "disableActions"
/// The transaction key of `CATransaction.animationTimingFunction()` (a CAMediaTimingFunction).
public let kCATransactionAnimationTimingFunction: String = "animationTimingFunction"
/// The transaction key of `CATransaction.completionBlock()` (a `() -> Void` closure).
public let kCATransactionCompletionBlock: String = "completionBlock"
