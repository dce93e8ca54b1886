import QuartzCore

/// Seeds 001 and 000: a freehand sketch canvas whose drawing folds like a book.
///
/// The tree, in the canvas's space (points, origin top-left, y down):
/// ```
/// root (white canvas view)
/// ├── sketchLayer        the incremental bitmap of finished strokes (contents)
/// ├── liveStrokeLayer    the stroke under the finger (CAShapeLayer, blue, width 6)
/// └── curtain            dark linen backdrop, shown only while folded (seed: curtainView)
///     ├── leftShadow     CAShapeLayer, anchor (1, 0.5), shadowPath with rounded outer corners
///     │   └── leftPage   white page showing the left half of the bitmap, masked to those corners
///     └── rightShadow    the mirror image, anchor (0, 0.5)
///         └── rightPage
/// ```
/// Input follows seed 000 part 2: a one-finger tap folds by 7.5° and 95 % per tap, a
/// two-finger tap unfolds, a pinch folds by (1 − scale)·π with scale clamped to [0.48, 1]
/// and actions disabled while it changes, and the release animates back over 0.5 / scale
/// seconds with a completion block that removes the curtain.
///
/// The seed adds `curtainView` on the first tap, in the same transaction that turns the pages;
/// those page layers were never committed then, so Core Animation gives them no implicit
/// animation (reference §5.3.1) and the first fold would jump. Here the curtain is built into
/// the tree hidden, so the scene's first commit — a real app's first frame — commits the
/// pages, and folding only unhides it (without an action of its own): every tap animates.
package final class SketchFoldScene: SceneModel {
    package let root = CALayer()
    package let canvas: SketchCanvas
    let curtain = CALayer()
    let leftShadow = CAShapeLayer(), rightShadow = CAShapeLayer()
    let leftPage = CALayer(), rightPage = CALayer()
    /// The seed's `userInteractionEnabled`: drawing is ignored while a pinch fold is live.
    package private(set) var interactionEnabled = true
    package let script: [ScriptStep]

    /// Radius of the pages' outer corners, points (seed 000).
    static let cornerRadius: CGFloat = 25

    package init(size: CGSize = CGSize(width: 480, height: 320)) {
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.name = "canvas"
        canvas = SketchCanvas(size: size)
        root.addSublayer(canvas.sketchLayer)
        root.addSublayer(canvas.liveStrokeLayer)
        script = SketchFoldScript.steps(for: size)
        buildPages(size: size)
        curtain.isHidden = true
        root.addSublayer(curtain)
    }

    /// The keyboard's stand-ins for the two taps.
    package static let commands = [
        SceneCommand("fold", key: "f", "fold one step further (a one-finger tap)"),
        SceneCommand("unfold", key: "u", "unfold (a two-finger tap)"),
    ]
    package static let gestures = [
        SceneGesture("drag", "draw"),
        SceneGesture("click", "fold one step further"),
        SceneGesture("Alt-click", "unfold (a two-finger tap)"),
        SceneGesture("Alt-drag to the centre, Ctrl+wheel", "pinch to fold; let go to flatten"),
    ]

    /// The CATransform3D of seed 001's `makePerspectiveTransform()`: an eye 2000 points away.
    package static func perspective() -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = 1.0 / -2000
        return t
    }

    private func buildPages(size: CGSize) {
        curtain.frame = root.bounds
        // Seed 001's scrollViewTexturedBackgroundColor, a dark linen pattern: drawn once
        // (CurtainLinen) and shown as the curtain's contents over its slate background.
        curtain.backgroundColor = CurtainLinen.base
        curtain.contents = CurtainLinen.image(size: size)
        curtain.name = "curtain"
        let half = CGRect(x: 0, y: 0, width: size.width / 2, height: size.height)
        let centre = CGPoint(x: size.width / 2, y: size.height / 2)
        let sides: [(CAShapeLayer, CALayer, CGPoint, CGRectCorner, String)] = [
            (leftShadow, leftPage, CGPoint(x: 1, y: 0.5), [.topLeft, .bottomLeft], "left"),
            (rightShadow, rightPage, CGPoint(x: 0, y: 0.5), [.topRight, .bottomRight], "right"),
        ]
        for (shadow, page, anchor, corners, name) in sides {
            let rounded = CGPath.roundedRect(half, byRoundingCorners: corners, cornerRadius: Self.cornerRadius)
            shadow.anchorPoint = anchor
            shadow.position = centre
            shadow.bounds = half
            shadow.shadowPath = rounded
            shadow.shadowColor = CGColor(gray: 0, alpha: 1)
            shadow.shadowRadius = 100
            shadow.shadowOpacity = 0.9
            shadow.transform = Self.perspective()
            shadow.name = "\(name)PageShadow"
            page.frame = half
            page.backgroundColor = CGColor(gray: 1, alpha: 1)
            // Seed 001 part 1: "borders added for now, so we can tell the pages apart".
            page.borderWidth = 2
            page.borderColor = CGColor(gray: 1.0 / 3.0, alpha: 1)   // UIColor.darkGray
            page.transform = Self.perspective()
            page.name = "\(name)Page"
            let mask = CAShapeLayer()
            mask.frame = page.bounds
            mask.path = rounded
            page.mask = mask
            shadow.addSublayer(page)
            curtain.addSublayer(shadow)
        }
    }

    package func handle(_ input: SceneInput) {
        switch input {
        case .pointerDown(let p) where interactionEnabled: canvas.touchesBegan(at: p)
        case .pointerMoved(let p) where interactionEnabled: canvas.touchesMoved(to: p)
        case .pointerUp where interactionEnabled: canvas.touchesEnded()
        case .tap(_, let touches) where touches >= 2: unfold()
        case .tap: fold()
        case .command("fold"): fold()
        case .command("unfold"): unfold()
        case .pinch(let phase, let scale): foldWithPinch(phase, scale: scale)
        default: break
        }
    }

    /// Puts the current drawing on the pages: each page shows its half of the bitmap. The
    /// pages are committed (hidden) layers, so this is done without actions: the drawing is on
    /// the pages when they start to turn instead of cross-fading in while they turn.
    private func showDrawingOnPages() {
        let image = canvas.incrementalImage
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        leftPage.contents = image
        rightPage.contents = image
        leftPage.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
        rightPage.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
        CATransaction.commit()
    }

    /// Seed 000 `fold:` — each tap scales the pages by 95 % and turns them 7.5° further about
    /// the spine. The pages are standalone layers, so the change animates implicitly.
    package func fold() {
        showDrawingOnPages()
        let angle = 7.5 * CGFloat.pi / 180
        leftShadow.transform = CATransform3DRotate(CATransform3DScale(leftShadow.transform, 0.95, 0.95, 0.95), angle, 0, 1, 0)
        rightShadow.transform = CATransform3DRotate(CATransform3DScale(rightShadow.transform, 0.95, 0.95, 0.95), -angle, 0, 1, 0)
        setCurtainShown(true)
    }

    /// The seed's `addSubview(curtainView)` / `removeFromSuperview()`: the curtain appears or
    /// goes at once (a view's own change, no implicit action), while the page transforms of
    /// the same transaction keep their implicit animations.
    private func setCurtainShown(_ shown: Bool) {
        guard curtain.isHidden == shown else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        curtain.isHidden = !shown
        CATransaction.commit()
    }

    /// Seed 000 `unfold:` — back to flat, and the curtain goes at once.
    package func unfold() {
        leftShadow.transform = Self.perspective()
        rightShadow.transform = Self.perspective()
        setCurtainShown(false)
    }

    /// Seed 000 `foldWithPinch:` with the part-2 fixes: no implicit animation while the
    /// fingers move; an explicit transaction animates the return and removes the curtain
    /// only when that animation has finished.
    package func foldWithPinch(_ phase: SceneInput.PinchPhase, scale rawScale: CGFloat) {
        if phase == .began {
            interactionEnabled = false
            showDrawingOnPages()
            setCurtainShown(true)
            // The fingers take over from any tap fold still animating.
            leftShadow.removeAnimation(forKey: "transform")
            rightShadow.removeAnimation(forKey: "transform")
        }
        let finite = rawScale.isFinite ? rawScale : 1
        let scale = min(max(finite, 0.48), 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let angle = (1 - scale) * CGFloat.pi
        leftShadow.transform = CATransform3DRotate(CATransform3DScale(Self.perspective(), scale, scale, scale), angle, 0, 1, 0)
        rightShadow.transform = CATransform3DRotate(CATransform3DScale(Self.perspective(), scale, scale, scale), -angle, 0, 1, 0)
        CATransaction.commit()
        if phase == .ended || phase == .cancelled {
            CATransaction.begin()
            CATransaction.setCompletionBlock { [weak self] in
                self?.interactionEnabled = true
                self?.setCurtainShown(false)
            }
            CATransaction.setAnimationDuration(0.5 / scale)
            leftShadow.transform = CATransform3DIdentity
            rightShadow.transform = CATransform3DIdentity
            CATransaction.commit()
        }
    }

    /// Whether the curtain (the folded book) is on screen.
    package var isFolded: Bool { !curtain.isHidden }
    /// The model transform of the left page's shadow layer (what tests inspect).
    package var leftPageTransform: CATransform3D { leftShadow.transform }
    package var rightPageTransform: CATransform3D { rightShadow.transform }
}
