import Foundation
import LaminaCompositor

/// A transition between two renderings of a layer (Apple's CATransition, §10), as a model
/// object: the clock times it (start/stop callbacks, removal) like any animation; drawing the
/// effect is the renderer's job. Always stored under the key "transition" when added.
open class CATransition: CAAnimation {
    /// Default `fade`.
    open var type: CATransitionType = .fade
    /// The direction for push, moveIn and reveal; nil for fade (behaves as fromLeft).
    open var subtype: CATransitionSubtype?
    /// Where in the effect the transition starts, 0…1 (§10.5); default 0.
    open var startProgress: Float = 0
    /// Where in the effect the transition ends, 0…1, no less than `startProgress`; default 1.
    open var endProgress: Float = 1
    /// A filter object for custom transitions. Lamina renders `BarsSwipeTransitionFilter` and
    /// Core Image's `CIFilter(name: "CIBarsSwipeTransition")`;
    /// other filters are kept and ignored (the transition then draws as its `type`).
    open var filter: Any?
    /// The layer's rendering before the change, captured when the stored copy was added
    /// (see CATransition+Snapshot.swift); nil on the caller's instance.
    package var beforeSnapshot: RenderSnapshot?

    /// Copies the transition's type, subtype, progress range and filter, after CAAnimation's properties.
    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CATransition else { return }
        type = o.type
        subtype = o.subtype
        startProgress = o.startProgress
        endProgress = o.endProgress
        filter = o.filter
    }
}

/// Builds a transform from scalar values for transform key-path animations (Apple's
/// CAValueFunction, §9.1.5): the name says what it builds.
open class CAValueFunction: NSObject {
    /// The function this object applies, e.g. `.rotateZ` (its argument: an angle in radians).
    public let name: CAValueFunctionName
    /// The compositor's function for `name`.
    package let function: ValueFunction

    /// nil for names Apple does not define.
    public init?(name: CAValueFunctionName) {
        guard let f = ValueFunction(rawValue: name.rawValue) else { return nil }
        self.name = name
        self.function = f
        super.init()
    }
}
