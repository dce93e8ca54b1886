import Foundation
import QuartzCore
import LaminaKit

/// UIKit's view: a rectangle of the interface backed by a layer, with UIKit's names and types.
///
/// Design: a `UIView` wraps a LaminaKit `View` (its *backing*, `UIViewBacking`), because
/// UIKit's property types (`subviews: [UIView]`, `backgroundColor: UIColor?`,
/// `touchesBegan(_: Set<UITouch>, with:)`) differ from LaminaKit's and a subclass cannot change
/// inherited types. The backing shares the UIView's layer and is the layer's delegate, so
/// LaminaKit's animation rule applies unchanged: no implicit animation outside
/// `UIView.animate` blocks (the delegate answers `NSNull`), the block's animation inside them.
/// The backing forwards layout, drawing, hit testing and touches back to the UIView.
///
/// Geometry is the layer's: points, `frame` and `center` in the superview's bounds space,
/// `bounds` the view's own space (origin top-left, y down).
///
/// Lifetime: a view in a tree is kept alive by its superview (as in UIKit); a view not in a
/// tree lives as long as you reference it.
///
/// Differences from UIKit that a port may meet:
/// - `layerClass`: the layer is made with the class's `init()` (through CALayer's
///   `init(newInstanceOf:)`, which Swift dispatches to the subclass's override).
/// - `autoresizingMask` and `translatesAutoresizingMaskIntoConstraints` are stored, not
///   applied (no Auto Layout, no autoresizing): lay out in `layoutSubviews`.
/// - `init?(coder:)` always fails (no nib/storyboard loading).
open class UIView: UIResponder {
    /// The LaminaKit view doing the work (layer delegate, tree, input).
    private(set) var backing: UIViewBacking!
    /// The view controller whose root view this is.
    weak var viewController: UIViewController?
    private var storedBackgroundColor: UIColor?
    private var storedTintColor: UIColor?
    private var storedGestureRecognizers: [UIGestureRecognizer] = []

    /// The class of the layer made for each view of this class: override it to back a view
    /// with another layer class (`override class var layerClass: AnyClass { CAShapeLayer.self }`).
    open class var layerClass: AnyClass { CALayer.self }

    /// A view with `frame` in its (future) superview's bounds space.
    public init(frame: CGRect) {
        super.init()
        let layer = Self.makeLayer(ofClass: type(of: self).layerClass)
        backing = UIViewBacking(owner: self, frame: frame, layer: layer)
    }

    /// A view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Always fails: Lamina loads no nibs or storyboards. Subclasses' `required init?(coder:)`
    /// (usually `fatalError(…)`) compiles as on iOS.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A layer of `cls` (see the type's documentation for custom classes); a plain CALayer
    /// when `cls` is not a CALayer class.
    static func makeLayer(ofClass cls: AnyClass) -> CALayer {
        guard let layerType = cls as? CALayer.Type else { return CALayer() }
        return layerType.init(newInstanceOf: ())
    }

