// What a CATransition looks like, as plain values (reference §10). The renderers take the
// layer's rendering before the change ("old") and after it ("new"), both in the layer's
// bounds space, and a progress already mapped through startProgress/endProgress and the
// timing function.
//
// Directions are in the layer's bounds space with y down (iOS): `fromRight` means the motion
// starts at the right edge (push fromRight: the new content enters from the right and the
// old leaves to the left); `fromTop` means the minY edge. For a layer whose geometry is
// flipped, or to get macOS's y-up reading of top/bottom (reference §10.3, UNCERTAIN), the
// caller swaps fromTop and fromBottom.
import CoreGraphics

/// The effect. `fade`, `push`, `moveIn` and `reveal` are Apple's public types; the rest are
/// Lamina's versions of the private type strings iOS developers use (reference §10.7) and of
/// Core Image's bars swipe (seed 003, example 5-2), documented as our extensions.
package enum TransitionType: Sendable, Hashable {
    /// Cross-fade: old·(1 − p) + new·p, per premultiplied channel.
    case fade
    /// The new content slides in from the subtype's edge, pushing the old out the other side.
    case push
    /// The new content slides in from the subtype's edge over the old, which stays put.
    case moveIn
    /// The old content slides out, starting at the subtype's edge (push fromRight and reveal
    /// fromRight both move leftward), uncovering the new, which stays put.
    case reveal
    /// Extension ("pageCurl"): the old rendering rolls up on a cylinder from the subtype's
    /// edge (shaded underside, soft shadow), revealing the new.
    case pageCurl
    /// Extension ("pageUnCurl"): the reverse — the new rendering unrolls over the old, toward
    /// the subtype's edge.
    case pageUnCurl
    /// Extension ("cube"): old and new are adjacent faces of a cube turning by 90°; the new
    /// face comes from the subtype's side.
    case cube
    /// Extension ("oglFlip"): a card flip about the vertical axis (horizontal for fromTop /
    /// fromBottom); the subtype's edge comes toward the viewer; the new content is the back.
    case oglFlip
    /// Extension (Core Image's CIBarsSwipeTransition): the old rendering is cut into bars
    /// `width` points wide whose long side follows `angle` (radians, y down; π: bars move to
    /// the left); the bars slide out along that direction, every other bar lagging
    /// `barOffset` points behind, uncovering the new.
    case barsSwipe(angle: Double, width: Double, barOffset: Double)

    /// Apple's and the private type strings ("fade", "push", "moveIn", "reveal", "pageCurl",
    /// "pageUnCurl", "cube", "oglFlip"); nil for anything else (callers fall back to fade,
    /// as CA does for unknown types).
    package init?(name: String) {
        switch name {
        case "fade": self = .fade
        case "push": self = .push
        case "moveIn": self = .moveIn
        case "reveal": self = .reveal
        case "pageCurl": self = .pageCurl
        case "pageUnCurl": self = .pageUnCurl
        case "cube": self = .cube
        case "oglFlip": self = .oglFlip
        default: return nil
        }
    }
}

/// The edge a directional transition starts from (bounds space, y down).
package enum TransitionSubtype: Sendable, Hashable, CaseIterable {
    case fromLeft, fromRight, fromTop, fromBottom

    /// Apple's subtype strings; nil for anything else.
    package init?(name: String) {
        switch name {
        case "fromLeft": self = .fromLeft
        case "fromRight": self = .fromRight
        case "fromTop": self = .fromTop
        case "fromBottom": self = .fromBottom
        default: return nil
        }
    }

    /// True for fromLeft / fromRight (motion along x).
    package var isHorizontal: Bool { self == .fromLeft || self == .fromRight }

    /// Unit vector of the motion the subtype starts (away from its edge), y down:
    /// fromRight → (−1, 0), fromTop → (0, 1).
    package var motion: (dx: Double, dy: Double) {
        switch self {
        case .fromLeft: return (1, 0)
        case .fromRight: return (-1, 0)
        case .fromTop: return (0, 1)
        case .fromBottom: return (0, -1)
        }
    }
}

/// A transition type with its subtype resolved.
package struct TransitionStyle: Sendable, Hashable {
    package var type: TransitionType
    package var subtype: TransitionSubtype

    /// `subtype` nil takes the default: fromLeft for the motion types (reference §10.3), and
    /// fromBottom for the page curls (the page curls up from the bottom, like UIKit's curl-up
    /// animation) — our choice for the extensions.
    package init(_ type: TransitionType, subtype: TransitionSubtype? = nil) {
        self.type = type
        switch type {
        case .pageCurl, .pageUnCurl: self.subtype = subtype ?? .fromBottom
        default: self.subtype = subtype ?? .fromLeft
        }
    }
}
