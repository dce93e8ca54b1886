import Foundation
import QuartzCore

/// A layer and its HTML element, built by the same calls so the two cannot drift: every
/// setter sets the CALayer property and records the CSS that means the same thing. The CSS
/// mapping of each property is documented on its setter; `html()` writes the element tree.
///
/// Every element is `position: absolute; box-sizing: border-box`, so a CSS border is drawn
/// inside width × height exactly as Core Animation insets `borderWidth` inside the bounds.
/// Bounds origins are always zero here (CSS has no equivalent of a shifted bounds origin).
final class TwinNode {
    let layer: CALayer
    /// Bounds size, points (= CSS px at scale 1).
    let size: CGSize
    let position: CGPoint
    let anchor: CGPoint
    private(set) var children: [TwinNode] = []
    private var style: [(String, String)] = []
    private var transformSteps = TwinTransform([])
    private var zPosition = 0.0
    private var borderWidth = 0.0
    private var cornerRadius = 0.0
    /// Markup drawn inside the element before its children (a shape layer's `<svg>`).
    var innerHTML = ""

    /// A node of `layer` (a fresh CALayer by default) whose frame is `frame` with the given
    /// anchor point (unit coordinates of the bounds).
    ///
    /// CA: bounds = (0, 0, w, h), position = frame origin + anchor · size, anchorPoint.
    /// CSS: left/top = position − anchor · size (minus the parent's border width, because CSS
    /// places absolute children inside the parent's padding box while Core Animation places
    /// sublayers in the parent's bounds space, border included), width/height, and
    /// `transform-origin` = the anchor point in px.
    ///
    /// allowsEdgeAntialiasing is set: Chromium anti-aliases every edge, Core Animation (and
    /// Lamina) only those of layers that allow it — iOS's default is false, which leaves the
    /// edges of rotated and skewed layers aliased.
    init(_ layer: CALayer = CALayer(), frame: CGRect, anchor: CGPoint = CGPoint(x: 0.5, y: 0.5)) {
        self.layer = layer
        size = frame.size
        self.anchor = anchor
        position = CGPoint(x: frame.minX + anchor.x * frame.width, y: frame.minY + anchor.y * frame.height)
        layer.anchorPoint = anchor
        layer.bounds = CGRect(origin: .zero, size: frame.size)
        layer.position = position
        layer.allowsEdgeAntialiasing = true
    }

    @discardableResult
    func add(_ child: TwinNode) -> TwinNode {
        layer.addSublayer(child.layer)
        children.append(child)
        return child
    }

    private func css(_ property: String, _ value: String) {
        style.removeAll { $0.0 == property }
        style.append((property, value))
    }

    // MARK: Plain layer properties

    /// backgroundColor ↔ `background-color`.
    @discardableResult
    func background(_ c: TwinColor) -> TwinNode {
        layer.backgroundColor = c.cg
        css("background-color", c.css)
        return self
    }

    /// cornerRadius (circular corners, all four) ↔ `border-radius` on the border box. Both
    /// round the outer edge with radius r and the inner edge of a border with r − borderWidth.
    @discardableResult
    func corners(_ r: Double) -> TwinNode {
        layer.cornerRadius = CGFloat(r)
        cornerRadius = r
        css("border-radius", CSS.px(r))
        return self
    }

    /// borderWidth + borderColor ↔ `border: w solid c` (inside the box: border-box sizing).
    /// Core Animation draws the border above the sublayers and CSS below its children, but
    /// with masksToBounds/overflow clipping and opaque borders the pixels are the same.
    @discardableResult
    func border(_ w: Double, _ c: TwinColor) -> TwinNode {
        layer.borderWidth = CGFloat(w)
        layer.borderColor = c.cg
        borderWidth = w
        css("border", "\(CSS.px(w)) solid \(c.css)")
        return self
    }

    /// masksToBounds ↔ `overflow: hidden`. CSS clips children to the padding box (inside the
    /// border, radius r − borderWidth); Core Animation clips to the bounds (radius r) and then
    /// draws the border over the children: the same visible result for an opaque border.
    @discardableResult
    func masksToBounds() -> TwinNode {
        layer.masksToBounds = true
        css("overflow", "hidden")
        return self
    }

    /// opacity ↔ `opacity`. CSS opacity on an element with children always composites the
    /// group (an isolated stacking context), which is Core Animation's allowsGroupOpacity =
    /// true (the iOS 7+ default, set explicitly here).
    @discardableResult
    func opacity(_ o: Double) -> TwinNode {
        layer.opacity = Float(o)
        layer.allowsGroupOpacity = true
        css("opacity", CSS.number(o))
        return self
    }

    /// isDoubleSided = false ↔ `backface-visibility: hidden`.
    @discardableResult
    func singleSided() -> TwinNode {
        layer.isDoubleSided = false
        css("backface-visibility", "hidden")
        return self
    }

    /// zPosition ↔ a `translateZ(z)` prepended to the element's transform (Core Animation's
    /// placement is Tr(−anchor) · transform · Tr(position, zPosition), and CSS applies the
    /// leftmost function last, about transform-origin = the anchor), plus `z-index` for the
    /// drawing order among flat siblings: Core Animation draws sublayers sorted by zPosition
    /// (stable), CSS paints by z-index, then tree order. A parent of a negative zPosition gets
    /// z-index 0 too (see `html`), which makes it a stacking context, so the child still draws
    /// above the parent's own background as a sublayer does. Whole points only. (z-index is
    /// not put on every element: Chromium then rasterizes transformed elements through
    /// separate layers, which changes their anti-aliasing.)
    @discardableResult
    func zPosition(_ z: Double) -> TwinNode {
        layer.zPosition = CGFloat(z)
        zPosition = z
        css("z-index", "\(Int(z.rounded()))")
        return self
    }