    /// What the view's layer does for a change of `event`: NSNull outside animation blocks,
    /// the block's animation inside (see `animate(withDuration:…)`). Overridable, as UIKit's
    /// `CALayerDelegate` method: answer some keys yourself and call super for the rest.
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        backing.defaultAction(for: layer, forKey: event)
    }

    // MARK: Layer and geometry

    /// The view's layer (of `layerClass`); the view is its delegate.
    public var layer: CALayer { backing.layer }

    /// The view's rectangle in its superview's bounds space (meaningful while `transform` is
    /// the identity, as in UIKit).
    open var frame: CGRect {
        get { backing.frame }
        set { backing.frame = newValue }
    }

    /// The view's own coordinate space (points).
    open var bounds: CGRect {
        get { backing.bounds }
        set { backing.bounds = newValue }
    }

    /// The centre of the frame in the superview's space (the layer's position).
    open var center: CGPoint {
        get { backing.center }
        set { backing.center = newValue }
    }

    /// An affine transform about the centre (the layer's transform's affine part).
    open var transform: CGAffineTransform {
        get { backing.transform }
        set { backing.transform = newValue }
    }

    /// The layer's 3D transform.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// Opacity 0…1 (NaN is ignored). Views below 0.01 are not hit by touches.
    open var alpha: CGFloat {
        get { backing.alpha }
        set { backing.alpha = newValue }
    }

    /// A hidden view and its subviews are not drawn and not hit by touches.
    open var isHidden: Bool {
        get { backing.isHidden }
        set { backing.isHidden = newValue }
    }

    /// Whether the view fills its bounds with opaque content (the layer's `isOpaque`).
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    /// The background colour (nil: transparent), the layer's `backgroundColor`.
    open var backgroundColor: UIColor? {
        get {
            guard let cg = layer.backgroundColor else { return nil }
            if let stored = storedBackgroundColor, stored.cgColor == cg { return stored }
            return UIColor(cgColor: cg)
        }
        set {
            storedBackgroundColor = newValue
            layer.backgroundColor = newValue?.cgColor
        }
    }

    /// Whether subviews are clipped to the bounds (the layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// A number to find the view by (`viewWithTag(_:)`). Default 0.
    open var tag: Int = 0
    /// The identifier UIKit's state restoration saves the view under. Lamina restores no
    /// state; it is stored so code that tags views with it (and finds them again) works.
    open var restorationIdentifier: String?

    /// The tint: set here, else inherited from the superview, else UIKit's default blue
    /// (sRGB 0, 122, 255). Setting it calls `tintColorDidChange()` here and below.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1) }
        set {
            storedTintColor = newValue
            notifyTintChange()
        }
    }

    /// Called when the tint changes (here or inherited).
    open func tintColorDidChange() {}

    func notifyTintChange() {
        tintColorDidChange()
        for v in subviews where v.storedTintColor == nil { v.notifyTintChange() }
    }

    /// Points to pixels for drawing (the layer's `contentsScale`).
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { if newValue.isFinite, newValue > 0 { layer.contentsScale = newValue } }
    }

    /// Stored only (see the type's documentation).
    open var autoresizingMask: AutoresizingMask = []
    /// Stored only.
    open var autoresizesSubviews = true
    /// Stored only (no Auto Layout).
    open var translatesAutoresizingMaskIntoConstraints = true

    /// How a view resizes with its superview (stored only, see the type's documentation).
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        /// The raw value, as Apple's SDK defines it.
        public let rawValue: UInt
        /// A value with the given raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The left margin may change when the superview resizes.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width may change when the superview resizes.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin may change when the superview resizes.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin may change when the superview resizes.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height may change when the superview resizes.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin may change when the superview resizes.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    // MARK: Layout and drawing (override)

    /// Lays out subviews: called at the commit (the end of the run loop's turn) when the view
    /// needs layout (`setNeedsLayout()`, a bounds size change) or from `layoutIfNeeded()`.
    /// The default does nothing (no autoresizing, no Auto Layout).
    open func layoutSubviews() {}

    /// Asks for `layoutSubviews()` at the next commit.
    open func setNeedsLayout() { backing.setNeedsLayout() }

    /// Runs pending layout now, for this view and its subviews.
    open func layoutIfNeeded() { backing.layoutIfNeeded() }

    /// Draws the view's content into the current context (see UIView+Drawing.swift): `rect`
    /// is the bounds (for a view whose `layerClass` is a CATiledLayer, the tile being drawn,
    /// once per tile, as on iOS), the context is in the view's bounds space (points, y down) at
    /// `contentScaleFactor` pixels per point. Runs after `setNeedsDisplay()`; the result is
    /// kept as the layer's contents. The default draws nothing.
    open func draw(_ rect: CGRect) {}

    var storedContentMode: ContentMode = .scaleToFill

    /// How the view's content (its layer's contents) fits its bounds: the layer's
    /// `contentsGravity` (see `ContentMode`). `.redraw` also redraws on every bounds change.
    open var contentMode: ContentMode {
        get { storedContentMode }
        set {
            storedContentMode = newValue
            layer.contentsGravity = newValue.gravity
            layer.needsDisplayOnBoundsChange = newValue == .redraw
        }
    }

    // MARK: Notifications (override; the defaults do nothing)

    /// Called after `subview` was added (or inserted).
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed.
    open func willRemoveSubview(_ subview: UIView) {}
    /// Called before the view moves to `newSuperview` (nil: removal).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview (or was removed).
    open func didMoveToSuperview() {}
    /// Called before the view (or an ancestor) moves to `newWindow` (nil: out of its window).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view (or an ancestor) entered or left a window.
    open func didMoveToWindow() {}

    // MARK: Input

    /// Whether touches and gestures reach this view and its subviews. Default true.
    open var isUserInteractionEnabled: Bool {
        get { backing.isUserInteractionEnabled }
        set { backing.isUserInteractionEnabled = newValue }
    }

    /// When false (the default), touch methods get only the first touch of the view;
    /// gesture recognizers still see every touch.
    open var isMultipleTouchEnabled: Bool {
        get { backing.isMultipleTouchEnabled }
        set { backing.isMultipleTouchEnabled = newValue }
    }

    /// Whether this view takes touches exclusively (stored only).
    open var isExclusiveTouch = false

    /// The view controller, else the superview.
    open override var next: UIResponder? { viewController ?? superview }

    /// Whether `point` (in this view's bounds space) is inside the view: in its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// The deepest view under `point` (in this view's bounds space), UIKit's way: nil when
    /// this view is hidden, takes no user interaction, has alpha below 0.01, or
    /// `point(inside:with:)` says no; else the first subview, front to back, whose own
    /// `hitTest` finds one (`point` converted to its space), else this view. It uses model
    /// geometry, as UIKit does: a view moving in an animation is hit where its model value
    /// puts it (override this to hit the presentation layer instead).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01, !point.x.isNaN, !point.y.isNaN,
              self.point(inside: point, with: event) else { return nil }
        for sub in subviews.reversed() {
            if let hit = sub.hitTest(sub.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    // MARK: Coordinates

    /// `point` in this view's bounds space converted to `view`'s (nil: the window's).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        backing.convert(point, to: view?.backing ?? window?.backing)
    }

    /// `point` in `view`'s bounds space (nil: the window's) converted to this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        backing.convert(point, from: view?.backing ?? window?.backing)
    }

    /// `rect` in this view's bounds space converted to `view`'s (nil: the window's): the
    /// bounding box of the converted corners.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: (view ?? window)?.layer)
    }

    /// `rect` in `view`'s bounds space (nil: the window's) converted to this view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: (view ?? window)?.layer)
    }

    // MARK: Sizing

    /// The size that fits `size`: the default keeps the current size, as UIKit's.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits(bounds.size)`.
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        guard size.width.isFinite, size.height.isFinite else { return }
        bounds.size = size
    }

    /// The value of an `intrinsicContentSize` dimension the view has no natural size for (-1,
    /// as UIKit's).
    public class var noIntrinsicMetric: CGFloat { -1 }

    /// The view's natural size in points, from its content alone. UIKit's default has no
    /// natural size in either dimension (`noIntrinsicMetric` twice); views override it for
    /// Auto Layout. Lamina has no Auto Layout, so nothing reads it: it is here so that iOS views
    /// overriding it compile, and so code can ask a view for its size.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Tells layout that `intrinsicContentSize` changed. Without Auto Layout there is nothing
    /// to update: it does nothing.
    open func invalidateIntrinsicContentSize() {}

    // MARK: Gesture recognizers

    /// The recognizers attached with `addGestureRecognizer` (nil when none, as UIKit).
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { storedGestureRecognizers.isEmpty ? nil : storedGestureRecognizers }
        set {
            for r in storedGestureRecognizers { removeGestureRecognizer(r) }
            for r in newValue ?? [] { addGestureRecognizer(r) }
        }
    }

    /// Attaches `recognizer` (moving it from any other view): it receives the touches that
    /// land on this view or its subviews.
    open func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        guard !storedGestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        storedGestureRecognizers.append(recognizer)
        backing.addGestureRecognizer(recognizer.base)
    }

    /// Detaches `recognizer`, cancelling (or failing) the gesture it was following.
    open func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        guard storedGestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        storedGestureRecognizers.removeAll { $0 === recognizer }
        backing.removeGestureRecognizer(recognizer.base)
    }

    /// Asked before a recognizer on this view begins (default true).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
}
