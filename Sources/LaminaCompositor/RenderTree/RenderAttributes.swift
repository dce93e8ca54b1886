// Small value types a render node is made of, each the compositor's copy of a CA enum or
// option set (the compositor does not see QuartzCore, so QuartzCore maps its types onto these).
import CoreGraphics

/// A layer's stable identity in the render tree (QuartzCore assigns one per CALayer).
package struct RenderNodeID: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var rawValue: UInt64
    package init(_ rawValue: UInt64) { self.rawValue = rawValue }
    package static func < (a: RenderNodeID, b: RenderNodeID) -> Bool { a.rawValue < b.rawValue }
    package var description: String { "#\(rawValue)" }

    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The hash sets and dictionaries keyed by node id use (frame preparation looks ids up
    /// several times per layer per frame: SipHash was ~8 % of an incremental frame): the
    /// SplitMix64 finalizer of the id mixed with the table's seed — every bit of the id
    /// reaches the low bits a table uses, and tables keep their own seeds (copying one
    /// table's ids into another in its order stays linear). Ids are the process's own
    /// counters, not input an attacker chooses, so a keyed hash buys nothing here.
    package func _rawHashValue(seed: Int) -> Int {
        var x = rawValue ^ UInt64(bitPattern: Int64(seed))
        x = (x ^ (x >> 30)) &* 0xbf58_476d_1ce4_e5b9
        x = (x ^ (x >> 27)) &* 0x94d0_49bb_1331_11eb
        return Int(bitPattern: UInt(truncatingIfNeeded: x ^ (x >> 31)))
    }
}

/// Which corners `cornerRadius` rounds: the same bits as Apple's `CACornerMask`
/// (`layerMinXMinYCorner` = 1, `layerMaxXMinYCorner` = 2, `layerMinXMaxYCorner` = 4,
/// `layerMaxXMaxYCorner` = 8). Corners are named in the layer's own bounds space.
package struct RenderCornerMask: OptionSet, Hashable, Sendable {
    package let rawValue: UInt
    package init(rawValue: UInt) { self.rawValue = rawValue }
    package static let minXMinY = RenderCornerMask(rawValue: 1)
    package static let maxXMinY = RenderCornerMask(rawValue: 2)
    package static let minXMaxY = RenderCornerMask(rawValue: 4)
    package static let maxXMaxY = RenderCornerMask(rawValue: 8)
    package static let all: RenderCornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}

/// `CALayerCornerCurve`: quarter circles or Lamina's curvature-continuous corner.
package enum RenderCornerCurve: Hashable, Sendable {
    case circular
    case continuous
}

/// `CALayerContentsGravity`, all twelve values. Edge names follow Apple's rule: `top` means
/// the maximum-Y edge of the bounds unless the layer's geometry is flipped (reference §4.4).
package enum RenderContentsGravity: Hashable, Sendable, CaseIterable {
    case center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// `CALayerContentsFilter`.
package enum RenderFilter: Hashable, Sendable {
    case nearest
    case linear
    /// Linear with mipmaps when minifying.
    case trilinear
}

/// What a layer's `contents` holds, as far as the compositor can draw it. Anything that is not
/// an image (QuartzCore accepts `Any?`) maps to `.none`.
package enum RenderContents: Hashable, Sendable {
    case none
    case image(CGImage)
}
