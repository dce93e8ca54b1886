// The draw list: the flat, inspectable program prepare produces and the executor runs.
//
// Every drawing command carries the transform from its layer's bounds space (points) to the
// device (output pixels, origin top-left, y down), so it can be checked without pixels.
// Offscreen surfaces are bracketed: `beginGroup` … [`beginMask` … ] `endGroup`; clips are
// bracketed `pushClip` … `popClip` and belong to the surface they were pushed on (a group
// starts unclipped and is composited through the clip around it, so no edge is clipped twice).
// A perspective layer is either a plane surface (`beginProjective` … `endProjective`) or one
// command drawing it straight through its homography (`drawPlaneDirect`,
// `drawMaskedPlaneDirect`): prepare chooses, the executor only executes (DirectPlane.swift).
import CoreGraphics

/// Why a layer gets an offscreen surface. Decided in one place: `OffscreenPredicate`.
package struct OffscreenReasons: OptionSet, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// opacity < 1 with allowsGroupOpacity over pieces that overlap.
    package static let groupOpacity = OffscreenReasons(rawValue: 1)
    /// A mask layer multiplies the layer's composited alpha.
    package static let mask = OffscreenReasons(rawValue: 2)
    /// A shadow without shadowPath is cast by the composited alpha.
    package static let shadowFromAlpha = OffscreenReasons(rawValue: 4)
    /// shouldRasterize: the layer is flattened into a bitmap first.
    package static let rasterize = OffscreenReasons(rawValue: 8)

    package var description: String {
        var parts: [String] = []
        if contains(.groupOpacity) { parts.append("groupOpacity") }
        if contains(.mask) { parts.append("mask") }
        if contains(.shadowFromAlpha) { parts.append("shadowFromAlpha") }
        if contains(.rasterize) { parts.append("rasterize") }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}

/// A shadow cast by a layer's composited alpha (no shadowPath), in device terms.
package struct AlphaShadow: Hashable, Sendable {
    /// Shadow colour with shadowOpacity folded into its alpha.
    package var color: CGColor
    /// Offset in device pixels.
    package var offset: CGVector
    /// Gaussian standard deviation in device pixels (see `ShadowMapping`).
    package var sigma: Double
    /// masksToBounds clips the layer's own shadow (reference §3.2.1): the clip outline and
    /// its transform to the device, or nil.
    package var clip: LayerShape?
    package var clipTransform: CGAffineTransform

    /// How far (whole device pixels) content can be from a pixel its shadow reaches, at
    /// most `maxReach`.
    package var reach: Int {
        let d = ShadowMapping.spread(sigma: sigma) + max(abs(Double(offset.dx)), abs(Double(offset.dy)))
        return d.isFinite ? Int(min(d, Double(Self.maxReach)).rounded(.up)) : 0
    }

    /// The margin around the visible area whose content an alpha shadow's group surface keeps
    /// (device pixels). The group is the visible area grown by the reach on every side, so an
    /// uncapped reach (a shadowOffset of 1e6) made a surface past the limits and the whole
    /// frame failed. Blurs reach at most 3 · `GaussianBlur.maxSigma` + 1 = 769 px (σ is
    /// clamped, see `ShadowMapping.sigma`), so only content more than 2048 px outside the
    /// visible area with an offset over ~1280 px bringing its shadow into view is lost.
    package static let maxReach = 2048
}

/// An offscreen surface for one layer's subtree.
package struct GroupSpec: Hashable, Sendable {
    package var layer: RenderNodeID
    package var reasons: OffscreenReasons
    /// The device pixels the surface covers (the subtree's extent, shadow included, within
    /// the output); content outside is not needed.
    package var bounds: PixelBox
    /// Alpha the finished group is composited with.
    package var opacity: Double
    /// The alpha shadow, boxed (rare, and larger than the rest of the spec together): so the
    /// spec sits inline in `.beginGroup`, whose `indirect` box was a malloc per group per
    /// frame for every group prepared again.
    private var boxedShadow: Boxed<AlphaShadow>?
    package var shadow: AlphaShadow? {
        get { boxedShadow?.value }
        set { boxedShadow = newValue.map(Boxed.init) }
    }
    /// True when a `beginMask` section follows the content.
    package var hasMask: Bool

    package init(layer: RenderNodeID, reasons: OffscreenReasons, bounds: PixelBox, opacity: Double, shadow: AlphaShadow?,
                 hasMask: Bool) {
        self.layer = layer
        self.reasons = reasons
        self.bounds = bounds
        self.opacity = opacity
        boxedShadow = shadow.map(Boxed.init)
        self.hasMask = hasMask
    }
}

