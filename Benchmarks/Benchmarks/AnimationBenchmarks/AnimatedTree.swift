import QuartzCore

/// AnimationBench's tree (Sources/AnimationBench), built and driven through QuartzCore's public
/// API only: `count` layers of 2 × 2 points on a 3-point grid under one 300 × 300 root, shown by
/// a `CARenderer`, each with three running animations of a realistic mix — an eased position
/// animation, a linear autoreversing opacity animation, and a z rotation that is a keyframe
/// animation on even layers and a spring on odd ones, all repeating forever.
///
/// Media time is injected (`MediaClock.setManualTime`): the tree is committed at `origin`, and
/// every operation runs at the next 60 Hz frame time, one second on, so each sample sees the
/// animations at a new time, as a display link would.
final class AnimatedTree {
    /// Media time (seconds) at which the tree and its animations are committed; not 0, which
    /// Core Animation reads as "now" in a begin time.
    static let origin: CFTimeInterval = 1000

    let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 300, height: 300))
    let root = CALayer()
    private(set) var layers: [CALayer] = []
    private var frame = 0
    /// The two colours a commit alternates between, made once: a sample measures the commit,
    /// not the making of a colour.
    private let colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
    /// The frames' pixels (300 × 300, RGBA), allocated once, as a window's back buffer.
    private let pixels = UnsafeMutableRawBufferPointer.allocate(byteCount: 300 * 300 * 4, alignment: 64)

    init(count: Int) {
        MediaClock.setManualTime(Self.origin)
        root.bounds = renderer.bounds
        root.position = CGPoint(x: 150, y: 150)
        renderer.layer = root
        layers.reserveCapacity(count)
        for i in 0..<count {
            let l = CALayer()
            l.frame = CGRect(x: Double(i % 100) * 3, y: Double(i / 100) * 3, width: 2, height: 2)
            l.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
            root.addSublayer(l)
            layers.append(l)
        }
        CATransaction.flush()
        for (i, l) in layers.enumerated() { Self.addAnimations(to: l, index: i) }
        CATransaction.flush()
    }

    /// The three animations of layer `index`.
    static func addAnimations(to l: CALayer, index: Int) {
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 0, y: 0)
        move.toValue = CGPoint(x: 300, y: 300)
        move.duration = 10
        move.repeatCount = .infinity
        move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        l.add(move, forKey: "move")

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 2
        fade.autoreverses = true
        fade.repeatCount = .infinity
        l.add(fade, forKey: "fade")

        if index % 2 == 0 {
            let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
            spin.values = [0, Double.pi / 2, Double.pi, 2 * Double.pi]
            spin.keyTimes = [0, 0.2, 0.6, 1]
            spin.duration = 3
            spin.repeatCount = .infinity
            l.add(spin, forKey: "spin")
        } else {
            let wobble = CASpringAnimation(keyPath: "transform.rotation.z")
            wobble.fromValue = 0
            wobble.toValue = Double.pi / 4
            wobble.damping = 5
            wobble.duration = wobble.settlingDuration
            wobble.repeatCount = .infinity
            l.add(wobble, forKey: "spin")
        }
    }

    deinit { pixels.deallocate() }

    /// Moves media time to the next frame (60 Hz, from one second after `origin`) and returns it.
    func nextFrameTime() -> CFTimeInterval {
        frame += 1
        let t = Self.origin + 1 + Double(frame) / 60
        MediaClock.setManualTime(t)
        return t
    }

    /// A transaction changing one animated layer's background colour (actions disabled, so no
    /// implicit animation is added), committed: the commit's cost in a 10,000-layer tree with
    /// 30,000 running animations. A different layer each time.
    func commitOneChange() {
        _ = nextFrameTime()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layers[frame % layers.count].backgroundColor = colors[frame & 1]
        CATransaction.commit()
    }

    /// One turn of a host's frame loop that draws nothing: `beginFrame(atTime:)` commits the
    /// implicit transaction and runs the animation clock (start/stop callbacks, removal on
    /// completion), then `endFrame()`.
    func tick() {
        let t = nextFrameTime()
        renderer.beginFrame(atTime: t)
        renderer.endFrame()
    }

    /// A whole frame at the next frame time, drawn into `pixels` as a window host draws: commit
    /// and the animation clock (`beginFrame`), the damage query (the frame's render tree with
    /// every animation evaluated, its draw list, compared with the last frame drawn), the
    /// damaged pixels redrawn and copied out (`render(into:)`), `endFrame`. Returns the damaged
    /// area in points.
    func drawFrame() throws -> CGRect {
        let t = nextFrameTime()
        renderer.beginFrame(atTime: t)
        defer { renderer.endFrame() }
        let damage = renderer.updateBounds()
        if !damage.isNull {
            try renderer.render(into: pixels, width: renderer.pixelWidth, height: renderer.pixelHeight,
                                bytesPerRow: 4 * renderer.pixelWidth)
        }
        return damage
    }

    /// The presentation copy of the whole tree at the next frame time: a copy of every layer
    /// with its animations' values written in.
    func presentation() -> CALayer? {
        _ = nextFrameTime()
        return root.presentation()
    }
}
