import Foundation
import Testing
@testable import UIKit

/// A view whose touchable area reaches 20 points beyond its bounds.
final class WideHitView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -20, dy: -20).contains(point)
    }
}

final class TouchLogView: UIView {
    var phases: [String] = []
    var locations: [CGPoint] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        phases.append("began")
        locations.append(touches.first!.location(in: self))
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        phases.append("ended")
        #expect(event?.allTouches?.contains(touches.first!) == true)
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("cancelled") }
}

@Suite struct UIViewHitTestTests {
    @Test func hitTestSkipsHiddenTransparentAndNonInteractiveViews() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let back = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        let front = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        root.addSubview(back)
        root.addSubview(front)
        let p = CGPoint(x: 20, y: 20)
        #expect(root.hitTest(p, with: nil) === front)
        front.isHidden = true
        #expect(root.hitTest(p, with: nil) === back)
        front.isHidden = false
        front.alpha = 0.005
        #expect(root.hitTest(p, with: nil) === back)
        front.alpha = 1
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(p, with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 80, y: 80), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 180, y: 80), with: nil) == nil)
        #expect(root.hitTest(CGPoint(x: CGFloat.nan, y: 0), with: nil) == nil)
        root.isUserInteractionEnabled = false
        #expect(root.hitTest(p, with: nil) == nil)
    }

    @Test func touchesReachTheViewThatPointInsideAccepts() throws {
        let f = try UIKitFixture()
        let wide = WideHitView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        let log = TouchLogView(frame: CGRect(x: -20, y: -20, width: 80, height: 80))
        f.now {
            wide.addSubview(log)
            f.controller.view.addSubview(wide)
        }
        // Outside wide's bounds but within its 20-point margin, inside log.
        f.input.tap(at: CGPoint(x: 90, y: 95))
        #expect(log.phases == ["began", "ended"])
        #expect(log.locations == [CGPoint(x: 10, y: 15)])
    }

    @Test func overriddenHitTestDecidesWhereTouchesGo() throws {
        final class Redirect: UIView {
            var target: UIView?
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { target }
        }
        let redirect = Redirect(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let f = try UIKitFixture()
        let log = TouchLogView(frame: CGRect(x: 150, y: 150, width: 10, height: 10))
        redirect.target = log
        f.now {
            f.controller.view.addSubview(redirect)
            f.controller.view.addSubview(log)
        }
        f.input.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 30, y: 10), steps: 2)
        #expect(log.phases == ["began", "moved", "moved", "ended"])
    }

    @Test func unhandledTouchesTravelUpTheResponderChain() throws {
        final class Controller: UIViewController {
            var began = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
        }
        let vc = Controller()
        let f = try UIKitFixture(controller: vc)
        f.input.tap(at: CGPoint(x: 40, y: 40))   // on the plain child
        #expect(vc.began == 1)
    }
}