/// An integer pixel rectangle of the device (a value the compositor module owns, so the
/// draw list does not expose LaminaRaster types).
package struct PixelBox: Hashable, Sendable, CustomStringConvertible {
    package var x0: Int, y0: Int, x1: Int, y1: Int
    package init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    package var width: Int { max(0, x1 - x0) }
    package var height: Int { max(0, y1 - y0) }
    package var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    package static let empty = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)

    /// The pixels touched by `rect` (device space); NaN or empty → `.empty`, clamped to ±2^30.
    package init(covering rect: CGRect) {
        guard !rect.isNull, !rect.isEmpty else { self = .empty; return }
        let lim = Double(1 << 30)
        func lo(_ v: Double) -> Int { v.isNaN ? 0 : Int(min(lim, max(-lim, v)).rounded(.down)) }
        func hi(_ v: Double) -> Int { v.isNaN ? 0 : Int(min(lim, max(-lim, v)).rounded(.up)) }
        self.init(x0: lo(rect.minX), y0: lo(rect.minY), x1: hi(rect.maxX), y1: hi(rect.maxY))
    }

    /// `init(covering:)` of a non-empty standardized rect given by its edges (device pixels),
    /// without making the `CGRect`.
    @inline(__always)
    init(coveringMinX minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let lim = Double(1 << 30)
        func lo(_ v: Double) -> Int { v.isNaN ? 0 : Int(min(lim, max(-lim, v)).rounded(.down)) }
        func hi(_ v: Double) -> Int { v.isNaN ? 0 : Int(min(lim, max(-lim, v)).rounded(.up)) }
        self.init(x0: lo(minX), y0: lo(minY), x1: hi(maxX), y1: hi(maxY))
    }

    package func intersection(_ o: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }

    /// Grown by `d` pixels on every side (an empty box stays empty).
    package func outset(by d: Int) -> PixelBox {
        isEmpty ? self : PixelBox(x0: x0 - d, y0: y0 - d, x1: x1 + d, y1: y1 + d)
    }

    package var description: String { "(\(x0), \(y0))-(\(x1), \(y1))" }
}

/// A drawing a layer contributes, in its bounds space (points).
package enum DrawPiece: Hashable, Sendable {
    /// A shadow whose shape is `path` (the layer's shadowPath), already offset by shadowOffset
    /// in bounds space, blurred with `sigma` device pixels, in `color` (opacity folded in).
    case shadow(path: CGPath, sigma: Double, color: CGColor)
    /// A shadow whose shadowPath is a rect or circular rounded rect (already offset): drawn
    /// from the analytic blurred profile when the transform is axis-aligned.
    case shadowRoundedRect(LayerShape, sigma: Double, color: CGColor)
    case background(LayerShape, color: CGColor)
    indirect case gradient(LayerShape, GradientContent, bounds: CGRect)
    case contents(ContentsDrawing)
    case shapeFill(CGPath, color: CGColor, rule: CGPathFillRule)
    /// The stroke outline (already trimmed, dashed and stroked in bounds space): fill non-zero.
    case shapeStroke(outline: CGPath, color: CGColor)
    case border(LayerShape, width: CGFloat, color: CGColor)
    /// An emitter's particles at its time, evaluated and drawn as sprites by the executor.
    /// Boxed by reference (one word in the piece), in a box a frame stream recycles: an
    /// `indirect` case made a new box every frame, as the emitter's time changes
    /// (RecycledPayload.swift).
    case particles(Boxed<EmitterContent>)

    /// A short name for tests and diagnostics.
    package var role: String {
        switch self {
        case .shadow: return "shadow"
        case .shadowRoundedRect: return "shadowRoundedRect"
        case .background: return "background"
        case .gradient: return "gradient"
        case .contents: return "contents"
        case .shapeFill: return "shapeFill"
        case .shapeStroke: return "shapeStroke"
        case .border: return "border"
        case .particles: return "particles"
        }
    }
}

/// A colour multiplier (straight components in [0, 1]) for everything a piece paints: how
/// CAReplicatorLayer's instanceColor and its offsets modulate each instance's layers.
package struct RenderTint: Hashable, Sendable {
    package var red: Double, green: Double, blue: Double, alpha: Double
    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        func c(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        self.red = c(red); self.green = c(green); self.blue = c(blue); self.alpha = c(alpha)
    }
    package static let none = RenderTint(red: 1, green: 1, blue: 1, alpha: 1)
    /// True when only the alpha is modulated (colours pass unchanged).
    package var isColorNeutral: Bool { red == 1 && green == 1 && blue == 1 }
    package func multiplied(by o: RenderTint) -> RenderTint {
        RenderTint(red: red * o.red, green: green * o.green, blue: blue * o.blue, alpha: alpha * o.alpha)
    }
}

/// One layer piece with its placement.
package struct DrawItem: Hashable, Sendable {
    package var layer: RenderNodeID
    package var piece: DrawPiece
    /// Bounds space (points) → device pixels.
    package var transform: CGAffineTransform
    /// Alpha in [0, 1] the piece is drawn with (opacity of the layer and of ancestors that
    /// fade their descendants one by one).
    package var alpha: Double
    /// allowsEdgeAntialiasing of the layer: false snaps the coverage of the layer's outer
    /// edges when the transform is not axis-aligned.
    package var antialiasEdges: Bool
    /// Colour modulation from enclosing replicator instances (`.none` outside them).
    package var tint: RenderTint = .none
}

