import Foundation
import LaminaCompositor
import Testing
@testable import QuartzCore

/// The render server's committed copy of a tree: frames equal `presentation()` (which reads the
/// same evaluation: the comparison checks the node writers against the copies, and the values
/// are checked by hand at t = 101), a tree updated by
/// incremental commits equals a fresh full snapshot of the model, frames ignore uncommitted
/// model changes, and commits snapshot only what changed.
@Suite struct CommittedRenderTreeTests {
    /// A root with a moving/spinning layer, a shape with an animated stroke, a gradient with a
    /// keyframe fade and a still layer, committed at media time 100.
    static func animatedTree(_ host: TestHost) -> (root: CALayer, layers: [CALayer]) {
        freshTransactions()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let a = CALayer(), shape = CAShapeLayer(), gradient = CAGradientLayer(), still = CALayer()
        for l in [a, shape, gradient, still] as [CALayer] {
            l.frame = CGRect(x: 10, y: 10, width: 50, height: 40)
            l.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            root.addSublayer(l)
        }
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        MediaClock.$override.withValue(100) {
            root.attach(to: host)
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 0, y: 0)
            move.toValue = CGPoint(x: 100, y: 50)
            move.duration = 2
            a.add(move, forKey: "move")
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.toValue = Double.pi
            spin.duration = 2
            a.add(spin, forKey: "spin")
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1, 0.2, 1]
            fade.duration = 2
            gradient.add(fade, forKey: "fade")
            let stroke = CABasicAnimation(keyPath: "strokeEnd")
            stroke.fromValue = 0
            stroke.toValue = 1
            stroke.duration = 2
            shape.add(stroke, forKey: "stroke")
            let tint = CABasicAnimation(keyPath: "backgroundColor")
            tint.toValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            tint.duration = 3
            still.add(tint, forKey: "tint")
            CATransaction.flush()
        }
        return (root, [root, a, shape, gradient, still])
    }

    static let times: [Double] = [99, 100, 100.5, 101.3, 102.5, 104]

    /// A frame made from the last one (the schedule unchanged) records its changed ids in the
    /// last frame's list, emptied — the same buffer frame after frame once the caller has let
    /// the last frame go — and lists every node the frame wrote; its nodes are a fresh
    /// snapshot's.
    @Test func framesReuseTheirChangedIDList() throws {
        let host = TestHost()
        let (root, layers) = Self.animatedTree(host)
        let committed = root.committedRenderTree()
        func address(_ t: RenderTree) -> UnsafeRawPointer? {
            t.changes?.ids.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } ?? nil
        }
        _ = committed.tree(at: 100.25)
        var addresses: [UnsafeRawPointer?] = []
        for t in [100.5, 100.75, 101, 101.25] {
            let frame = committed.tree(at: t)
            addresses.append(address(frame))
            let ids = Set(frame.changes?.ids ?? [])
            #expect(frame.changes?.previous != nil, "at \(t): not made from the last frame")
            for layer in layers.dropFirst() { #expect(ids.contains(layer.renderNodeID), "at \(t)") }
            let fromModel = CommittedRenderTree(root: root).tree(at: t)
            #expect(frame.nodes == fromModel.nodes, "at \(t)")
        }
        #expect(addresses[0] != nil)
        #expect(Set(addresses.dropFirst()).count == 1 && addresses[1] == addresses[0], "\(addresses)")
        withExtendedLifetime(host) {}
    }

    @Test func framesEqualPresentation() throws {
        let host = TestHost()
        let (root, layers) = Self.animatedTree(host)
        let committed = root.committedRenderTree()
        for t in Self.times {
            let copy = try #require(MediaClock.$override.withValue(t) { root.makePresentation() })
            let fromModel = RenderTree(layer: copy)
            let fromCommit = committed.tree(at: t)
            #expect(fromCommit.count == fromModel.count)
            #expect(fromCommit.rootID == fromModel.rootID)
            for layer in layers {
                #expect(fromCommit[layer.renderNodeID] == fromModel[layer.renderNodeID], "\(type(of: layer)) at \(t)")
            }
        }
        // By hand, 1 s into the animations committed at 100: half of the move and of the
        // stroke, the middle keyframe of the fade, a third of the tint from (0.2, 0.5, 0.9).
        let copy = try #require(MediaClock.$override.withValue(101) { root.makePresentation() })
        let shown = try #require(copy.sublayers)
        #expect(close(shown[0].position, CGPoint(x: 50, y: 25)))
        #expect(close(try #require(shown[1] as? CAShapeLayer).strokeEnd, 0.5))
        #expect(abs(shown[2].opacity - 0.2) < 1e-6)
        let tint = try #require(shown[3].backgroundColor?.components)
        #expect(abs(tint[0] - (0.2 + 0.8 / 3)) < 1e-6 && abs(tint[1] - (0.5 - 0.5 / 3)) < 1e-6
                && abs(tint[2] - 0.6) < 1e-6, "\(tint)")
        withExtendedLifetime(host) {}
    }

    @Test func transitionsAndReusedFramesEqualAFullSnapshot() {
        let host = TestHost()
        let (root, layers) = Self.animatedTree(host)
        let committed = root.committedRenderTree()
        MediaClock.$override.withValue(100.2) {
            let push = CATransition()
            push.type = .push
            push.subtype = .fromRight
            push.duration = 1
            layers[4].add(push, forKey: nil)
            layers[4].backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            CATransaction.flush()
        }
        // Forwards and backwards, across the ends of the transition and of the animations,
        // each frame starting from the one before.
        for t in [100.1, 100.3, 100.7, 101.1, 101.3, 100.9, 102.5, 104, 100.5, 99] {
            let fromModel = CommittedRenderTree(root: root).tree(at: t)
            let fromCommit = committed.tree(at: t)
            #expect(fromCommit.nodes == fromModel.nodes, "at \(t)")
            let running = t > 100.2 && t < 101.2
            #expect((fromCommit[layers[4].renderNodeID]?.transition != nil) == running, "at \(t)")
        }
        withExtendedLifetime(host) {}
    }

    @Test func commitsThatKeepTheScheduleShapePatchIt() {
        let host = TestHost()
        let (root, layers) = Self.animatedTree(host)
        let committed = root.committedRenderTree()
        _ = committed.tree(at: 100.5)
        let builds = committed.stats.scheduleBuildCount
        func expectFullSnapshot(_ label: String) {
            for t in [100.4, 100.9, 101.5, 103.5] {
                let fromModel = CommittedRenderTree(root: root).tree(at: t)
                #expect(committed.tree(at: t).nodes == fromModel.nodes, "\(label) at \(t)")
            }
        }
        // A new value under a running animation and an animation replaced under its key.
        MediaClock.$override.withValue(100.3) {
            CATransaction.setDisableActions(true)
            layers[1].backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            layers[0].backgroundColor = CGColor(gray: 0.3, alpha: 1)  // not animated
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 50, y: 0)
            move.toValue = CGPoint(x: 0, y: 90)
            move.duration = 1
            layers[1].add(move, forKey: "move")
            CATransaction.flush()
        }
        #expect(committed.stats.scheduleBuildCount == builds)
        expectFullSnapshot("patched")
        // One more animation on a layer changes the schedule's shape: rebuilt.
        MediaClock.$override.withValue(100.35) {
            let grow = CABasicAnimation(keyPath: "bounds")
            grow.fromValue = CGRect(x: 0, y: 0, width: 10, height: 10)
            grow.toValue = CGRect(x: 0, y: 0, width: 60, height: 30)
            layers[4].add(grow, forKey: "grow")
            CATransaction.flush()
        }
        expectFullSnapshot("rebuilt")
        #expect(committed.stats.scheduleBuildCount == builds + 1)
        withExtendedLifetime(host) {}
    }

    @Test func uncommittedModelChangesDoNotReachFrames() {
        let host = TestHost()
        let (root, layers) = Self.animatedTree(host)
        let committed = root.committedRenderTree()
        let before = Self.times.map { committed.tree(at: $0) }
        // Mutate everything without committing: values, structure, animations.
        CATransaction.begin()
        layers[1].position = CGPoint(x: 77, y: 77)
        layers[4].backgroundColor = CGColor(gray: 0.5, alpha: 1)
        layers[1].removeAllAnimations()
        layers[2].removeFromSuperlayer()
        let extra = CALayer()
        extra.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        root.addSublayer(extra)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        layers[4].add(fade, forKey: "fade")
        for (t, frame) in zip(Self.times, before) {
            let again = committed.tree(at: t)
            #expect(again.nodes == frame.nodes, "at \(t)")
        }
        #expect(committed.stats.commitCount == 1)
        // Committing brings the copy up to date with the model.
        MediaClock.$override.withValue(105) { CATransaction.commit() }
        #expect(committed.stats.commitCount == 2)
        for t in [105.0, 105.1, 106] {
            let fromModel = CommittedRenderTree(root: root).tree(at: t)
            let fromCommit = committed.tree(at: t)
            #expect(fromCommit.nodes.keys.sorted { $0.rawValue < $1.rawValue } == fromModel.nodes.keys.sorted { $0.rawValue < $1.rawValue })
            for (id, node) in fromModel.nodes { #expect(fromCommit[id] == node, "after the commit, at \(t), \(id)") }
        }
        withExtendedLifetime(host) {}
    }

    @Test func aCommitSnapshotsOnlyTheChangedLayers() {
        let host = TestHost()
        let root = attachedRoot(host)
        var layers: [CALayer] = []
        for i in 0..<1000 {
            let l = CALayer()
            l.frame = CGRect(x: Double(i % 30) * 10, y: Double(i / 30) * 10, width: 8, height: 8)
            (i % 10 == 0 || layers.isEmpty ? root : layers[i - i % 10]).addSublayer(l)
            layers.append(l)
        }
        CATransaction.flush()
        let committed = root.committedRenderTree()
        #expect(committed.count == 1001)

        CATransaction.setDisableActions(true)
        layers[517].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.flush()
        #expect(committed.stats.lastCommitSnapshotCount == 1)
        #expect(committed.committedNodes[layers[517].renderNodeID]?.backgroundColor == layers[517].backgroundColor)

        let spin = CABasicAnimation(keyPath: "opacity")
        spin.fromValue = 1
        spin.toValue = 0
        layers[3].add(spin, forKey: "fade")
        CATransaction.flush()
        #expect(committed.stats.lastCommitSnapshotCount == 1)

        // A removal re-snapshots the parent and drops the subtree (the layer and its 9 sublayers).
        CATransaction.setDisableActions(true)
        layers[10].removeFromSuperlayer()
        CATransaction.flush()
        #expect(committed.stats.lastCommitSnapshotCount == 1)
        #expect(committed.stats.lastCommitRemovedCount == 10)
        #expect(committed.count == 991)

        // A move keeps the node and its subtree (parents re-snapshotted, nothing dropped).
        CATransaction.setDisableActions(true)
        layers[20].addSublayer(layers[30])
        CATransaction.flush()
        #expect(committed.stats.lastCommitRemovedCount == 0)
        #expect(committed.count == 991)
        #expect(committed.committedNodes.nodes == RenderTree(layer: root).nodes)
        withExtendedLifetime(host) {}
    }

    @Test func structuralChangesMatchAFullSnapshot() {
        let host = TestHost()
        let root = attachedRoot(host)
        let committed = root.committedRenderTree()
        let a = CALayer(), b = CALayer(), c = CALayer(), m = CALayer()
        root.addSublayer(a)
        a.addSublayer(b)
        b.addSublayer(c)
        CATransaction.flush()
        #expect(committed.committedNodes.nodes == RenderTree(layer: root).nodes)
        // A mask, a layer moved up, a new subtree under a moved layer.
        a.mask = m
        root.addSublayer(c)
        let d = CALayer(), e = CALayer()
        d.addSublayer(e)
        c.addSublayer(d)
        CATransaction.flush()
        #expect(committed.committedNodes.nodes == RenderTree(layer: root).nodes)
        // The mask becomes a sublayer; a subtree leaves.
        root.addSublayer(m)
        c.removeFromSuperlayer()
        CATransaction.flush()
        #expect(committed.committedNodes.nodes == RenderTree(layer: root).nodes)
        #expect(committed.count == 4)
        withExtendedLifetime(host) {}
    }
}
