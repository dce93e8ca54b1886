import Foundation
import Testing
@testable import LaminaKit

@Suite struct ViewTests {
    @Test func plainPropertySetOnViewLayerDoesNotAnimate() throws {
        let f = try ViewFixture()
        let loose = CALayer()
        f.now {
            f.root.layer.addSublayer(loose)
            CATransaction.flush()
        }
        f.host.runFrames(1)
        f.now {
            f.child.layer.opacity = 0.5
            f.child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            f.child.center = CGPoint(x: 100, y: 100)
            loose.opacity = 0.5
        }
        #expect(f.child.layer.animationKeys() == nil)
        // A standalone layer in the same tree still animates implicitly (the control).
        #expect(loose.animationKeys() == ["opacity"])
        f.host.runFrames(1)
        #expect(f.child.layer.presentation()?.opacity == 0.5)
    }

    @Test func delegateAnswersNullOutsideAndAnimationInsideBlocks() throws {
        // Seed 002, listing 7.5.
        let view = View()
        let outside = view.action(for: view.layer, forKey: "backgroundColor")
        #expect(outside is NSNull)
        var inside: CAAction?
        View.animate(withDuration: 0.5, animations: {
            inside = view.action(for: view.layer, forKey: "backgroundColor")
        })
        let basic = inside as? CABasicAnimation
        #expect(basic != nil)
        #expect(basic?.duration == 0.5)
        #expect(basic?.fillMode == .both)
        #expect(basic?.keyPath == "backgroundColor")
        #expect(basic?.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        // Keys that do not animate stay NSNull inside blocks too.
        var sublayers: CAAction?
        View.animate(withDuration: 0.5, animations: { sublayers = view.action(for: view.layer, forKey: "sublayers") })
        #expect(sublayers is NSNull)
    }

    @Test func animateAnimatesWithBlockDurationAndCurve() throws {
        let f = try ViewFixture()
        let loose = CALayer()
        f.now {
            f.root.layer.addSublayer(loose)
            CATransaction.flush()
        }
        f.now {
            View.animate(withDuration: 0.5, options: .curveLinear, animations: {
                f.child.alpha = 0.2
                loose.opacity = 0.3
            })
        }
        let anim = f.child.layer.animation(forKey: "opacity") as? CABasicAnimation
        #expect(anim?.duration == 0.5)
        #expect(anim?.fromValue as? Float == 1)
        #expect(anim?.timingFunction == CAMediaTimingFunction(name: .linear))
        // §5.3.3: a standalone layer keeps the transaction's 0.25 s.
        #expect(loose.animation(forKey: "opacity")?.duration == 0.25)
        // The block's transaction is the outermost one here: it commits (and starts) at once.
        let start = f.clock.now
        f.host.runFrames(15)
        let t = f.clock.now - start
        let shown = f.now { f.child.layer.presentation()?.opacity } ?? -1
        let expected = 1 - 0.8 * Float(t / 0.5)
        #expect(abs(shown - expected) < 0.02)
        f.host.runFrames(20)
        #expect(f.child.layer.animationKeys() == nil)
        #expect(f.child.alpha == CGFloat(Float(0.2)))
    }

    @Test func completionRunsAfterTheAnimationFinishes() throws {
        let f = try ViewFixture()
        var finishedAt: CFTimeInterval?
        let committed = f.clock.now
        f.now {
            View.animate(withDuration: 0.3, animations: { f.child.center = CGPoint(x: 150, y: 150) },
                         completion: { finished in
                             #expect(finished)
                             finishedAt = f.clock.now
                         })
        }
        f.host.runFrames(1)
        #expect(finishedAt == nil)
        f.host.runFrames(10)
        #expect(finishedAt == nil)
        f.host.runFrames(15)
        let done = try #require(finishedAt)
        #expect(done - committed >= 0.3 - 1e-9)
        #expect(done - committed < 0.3 + 2 * f.host.refreshInterval)
    }

    @Test func interruptedBlockCompletesUnfinished() throws {
        let f = try ViewFixture()
        var first: Bool?, second: Bool?
        f.now {
            View.animate(withDuration: 1, animations: { f.child.center = CGPoint(x: 150, y: 150) },
                         completion: { first = $0 })
        }
        f.input.wait(0.2)
        f.now {
            View.animate(withDuration: 0.3, options: .beginFromCurrentState,
                         animations: { f.child.center = CGPoint(x: 20, y: 20) },
                         completion: { second = $0 })
        }
        #expect(first == false)
        // The replacement starts where the view was seen, not from the old model value.
        let from = f.child.layer.animation(forKey: "position") as? CABasicAnimation
        let start = from?.fromValue as? CGPoint ?? .zero
        #expect(start.x > 50)
        #expect(start.x < 150)
        #expect(second == nil)
        f.input.wait(0.4)
        #expect(second == true)
    }

    @Test func zeroDurationAppliesAtOnceAndCompletesAtCommit() throws {
        let f = try ViewFixture()
        var completed = false
        f.now {
            View.animate(withDuration: 0, animations: { f.child.alpha = 0.5 }, completion: { _ in completed = true })
        }
        #expect(f.child.layer.animationKeys() == nil)
        f.host.runFrames(1)
        #expect(completed)
    }

