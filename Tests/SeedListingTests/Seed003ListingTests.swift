import Foundation
import Testing
import QuartzCore
@testable import UIKit

/// A screen holding the two views of example 5-1 (the seed's own test code): myView2 (blue)
/// under myView1 (red), both at (100, 100, 50, 50).
private final class TwoViewsController: UIViewController {
    let myView1 = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
    let myView2 = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))

    override func viewDidLoad() {
        super.viewDidLoad()
        myView2.backgroundColor = .blue
        myView2.isHidden = true  // "only myView1 is visible"
        view.addSubview(myView2)
        myView1.backgroundColor = .red
        view.addSubview(myView1)
    }
}

/// Seed 003's examples ("Advanced Animation Tricks", Core Animation Programming Guide), each
/// run on a headless screen and checked against what the guide says happens.
@Suite struct Seed003ListingTests {
    /// Pixels of example 5-1's views, row 125: x = 104 is in the left part of the views' square
    /// (100…150), x = 145 in the right part.
    private let left = 104
    private let right = 145
    private let row = 125

    /// Checks that both layers carry example 5-1's push transition, and returns its begin time.
    private func checkPushTransitions(_ views: [UIView], duration: CFTimeInterval) throws -> CFTimeInterval {
        var begins: [CFTimeInterval] = []
        for view in views {
            let transition = try #require(view.layer.animation(forKey: "transition") as? CATransition)
            #expect(transition.type == .push)
            #expect(transition.subtype == .fromRight)
            #expect(transition.duration == duration)
            #expect(transition.startProgress == 0 && transition.endProgress == 1)
            begins.append(transition.beginTime)
        }
        #expect(Set(begins).count == 1)
        return begins[0]
    }

    /// Half-way through the push from the right: myView1's red is leaving to the left (and is
    /// on top), myView2's blue is coming in at the right; at the end only blue shows.
    private func checkPushRendering(_ stage: ListingStage, begin: CFTimeInterval, duration: CFTimeInterval) throws {
        stage.run(until: begin - stage.start + duration / 2)
        let midway = try stage.render()
        #expect(midway[left, row].matches(.red), "myView1 at the left: \(midway[left, row])")
        #expect(midway[right, row].matches(.blue), "myView2 at the right: \(midway[right, row])")
        stage.run(until: begin - stage.start + duration + 0.05)
        let after = try stage.render()
        #expect(after[left, row].matches(.blue) && after[right, row].matches(.blue))
    }

    @Test func example5_1SwiftPushesMyView1OutAndMyView2In() throws {
        let vc = Example5_1ViewController()
        let stage = try ListingStage(vc, size: CGSize(width: 240, height: 240))
        let before = try stage.render()
        #expect(before[left, row].matches(.red) && before[right, row].matches(.red))

        stage.run(until: 0.5)
        stage.input.touches(.began, [(id: 1, at: CGPoint(x: 20, y: 20))])
        stage.input.touches(.ended, [(id: 1, at: CGPoint(x: 20, y: 20))])
        #expect(vc.myView1.isHidden && !vc.myView2.isHidden)
        let begin = try checkPushTransitions([vc.myView1, vc.myView2], duration: 3.0)
        try checkPushRendering(stage, begin: begin, duration: 3.0)
    }

    @Test func example5_1ObjectiveCPushesMyView1OutAndMyView2In() throws {
        let vc = TwoViewsController()
        let stage = try ListingStage(vc, size: CGSize(width: 240, height: 240))
        let before = try stage.render()
        #expect(before[left, row].matches(.red) && before[right, row].matches(.red))

        stage.run(until: 0.5)
        stage.perform { example5_1(myView1: vc.myView1, myView2: vc.myView2) }
        #expect(vc.myView1.isHidden && !vc.myView2.isHidden)
        let begin = try checkPushTransitions([vc.myView1, vc.myView2], duration: 1.0)
        try checkPushRendering(stage, begin: begin, duration: 1.0)
    }

