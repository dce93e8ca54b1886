import QuartzCore

/// Seed 004's page curl (iOS Recipes, "Curl the Page to a New View") as a reusable
/// transition: `PageCurlTube(over: layer)` takes the layer's snapshot (`render(in:)`, the
/// recipe's `PRPCompositeView`) and cuts it into `stripCount` vertical strips framed exactly
/// like the layer; adding `container` to a shown tree (above the layer, which the caller
/// hides) starts the curl, as the recipe's transition view starts in `didMoveToSuperview`:
/// the container's `kCAOnOrderIn` action calls `curl()`, which winds the strips onto a
/// many-sided tube that rolls from the right edge to the left, uncovering whatever is beneath.
///
/// As the recipe builds it: a second set of strip layers, the tube's faces, starts without
/// contents (completely transparent); each face is placed with an incrementing rotation about
/// the y axis and pushed out by the tube's apothem, so together they form a closed prism; the
/// tube layer's `sublayerTransform` (a rotation about y, then perspective) turns the whole
/// prism. While the tube slides left it rotates by one face per strip width — rolling without
/// slipping — and as it passes each strip, that strip leaves the page and appears on the face
/// then facing the viewer.
///
/// Two choices keep the hand-over seamless (issue 23: gaps and duplicated fragments):
/// - The prism's axis lies one apothem *behind* the page's plane (the recipe centres it on the
///   parent's plane), so the face at the hand-over lies in the page's plane and is exactly
///   as large as its strip; centred on the plane, that face sat an apothem nearer the eye and
///   was drawn larger than the strip it replaced (8 % with 10 strips).
/// - The page rolls onto the tube at that front face, which acts as the contact line of a
///   wheel: it stays put while the axis moves on, and filled faces turn away to the *right*
///   (behind the strips already gone) and recede. Rolled the other way, as before, filled
///   faces swept left over strips still waiting on the page, showing them out of order.
/// Half a turn after its hand-over a face (by then turned away and culled) drops its contents,
/// so after a full turn it does not come round again over the page's last strips.
///
/// Everything is declared as Core Animation animations when `curl()` is called, so any frame
/// can be rendered at any time. Space: the container's bounds equal the layer's frame size
/// (points, y down); the container sits where the layer sits in its superlayer.
package final class PageCurlTube {
    /// Holds the strips and the tube, placed over the original layer.
    package let container = CALayer()
    package let pageStrips: [CALayer]
    package let tube = CALayer()
    package let faces: [CALayer]
    /// One black layer over each face whose opacity darkens the face as it turns away from
    /// the viewer, so the tube reads as a curved surface (see `shadeOpacity(facing:)`).
    package let shades: [CALayer]
    /// Opacity of a face's shade when it is edge-on to the viewer.
    package static let maxShade: Float = 0.85
    package let stripCount: Int
    /// The snapshot's size in points.
    package let pageSize: CGSize
    /// The layer's rendering the strips show (nil when it could not be drawn).
    package let snapshot: CGImage?
    /// Runs when the curl started by adding `container` has finished.
    package var completion: (() -> Void)?
    private var isCurling = false
    /// Seconds the tube takes to cross the page.
    package var crossingDuration: Double = 2.0

    /// Snapshots `layer` and builds the strips and the tube in `container`, framed like the
    /// layer in its superlayer (nothing is added to any tree yet). `stripCount` is clamped to
    /// 3…64: fewer is no tube, more is narrower than a few points. Returns nil when the layer
    /// has no superlayer or an empty size.
    package init?(over layer: CALayer, stripCount requested: Int = 10, snapshotScale: CGFloat = 2) {
        guard layer.superlayer != nil, layer.bounds.width > 0, layer.bounds.height > 0 else { return nil }
        let n = min(max(requested, 3), 64)
        stripCount = n
        pageSize = layer.bounds.size
        let snapshot = Self.snapshot(of: layer, scale: snapshotScale)
        self.snapshot = snapshot
        let w = pageSize.width / CGFloat(n)
        pageStrips = (0..<n).map { i in
            let strip = CALayer()
            strip.frame = CGRect(x: CGFloat(i) * w, y: 0, width: w, height: layer.bounds.height)
            strip.contents = snapshot
            strip.contentsRect = CGRect(x: CGFloat(i) / CGFloat(n), y: 0, width: 1 / CGFloat(n), height: 1)
            strip.name = "pageStrip\(i)"
            return strip
        }
        faces = (0..<n).map { _ in CALayer() }
        shades = (0..<n).map { _ in CALayer() }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.frame = layer.frame
        container.name = "pageCurl"
        pageStrips.forEach(container.addSublayer)
        buildTube(stripWidth: w)
        container.actions = [kCAOnOrderIn: StartCurlAction(tube: self)]
        CATransaction.commit()
    }

    /// The container's `kCAOnOrderIn` action: the recipe's `didMoveToSuperview`, which starts
    /// the transition as soon as its view is added. Core Animation posts it when the container
    /// enters a shown tree with actions enabled.
    private final class StartCurlAction: CAAction {
        weak var tube: PageCurlTube?
        init(tube: PageCurlTube) { self.tube = tube }
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            guard let tube else { return }
            tube.curl(completion: tube.completion)
        }
    }

    /// The layer's rendering (its model tree, `render(in:)`) as an image of `scale` pixels per
    /// point, upright.
    static func snapshot(of layer: CALayer, scale: CGFloat) -> CGImage? {
        PageArtwork.draw(size: layer.bounds.size, scale: scale) { ctx in
            ctx.translateBy(x: -layer.bounds.minX, y: -layer.bounds.minY)
            layer.render(in: ctx)
        }
    }

    /// Distance from the tube's axis to each face (the regular polygon's apothem), points.
    var apothem: CGFloat {
        let w = pageSize.width / CGFloat(stripCount)
        return w / (2 * tan(.pi / CGFloat(stripCount)))
    }

    /// The recipe's perspective for the tube's `sublayerTransform`: an eye 1000 points away.
    static func perspective() -> CATransform3D {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 1000
        return p
    }

    /// The tube layer's `sublayerTransform` when the prism has turned by `roll` radians about
    /// its axis and the axis lies `depth` points behind the page's plane (nil: the apothem, the
    /// front face in the page's plane): the turn, then the push back, then the perspective.
    func tubeTransform(roll: CGFloat, depth: CGFloat? = nil) -> CATransform3D {
        let turned = CATransform3DMakeRotation(roll, 0, 1, 0)
        let pushedBack = CATransform3DConcat(turned, CATransform3DMakeTranslation(0, 0, -(depth ?? apothem)))
        return CATransform3DConcat(pushedBack, Self.perspective())
    }

    /// The prism's pose when its axis has travelled `travelled` points left from its start
    /// (the page's right edge plus an apothem): its roll angle (radians about y; face j faces
    /// the viewer at roll j·2π/n, when the axis is over the centre of strip n − 1 − j) and the
    /// depth of its axis behind the page's plane (points).
    ///
    /// It rolls as a prism rolls on a table: between two hand-overs it pivots about the edge
    /// its front face shares with the next face, which stays pinned to the boundary between
    /// the strip just taken and the next one on the page — so no gap opens between the page
    /// and the tube and neither overlaps the other. Keeping that edge in the page's plane
    /// while the axis slides at constant speed takes an angle of π/n + asin((edge − axis)/R)
    /// (R the circumradius) and an axis that bobs back to R·cos(angle − π/n); at each
    /// hand-over the face lies flat in the plane, an apothem in front of the axis.
    func pose(travelled: CGFloat) -> (roll: CGFloat, depth: CGFloat) {
        let n = CGFloat(stripCount), w = pageSize.width / n
        let axis = pageSize.width + apothem - travelled
        // Face j is the one whose left edge is pinned: the axis is between the centres of
        // its strip and the next one.
        let j = ((travelled - apothem - w / 2) / w).rounded(.down)
        let edge = pageSize.width - (j + 1) * w
        let radius = w / (2 * sin(.pi / n))
        let angle = .pi / n + asin(max(-1, min(1, (edge - axis) / radius)))
        return (angle + j * 2 * .pi / n, radius * cos(angle - .pi / n))
    }

    private func buildTube(stripWidth w: CGFloat) {
        tube.bounds = CGRect(x: 0, y: 0, width: w, height: pageSize.height)
        tube.position = CGPoint(x: pageSize.width + apothem, y: pageSize.height / 2)
        tube.sublayerTransform = tubeTransform(roll: 0)
        tube.name = "tube"
        // Face j takes strip (stripCount − 1 − j): the tube meets the rightmost strip first.
        for (j, face) in faces.enumerated() {
            let strip = stripCount - 1 - j
            face.bounds = tube.bounds
            face.position = CGPoint(x: w / 2, y: pageSize.height / 2)
            // Decreasing angles: the tube rolls so that the angle grows, and face j must face
            // the viewer after j strips.
            let angle = -CGFloat(j) * 2 * .pi / CGFloat(stripCount)
            face.transform = CATransform3DTranslate(CATransform3DMakeRotation(angle, 0, 1, 0), 0, 0, apothem)
            // Without contents until its strip is handed over (`curl()` animates them in):
            // an empty layer draws nothing.
            face.contentsRect = pageStrips[strip].contentsRect
            // The tube is a plain layer: its faces are drawn in sublayer order, not by depth.
            // Culling the faces turned away leaves only the front of the (convex) prism, whose
            // faces never overlap — so the order cannot show.
            face.isDoubleSided = false
            face.name = "tubeFace\(j)"
            let shade = shades[j]
            shade.frame = face.bounds
            shade.backgroundColor = CGColor(gray: 0, alpha: 1)
            shade.opacity = 0
            shade.isDoubleSided = false
            shade.name = "tubeShade\(j)"
            face.addSublayer(shade)
            tube.addSublayer(face)
        }
        container.addSublayer(tube)
    }

    /// The face's contents from `beginTime` for `duration` seconds: before and after, the face
    /// keeps its model contents (none). An animation from the snapshot to itself, so nothing
    /// blends.
    static func contentsArrival(_ contents: CGImage?, beginTime: CFTimeInterval, duration: Double) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "contents")
        a.fromValue = contents
        a.toValue = contents
        a.beginTime = beginTime
        a.duration = max(duration, 1e-3)
        a.isRemovedOnCompletion = false
        return a
    }

    /// The shade over a face turned by `angle` radians from facing the viewer: Lambert-like,
    /// none when it faces the viewer (so a strip meets its face at the hand-over without a
    /// step in brightness), `maxShade` edge-on. Faces turned further are culled anyway.
    package static func shadeOpacity(facing angle: CGFloat) -> Float {
        let c = Float(cos(angle))
        return c <= 0 ? maxShade : maxShade * (1 - c)
    }

    /// Opacity `from` until `fraction` of `duration`, then `to`, held afterwards.
    static func opacitySwitch(from: Float, to: Float, at fraction: NSNumber, duration: Double,
                              beginTime: CFTimeInterval) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.values = [from, to]
        // Discrete mode: n + 1 key times, each value holding until the next one.
        a.keyTimes = [0, fraction, 1]
        a.calculationMode = .discrete
        a.duration = duration
        a.beginTime = beginTime
        a.fillMode = .both
        a.isRemovedOnCompletion = false
        return a
    }

    /// Starts the curl now: tube slide and roll, and the strip hand-over, all as animations.
    /// When the tube has left the page, `completion` runs (the container stays, showing
    /// nothing of the old page; remove it then if you like).
    ///
    /// Starts only once: a second call (or re-adding the container) does nothing.
    package func curl(completion: (() -> Void)? = nil) {
        guard !isCurling else { return }
        isCurling = true
        CATransaction.begin()
        CATransaction.setCompletionBlock(completion)
        defer { CATransaction.commit() }
        let now = CACurrentMediaTime()
        let n = stripCount
        let w = pageSize.width / CGFloat(n)
        let startX = pageSize.width + apothem, endX = -apothem
        // The tube's axis passes the page's right edge after `lead` of the slide and its
        // left edge after `lead + crossingDuration`: a constant speed of one strip per
        // crossingDuration / n seconds.
        let speed = pageSize.width / crossingDuration
        let total = Double(startX - endX) / speed
        let lead = Double(apothem) / speed

        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = startX
        slide.toValue = endX
        slide.duration = total
        slide.beginTime = now
        slide.fillMode = .both
        slide.isRemovedOnCompletion = false
        tube.add(slide, forKey: "slide")

        // A face shows its strip for half a turn (n/2 strip widths of travel), then, turned
        // away from the viewer, lets it go.
        let halfTurn = crossingDuration / 2

        // Rolling without slipping (`pose(travelled:)`), sampled finely enough (at most 3° per
        // sample, at least four per face) that interpolating the matrices between samples
        // follows the pivoting prism and never takes the short way round a half turn.
        let samplesPerFace = max(4, Int((120 / Double(n)).rounded(.up)))
        let steps = samplesPerFace * n * Int(ceil(total / crossingDuration))
        let roll = CAKeyframeAnimation(keyPath: "sublayerTransform")
        let poses = (0...steps).map { k in pose(travelled: CGFloat(k) / CGFloat(steps) * (startX - endX)) }
        let rollAngles = poses.map(\.roll)
        roll.values = poses.map { tubeTransform(roll: $0.roll, depth: $0.depth) }
        roll.duration = total
        roll.beginTime = now
        roll.fillMode = .both
        roll.isRemovedOnCompletion = false
        tube.add(roll, forKey: "roll")

        for j in 0..<n {
            let strip = n - 1 - j
            // The axis is over the centre of strip `strip` when it has travelled
            // apothem + (j + 0.5)·w from its start.
            let handOver = lead + (Double(j) + 0.5) * Double(w) / speed
            let fraction = NSNumber(value: handOver / total)
            pageStrips[strip].add(Self.opacitySwitch(from: 1, to: 0, at: fraction, duration: total, beginTime: now), forKey: "leave")
            // (Never past the curl's end, so the completion block comes when the tube is off.)
            faces[j].add(Self.contentsArrival(snapshot, beginTime: now + handOver, duration: min(halfTurn, total - handOver)),
                         forKey: "arrive")
            // The shade follows the face's angle to the viewer (roll + the face's own turn),
            // sampled with the roll; it stays clear while the face has no contents.
            let shown = handOver..<(handOver + halfTurn)
            let shade = CAKeyframeAnimation(keyPath: "opacity")
            shade.values = rollAngles.enumerated().map { k, roll -> Float in
                let time = Double(k) / Double(steps) * total
                return shown.contains(time) ? Self.shadeOpacity(facing: roll - CGFloat(j) * 2 * .pi / CGFloat(n)) : 0
            }
            shade.duration = total
            shade.beginTime = now
            shade.fillMode = .both
            shade.isRemovedOnCompletion = false
            shades[j].add(shade, forKey: "shade")
        }
    }
}
