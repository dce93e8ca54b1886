import Foundation
import Testing
@testable import UIKit

@Suite struct UIViewConvertTests {
    @Test func pointsAndRectsConvertBetweenViewsAndTheWindow() throws {
        let f = try UIKitFixture()
        let inner = UIView(frame: CGRect(x: 5, y: 10, width: 20, height: 20))
        f.now { f.child.addSubview(inner) }
        #expect(inner.convert(CGPoint(x: 1, y: 2), to: nil) == CGPoint(x: 26, y: 32))
        #expect(inner.convert(CGPoint(x: 26, y: 32), from: nil) == CGPoint(x: 1, y: 2))
        #expect(inner.convert(CGPoint.zero, to: f.child) == CGPoint(x: 5, y: 10))
        #expect(f.child.convert(CGPoint(x: 5, y: 10), to: inner) == .zero)
        #expect(inner.convert(CGRect(x: 0, y: 0, width: 4, height: 4), to: f.window) == CGRect(x: 25, y: 30, width: 4, height: 4))
        #expect(f.window.convert(CGRect(x: 25, y: 30, width: 4, height: 4), to: inner) == CGRect(x: 0, y: 0, width: 4, height: 4))
        // A scaled view: its space is scaled about its centre.
        f.now { inner.transform = CGAffineTransform(scaleX: 2, y: 2) }
        #expect(inner.convert(CGPoint(x: 10, y: 10), to: f.child) == CGPoint(x: 15, y: 20))
        #expect(inner.convert(CGPoint(x: 0, y: 0), from: f.child) == CGPoint(x: 2.5, y: 0))
    }
}