    @Test func example5_2BarsSwipeFilterTransitionIsRendered() throws {
        let example = Example5_2Controller()
        let vc = UIViewController()
        example.imageView.backgroundColor = .red
        example.imageView2.backgroundColor = .blue
        example.imageView2.isHidden = true
        let stage = try ListingStage(vc, size: CGSize(width: 160, height: 120))
        stage.perform {
            vc.view.addSubview(example.imageView)
            vc.view.addSubview(example.imageView2)
        }
        let before = try stage.render()

        stage.run(until: 0.5)
        stage.perform { example.swapImages() }
        #expect(example.imageView.isHidden && !example.imageView2.isHidden)
        let transition = try #require(example.imageView2.layer.animation(forKey: "transition") as? CATransition)
        #expect(transition.filter != nil)
        #expect(transition.duration == 1.0)

        stage.run(until: transition.beginTime - stage.start + 0.5)
        let midway = try stage.render()
        stage.run(until: transition.beginTime - stage.start + 1.05)
        let after = try stage.render()

        // The views' rectangle (120 × 80 at the origin): red before, blue after, and half-way
        // through the bars swipe a good share of it differs from each.
        var (pixels, unlikeBefore, unlikeAfter) = (0, 0, 0)
        for y in 0..<80 {
            for x in 0..<120 {
                #expect(before[x, y].matches(.red) && after[x, y].matches(.blue))
                pixels += 1
                if !midway[x, y].matches(before[x, y], tolerance: 8) { unlikeBefore += 1 }
                if !midway[x, y].matches(after[x, y], tolerance: 8) { unlikeAfter += 1 }
            }
        }
        #expect(unlikeBefore > pixels / 10, "\(unlikeBefore) of \(pixels) pixels changed half-way")
        #expect(unlikeAfter > pixels / 10, "\(unlikeAfter) of \(pixels) pixels still to change half-way")
    }

    @Test func example5_3LocalTimeFollowsSpeedTimeOffsetAndBeginTime() throws {
        let vc = UIViewController()
        let stage = try ListingStage(vc)
        let parent = CALayer()
        parent.speed = 2
        parent.beginTime = 3
        parent.timeOffset = 0.5
        let myLayer = CALayer()
        myLayer.speed = 0.5
        myLayer.beginTime = 10
        myLayer.timeOffset = 1
        stage.perform {
            vc.view.layer.addSublayer(parent)
            parent.addSublayer(myLayer)
        }
        for t in [0.25, 1.75] {
            stage.run(until: t)
            let now = stage.clock.now
            // The views above have default timing, so the parent's parent time is media time;
            // each layer maps its parent's time by (t − beginTime) · speed + timeOffset (§7.2).
            let parentLocal = (now - 3) * 2 + 0.5
            let expected = (parentLocal - 10) * 0.5 + 1
            let local = stage.now { example5_3(myLayer: myLayer) }
            #expect(abs(local - expected) < 1e-9)
            #expect(abs(local - myLayer.convertTime(now, from: nil)) < 1e-9)
            #expect(abs(myLayer.convertTime(local, to: nil) - now) < 1e-9)
            #expect(abs(myLayer.convertTime(local, to: parent) - parentLocal) < 1e-9)
        }
    }

