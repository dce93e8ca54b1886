import Foundation

/// Apple's CALayer: the model of one rectangle in a tree of layers.
///
/// Model only: setters compare, store and record (DESIGN §4.4) through `changeValue`; nothing
/// here draws. Geometry is iOS's: origin top-left, y down; `bounds` is the layer's own space,
/// `position`/`zPosition` are in the superlayer's bounds space, all in points.
///
/// Differences from Apple's class that a port may meet:
/// - `init(layer:)` is `required`: presentation copies are made with `type(of: self).init(layer:)`.
///   On iOS a Swift subclass without it crashes at run time ("unimplemented initializer");
///   here the compiler asks for it.
/// - `init?(coder:)` exists for source compatibility and always fails: layers are archived with
///   Lamina's JSON archive, not NSCoder.
/// - Misuse that raises on Apple's platforms (cycles, NaN geometry, wrong KVC types) is refused
///   and reported through `LayerDiagnostics` instead.
/// - Layers are not thread-safe; use one thread per tree (or `CATransaction.lock()`).
open class CALayer: NSObject, CAMediaTiming {
    /// Every stored model value (see `LayerProperties`).
    @exclusivity(unchecked) package final var props = LayerProperties()
    @exclusivity(unchecked) package final var sublayerStorage: [CALayer] = []
    package weak var superlayerStorage: CALayer?
    @exclusivity(unchecked) package var maskStorage: CALayer?
    /// The layer whose `mask` this layer is.
    package weak var maskOwner: CALayer?
    package weak var delegateStorage: CALayerDelegate?
    /// Attached animations in the order they were added; one per non-nil key (see
    /// `AnimationList`: keyed add, look-up and removal are O(1), not a scan of the list).
    @exclusivity(unchecked) package final var animationEntries = AnimationList() {
        didSet {
            if animationEntries.lastMutationAffectsPlan { animationPlan = nil }
            // The committed render tree snapshots the layer's animations again at the next
            // commit (removals by the clock and removeAnimation(forKey:) included).
            if !isPresentationCopy { TransactionStack.current.noteTouched(self) }
        }
    }
    /// On a root: the render server's committed copy of the tree, once a renderer asked for it
    /// (`committedRenderTree()`); updated by every outermost commit.
    package final var committedRenderTreeStorage: CommittedRenderTree?
    /// The animation engine's compact per-frame form of `animationEntries` (built lazily by
    /// `AnimationEngine`, dropped whenever the entries change or a transaction commits them).
    @exclusivity(unchecked) package final var animationPlan: [AnimationPlanStep]? {
        didSet { nextAnimationEventTime = nil }
    }
    /// The earliest `nextEventTime` of the plan's animations (the parent time from which
    /// `AnimationEngine.tick` has work for this layer), or nil when it must be recomputed: a
    /// new plan, or a runtime of it changed its next event (`AnimationRuntime.eventLayer`).
    /// The tick then compares one number per layer instead of loading every animation's
    /// runtime (a cold cache line each, for every animation of every layer, every frame).
    @exclusivity(unchecked) package final var nextAnimationEventTime: Double?
    package var needsDisplayFlag = false
    package var needsLayoutFlag = false
    /// Set when a transaction commits this layer as part of a tree attached to a host: from
    /// then on it has a presentation layer and gets implicit animations (§5.3.1).
    package var hasBeenCommitted = false
    /// The renderer/window showing this layer's tree, set on the root (see `attach(to:)`).
    package weak var host: LayerTreeHost?
    /// Set on presentation copies: the model layer they present (weak: the model root keeps its
    /// last presentation tree alive, see `presentationCache`).
    package weak var modelLayerStorage: CALayer?
    /// True for presentation copies: they never record changes or run actions.
    package var isPresentationCopy = false
    /// On a model root: the presentation tree last built by `presentation()`.
    package var presentationCache: CALayer?
    /// > 0 while writes must not be recorded (initialisers, archive reading).
    package var suppressDepth = 0
    /// This layer's identity in the compositor's render tree (see `renderNodeID`).
    package final let ownRenderNodeID = RenderNodeIdentity.next()

    /// A layer with Apple's default values (reference §1.2).
    public override init() {
        super.init()
        applyClassDefaults()
    }