    @Test func nestedBlocksInheritDurationUnlessOverridden() throws {
        let f = try ViewFixture()
        f.now {
            View.animate(withDuration: 1, animations: {
                View.animate(withDuration: 0.2, animations: { f.child.alpha = 0.5 })
                View.animate(withDuration: 0.2, options: .overrideInheritedDuration, animations: {
                    f.child.center = CGPoint(x: 10, y: 10)
                })
                View.performWithoutAnimation { f.child.backgroundColor = CGColor(gray: 0.5, alpha: 1) }
            })
        }
        #expect(f.child.layer.animation(forKey: "opacity")?.duration == 1)
        #expect(f.child.layer.animation(forKey: "position")?.duration == 0.2)
        #expect(f.child.layer.animation(forKey: "backgroundColor") == nil)
    }

    @Test func delayHoldsTheOldValueUntilItStarts() throws {
        let f = try ViewFixture()
        f.now {
            View.animate(withDuration: 0.2, delay: 0.5, animations: { f.child.alpha = 0 })
        }
        f.host.runFrames(12)
        let during = f.now { f.child.layer.presentation()?.opacity }
        #expect(during == 1)
        f.host.runFrames(30)
        let after = f.now { f.child.layer.presentation()?.opacity }
        #expect(after == 0)
    }

    @Test func hierarchyAndConversion() throws {
        let parent = View(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let a = View(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        let b = View()
        parent.addSubview(a)
        parent.addSubview(b)
        #expect(parent.subviews.count == 2)
        #expect(parent.layer.sublayers?.first === a.layer)
        parent.bringSubviewToFront(a)
        #expect(parent.subviews.last === a)
        #expect(parent.layer.sublayers?.last === a.layer)
        // A cycle is refused.
        a.addSubview(parent)
        #expect(a.subviews.isEmpty)
        #expect(LayerDiagnostics.takeLastError() != nil)
        #expect(a.convert(CGPoint(x: 1, y: 1), to: parent) == CGPoint(x: 6, y: 6))
        #expect(parent.convert(CGPoint(x: 6, y: 6), to: a) == CGPoint(x: 1, y: 1))
        a.removeFromSuperview()
        #expect(a.superview == nil)
        #expect(parent.subviews.count == 1)
        #expect(a.layer.superlayer == nil)
    }

    @Test func layoutSubviewsRunsAtCommit() throws {
        final class Column: View {
            var layouts = 0
            override func layoutSubviews() {
                layouts += 1
                for (i, v) in subviews.enumerated() { v.frame = CGRect(x: 0, y: CGFloat(i) * 10, width: bounds.width, height: 10) }
            }
        }
        let f = try ViewFixture()
        let column = Column(frame: CGRect(x: 0, y: 0, width: 50, height: 100))
        let row = View()
        f.now {
            f.root.addSubview(column)
            column.addSubview(row)
            column.addSubview(View())
            column.setNeedsLayout()
        }
        f.host.runFrames(1)
        #expect(column.layouts == 1)
        #expect(column.subviews[1].frame == CGRect(x: 0, y: 10, width: 50, height: 10))
        // Layout changes are view changes: no implicit animation.
        #expect(row.layer.animationKeys() == nil)
        f.host.runFrames(3)
        #expect(column.layouts == 1)
    }

    @Test func alphaIgnoresNaNAndClamps() {
        let v = View()
        v.alpha = CGFloat.nan
        #expect(v.alpha == 1)
        v.alpha = 3
        #expect(v.alpha == 1)
        v.alpha = -1
        #expect(v.alpha == 0)
    }
}

@Suite struct ViewHostingTests {
    @Test func hiDPIScaleReachesLayersAndRenderer() throws {
        let window = try HeadlessWindow(size: CGSize(width: 30, height: 20), scale: 2)
        let renderer = FakeRenderer()
        let root = View()
        let host = WindowHost(window: window, renderer: renderer, clock: ManualFrameClock(), rootView: root)
        let child = View(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        let grandchild = View()
        child.addSubview(grandchild)
        host.atCurrentTime { root.addSubview(child) }
        host.runFrames(1)
        #expect(root.layer.contentsScale == 2)
        #expect(grandchild.layer.contentsScale == 2)
        #expect(renderer.sizes.last?.0 == 60)
        #expect(renderer.sizes.last?.1 == 40)
        #expect(root.bounds.size == CGSize(width: 30, height: 20))
    }

    @Test func windowResizeLaysTheRootViewOutAgain() throws {
        final class Root: View {
            var widths: [CGFloat] = []
            override func layoutSubviews() { widths.append(bounds.width) }
        }
        let window = try HeadlessWindow(size: CGSize(width: 30, height: 20))
        let clock = ManualFrameClock()
        let root = Root()
        let host = WindowHost(window: window, renderer: FakeRenderer(), clock: clock, rootView: root)
        host.runFrames(1)
        try window.resize(to: CGSize(width: 50, height: 20), at: clock.now)
        host.runFrames(1)
        #expect(root.widths.last == 50)
        #expect(root.frame == CGRect(x: 0, y: 0, width: 50, height: 20))
        #expect(root.layer.animationKeys() == nil)
    }
}

@Suite struct ViewHookTests {
    @Test func closureHooksStandInForOverrides() throws {
        let f = try ViewFixture()
        var phases: [TouchPhase] = []
        var layouts = 0
        var keys: [Int32] = []
        f.child.touchHandler = { _, phase, _ in phases.append(phase) }
        f.child.layoutHandler = { _ in layouts += 1 }
        f.root.keyHandler = { _, key, _ in
            if key.isDown { keys.append(key.keyCode) }
            return true
        }
        f.input.tap(at: CGPoint(x: 30, y: 30))
        #expect(phases == [.began, .ended])
        f.now { f.child.setNeedsLayout() }
        f.input.frames(1)
        #expect(layouts == 1)
        f.input.key(88)
        #expect(keys == [88])
    }
}
