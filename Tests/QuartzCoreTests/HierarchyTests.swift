import Foundation
import Testing
import QuartzCore
import LaminaCompositor

@Suite struct HierarchyTests {
    @Test func addInsertReplaceRemove() {
        freshTransactions()
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 1)
        #expect(root.sublayers! == [a, c, b])
        root.insertSublayer(d, below: a)
        #expect(root.sublayers! == [d, a, c, b])
        root.insertSublayer(d, above: b)
        #expect(root.sublayers! == [a, c, b, d], "moving within the same parent")
        root.insertSublayer(c, at: 99)
        #expect(root.sublayers! == [a, b, d, c], "index clamped")
        let e = CALayer()
        root.replaceSublayer(b, with: e)
        #expect(root.sublayers! == [a, e, d, c] && b.superlayer == nil && e.superlayer === root)
        a.removeFromSuperlayer()
        #expect(root.sublayers! == [e, d, c] && a.superlayer == nil)
        root.insertSublayer(a, above: nil)
        #expect(root.sublayers!.last === a)
        root.insertSublayer(b, below: nil)
        #expect(root.sublayers!.first === b)
        for l in root.sublayers! { l.removeFromSuperlayer() }
        #expect(root.sublayers == nil, "no sublayers reads as nil")
        CATransaction.flush()
    }

    @Test func aLayerIsInOneTreeAtATime() {
        freshTransactions()
        let p1 = CALayer(), p2 = CALayer(), l = CALayer()
        p1.addSublayer(l)
        p2.addSublayer(l)
        #expect(p1.sublayers == nil && p2.sublayers! == [l] && l.superlayer === p2)
        p1.mask = l
        #expect(p2.sublayers == nil && p1.mask === l && l.superlayer == nil)
        p2.addSublayer(l)
        #expect(p1.mask == nil && l.superlayer === p2, "adding a mask elsewhere detaches it")
        p1.sublayers = [l]
        #expect(p2.sublayers == nil && l.superlayer === p1)
        CATransaction.flush()
    }

    @Test func cyclesAreRefusedAndReported() {
        freshTransactions()
        let a = CALayer(), b = CALayer(), c = CALayer()
        a.addSublayer(b)
        b.addSublayer(c)
        c.addSublayer(a)
        #expect(LayerDiagnostics.takeLastError() == .cycle(operation: "addSublayer"))
        #expect(c.sublayers == nil && a.superlayer == nil)
        a.addSublayer(a)
        #expect(LayerDiagnostics.takeLastError() == .cycle(operation: "addSublayer"))
        #expect(a.sublayers! == [b])
        c.mask = a
        #expect(LayerDiagnostics.takeLastError() == .cycle(operation: "mask ="))
        #expect(c.mask == nil)
        b.mask = b
        #expect(b.mask == nil && LayerDiagnostics.takeLastError() == .cycle(operation: "mask ="))
        c.sublayers = [CALayer(), a]
        #expect(c.sublayers == nil && LayerDiagnostics.takeLastError() == .cycle(operation: "sublayers ="))
        let x = CALayer()
        b.replaceSublayer(c, with: a)
        #expect(LayerDiagnostics.takeLastError() == .cycle(operation: "replaceSublayer(_:with:)"))
        #expect(b.sublayers! == [c])
        a.insertSublayer(x, above: c)
        #expect(LayerDiagnostics.takeLastError() == .notASublayer(operation: "insertSublayer(_:above:)"))
        #expect(x.superlayer == nil)
        CATransaction.flush()
    }

    /// hitTest recursed once per level: a chain of 20 000 layers overflowed the stack. It now
    /// stops where the compositor stops drawing (FramePreparer.maxDepth levels).
    @Test func hitTestingAVeryDeepChainStopsAtTheDrawingDepth() {
        // Built from the bottom up, so each addSublayer's cycle check is short.
        var top = CALayer()
        top.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let bottom = top
        var chain = [top]
        for _ in 1..<20_000 {
            let parent = CALayer()
            parent.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            parent.addSublayer(top)
            top = parent
            chain.append(top)
        }
        #expect(top.hitTest(CGPoint(x: 5, y: 5)) === chain[chain.count - FramePreparer.maxDepth])
        #expect(bottom.isBeyondDrawingDepth && !chain[chain.count - FramePreparer.maxDepth].isBeyondDrawingDepth)
        #expect(top.hitTest(CGPoint(x: 50, y: 5)) == nil)
        // Taken apart from the top, so releasing it does not recurse 20 000 levels either.
        for layer in chain.reversed() { layer.removeFromSuperlayer() }
    }

    /// The cycle check's shortcut: a layer with no sublayers and no mask is only its own
    /// "ancestor"; once it has either, the walk up decides. A chain built top-down (each new
    /// leaf added to the deepest layer, which walked every ancestor before) is still checked.
    @Test func leafLayersAreNobodysAncestor() {
        let root = CALayer(), leaf = CALayer(), masked = CALayer(), maskLayer = CALayer()
        root.addSublayer(leaf)
        #expect(leaf.isAncestorOrSelf(of: leaf) && !leaf.isAncestorOrSelf(of: root))
        #expect(root.isAncestorOrSelf(of: leaf))
        leaf.addSublayer(masked)
        masked.mask = maskLayer
        #expect(masked.isAncestorOrSelf(of: maskLayer)) // through the mask, not a sublayer
        maskLayer.addSublayer(masked)                    // would make masked its own ancestor
        #expect(LayerDiagnostics.takeLastError() == .cycle(operation: "addSublayer"))
        var deepest = root
        for _ in 0..<20_000 {
            let next = CALayer()
            deepest.addSublayer(next)
            deepest = next
        }
        deepest.addSublayer(root)
        #expect(LayerDiagnostics.takeLastError() == .cycle(operation: "addSublayer"))
        #expect(root.superlayer == nil)
        // Taken apart from the bottom up, so releasing it does not recurse 20 000 levels.
        while let parent = deepest.superlayer { deepest.removeFromSuperlayer(); deepest = parent }
        CATransaction.flush()
    }

    @Test func removingWhileIteratingSublayersIsSafe() {
        freshTransactions()
        let root = CALayer()
        let children = (0..<5).map { _ in CALayer() }
        for c in children { root.addSublayer(c) }
        for (i, c) in (root.sublayers ?? []).enumerated() where i % 2 == 0 { c.removeFromSuperlayer() }
        #expect(root.sublayers! == [children[1], children[3]])
        root.sublayers?.forEach { $0.removeFromSuperlayer() }
        #expect(root.sublayers == nil)
        CATransaction.flush()
    }

    @Test func sublayersAssignmentReplacesAndDeduplicates() {
        freshTransactions()
        let root = CALayer(), a = CALayer(), b = CALayer()
        root.sublayers = [a, b, a]
        #expect(root.sublayers! == [a, b])
        root.sublayers = [b]
        #expect(a.superlayer == nil && b.superlayer === root)
        root.sublayers?.append(a)
        #expect(root.sublayers! == [b, a] && a.superlayer === root)
        root.sublayers = nil
        #expect(a.superlayer == nil && b.superlayer == nil)
        CATransaction.flush()
    }
}