    /// A copy of `layer`'s properties, as Core Animation makes for presentation layers.
    /// Subclasses override it (`override init(layer: Any)`, as on Apple's platforms) to copy
    /// their own state and must call super. Sublayers, the superlayer, the mask and animations
    /// are not copied.
    ///
    /// The result is a shadow copy for good (Apple: using this initialiser for anything else
    /// "will produce undefined behavior"): writes to it — the subclass's own `init(layer:)`
    /// copying a custom property through `setValue(_:forKey:)`, presented values — just store,
    /// recording no change, running no action and marking nothing for display.
    public init(layer: Any) {
        super.init()
        suppressDepth = 1
        if let other = layer as? CALayer {
            props = other.props
            delegateStorage = other.delegateStorage
        }
    }

    /// Always fails: keyed archives of layers are not supported (use the JSON layer archive).
    public required init?(coder: NSCoder) {
        return nil
    }

    // How Lamina makes layers of a class known only at run time. Core Animation (Objective-C)
    // calls `initWithLayer:` and `init` on any class; Swift can call an initialiser through a
    // metatype only when it is `required`, and making `init(layer:)` or `init()` required would
    // break Apple's own subclassing pattern (`override init(layer: Any)`, `override init()`).
    // These two required *convenience* initialisers delegate with `self.init(…)`, which Swift
    // dispatches to the subclass's overrides. A subclass inherits them whenever it overrides
    // every designated initialiser (`init()`, `init(layer:)`, `init?(coder:)` — what Apple's
    // compiler already asks of a layer subclass with an initialiser of its own) or declares
    // none. A subclass with only other initialisers must write them itself:
    // `required convenience init(presentationCopyOf layer: CALayer) { … }` (see the README's
    // porting guide).

    /// A presentation (shadow) copy of `layer` made by the dynamic class's `init(layer:)`:
    /// how the render server, `presentation()` and transitions copy layers of any subclass.
    public required convenience init(presentationCopyOf layer: CALayer) {
        self.init(layer: layer)
    }

    /// A new layer made by the dynamic class's `init()`: how `UIView.layerClass` and archives
    /// make a layer of a class known only at run time.
    public required convenience init(newInstanceOf _: Void) {
        self.init()
    }

    /// The layer tree parent: the superlayer, or the layer whose mask this is.
    package var treeParent: CALayer? { superlayerStorage ?? maskOwner }

    /// The root of the tree this layer is in (itself when it has no parent).
    package var treeRoot: CALayer {
        var l = self
        while let p = l.treeParent { l = p }
        return l
    }

    /// True when the tree this layer belongs to is shown by a renderer or window.
    package var isAttachedToHost: Bool { treeRoot.host != nil }

    /// Whether property changes look up actions: only layers of an attached tree that has been
    /// committed at least once (§5.3.1). Presentation copies never do.
    package var takesPartInActions: Bool {
        !isPresentationCopy && hasBeenCommitted && isAttachedToHost
    }

    // MARK: - Geometry (CALayer+Geometry.swift, CALayer+Conversion.swift)

    /// The layer's rectangle in the superlayer's bounds space, derived (§1.3). Getting: the
    /// bounding box of the bounds corners mapped by anchor, transform and position (with the
    /// perspective divide; exact for identity transforms). Setting rewrites `position` and
    /// `bounds.size` (bounds.origin is kept): for an identity transform by §1.3.4; otherwise
    /// the size is solved from the transform's linear part (exact for scales and multiples of
    /// 90°; when singular, e.g. at 45°, which Apple advises against, the size is kept) and the
    /// position is shifted to put the frame's origin where asked. Not animatable itself: the
    /// `position` and `bounds` changes animate. NaN is refused.
    open var frame: CGRect {
        get { computedFrame }
        set { setFrame(newValue) }
    }