    /// transform ↔ `transform` (about `transform-origin` = the anchor point); see
    /// `TwinTransform` for how each step maps.
    @discardableResult
    func transform(_ steps: TransformStep...) -> TwinNode { transform(steps: steps) }

    @discardableResult
    func transform(steps: [TransformStep]) -> TwinNode {
        transformSteps = TwinTransform(steps)
        layer.transform = transformSteps.caTransform
        return self
    }

    /// sublayerTransform with perspective only (m34 = −1/d) ↔ CSS `perspective: d` with
    /// `perspective-origin` at the anchor point: Core Animation applies sublayerTransform about
    /// the layer's anchor, CSS applies the perspective about perspective-origin, both in the
    /// parent's box and only to direct children (each child then flattened, unless inside a
    /// transform layer / preserve-3d).
    @discardableResult
    func sublayerPerspective(_ d: Double) -> TwinNode {
        var t = CATransform3DIdentity
        t.m34 = CGFloat(-1 / d)
        layer.sublayerTransform = t
        css("perspective", CSS.px(d))
        css("perspective-origin", "\(CSS.px(anchor.x * size.width)) \(CSS.px(anchor.y * size.height))")
        return self
    }

    /// A shadow from a shadowPath that is the layer's own (rounded) bounds ↔ `box-shadow: dx dy
    /// B color`. shadowOffset is in layer space (y down on iOS and here), like CSS offsets.
    /// Blur: Lamina blurs with σ = shadowRadius (ShadowMapping.swift); CSS says box-shadow blur
    /// B is a Gaussian with σ = B / 2, so B = 2 · shadowRadius. shadowOpacity multiplies the
    /// colour's alpha. CSS paints no shadow under an opaque box and Core Animation paints the
    /// box over its shadow: identical for the opaque backgrounds used here.
    /// `usePath` false leaves shadowPath nil, so Lamina derives the shadow from the layer's
    /// composited alpha instead — the same shape for an opaque box without children.
    @discardableResult
    func shadow(offset: CGSize, radius: Double, color: TwinColor = .black, opacity: Double, usePath: Bool = true) -> TwinNode {
        layer.shadowColor = color.cg
        layer.shadowOpacity = Float(opacity)
        layer.shadowOffset = offset
        layer.shadowRadius = CGFloat(radius)
        if usePath {
            let rect = CGRect(origin: .zero, size: size)
            layer.shadowPath = cornerRadius > 0
                ? CGPath(roundedRect: rect, cornerWidth: CGFloat(cornerRadius), cornerHeight: CGFloat(cornerRadius), transform: nil)
                : CGPath(rect: rect, transform: nil)
        }
        css("box-shadow", "\(CSS.px(offset.width)) \(CSS.px(offset.height)) \(CSS.px(2 * radius)) \(color.withAlpha(opacity).css)")
        return self
    }

    /// A CATransformLayer ↔ `transform-style: preserve-3d`: its children share one 3D space
    /// (no flattening into its plane). The node must have been made with a CATransformLayer.
    @discardableResult
    func preserve3D() -> TwinNode {
        css("transform-style", "preserve-3d")
        return self
    }

    /// CSS `background-image`, set by the gradient and contents builders.
    func setBackgroundImage(_ value: String) { css("background-image", value) }

    /// Any other CSS property, for the builders in other files; the caller documents the
    /// mapping.
    func setStyle(_ property: String, _ value: String) { css(property, value) }

    // MARK: HTML

    /// The element tree, `indent` spaces deep; `parentBorder` is the parent's border width.
    func html(parentBorder: Double = 0, indent: Int = 0) -> String {
        var all: [(String, String)] = [
            ("left", CSS.px(position.x - anchor.x * size.width - parentBorder)),
            ("top", CSS.px(position.y - anchor.y * size.height - parentBorder)),
            ("width", CSS.px(size.width)),
            ("height", CSS.px(size.height)),
        ]
        if !transformSteps.isIdentity || zPosition != 0 {
            all.append(("transform-origin", "\(CSS.px(anchor.x * size.width)) \(CSS.px(anchor.y * size.height))"))
            let z = zPosition != 0 ? "translateZ(\(CSS.px(zPosition))) " : ""
            all.append(("transform", z + (transformSteps.isIdentity ? "" : transformSteps.css)))
        }
        all += style
        if children.contains(where: { $0.zPosition < 0 }), !style.contains(where: { $0.0 == "z-index" }) {
            all.append(("z-index", "0"))
        }
        let pad = String(repeating: " ", count: indent)
        let attr = all.map { "\($0.0): \($0.1)" }.joined(separator: "; ")
        if children.isEmpty && innerHTML.isEmpty { return "\(pad)<div style=\"\(attr)\"></div>\n" }
        var s = "\(pad)<div style=\"\(attr)\">\n"
        if !innerHTML.isEmpty { s += "\(pad)  \(innerHTML)\n" }
        for c in children { s += c.html(parentBorder: borderWidth, indent: indent + 2) }
        return s + "\(pad)</div>\n"
    }
}