    @Test func example5_4PauseFreezesAndResumeContinuesWhereItStopped() throws {
        let vc = UIViewController()
        let stage = try ListingStage(vc)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        stage.perform { vc.view.layer.addSublayer(layer) }

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 4
        stage.run(until: 0.5)
        stage.perform { layer.add(fade, forKey: "fade") }
        let begin = try #require(layer.animation(forKey: "fade")).beginTime
        func opacity() -> Float { stage.now { layer.presentation()?.opacity } ?? -1 }

        stage.run(until: begin - stage.start + 1)
        #expect(abs(opacity() - 0.25) < 1e-5)
        let pausedAt = stage.clock.now
        stage.perform { pauseLayer(layer) }
        #expect(layer.speed == 0)
        #expect(abs(layer.timeOffset - pausedAt) < 1e-9)
        // Frozen: the same value now and at two later times.
        #expect(abs(opacity() - 0.25) < 1e-5)
        stage.run(for: 1)
        #expect(abs(opacity() - 0.25) < 1e-5)
        stage.run(for: 1.5)
        #expect(abs(opacity() - 0.25) < 1e-5)

        let resumedAt = stage.clock.now
        stage.perform { resumeLayer(layer) }
        #expect(layer.speed == 1 && layer.timeOffset == 0)
        #expect(abs(layer.beginTime - (resumedAt - pausedAt)) < 1e-9)  // QA1673: the time spent paused
        #expect(abs(opacity() - 0.25) < 1e-5)
        stage.run(for: 1)
        #expect(abs(opacity() - 0.5) < 1e-5)
        stage.run(for: 1)
        #expect(abs(opacity() - 0.75) < 1e-5)
        stage.run(for: 1.1)
        #expect(layer.animation(forKey: "fade") == nil)
        #expect(opacity() == 1)
    }