    /// `transform` as an affine transform (meaningful when the transform is affine).
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(props.animatable.transform) }

    /// Sets `transform` from an affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// The size of the bounds mapped into the superlayer (what `frame.size` is): Apple's
    /// default without a layout manager.
    open func preferredFrameSize() -> CGSize { computedFrame.size }

    /// Whether `p` (in this layer's own coordinates) lies in `bounds` (half-open, as
    /// CGRect.contains). Rectangular: corner radius and mask do not change it (§1.7.2).
    open func contains(_ p: CGPoint) -> Bool { props.animatable.bounds.contains(p) }

    /// The farthest descendant (or this layer) containing `p`, given in the superlayer's
    /// space. See `defaultHitTest(_:)` for the rules chosen on the open points of §1.7.
    open func hitTest(_ p: CGPoint) -> CALayer? { defaultHitTest(p) }

    /// Converts a point from `l`'s coordinate space (nil: the root layer's) to this layer's.
    open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint { convertPoint(p, from: l) }

    /// Converts a point from this layer's space to `l`'s (nil: the root layer's).
    open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint { (l ?? treeRoot).convertPoint(p, from: self) }

    /// Converts a rectangle from `l`'s space: the bounding box of the mapped corners.
    open func convert(_ r: CGRect, from l: CALayer?) -> CGRect { convertRect(r, from: l) }

    /// Converts a rectangle from this layer's space to `l`'s (nil: the root layer's).
    open func convert(_ r: CGRect, to l: CALayer?) -> CGRect { (l ?? treeRoot).convertRect(r, from: self) }

    /// Converts a time from `l`'s local time (nil: absolute media time) to this layer's,
    /// through the layers' timing chains below their common ancestor (so a paused common
    /// ancestor cancels out). NaN when `l` or a layer between it and the common ancestor is
    /// paused (speed 0: its local time has no unique parent time).
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        convertTimeThroughChains(t, from: l)
    }

    /// Converts a time from this layer's local time to `l`'s (nil: absolute media time).
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        guard let l else { return timingChain.fromLocal(t) ?? .nan }
        return l.convertTimeThroughChains(t, from: self)
    }

    // MARK: - Model properties (setters go through the change funnel, CALayer+Changes.swift)

    // The animatable fields, declared in AnimatableLayerFields.swift (types, defaults, NaN rule).
    // BEGIN GENERATED animatable fields (AnimatableLayerFields.swift; do not edit)
    /// 0…1, multiplies the layer and its subtree (§3.4). Animatable.
    open var opacity: Float { get { props.animatable.opacity } set { update("opacity", \.animatable.opacity, newValue) } }

    /// Where the anchor point lies in the superlayer's bounds space (points). NaN is refused
    /// (reported, not stored). Animatable.
    open var position: CGPoint { get { props.animatable.position } set { update("position", \.animatable.position, newValue, refusingNaN: LayerFieldValue.hasNaN(newValue)) } }

    /// The layer's own coordinate space: origin (what sublayer positions are relative to) and size,
    /// in points. Negative sizes are stored as given. NaN is refused (reported, not stored).
    /// Animatable.
    open var bounds: CGRect { get { props.animatable.bounds } set { update("bounds", \.animatable.bounds, newValue, refusingNaN: LayerFieldValue.hasNaN(newValue)) } }

    /// Applied about the anchor point (§2.6.1). Animatable.
    open var transform: CATransform3D { get { props.animatable.transform } set { update("transform", \.animatable.transform, newValue) } }

    /// Hides the layer and its whole subtree. A change posts kCAOnOrderOut or kCAOnOrderIn
    /// (§5.5.1). Animatable.
    open var isHidden: Bool {
        get { props.animatable.isHidden }
        set {
            let old = props.animatable.isHidden
            update("hidden", \.animatable.isHidden, newValue)
            postOrderEvent(wasHidden: old)
        }
    }

    /// Clips contents, sublayers and the layer's own shadow to the (rounded) bounds (§3.2).
    /// Animatable.
    open var masksToBounds: Bool { get { props.animatable.masksToBounds } set { update("masksToBounds", \.animatable.masksToBounds, newValue) } }

    /// When false the layer is not drawn while facing away. Animatable, with no implicit animation.
    open var isDoubleSided: Bool { get { props.animatable.isDoubleSided } set { update("doubleSided", \.animatable.isDoubleSided, newValue) } }

    /// Render the subtree once into a cached bitmap. Animatable.
    open var shouldRasterize: Bool { get { props.animatable.shouldRasterize } set { update("shouldRasterize", \.animatable.shouldRasterize, newValue) } }

    /// 0 (default) hides the shadow. Animatable.
    open var shadowOpacity: Float { get { props.animatable.shadowOpacity } set { update("shadowOpacity", \.animatable.shadowOpacity, newValue) } }

    /// The z component of the position in the superlayer (points); also orders siblings for drawing
    /// (§1.4). NaN is refused (reported, not stored). Animatable.
    open var zPosition: CGFloat { get { props.animatable.zPosition } set { update("zPosition", \.animatable.zPosition, newValue, refusingNaN: LayerFieldValue.hasNaN(newValue)) } }

    /// The pivot of position and transform in unit coordinates of the bounds ((0, 0) is the visual
    /// top-left on iOS); values outside the unit square are kept. NaN is refused (reported, not
    /// stored). Animatable.
    open var anchorPoint: CGPoint { get { props.animatable.anchorPoint } set { update("anchorPoint", \.animatable.anchorPoint, newValue, refusingNaN: LayerFieldValue.hasNaN(newValue)) } }

    /// The z component of the anchor point (points) (§1.4.3). NaN is refused (reported, not
    /// stored). Animatable.
    open var anchorPointZ: CGFloat { get { props.animatable.anchorPointZ } set { update("anchorPointZ", \.animatable.anchorPointZ, newValue, refusingNaN: LayerFieldValue.hasNaN(newValue)) } }

    /// Radius of the rounded corners of background and border (points). Animatable.
    open var cornerRadius: CGFloat { get { props.animatable.cornerRadius } set { update("cornerRadius", \.animatable.cornerRadius, newValue) } }

    /// Border inset from the bounds (points). Animatable.
    open var borderWidth: CGFloat { get { props.animatable.borderWidth } set { update("borderWidth", \.animatable.borderWidth, newValue) } }

    /// Default (0, −3) points. Animatable.
    open var shadowOffset: CGSize { get { props.animatable.shadowOffset } set { update("shadowOffset", \.animatable.shadowOffset, newValue) } }

    /// Blur radius, default 3 points. Animatable.
    open var shadowRadius: CGFloat { get { props.animatable.shadowRadius } set { update("shadowRadius", \.animatable.shadowRadius, newValue) } }

    /// The part of the image shown, in unit coordinates. Animatable.
    open var contentsRect: CGRect { get { props.animatable.contentsRect } set { update("contentsRect", \.animatable.contentsRect, newValue) } }

    /// The stretchable part of the image, in unit coordinates. Animatable.
    open var contentsCenter: CGRect { get { props.animatable.contentsCenter } set { update("contentsCenter", \.animatable.contentsCenter, newValue) } }

    /// Image pixels per point. Default 1. Animatable.
    open var contentsScale: CGFloat { get { props.animatable.contentsScale } set { update("contentsScale", \.animatable.contentsScale, newValue) } }

    /// Pixels per point of the rasterized bitmap. Default 1. Animatable.
    open var rasterizationScale: CGFloat { get { props.animatable.rasterizationScale } set { update("rasterizationScale", \.animatable.rasterizationScale, newValue) } }

    /// Mip-level bias for trilinear minification. Animatable.
    open var minificationFilterBias: Float { get { props.animatable.minificationFilterBias } set { update("minificationFilterBias", \.animatable.minificationFilterBias, newValue) } }

    /// Fills the bounds (rounded by cornerRadius). Default nil. Animatable.
    open var backgroundColor: CGColor? { get { props.animatable.backgroundColor } set { update("backgroundColor", \.animatable.backgroundColor, newValue) } }

    /// Default opaque black. Animatable.
    open var borderColor: CGColor? { get { props.animatable.borderColor } set { update("borderColor", \.animatable.borderColor, newValue) } }

    /// Default opaque black. Animatable.
    open var shadowColor: CGColor? { get { props.animatable.shadowColor } set { update("shadowColor", \.animatable.shadowColor, newValue) } }

    /// Applied to the sublayers about this layer's anchor point (§2.6.2). Animatable.
    open var sublayerTransform: CATransform3D { get { props.animatable.sublayerTransform } set { update("sublayerTransform", \.animatable.sublayerTransform, newValue) } }

    // END GENERATED animatable fields


    /// Which corners cornerRadius rounds. Default all four.
    open var maskedCorners: CACornerMask { get { props.maskedCorners } set { update("maskedCorners", \.maskedCorners, newValue) } }

    /// Circular (default) or continuous corners.
    open var cornerCurve: CALayerCornerCurve { get { props.cornerCurve } set { update("cornerCurve", \.cornerCurve, newValue) } }

    /// The shadow's shape in layer space (copied on assignment); nil uses the layer's alpha. Animatable.
    open var shadowPath: CGPath? { get { props.shadowPath } set { update("shadowPath", \.shadowPath, newValue?.copy(), same: { $0 == $1 }) } }

    /// Flips the geometry of the sublayers vertically (§1.5).
    open var isGeometryFlipped: Bool { get { props.isGeometryFlipped } set { update("geometryFlipped", \.isGeometryFlipped, newValue) } }

    /// The image shown (a CGImage); other objects are kept but not drawn. Animatable.
    open var contents: Any? { get { props.contents } set { update("contents", \.contents, newValue, same: CALayer.sameObject) } }

    /// How the image is placed in the bounds. Default resize.
    open var contentsGravity: CALayerContentsGravity { get { props.contentsGravity } set { update("contentsGravity", \.contentsGravity, newValue) } }

    /// Backing-store pixel format. Default RGBA8Uint.
    open var contentsFormat: CALayerContentsFormat { get { props.contentsFormat } set { update("contentsFormat", \.contentsFormat, newValue) } }

    /// Sampling when the image is shown smaller. Default linear.
    open var minificationFilter: CALayerContentsFilter { get { props.minificationFilter } set { update("minificationFilter", \.minificationFilter, newValue) } }

    /// Sampling when the image is shown larger. Default linear.
    open var magnificationFilter: CALayerContentsFilter { get { props.magnificationFilter } set { update("magnificationFilter", \.magnificationFilter, newValue) } }

    /// Composite the subtree as one group under opacity < 1. iOS default: true (§1.2, §3.4).
    open var allowsGroupOpacity: Bool { get { props.allowsGroupOpacity } set { update("allowsGroupOpacity", \.allowsGroupOpacity, newValue) } }

    /// Anti-alias the edges of transformed layers. iOS default: false (§1.2).
    open var allowsEdgeAntialiasing: Bool { get { props.allowsEdgeAntialiasing } set { update("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, newValue) } }

    /// Which edges are anti-aliased. Default all four.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask { get { props.edgeAntialiasingMask } set { update("edgeAntialiasingMask", \.edgeAntialiasingMask, newValue) } }

    /// A hint that the backing store is fully opaque.
    open var isOpaque: Bool { get { props.isOpaque } set { update("opaque", \.isOpaque, newValue) } }

    /// A hint; Lamina draws synchronously either way.
    open var drawsAsynchronously: Bool { get { props.drawsAsynchronously } set { update("drawsAsynchronously", \.drawsAsynchronously, newValue) } }

    /// Call setNeedsDisplay() when the bounds size changes.
    open var needsDisplayOnBoundsChange: Bool { get { props.needsDisplayOnBoundsChange } set { update("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, newValue) } }

    /// A name for tools and debugging.
    open var name: String? { get { props.name } set { update("name", \.name, newValue) } }

    /// Consulted for actions (`style["actions"]`, nested through `style["style"]`). Lamina does not read default property values from it.
    open var style: [AnyHashable: Any]? { get { props.style } set { update("style", \.style, newValue, same: { $0 == nil && $1 == nil }) } }

    /// Actions by event key, consulted after the delegate (§5.2).
    open var actions: [String: CAAction]? { get { props.actions } set { update("actions", \.actions, newValue, same: { $0 == nil && $1 == nil }) } }

    /// CAMediaTiming: start in the superlayer's time space (seconds).
    open var beginTime: CFTimeInterval { get { props.beginTime } set { update("beginTime", \.beginTime, newValue) } }

    /// CAMediaTiming: basic duration (seconds).
    open var duration: CFTimeInterval { get { props.duration } set { update("duration", \.duration, newValue) } }

    /// CAMediaTiming: rate relative to the superlayer's time.
    open var speed: Float { get { props.speed } set { update("speed", \.speed, newValue) } }

    /// CAMediaTiming: offset in local time (seconds).
    open var timeOffset: CFTimeInterval { get { props.timeOffset } set { update("timeOffset", \.timeOffset, newValue) } }

    /// CAMediaTiming: number of repetitions.
    open var repeatCount: Float { get { props.repeatCount } set { update("repeatCount", \.repeatCount, newValue) } }

    /// CAMediaTiming: total repeat time (seconds).
    open var repeatDuration: CFTimeInterval { get { props.repeatDuration } set { update("repeatDuration", \.repeatDuration, newValue) } }

    /// CAMediaTiming: play backwards after each pass.
    open var autoreverses: Bool { get { props.autoreverses } set { update("autoreverses", \.autoreverses, newValue) } }

    /// CAMediaTiming: what shows outside the active interval.
    open var fillMode: CAMediaTimingFillMode { get { props.fillMode } set { update("fillMode", \.fillMode, newValue) } }

    /// Core Image filters applied to the layer and its sublayers. Stored but not rendered
    /// (iOS does not render layer filters either).
    open var filters: [Any]? {
        get { props.filters }
        set { update("filters", \.filters, newValue, same: { $0 == nil && $1 == nil }) }
    }

    /// Filters applied behind the layer (macOS). Stored but not rendered.
    open var backgroundFilters: [Any]? {
        get { props.backgroundFilters }
        set { update("backgroundFilters", \.backgroundFilters, newValue, same: { $0 == nil && $1 == nil }) }
    }

    /// The filter compositing the layer onto what is behind it (macOS); nil is source-over.
    /// Stored but not rendered.
    open var compositingFilter: Any? {
        get { props.compositingFilter }
        set { update("compositingFilter", \.compositingFilter, newValue, same: CALayer.sameObject) }
    }

    /// The visible part of the layer, in its own coordinates: its bounds clipped by the nearest
    /// enclosing CAScrollLayer's bounds (the bounds when there is none).
    open var visibleRect: CGRect { computedVisibleRect }

    /// Scrolls the nearest enclosing CAScrollLayer so that `p` (in this layer's coordinates)
    /// lies at its bounds origin.
    open func scroll(_ p: CGPoint) { scrollAncestor(to: p) }

    /// Scrolls the nearest enclosing CAScrollLayer the least distance that shows `r` (in this
    /// layer's coordinates).
    open func scrollRectToVisible(_ r: CGRect) { scrollAncestorToShow(r) }

    /// Whether a property is archived by NSCoder: always true (Lamina archives layers as JSON).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// The delegate (held weakly, as Apple's `weak var delegate`).
    open var delegate: CALayerDelegate? {
        get { delegateStorage }
        set { delegateStorage = newValue }
    }

    // MARK: - Tree (CALayer+Hierarchy.swift)

    /// The sublayers, back to front; nil when there are none. Assigning replaces them all
    /// (each new one is first removed from wherever it was). Animatable event "sublayers".
    open var sublayers: [CALayer]? {
        get { sublayerStorage.isEmpty ? nil : sublayerStorage }
        set { setSublayers(newValue ?? []) }
    }

    /// The parent layer, or nil.
    open var superlayer: CALayer? { superlayerStorage }

    /// A layer whose alpha masks this layer's content, sublayers and shadow; positioned in this
    /// layer's bounds space. It must not have a superlayer (it is removed from it). Animatable.
    open var mask: CALayer? {
        get { maskStorage }
        set { setMask(newValue) }
    }

    /// Appends `layer` to the sublayers (removing it from its old parent first).
    open func addSublayer(_ layer: CALayer) { insertSublayerChecked(layer, at: sublayerStorage.count, operation: "addSublayer") }

    /// Inserts `layer` at `idx` (clamped to the number of sublayers).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        insertSublayerChecked(layer, at: Int(idx), operation: "insertSublayer(_:at:)")
    }

    /// Inserts `layer` just below `sibling` (at the bottom when `sibling` is nil).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { insertSublayer(layer, relativeTo: sibling, above: false) }

    /// Inserts `layer` just above `sibling` (at the top when `sibling` is nil).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { insertSublayer(layer, relativeTo: sibling, above: true) }

    /// Puts `newLayer` where `oldLayer` is; posts `kCATransition` on this layer when visible.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) { replaceSublayerChecked(oldLayer, with: newLayer) }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    open func removeFromSuperlayer() { detachFromParent() }

    // MARK: - Display and layout (CALayer+Display.swift)

    /// Redraws the contents now: the delegate's `display(_:)` if it has one, else the layer's
    /// drawing path (see `displayUsingBackingStore()`).
    open func display() { performDisplay() }

    /// Marks the contents as needing display; the next commit of an attached tree (or
    /// `displayIfNeeded()`) calls `display()`.
    open func setNeedsDisplay() { needsDisplayFlag = true; noteNeedsCommitWork() }

    /// Marks part of the contents (layer coordinates) as needing display. Lamina redraws whole
    /// layers, so this equals `setNeedsDisplay()`.
    open func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }

    /// Whether the layer is marked as needing display.
    open func needsDisplay() -> Bool { needsDisplayFlag }

    /// Calls `display()` if the layer is marked as needing display.
    open func displayIfNeeded() { if needsDisplayFlag { display() } }

    /// Draws the layer's content into `ctx`, whose user space is the layer's bounds space
    /// (points, origin top-left, y down, scaled by `contentsScale`). The default asks the
    /// delegate's `draw(_:in:)`. Called by `display()` with a fresh backing store.
    open func draw(in ctx: CGContext) { delegateStorage?.draw(self, in: ctx) }

    /// Renders the layer and its sublayers into `ctx`, in the layer's own coordinate space
    /// (a point of `bounds` lands on the same point of the context's user space), from model
    /// values: animations are ignored, as Apple documents. Unlike Apple's, this keeps 3D
    /// transforms (see `CALayer+Rendering.swift`).
    open func render(in ctx: CGContext) { renderModelTree(in: ctx) }

    /// Whether drawing into this layer is y-flipped: an odd number of layers from here up to the
    /// root have `isGeometryFlipped` (§1.5.2).
    open func contentsAreFlipped() -> Bool { flippedAncestorCount % 2 == 1 }

    /// Marks the layer as needing layout.
    open func setNeedsLayout() { needsLayoutFlag = true; noteNeedsCommitWork() }

    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out this subtree now where marked, starting from the highest ancestor that needs
    /// layout.
    open func layoutIfNeeded() { performLayoutIfNeeded() }

    /// Lays out the sublayers: calls the delegate's `layoutSublayers(of:)`. Override to lay out
    /// sublayers yourself.
    open func layoutSublayers() { delegateStorage?.layoutSublayers(of: self) }

    /// Whether a change of `key` marks the layer as needing display. Default false; subclasses
    /// override it for their own drawing-relevant properties.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    // MARK: - Actions and animations (CALayer+Actions.swift, CALayer+Animations.swift)

    /// The action for `event`, searched in Apple's order (§5.2): delegate, `actions`, `style`
    /// actions (nested), `defaultAction(forKey:)`, then the built-in implicit animation for
    /// implicitly animated properties. `NSNull` at any step ends the search with nil.
    open func action(forKey event: String) -> CAAction? { lookUpAction(forKey: event) }

    /// The class's default action for `event`: nil (on Apple's platforms it is nil too; the
    /// implicit animation comes from the step after it, §5.2.4).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// Attaches a copy of `anim` under `key`, replacing any animation with the same key (which
    /// then reports `animationDidStop(_:finished: false)`). A nil key is allowed: such
    /// animations never replace each other and are not listed by `animationKeys()`. CATransitions are always stored under "transition".
    /// Durations ≤ 0 take the transaction's. Animations Lamina cannot run (NaN timing, unknown
    /// key path, mismatched value types) are not attached and are reported through
    /// `LayerDiagnostics`.
    open func add(_ anim: CAAnimation, forKey key: String?) { addAnimationCopy(anim, forKey: key) }

    /// The attached animation with `key`.
    open func animation(forKey key: String) -> CAAnimation? {
        animationEntries.animation(forKey: key)
    }

    /// The keys of the attached animations in the order they were added; nil when none.
    open func animationKeys() -> [String]? {
        let keys = animationEntries.keys
        return keys.isEmpty ? nil : keys
    }

    /// Detaches the animation with `key`.
    open func removeAnimation(forKey key: String) { removeAnimation(keyed: key) }

    /// Detaches every animation.
    open func removeAllAnimations() { removeAnimations { _ in true } }

    // MARK: - Key-value coding (CALayer+KeyValue.swift)

    /// The value of a property by name (Apple's key, e.g. "hidden", "doubleSided"), or a value
    /// stored with `setValue(_:forKey:)`, or `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? { kvcValue(forKey: key) }

    /// Sets a property by name through its setter (so it records and animates like the
    /// property); any other key is stored in the layer (and posts its event, §5.5.5).
    /// Values of the wrong type are refused and reported.
    open func setValue(_ value: Any?, forKey key: String) { kvcSetValue(value, forKey: key) }

    /// A property, a field of a point/size/rect property ("position.x", "bounds.size.width"),
    /// or a component of `transform`/`sublayerTransform` ("transform.rotation.z" in radians,
    /// "transform.scale.x", "transform.translation" as a CGSize — Apple's KVC extensions).
    open func value(forKeyPath keyPath: String) -> Any? { kvcValue(forKeyPath: keyPath) }

    /// Sets a property, or one field of a point/size/rect property (the whole property changes,
    /// so its action key is the property's, e.g. "position"), or one component of a transform
    /// ("transform.rotation.z": the transform keeps its other components and gets that
    /// rotation; from the identity it becomes the rotation). Unknown fields are refused and
    /// reported.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { kvcSetValue(value, forKeyPath: keyPath) }

    /// Apple's default for a property key, or nil when the default is the zero value of its
    /// type or the key is unknown (§1.2.1).
    open class func defaultValue(forKey key: String) -> Any? { propertyTable[key]?.reportedDefault }

    // MARK: - Presentation (CALayer+Presentation.swift)

    /// A copy of the layer as currently shown, or nil before the layer's tree was first
    /// committed while attached to a host (§5.3.1).
    open func presentation() -> Self? { makePresentation() as? Self }

    /// On a presentation layer, the model layer it presents; otherwise the layer itself.
    open func model() -> Self { (modelLayerStorage as? Self) ?? self }

    /// The properties of this class for KVC, defaults and the archive (subclasses extend it).
    package class var propertyTable: LayerPropertyTable { CALayer.baseTable }

    /// The class, name (if any) and frame, for debugging.
    open override var description: String {
        let n = props.name.map { " \"\($0)\"" } ?? ""
        return "<\(type(of: self))\(n) frame=\(frame)>"
    }
}

/// Whoever shows a layer tree: a window, `CARenderer`, the offline frame renderer. Lamina's
/// equivalent of "the layer is in a window". Attaching makes the tree take part in commits
/// (layout, display, presentation layers, implicit animations).
package protocol LayerTreeHost: AnyObject {
    /// Called after every outermost transaction commit that touched the tree under `root`.
    func layerTreeDidCommit(_ root: CALayer, changes: [LayerChange])
    /// Lets the host adjust a fresh presentation copy of `model` last, after the render
    /// server's presented values were written into it (the default leaves it as it is).
    func applyPresentationValues(to presentation: CALayer, model: CALayer)
}

extension LayerTreeHost {
    package func layerTreeDidCommit(_ root: CALayer, changes: [LayerChange]) {}
    package func applyPresentationValues(to presentation: CALayer, model: CALayer) {}
}

/// One recorded model change: which layer, which key, the value before the change.
package struct LayerChange {
    package let layer: CALayer
    package let key: String
    package let oldValue: Any?
}

extension CALayer {
    /// Makes this layer the root of a tree shown by `host` (pass nil to detach). The tree is
    /// committed by the next outermost `CATransaction` commit (or `flush()`). Users attach a
    /// tree through a window or renderer (e.g. `CARenderer(layer:)`), which call this.
    ///
    /// A new host (or none) drops the render server's copy of the tree: commits made while no
    /// host showed the tree (the last one detached, or freed) never reached that copy, so the
    /// next renderer snapshots the model as it is instead of drawing a stale tree.
    package func attach(to host: LayerTreeHost?) {
        if host == nil || self.host !== host { committedRenderTreeStorage = nil }
        self.host = host
        TransactionStack.current.recordChange(layer: self, key: "host", oldValue: nil)
    }
}
