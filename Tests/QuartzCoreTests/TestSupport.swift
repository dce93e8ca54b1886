import Foundation
import QuartzCore

/// A stand-in for a window or renderer: attaching a root to it makes the tree "on screen".
final class TestHost: LayerTreeHost {
    var commits = 0
    var lastChanges: [LayerChange] = []
    func layerTreeDidCommit(_ root: CALayer, changes: [LayerChange]) {
        commits += 1
        lastChanges = changes
    }
    func applyPresentationValues(to presentation: CALayer, model: CALayer) {}
}

/// An action that records its runs and what the layer held at that moment.
final class RecordingAction: CAAction {
    let label: String
    var runs: [(event: String, object: Any)] = []
    init(_ label: String) { self.label = label }
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        runs.append((event, anObject))
    }
}

/// A delegate answering a fixed action (nil: continue the search).
final class FixedDelegate: CALayerDelegate {
    var answer: CAAction?
    var asked: [String] = []
    init(_ answer: CAAction?) { self.answer = answer }
    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        asked.append(event)
        return answer
    }
}

/// Starts a test on a clean transaction state: whatever a previous test on this thread left
/// open is committed.
func freshTransactions() {
    let stack = TransactionStack.current
    while stack.frames.count > 1 || (stack.frames.last.map { !$0.isImplicit } ?? false) {
        CATransaction.commit()
    }
    CATransaction.flush()
    LayerDiagnostics.takeLastError()
}

/// A root layer attached to `host` and committed, with a 300x300 bounds at the origin.
func attachedRoot(_ host: TestHost) -> CALayer {
    freshTransactions()
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
    root.position = CGPoint(x: 150, y: 150)
    root.attach(to: host)
    CATransaction.flush()
    return root
}

/// A sublayer added to an attached root and committed, so it gets implicit animations.
func committedChild(of root: CALayer, frame: CGRect = CGRect(x: 50, y: 50, width: 100, height: 100)) -> CALayer {
    let l = CALayer()
    l.frame = frame
    root.addSublayer(l)
    CATransaction.flush()
    return l
}

func close(_ a: CGFloat, _ b: CGFloat, _ tol: CGFloat = 1e-9) -> Bool { abs(a - b) <= tol }
func close(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9) -> Bool { close(a.x, b.x, tol) && close(a.y, b.y, tol) }
func close(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 1e-4) -> Bool {
    close(a.minX, b.minX, tol) && close(a.minY, b.minY, tol) && close(a.width, b.width, tol) && close(a.height, b.height, tol)
}