/// One step of the draw list.
package enum DrawCommand: Hashable, Sendable {
    case draw(DrawItem)
    /// Intersect the current surface's clip with `shape` (bounds space) under `transform`.
    case pushClip(layer: RenderNodeID, shape: LayerShape, transform: CGAffineTransform)
    case popClip(layer: RenderNodeID)
    /// Start drawing into a new transparent offscreen surface. Inline, not `indirect` (see
    /// `GroupSpec.shadow`).
    case beginGroup(GroupSpec)
    /// The group's content is done; draw its mask layer's subtree into a second surface.
    case beginMask(layer: RenderNodeID)
    /// Finish the innermost group: shadow, mask, opacity, composite into the surface below.
    case endGroup(layer: RenderNodeID)
    /// Start drawing a perspective layer flat into its own surface (see `ProjectiveSpec`).
    /// Inline, not `indirect`: the spec is smaller than `.draw`'s item, and a box was a malloc
    /// per plane per frame.
    case beginProjective(ProjectiveSpec)
    /// Project the finished surface onto the surface below.
    case endProjective(layer: RenderNodeID)
    /// A perspective layer drawn straight through its homography, without a plane surface
    /// (prepare chose it instead of `beginProjective` … `endProjective`: DirectPlane.swift).
    indirect case drawPlaneDirect(DirectPlane)
    /// A perspective page — wide shadows, a masked group — drawn without any surface (its
    /// payload is boxed by reference, in a box a frame stream recycles: RecycledPayload.swift).
    case drawMaskedPlaneDirect(DirectMaskedPlane)
    // 3D contexts and transitions (DrawList+Integration.swift).
    /// Intersect the current surface's clip with a convex device polygon (a depth-sorted piece).
    case pushPolygonClip(layer: RenderNodeID, polygon: [CGPoint])
    /// Start drawing a transitioning layer's "before" subtree into its old surface.
    indirect case beginTransition(TransitionSpec)
    /// The old surface is done; draw the live subtree into the new surface.
    case beginTransitionLive(layer: RenderNodeID)
    /// Blend old and new with the transition and project the result onto the surface below.
    case endTransition(layer: RenderNodeID)
}

/// The prepared frame: commands in drawing order, the output size, and what was wrong.
package struct DrawList: Sendable {
    package var width: Int
    package var height: Int
    package var commands: [DrawCommand] = []
    package var diagnostics: [CompositorDiagnostic] = []

    package init(width: Int, height: Int) { self.width = width; self.height = height }

    /// The drawing items alone, in order (those of direct planes included).
    package var items: [DrawItem] {
        commands.flatMap { c -> [DrawItem] in
            if case let .draw(item) = c { return [item] }
            return Self.directPlaneItems(c)
        }
    }

    /// The offscreen groups, in the order they begin.
    package var groups: [GroupSpec] {
        commands.compactMap { if case let .beginGroup(g) = $0 { return g } else { return nil } }
    }

    /// A one-line-per-command outline ("draw #2 background", "begin #1 [mask]"…) for tests.
    package var outline: [String] {
        commands.map { c in
            switch c {
            case let .draw(i): return "draw \(i.layer) \(i.piece.role)"
            case let .pushClip(l, _, _): return "clip \(l)"
            case let .popClip(l): return "unclip \(l)"
            case let .beginGroup(g): return "begin \(g.layer) \(g.reasons)"
            case let .beginMask(l): return "mask \(l)"
            case let .endGroup(l): return "end \(l)"
            case let .beginProjective(p): return "begin \(p.layer) [plane\(p.cacheKey == nil ? "" : ", cached")]"
            case let .endProjective(l): return "end \(l) [plane]"
            case .pushPolygonClip, .beginTransition, .beginTransitionLive, .endTransition: return Self.integrationOutline(c)
            case .drawPlaneDirect, .drawMaskedPlaneDirect: return Self.directPlaneOutline(c)
            }
        }
    }
}

/// Something the compositor skipped or corrected, reported instead of crashing.
package enum CompositorDiagnostic: Hashable, Sendable, CustomStringConvertible {
    case tree(RenderTreeDiagnostic)
    /// The layer's accumulated transform has perspective and its bounds are wholly behind
    /// the eye (or its plane is edge-on): it was not drawn.
    case nonAffineTransform(RenderNodeID)
    /// The layer's transform is singular or not finite; its subtree was not drawn.
    case degenerateTransform(RenderNodeID)
    /// The subtree is deeper than the compositor's limit; the rest was not drawn.
    case tooDeep(RenderNodeID)

    package var description: String {
        switch self {
        case let .tree(d): return d.description
        case let .nonAffineTransform(id): return "layer \(id) has a perspective transform that puts it behind the eye or edge-on: not drawn"
        case let .degenerateTransform(id): return "layer \(id) has a singular or non-finite transform: not drawn"
        case let .tooDeep(id): return "layer \(id) is nested too deeply: subtree not drawn"
        }
    }
}
