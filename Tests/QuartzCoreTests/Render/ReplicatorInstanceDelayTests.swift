import Foundation
import LaminaCompositor
import LaminaRaster
import Testing
@testable import QuartzCore

/// `CAReplicatorLayer.instanceDelay`: instance k draws the replicated sublayer tree as it was
/// k·instanceDelay seconds earlier, through the committed render tree (what `LayerRenderer`
/// and `CARenderer` draw).
@Suite struct ReplicatorInstanceDelayTests {
    /// Media time the animations begin at.
    static let begin: CFTimeInterval = 100

    /// A tree to render: `root`, and `animate`, which adds its animations (called before the
    /// first frame, after the tree is attached when it is drawn by a `CARenderer`).
    struct Scene {
        var root: CALayer
        var animate: () -> Void
    }

    /// Renders a fresh scene from `make` at media time `t` through the model's path and through
    /// a `CARenderer` (the committed tree): [model, committed].
    func renderBoth(width: Int, height: Int, at t: CFTimeInterval, _ make: () -> Scene) throws -> [Surface] {
        let model = make()
        MediaClock.$override.withValue(Self.begin) {
            model.animate()
            CATransaction.flush()
        }
        let a = try LayerRenderer.renderSurface(model.root, at: t, pixelWidth: width, pixelHeight: height, scale: 1)

        let shown = make()
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: width, height: height))
        MediaClock.$override.withValue(Self.begin) {
            renderer.layer = shown.root
            CATransaction.flush()
            shown.animate()
            CATransaction.flush()
        }
        MediaClock.$override.withValue(t) {
            renderer.beginFrame(atTime: t)
            renderer.render()
            renderer.endFrame()
        }
        let image = try #require(renderer.makeImage())
        return [a, image.premultipliedRGBA8]
    }

    func alpha(_ s: Surface, _ x: Int, _ y: Int) -> Int {
        Int(s.bytes()[(y * s.width + x) * 4 + 3])
    }

    /// An opacity animation from 1 to 0 over `duration` seconds, starting at `begin`.
    static func fade(duration: CFTimeInterval = 1, repeating: Bool = false, fill: CAMediaTimingFillMode = .removed) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 1
        a.toValue = 0
        a.duration = duration
        a.beginTime = begin
        a.fillMode = fill
        if repeating { a.repeatCount = .infinity }
        return a
    }

    /// `count` white 10×10 squares in a row (instance transform: 10 points right), one
    /// replicated square of opacity `modelOpacity` animated by `animation`.
    static func row(count: Int, delay: CFTimeInterval, modelOpacity: Float = 1, animation: CAAnimation?) -> Scene {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 10 * CGFloat(max(1, min(count, 8))), height: 10)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = count
        replicator.instanceDelay = delay
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        square.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        square.opacity = modelOpacity
        replicator.addSublayer(square)
        root.addSublayer(replicator)
        return Scene(root: root) { if let animation { square.add(animation, forKey: "fade") } }
    }

    /// The alpha of copy `k` of a row, at its centre.
    func copyAlpha(_ s: Surface, _ k: Int) -> Int { alpha(s, 10 * k + 5, 5) }

    @Test func eachInstanceIsDrawnAtTheReplicatorsTimeMinusItsDelay() throws {
        let surfaces = try renderBoth(width: 30, height: 10, at: Self.begin + 0.5) {
            Self.row(count: 3, delay: 0.25, animation: Self.fade())
        }
        for s in surfaces {
            // Copies at animation times 0.5, 0.25 and 0: opacities 0.5, 0.75 and 1.
            #expect(abs(copyAlpha(s, 0) - 128) <= 1)
            #expect(abs(copyAlpha(s, 1) - 191) <= 1)
            #expect(copyAlpha(s, 2) == 255)
        }
    }

    @Test func aCopyBeforeItsDelayedStartShowsTheModelValueUnlessItFillsBackwards() throws {
        let removed = try renderBoth(width: 20, height: 10, at: Self.begin + 0.5) {
            Self.row(count: 2, delay: 0.75, modelOpacity: 0.4, animation: Self.fade())
        }
        for s in removed {
            #expect(abs(copyAlpha(s, 0) - 128) <= 1)
            #expect(abs(copyAlpha(s, 1) - 102) <= 1) // not started: the model's 0.4
        }
        let backwards = try renderBoth(width: 20, height: 10, at: Self.begin + 0.5) {
            Self.row(count: 2, delay: 0.75, modelOpacity: 0.4, animation: Self.fade(fill: .backwards))
        }
        for s in backwards {
            #expect(abs(copyAlpha(s, 0) - 128) <= 1)
            #expect(copyAlpha(s, 1) == 255) // fills backwards with the fromValue
        }
    }

    /// The twelve-spoke activity indicator: one bar fading out again and again, rotated by 30°
    /// per instance and delayed by 1/12 of the period, so the spokes are at twelve phases.
    @Test func aSpinnersSpokesAreAtDistinctPhases() throws {
        let t = Self.begin + 2.5
        let surfaces = try renderBoth(width: 40, height: 40, at: t) {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            let replicator = CAReplicatorLayer()
            replicator.frame = root.bounds
            replicator.instanceCount = 12
            replicator.instanceDelay = 1.0 / 12
            replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            let bar = CALayer()
            bar.frame = CGRect(x: 18, y: 2, width: 4, height: 8)
            bar.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            replicator.addSublayer(bar)
            root.addSublayer(replicator)
            return Scene(root: root) { bar.add(Self.fade(repeating: true), forKey: "spin") }
        }
        for s in surfaces {
            var seen: Set<Int> = []
            for k in 0..<12 {
                let angle = Double(k) * .pi / 6
                let x = 20 + 14 * sin(angle), y = 20 - 14 * cos(angle)
                let phase = (2.5 - Double(k) / 12).truncatingRemainder(dividingBy: 1)
                let expected = Int(((1 - phase) * 255).rounded())
                let a = alpha(s, Int(x), Int(y))
                #expect(abs(a - expected) <= 2, "spoke \(k): alpha \(a), expected \(expected)")
                seen.insert(a)
            }
            #expect(seen.count == 12)
        }
    }

    /// The ripple pattern: a group of scale and opacity, each copy a delay later.
    @Test func aGroupAnimationIsDelayedAsAWhole() throws {
        let surfaces = try renderBoth(width: 30, height: 10, at: Self.begin + 0.5) {
            var scene = Self.row(count: 3, delay: 0.25, animation: nil)
            let square = scene.root.sublayers![0].sublayers![0]
            let scale = CABasicAnimation(keyPath: "transform.scale")
            scale.fromValue = 0.6
            scale.toValue = 1
            let fade = Self.fade()
            fade.beginTime = 0 // in the group's time
            let group = CAAnimationGroup()
            group.animations = [scale, fade]
            group.duration = 1
            group.beginTime = Self.begin
            scene.animate = { square.add(group, forKey: "ripple") }
            return scene
        }
        for s in surfaces {
            #expect(abs(copyAlpha(s, 0) - 128) <= 1)
            #expect(abs(copyAlpha(s, 1) - 191) <= 1)
            #expect(copyAlpha(s, 2) == 255)
            // Copy 0 is scaled by 0.8 (spans x 1…9), copy 2 by 0.6 (x 2…8).
            #expect(abs(alpha(s, 1, 5) - 128) <= 1)
            #expect(alpha(s, 21, 5) == 0)
        }
    }

    @Test func zeroDelayDrawsExactlyWhatAnUnanimatedTreeOfTheSameValuesDraws() throws {
        // At half way the fade presents exactly 0.5 in every copy.
        let animated = try renderBoth(width: 30, height: 10, at: Self.begin + 0.5) {
            Self.row(count: 3, delay: 0, animation: Self.fade())
        }
        let still = try renderBoth(width: 30, height: 10, at: Self.begin + 0.5) {
            Self.row(count: 3, delay: 0, modelOpacity: 0.5, animation: nil)
        }
        #expect(animated[0].bytes() == still[0].bytes())
        #expect(animated[1].bytes() == still[0].bytes())
        #expect(still[1].bytes() == still[0].bytes())
    }

    @Test func aDelayWithoutAnimatedSublayersChangesNothingAndCostsNothing() throws {
        let delayed = Self.row(count: 3, delay: 0.25, modelOpacity: 0.5, animation: nil)
        let tree = CommittedRenderTree(root: delayed.root).tree(at: Self.begin)
        #expect(tree.instanceNodes.isEmpty)
        let plain = Self.row(count: 3, delay: 0, modelOpacity: 0.5, animation: nil)
        let a = try LayerRenderer.renderSurface(delayed.root, at: Self.begin, pixelWidth: 30, pixelHeight: 10, scale: 1)
        let b = try LayerRenderer.renderSurface(plain.root, at: Self.begin, pixelWidth: 30, pixelHeight: 10, scale: 1)
        #expect(a.bytes() == b.bytes())
    }

    /// Instance (i, j) of a replicator (2 rows, delay 0.5) of a replicator (3 columns, delay
    /// 0.25) is shifted by 0.5·i + 0.25·j.
    @Test func nestedReplicatorDelaysAdd() throws {
        let surfaces = try renderBoth(width: 30, height: 20, at: Self.begin + 1) {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
            let rows = CAReplicatorLayer()
            rows.frame = root.bounds
            rows.instanceCount = 2
            rows.instanceDelay = 0.5
            rows.instanceTransform = CATransform3DMakeTranslation(0, 10, 0)
            let columns = CAReplicatorLayer()
            columns.frame = root.bounds
            columns.instanceCount = 3
            columns.instanceDelay = 0.25
            columns.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
            let square = CALayer()
            square.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            square.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            columns.addSublayer(square)
            rows.addSublayer(columns)
            root.addSublayer(rows)
            return Scene(root: root) { square.add(Self.fade(duration: 2), forKey: "fade") }
        }
        for s in surfaces {
            for i in 0..<2 {
                for j in 0..<3 {
                    let time = 1 - 0.5 * Double(i) - 0.25 * Double(j)
                    let expected = Int(((1 - time / 2) * 255).rounded())
                    let a = alpha(s, 10 * j + 5, 10 * i + 5)
                    #expect(abs(a - expected) <= 1, "copy (\(i), \(j)): alpha \(a), expected \(expected)")
                }
            }
        }
    }

    @Test func aNegativeDelayPutsLaterInstancesAhead() throws {
        let surfaces = try renderBoth(width: 30, height: 10, at: Self.begin + 0.25) {
            Self.row(count: 3, delay: -0.25, animation: Self.fade())
        }
        for s in surfaces {
            #expect(abs(copyAlpha(s, 0) - 191) <= 1)
            #expect(abs(copyAlpha(s, 1) - 128) <= 1)
            #expect(abs(copyAlpha(s, 2) - 64) <= 1)
        }
    }

    @Test func nonFiniteAndHugeDelaysDoNotTrap() throws {
        for delay in [Double.nan, .infinity, -.infinity] {
            // Not a time shift: every copy as instance 0.
            let surfaces = try renderBoth(width: 30, height: 10, at: Self.begin + 0.5) {
                Self.row(count: 3, delay: delay, animation: Self.fade())
            }
            for s in surfaces {
                for k in 0..<3 { #expect(abs(copyAlpha(s, k) - 128) <= 1, "delay \(delay), copy \(k)") }
            }
        }
        for delay in [1e300, -1e300, .greatestFiniteMagnitude] {
            // Later copies are so far before the start (or after the end) that they show the model value.
            let surfaces = try renderBoth(width: 30, height: 10, at: Self.begin + 0.5) {
                Self.row(count: 3, delay: delay, modelOpacity: 0.4, animation: Self.fade())
            }
            for s in surfaces {
                #expect(abs(copyAlpha(s, 0) - 128) <= 1)
                #expect(abs(copyAlpha(s, 1) - 102) <= 1, "delay \(delay)")
                #expect(abs(copyAlpha(s, 2) - 102) <= 1, "delay \(delay)")
            }
        }
    }

    @Test func hugeInstanceCountsAreBoundedWork() throws {
        let scene = Self.row(count: 1_000_000, delay: 0.001, animation: Self.fade(repeating: true))
        MediaClock.$override.withValue(Self.begin) {
            scene.animate()
            CATransaction.flush()
        }
        let tree = CommittedRenderTree(root: scene.root).tree(at: Self.begin + 0.5)
        #expect(tree.instanceNodes.pathCount <= ReplicatorInstanceNodes.evaluationBudget)
        #expect(tree.instanceNodes.pathCount <= FramePreparer.maxInstances)
        let s = try LayerRenderer.renderSurface(scene.root, at: Self.begin + 0.5, pixelWidth: 80, pixelHeight: 10, scale: 1)
        #expect(abs(copyAlpha(s, 0) - 128) <= 1)
    }
}