@Suite struct HitTestTests {
    /// Root 300x300 at the origin with two overlapping children a (10,10,100,100) and
    /// b (50,50,100,100).
    private func tree() -> (root: CALayer, a: CALayer, b: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        b.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        root.addSublayer(a)
        root.addSublayer(b)
        return (root, a, b)
    }

    @Test func frontToBackAndDepthFirst() {
        freshTransactions()
        let (root, a, b) = tree()
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === b, "the later sibling is in front")
        #expect(root.hitTest(CGPoint(x: 20, y: 20)) === a)
        #expect(root.hitTest(CGPoint(x: 250, y: 250)) === root)
        #expect(root.hitTest(CGPoint(x: 400, y: 10)) == nil)
        let inner = CALayer()
        inner.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        b.addSublayer(inner)
        #expect(root.hitTest(CGPoint(x: 55, y: 55)) === inner, "farthest descendant")
        #expect(a.contains(CGPoint(x: 0, y: 0)) && !a.contains(CGPoint(x: 100, y: 50)))
        CATransaction.flush()
    }

    @Test func zPositionDoesNotChangeHitOrder() {
        freshTransactions()
        let (root, a, b) = tree()
        a.zPosition = 10
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === b)
        CATransaction.flush()
    }

    @Test func hiddenLayersAreSkippedButTransparentOnesAreNot() {
        freshTransactions()
        let (root, a, b) = tree()
        b.isHidden = true
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === a)
        b.isHidden = false
        b.opacity = 0
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === b, "documented choice: opacity is ignored")
        root.isHidden = true
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) == nil)
        CATransaction.flush()
    }

    @Test func sublayersOutsideTheBoundsUnlessMasksToBounds() {
        freshTransactions()
        let (root, _, _) = tree()
        let outside = CALayer()
        outside.frame = CGRect(x: 400, y: 0, width: 50, height: 50)
        root.addSublayer(outside)
        #expect(root.hitTest(CGPoint(x: 410, y: 10)) === outside)
        root.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 410, y: 10)) == nil)
        #expect(root.hitTest(CGPoint(x: 250, y: 250)) === root)
        CATransaction.flush()
    }

    @Test func transformedLayersAreHitWhereTheyAreDrawn() {
        freshTransactions()
        let (root, a, _) = tree()
        a.transform = CATransform3DMakeScale(2, 2, 1)   // about its centre (60, 60): covers (−40…160)
        #expect(root.hitTest(CGPoint(x: 155, y: 20)) === a)
        root.sublayerTransform = CATransform3DMakeTranslation(1000, 0, 0)
        #expect(root.hitTest(CGPoint(x: 1020, y: 20)) === a, "the parent's sublayerTransform moves its children")
        CATransaction.flush()
    }

    @Test func transformLayersAreNeverReturnedButTheirSublayersAre() {
        freshTransactions()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let t = CATransformLayer()
        t.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        let leaf = CALayer()
        leaf.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        t.addSublayer(leaf)
        root.addSublayer(t)
        #expect(root.hitTest(CGPoint(x: 105, y: 105)) === leaf)
        #expect(root.hitTest(CGPoint(x: 150, y: 150)) === root, "not the transform layer")
        #expect(t.hitTest(CGPoint(x: 105, y: 105)) === leaf, "point given in the nearest flattening ancestor's space")
        CATransaction.flush()
    }
}
