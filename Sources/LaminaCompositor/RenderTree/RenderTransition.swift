// A CATransition in flight on a layer, as the compositor draws it: the layer's subtree as it
// was before the change (a snapshot render tree), the style, and how far the effect has got.
import CoreGraphics

/// The render tree of a layer's subtree captured when a transition was added: what the
/// transition animates away from. A class so that nodes carrying it stay cheap to copy and
/// compare (identity: one snapshot per added transition).
package final class RenderSnapshot: Hashable, @unchecked Sendable {
    /// Rooted at the transitioning layer's own node (same id as in the live tree).
    package let tree: RenderTree

    package init(tree: RenderTree) { self.tree = tree }

    package static func == (a: RenderSnapshot, b: RenderSnapshot) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The transition state of one node at the frame's time.
package struct RenderTransition: Hashable, Sendable {
    package var style: TransitionStyle
    /// Effect progress in [0, 1], already mapped through the timing function and
    /// startProgress…endProgress.
    package var progress: Double
    /// The subtree before the change; the node's live subtree is the state after it.
    package var before: RenderSnapshot

    package init(style: TransitionStyle, progress: Double, before: RenderSnapshot) {
        self.style = style
        self.progress = progress.isFinite ? min(max(progress, 0), 1) : 1
        self.before = before
    }
}
