import Foundation
import QuartzCore

/// A rectangle of the interface backed by a layer: Lamina's UIView (our name).
///
/// The view owns its layer and is the layer's delegate. Geometry lives in the layer (so it is
/// in points, in the superview's bounds space for `frame` and `center`, the view's own space
/// for `bounds`); the view adds the tree of views, input (touch callbacks and gesture
/// recognizers), layout (`layoutSubviews`) and the animation rule of UIKit (seed 002, reference
/// §5.3.2): as the layer's delegate it answers `action(for:forKey:)` with `NSNull()` — no
/// implicit animation — outside `View.animate` blocks, and with a basic animation of the
/// block's duration and curve inside them (see View+Animation.swift).
///
/// Hit testing uses presentation layers (what is on screen), skipping views that are hidden,
/// have user interaction disabled or alpha below 0.01, as UIKit does (§1.7.7).
///
/// Subclassing (the class is `open`): a subclass with its own initialiser overrides
/// `init(frame:)` and calls `super.init(frame:)` (there is no `required` initialiser, so one
/// without stored properties needing values simply inherits it). Overridable: `makeLayer()`
/// (the layer class), `layoutSubviews()`, `draw(_:in:)`, `point(inside:)`, the four touch
/// callbacks, `canBecomeFirstResponder`, `keyDown`/`keyUp`. None needs to call super, except
/// that keys a view does not handle should go to `super.keyDown`/`keyUp` so the superview
/// sees them. Everything else (geometry, hierarchy, recognizers, the layer delegate methods)
/// is `public`, not overridable, so the animation rule and layout cannot be broken by accident.
open class View: CALayerDelegate {
    /// Makes the view's layer; a subclass that wants another class overrides it (UIKit's
    /// `layerClass`; CALayer's plain `init()` is not `required`, so a metatype cannot make one).
    open class func makeLayer() -> CALayer { CALayer() }

    /// The view's layer (made by `makeLayer()`); the view is its delegate. Use it for what
    /// the view does not wrap: corner radius, border, shadow, contents, sublayers.
    public let layer: CALayer
    /// The view this one is a subview of (nil for the root and for views not added).
    public private(set) weak var superview: View?
    /// The subviews, back to front.
    public private(set) var subviews: [View] = []
    /// The host showing this view's tree, set on the root view.
    weak var rootHost: WindowHost?
    /// Whether touches and gestures reach this view and its subviews. Default true.
    public var isUserInteractionEnabled = true
    /// When false (the default, as UIKit), touch callbacks get only the first touch of a
    /// sequence; gesture recognizers still see every touch.
    public var isMultipleTouchEnabled = false
    /// The recognizers attached with `addGestureRecognizer`, in the order added.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// A name for debugging and tests.
    public var name: String?

    // Closure hooks: what the overridable methods do by default. A `package` class cannot be
    // subclassed outside LaminaKit (Swift allows that only for `open` classes), so other
    // modules of the package customise views through these instead.
    /// Called by the default `layoutSubviews()`.
    package var layoutHandler: ((View) -> Void)?
    /// Called by the default touch callbacks with the phase (began, moved, ended, cancelled).
    package var touchHandler: ((View, TouchPhase, [Touch]) -> Void)?
    /// Called by the default `keyDown`/`keyUp`; return true when handled, false to pass the
    /// key to the superview.
    package var keyHandler: ((View, KeyEvent, KeyModifiers) -> Bool)?

    /// A view with `frame` in its (future) superview's bounds space. The initial geometry is
    /// stored without being recorded in a transaction (as a layer initialiser does): the view is
    /// not shown yet, so there is nothing to animate or commit.
    public init(frame: CGRect = .zero) {
        layer = type(of: self).makeLayer()
        adoptLayer(frame: frame)
    }

    /// A view over a layer made by the caller (a host's own view type chooses the layer class
    /// this way, e.g. UIKit's `layerClass`). The view becomes the layer's delegate; `layer`
    /// should be fresh (not another view's, not in a tree). Both initialisers are designated,
    /// so subclasses overriding `init(frame:)` keep calling `super.init(frame:)`.
    public init(frame: CGRect = .zero, layer: CALayer) {
        self.layer = layer
        adoptLayer(frame: frame)
    }

    /// Becomes the layer's delegate and stores the initial frame.
    private func adoptLayer(frame: CGRect) {
        layer.delegate = self
        let layer = self.layer
        if !frame.origin.x.isNaN, !frame.origin.y.isNaN, !frame.size.width.isNaN, !frame.size.height.isNaN {
            // No action runs (a layer handed in may already be shown).
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.frame = frame
            CATransaction.commit()
        } else {
            layer.frame = frame
        }
    }

