import Foundation
import Testing
import QuartzCore

@Suite struct PresentationTests {
    /// A host standing in for the animation engine: writes a fixed opacity into every copy.
    final class EngineHost: LayerTreeHost {
        func layerTreeDidCommit(_ root: CALayer, changes: [LayerChange]) {}
        func applyPresentationValues(to presentation: CALayer, model: CALayer) {
            presentation.opacity = model.opacity / 2
        }
    }

    @Test func presentationCopiesTheTreeAndTakesEngineValues() throws {
        freshTransactions()
        let host = EngineHost()
        let root = CALayer()
        let child = CAShapeLayer()
        child.lineWidth = 3
        let mask = CALayer()
        child.mask = mask
        root.addSublayer(child)
        #expect(child.presentation() == nil, "never committed")
        root.attach(to: host)
        #expect(child.presentation() == nil, "attached but not committed yet")
        CATransaction.flush()
        let p = try #require(child.presentation())
        #expect(p.lineWidth == 3 && p.opacity == 0.5, "model values, then the engine's")
        #expect(p.mask?.model() === mask && p.superlayer?.model() === root)
        #expect(p.presentation() === p, "a presentation layer presents itself")
        // Changing a presentation copy records nothing and never touches the model.
        p.opacity = 0.1
        #expect(child.opacity == 1 && child.animationKeys() == nil)
        #expect(TransactionStack.current.changes.isEmpty)
    }

    @Test func presentationTreesDoNotKeepTheModelAlive() {
        freshTransactions()
        weak var weakRoot: CALayer?
        weak var weakCopy: CALayer?
        do {
            let host = TestHost()
            let root = attachedRoot(host)
            let child = committedChild(of: root)
            weakCopy = child.presentation()
            weakRoot = root
            #expect(weakCopy != nil)
        }
        CATransaction.flush()
        #expect(weakRoot == nil && weakCopy == nil)
    }
}