    /// A committed 60 × 60 sublayer of `vc`'s view at (100, 100).
    private func committedLayer(on stage: ListingStage, _ vc: UIViewController) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 70, y: 70, width: 60, height: 60)
        layer.backgroundColor = UIColor.green.cgColor
        stage.perform { vc.view.layer.addSublayer(layer) }
        stage.run(until: 0.5)
        return layer
    }

    @Test func example5_5ExplicitTransactionAnimatesWithTheDefaultDuration() throws {
        let vc = UIViewController()
        let stage = try ListingStage(vc)
        let theLayer = committedLayer(on: stage, vc)
        stage.perform { example5_5(theLayer: theLayer) }
        #expect(theLayer.zPosition == 200 && theLayer.opacity == 0)
        let z = try #require(theLayer.animation(forKey: "zPosition"))
        let fade = try #require(theLayer.animation(forKey: "opacity"))
        #expect(z.duration == 0.25 && fade.duration == 0.25)
        #expect(z.beginTime == fade.beginTime)

        stage.run(until: 0.5 + 0.125)
        let midway = try #require(stage.now { theLayer.presentation() })
        #expect(midway.zPosition > 0 && midway.zPosition < 200)
        #expect(midway.opacity > 0 && midway.opacity < 1)
        stage.run(until: 0.5 + 0.26)
        let done = try #require(stage.now { theLayer.presentation() })
        #expect(done.zPosition == 200 && done.opacity == 0)
    }

    @Test func example5_6TransactionValueSetsATenSecondDuration() throws {
        let vc = UIViewController()
        let stage = try ListingStage(vc)
        let theLayer = committedLayer(on: stage, vc)
        stage.perform { example5_6(theLayer: theLayer) }
        let fade = try #require(theLayer.animation(forKey: "opacity"))
        #expect(fade.duration == 10)
        func opacity() -> Float { stage.now { theLayer.presentation()?.opacity } ?? -1 }
        stage.run(until: 0.5 + 5)
        #expect(opacity() > 0.5 && opacity() < 1)
        stage.run(until: 0.5 + 9.9)
        #expect(opacity() > 0.5)
        stage.run(until: 0.5 + 10.05)
        #expect(opacity() == 0.5)
    }

    @Test func example5_7NestedTransactionsGiveTwoAndFiveSeconds() throws {
        let vc = UIViewController()
        let stage = try ListingStage(vc)
        let theLayer = committedLayer(on: stage, vc)
        stage.perform { example5_7(theLayer: theLayer) }
        let move = try #require(theLayer.animation(forKey: "position"))
        let z = try #require(theLayer.animation(forKey: "zPosition"))
        let fade = try #require(theLayer.animation(forKey: "opacity"))
        #expect(move.duration == 2)
        #expect(z.duration == 5 && fade.duration == 5)
        // All start when the outer transaction commits.
        #expect(move.beginTime == z.beginTime && z.beginTime == fade.beginTime)

        stage.run(until: 0.5 + 1)
        let early = try #require(stage.now { theLayer.presentation() })
        #expect(early.position != .zero && early.position != CGPoint(x: 100, y: 100))
        stage.run(until: 0.5 + 3)
        let later = try #require(stage.now { theLayer.presentation() })
        #expect(later.position == .zero)
        #expect(later.zPosition > 0 && later.zPosition < 200)
        #expect(later.opacity > 0 && later.opacity < 1)
        stage.run(until: 0.5 + 5.05)
        let done = try #require(stage.now { theLayer.presentation() })
        #expect(done.zPosition == 200 && done.opacity == 0)
    }

    /// Heights (pixels) of the red columns just inside the left and right edges of what is red
    /// in `image`, with the columns' x.
    private func edgeHeights(_ image: RGBAImage) -> (left: (x: Int, height: Int), right: (x: Int, height: Int))? {
        func height(_ x: Int) -> Int {
            (0..<image.height).filter { image[x, $0].r >= 128 && image[x, $0].g < 64 }.count
        }
        let columns = (0..<image.width).filter { height($0) > 0 }
        guard let first = columns.first, let last = columns.last, last - first > 4 else { return nil }
        return ((first + 1, height(first + 1)), (last - 1, height(last - 1)))
    }

    @Test func example5_8PerspectiveMakesARotatedLayerATrapezoid() throws {
        let vc = UIViewController()
        let stage = try ListingStage(vc, size: CGSize(width: 240, height: 240))
        let myParentLayer = CALayer()
        myParentLayer.frame = CGRect(x: 20, y: 20, width: 200, height: 200)
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)  // centred on the parent's anchor
        sublayer.backgroundColor = UIColor.red.cgColor
        sublayer.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        let eyePosition: CGFloat = 300
        stage.perform {
            vc.view.layer.addSublayer(myParentLayer)
            myParentLayer.addSublayer(sublayer)
            example5_8(myParentLayer: myParentLayer, eyePosition: eyePosition)
        }
        #expect(myParentLayer.sublayerTransform.m34 == -1.0 / eyePosition)
        var flat = CATransform3DIdentity
        flat.m34 = myParentLayer.sublayerTransform.m34
        #expect(CATransform3DEqualToTransform(myParentLayer.sublayerTransform, flat))

        stage.run(until: 0.5)
        let edges = try #require(edgeHeights(try stage.render("example5_8Perspective")))
        // The edge turned toward the eye (z = +50·sin 60°) is magnified by d / (d − z), the far
        // one shrunk by d / (d + z): ≈ 116.9 and 87.4 px for the 100 pt edges.
        let z = 50 * sin(CGFloat.pi / 3)
        let near = 100 * eyePosition / (eyePosition - z), far = 100 * eyePosition / (eyePosition + z)
        let centre = 120
        let (nearEdge, farEdge) = abs(edges.left.x - centre) > abs(edges.right.x - centre)
            ? (edges.left, edges.right) : (edges.right, edges.left)
        #expect(nearEdge.height > farEdge.height + 20, "edges \(edges)")
        // A positive turn about +y takes +x away from the viewer (§2.2.3): the left edge is near.
        #expect(nearEdge.x == edges.left.x)
        #expect(abs(CGFloat(nearEdge.height) - near) <= 3, "near edge \(nearEdge) expected \(near)")
        #expect(abs(CGFloat(farEdge.height) - far) <= 3, "far edge \(farEdge) expected \(far)")

        // Without the perspective the same rotation draws a rectangle (50 × 100 px).
        stage.perform {
            CATransaction.setDisableActions(true)
            myParentLayer.sublayerTransform = CATransform3DIdentity
        }
        let orthographic = try #require(edgeHeights(try stage.render("example5_8Orthographic")))
        #expect(abs(orthographic.left.height - 100) <= 1 && abs(orthographic.right.height - 100) <= 1)
    }
}