    // MARK: Geometry (the layer's)

    /// The view's rectangle in its superview's bounds space (meaningful while `transform` is
    /// the identity, as in UIKit).
    public var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    /// The view's own coordinate space (points).
    public var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

    /// The centre of the frame in the superview's space: the layer's position, with the
    /// layer's default anchor point (0.5, 0.5).
    public var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// An affine transform about the centre.
    public var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// Opacity 0…1 (the layer's `opacity`; NaN is ignored).
    public var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { if !newValue.isNaN { layer.opacity = Float(min(1, max(0, newValue))) } }
    }

    /// The layer's background colour (nil: transparent).
    public var backgroundColor: CGColor? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }

    /// A hidden view and its subviews are not drawn and not hit by touches.
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// The host showing this view, found through the superview chain.
    package var host: WindowHost? {
        var v: View? = self
        while let view = v {
            if let h = view.rootHost { return h }
            v = view.superview
        }
        return nil
    }

    // MARK: Hierarchy

    /// Adds `view` on top of the subviews (removing it from its old superview first). A view
    /// cannot be added below itself: that is refused (and reported by QuartzCore).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped to the valid range).
    public func insertSubview(_ view: View, at index: Int) {
        guard view !== self, !isDescendant(of: view) else {
            // The layers would form the same cycle: QuartzCore refuses it and reports it.
            var ancestor: CALayer? = layer
            while let l = ancestor, l !== view.layer { ancestor = l.superlayer }
            if ancestor != nil { layer.addSublayer(view.layer) }
            return
        }
        if view.superview != nil { view.removeFromSuperview() }
        let i = max(0, min(index, subviews.count))
        subviews.insert(view, at: i)
        view.superview = self
        layer.insertSublayer(view.layer, at: UInt32(layerIndex(forSubviewAt: i)))
        if let scale = host?.window.scale { view.applyContentsScale(scale) }
    }

    /// Moves `view` (a subview) to the top.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Takes the view (and its layer) out of its superview; nothing when it has none.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    /// Whether this view is `view` or lies below it.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// The sublayer index for subview `i`: after the layer of subview i-1, so plain sublayers
    /// added to the view's layer keep their places.
    private func layerIndex(forSubviewAt i: Int) -> Int {
        guard i > 0, let below = layer.sublayers?.firstIndex(where: { $0 === subviews[i - 1].layer }) else {
            return i == 0 ? 0 : (layer.sublayers?.count ?? 0)
        }
        return below + 1
    }

    func applyContentsScale(_ scale: CGFloat) {
        if layer.contentsScale != scale { layer.contentsScale = scale }
        for v in subviews { v.applyContentsScale(scale) }
    }

    // MARK: Layout and display

    /// Lays out subviews. Called during the transaction commit when the layer needs layout
    /// (`setNeedsLayout()`, or a bounds size change). The default calls `layoutHandler`.
    open func layoutSubviews() { layoutHandler?(self) }

    /// Asks for `layoutSubviews()` at the next commit (the end of the run loop's turn).
    public func setNeedsLayout() { layer.setNeedsLayout() }

    /// Runs pending layout now, for this view and its subviews.
    public func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// Marks the view for drawing at the next commit: `draw(_:in:)` runs then and its result
    /// becomes the layer's contents.
    public func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Draws the view's content; override it for custom drawing (UIKit's `draw(_:)`, with the
    /// context passed in). `rect` is the view's bounds (for a CATiledLayer, the tile being
    /// drawn, once per tile); the context is in the view's bounds
    /// space — points, origin at the bounds origin (top-left), y down — backed by
    /// `layer.contentsScale` pixels per point. It runs only after `setNeedsDisplay()` (call it
    /// once when the view is made and again whenever what it draws changes); the drawing is
    /// kept as `layer.contents`, stretched if the bounds later change size. The background
    /// colour is drawn by the layer underneath, so the default draws nothing.
    open func draw(_ rect: CGRect, in context: CGContext) {}

    // MARK: CALayerDelegate

    /// Runs `layoutSubviews()` when the view's own layer lays out (CALayerDelegate).
    public func layoutSublayers(of layer: CALayer) {
        if layer === self.layer { layoutSubviews() }
    }

    /// Draws the view's own layer with `draw(_:in:)` (CALayerDelegate). For a CATiledLayer
    /// the rect is the tile being drawn (the context's clip box), as UIKit passes it.
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === self.layer else { return }
        draw(layer is CATiledLayer ? ctx.boundingBoxOfClipPath : bounds, in: ctx)
    }

    /// NSNull outside animation blocks (no implicit animation, §5.3.2), the block's animation
    /// inside them. Open, as UIKit's: a subclass may answer some keys itself (seed 002 names
    /// overriding it as one way to animate a view's layer) and call super for the rest.
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        ViewAnimation.action(for: layer, forKey: event)
    }

    // MARK: Coordinates

    /// Whether `point` (in this view's bounds space) is inside the view. Hit testing asks it.
    open func point(inside point: CGPoint) -> Bool { bounds.contains(point) }

    /// The deepest interactive view under `point` — in this view's bounds space as shown on
    /// screen — or nil. `presented` is this view's layer as shown (its presentation copy,
    /// else the model layer). The default skips views that are hidden, have user interaction
    /// disabled or opacity below 0.01 (in the presented values), asks `point(inside:)`, then
    /// the subviews front to back. Override it to hit test differently (a host with its own
    /// rules, e.g. on model geometry); the input router calls it on the root view.
    open func hitTest(_ point: CGPoint, presented: CALayer) -> View? {
        guard isUserInteractionEnabled, !presented.isHidden, presented.opacity >= 0.01,
              !point.x.isNaN, !point.y.isNaN, self.point(inside: point) else { return nil }
        let modelSublayers = layer.sublayers ?? []
        let shownSublayers = presented.sublayers ?? []
        for sub in subviews.reversed() {
            guard let i = modelSublayers.firstIndex(where: { $0 === sub.layer }), i < shownSublayers.count else { continue }
            let shown = shownSublayers[i]
            if let found = sub.hitTest(shown.convert(point, from: presented), presented: shown) { return found }
        }
        return self
    }

    /// `point` in this view's space converted to `view`'s space (nil: window points).
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        guard let view else { return layer.convert(point, to: nil) }
        return layer.convert(point, to: view.layer)
    }

    /// `point` in `view`'s space (nil: window points) converted to this view's space.
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        guard let view else { return layer.convert(point, from: nil) }
        return layer.convert(point, from: view.layer)
    }

    // MARK: Touches (override to handle raw touches; the defaults call `touchHandler`)

    /// Touch callbacks, UIKit's `touchesBegan(_:with:)` family: `touches` are the touches of
    /// this phase that landed on this view (only the first one of a sequence unless
    /// `isMultipleTouchEnabled`); read locations with `touch.location(in: self)`. Overrides
    /// need not call super (the default only calls the package's closure hook).
    open func touchesBegan(_ touches: [Touch]) { touchHandler?(self, .began, touches) }
    /// Touches of the sequence moved (see `touchesBegan(_:)`).
    open func touchesMoved(_ touches: [Touch]) { touchHandler?(self, .moved, touches) }
    /// Touches of the sequence lifted (see `touchesBegan(_:)`).
    open func touchesEnded(_ touches: [Touch]) { touchHandler?(self, .ended, touches) }
    /// The sequence was cancelled, e.g. a gesture recognizer took it (see `touchesBegan(_:)`).
    open func touchesCancelled(_ touches: [Touch]) { touchHandler?(self, .cancelled, touches) }

    // MARK: Keys (View+Keyboard.swift; the defaults pass the key up the view tree)

    /// Whether `becomeFirstResponder()` may succeed. Default false.
    open var canBecomeFirstResponder: Bool { false }
    /// Key presses and releases for the first responder (else the root view). The default
    /// passes the key to the superview; override to handle keys, and call super for keys you
    /// do not handle.
    open func keyDown(_ key: KeyEvent, modifiers: KeyModifiers) {
        if keyHandler?(self, key, modifiers) != true { superview?.keyDown(key, modifiers: modifiers) }
    }
    /// A key was released: the default passes it to the superview (see `keyDown(_:modifiers:)`).
    open func keyUp(_ key: KeyEvent, modifiers: KeyModifiers) {
        if keyHandler?(self, key, modifiers) != true { superview?.keyUp(key, modifiers: modifiers) }
    }

    // MARK: Gesture recognizers

    /// Attaches `recognizer` (moving it from any other view): it receives the touches that
    /// land on this view or its subviews.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard !gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`, cancelling (or failing) the gesture it was following.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.abandon()
        recognizer.view = nil
    }
}
