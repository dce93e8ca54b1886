import Foundation
import Testing
@testable import UIKit

final class LayoutCountingView: UIView {
    var layouts = 0
    var drawnRects: [CGRect] = []
    var hadContext = false
    override func layoutSubviews() {
        layouts += 1
        subviews.first?.frame = bounds.insetBy(dx: 10, dy: 10)
    }
    override func draw(_ rect: CGRect) {
        drawnRects.append(rect)
        hadContext = UIGraphicsGetCurrentContext() != nil
    }
}

@Suite struct UIViewLayoutTests {
    final class BadgeView: UIView {
        var awoke = false
        override var intrinsicContentSize: CGSize { CGSize(width: 44, height: 20) }
        override func awakeFromNib() {
            super.awakeFromNib()
            awoke = true
        }
    }

    @Test func intrinsicContentSizeIsNoMetricByDefaultAndOverridable() {
        #expect(UIView.noIntrinsicMetric == -1)
        #expect(UIView().intrinsicContentSize == CGSize(width: -1, height: -1))
        let badge = BadgeView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let asView: UIView = badge
        #expect(asView.intrinsicContentSize == CGSize(width: 44, height: 20))
        badge.invalidateIntrinsicContentSize()
        // No Auto Layout: invalidating changes nothing, and no nib ever wakes the view.
        #expect(badge.bounds.size == CGSize(width: 10, height: 10))
        #expect(!badge.awoke)
    }

    @Test func restorationIdentifierIsStoredOnViewsAndControllers() {
        let v = UIView()
        #expect(v.restorationIdentifier == nil)
        v.restorationIdentifier = "spinnerContainer"
        #expect(v.restorationIdentifier == "spinnerContainer")
        let c = UIViewController()
        c.restorationIdentifier = "root"
        #expect(c.restorationIdentifier == "root")
    }

    @Test func layoutSubviewsRunsAtTheCommitAndOnLayoutIfNeeded() throws {
        let f = try UIKitFixture()
        let v = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = UIView()
        f.now {
            v.addSubview(inner)
            f.controller.view.addSubview(v)
        }
        f.host.runFrames(1)
        let first = v.layouts
        #expect(first >= 1)
        #expect(inner.frame == CGRect(x: 10, y: 10, width: 80, height: 80))
        f.now { v.setNeedsLayout() }
        #expect(v.layouts == first)
        f.host.runFrames(1)
        #expect(v.layouts == first + 1)
        f.now {
            v.bounds.size = CGSize(width: 60, height: 60)
            v.layoutIfNeeded()
        }
        #expect(v.layouts == first + 2)
        #expect(inner.frame.size == CGSize(width: 40, height: 40))
    }

    @Test func drawRunsAfterSetNeedsDisplayWithTheBoundsAndAContext() throws {
        let f = try UIKitFixture()
        let v = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        f.now { f.controller.view.addSubview(v) }
        f.host.runFrames(1)
        #expect(v.drawnRects.isEmpty)
        f.now { v.setNeedsDisplay() }
        f.host.runFrames(1)
        #expect(v.drawnRects == [CGRect(x: 0, y: 0, width: 30, height: 20)])
        #expect(v.hadContext)
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(v.layer.contents != nil)
    }
}
