import Foundation
import LaminaCompositor

// Transitions animate from the layer's rendering before the transaction to its rendering
// after it (reference §10). Apple's render server still holds the old rendering; Lamina takes
// a snapshot render tree of the layer's subtree when the transition is added, with the
// values this transaction has changed put back to what they were when it began — so both
// `add(transition); layer.isHidden = true` (seed 003, listing 5-1) and a transition run as
// an action after the change (seed 002's push action) start from the old look.
// Not restored: sublayers added or removed in the same transaction (the snapshot uses the
// current sublayer list) — documented limit.

extension RenderTree {
    /// `layer`'s subtree as it was when the open transaction began: every value recorded as
    /// changed in it is put back on a detached copy before the copy is snapshotted.
    package init(beforeTransactionOf layer: CALayer) {
        var old: [ObjectIdentifier: [(String, Any?)]] = [:]
        for change in TransactionStack.current.changes {
            let id = ObjectIdentifier(change.layer)
            // The first recorded old value of a key is its value before the transaction.
            guard old[id]?.contains(where: { $0.0 == change.key }) != true else { continue }
            old[id, default: []].append((change.key, change.oldValue))
        }
        self.init(layer: layer) { l in
            guard let restore = old[ObjectIdentifier(l)] else { return RenderNode(layer: l) }
            let copy = type(of: l).init(presentationCopyOf: l)
            for (key, value) in restore { copy.setValue(value, forKey: key) }
            return RenderNode(layer: l, drawnFrom: copy)
        }
    }
}

extension TransitionStyle {
    /// The compositor's style for a CATransition: its type string (Apple's and the private
    /// ones), the bars-swipe filter when one is set; unknown types fade, as Core Animation does.
    init(_ t: CATransition) {
        let subtype = t.subtype.flatMap { TransitionSubtype(name: $0.rawValue) }
        if let bars = t.filter as? BarsSwipeTransitionFilter ?? BarsSwipeTransitionFilter(t.filter as? CIFilter) {
            self.init(.barsSwipe(angle: Double(bars.angle), width: Double(bars.width), barOffset: Double(bars.barOffset)), subtype: subtype)
        } else {
            self.init(TransitionType(name: t.type.rawValue) ?? .fade, subtype: subtype)
        }
    }
}
