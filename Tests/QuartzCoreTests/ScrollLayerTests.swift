import _LaminaTestSupport
import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// CAScrollLayer and CALayer's scrolling helpers with Apple's documented semantics:
/// `scroll(to:)` moves the scroll layer's bounds origin along the axes `scrollMode` allows;
/// `scroll(_:)`, `scrollRectToVisible(_:)` act on the layer's closest ancestor scroll layer
/// (nothing when there is none); `visibleRect` is the part of the layer not clipped by the
/// containing scroll layer, in the layer's own coordinates.
@Suite struct ScrollLayerTests {
    /// A 100 x 80 scroll layer at (20, 10) holding a 400 x 300 content layer at (0, 0).
    func scroller(_ mode: CAScrollLayerScrollMode = .both) -> (CAScrollLayer, CALayer) {
        let s = CAScrollLayer()
        s.frame = CGRect(x: 20, y: 10, width: 100, height: 80)
        s.scrollMode = mode
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        s.addSublayer(content)
        return (s, content)
    }

    @Test(arguments: [
        (CAScrollLayerScrollMode.both, CGPoint(x: 30, y: 40)),
        (.horizontally, CGPoint(x: 30, y: 0)),
        (.vertically, CGPoint(x: 0, y: 40)),
        (.none, CGPoint(x: 0, y: 0)),
    ])
    func scrollToPointHonoursTheMode(mode: CAScrollLayerScrollMode, expected: CGPoint) {
        freshTransactions()
        let (s, _) = scroller(mode)
        s.scroll(to: CGPoint(x: 30, y: 40))
        #expect(s.bounds.origin == expected)
        #expect(s.bounds.size == CGSize(width: 100, height: 80) && s.position == CGPoint(x: 70, y: 50), "only the origin moves")
        CATransaction.flush()
    }

    @Test(arguments: [
        (CAScrollLayerScrollMode.both, CGPoint(x: 160, y: 190)),
        (.horizontally, CGPoint(x: 160, y: 0)),
        (.vertically, CGPoint(x: 0, y: 190)),
        (.none, CGPoint(x: 0, y: 0)),
    ])
    func scrollToRectHonoursTheMode(mode: CAScrollLayerScrollMode, expected: CGPoint) {
        freshTransactions()
        let (s, _) = scroller(mode)
        // The least scroll that shows (200, 250, 60, 20): its far edges at the bounds' far edges.
        s.scroll(to: CGRect(x: 200, y: 250, width: 60, height: 20))
        #expect(s.bounds.origin == expected)
        CATransaction.flush()
    }

    @Test func scrollToRectMovesTheLeastDistance() {
        freshTransactions()
        let (s, _) = scroller()
        s.scroll(to: CGPoint(x: 100, y: 100))
        s.scroll(to: CGRect(x: 120, y: 110, width: 10, height: 10))
        #expect(s.bounds.origin == CGPoint(x: 100, y: 100), "already visible: no scroll")
        s.scroll(to: CGRect(x: 90, y: 95, width: 10, height: 10))
        #expect(s.bounds.origin == CGPoint(x: 90, y: 95), "before the bounds: its near edges at the bounds' near edges")
        s.scroll(to: CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(s.bounds.origin == .zero, "larger than the bounds: its minimum corner shown")
        s.scroll(to: CGPoint(x: CGFloat.nan, y: 5))
        s.scroll(to: CGRect.null)
        s.scroll(to: CGRect(x: CGFloat.infinity, y: 0, width: 1, height: 1))
        #expect(s.bounds.origin == .zero, "non-finite targets are ignored")
        CATransaction.flush()
    }

    @Test func layerHelpersActOnTheClosestAncestorScrollLayer() {
        freshTransactions()
        let outer = CAScrollLayer()
        outer.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let (inner, content) = scroller()
        outer.addSublayer(inner)
        // A grandchild 50 points in and scaled by 2: its points reach the scroll layer converted.
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        child.position = CGPoint(x: 70, y: 80)
        child.transform = CATransform3DMakeScale(2, 2, 1)   // frame (50, 60, 40, 40)
        content.addSublayer(child)
        #expect(child.enclosingScrollLayer === inner)
        child.scroll(CGPoint(x: 5, y: 10))
        #expect(inner.bounds.origin == CGPoint(x: 60, y: 80), "child (5, 10) is inner (50 + 2·5, 60 + 2·10)")
        #expect(outer.bounds.origin == .zero, "only the closest scroll layer scrolls")
        child.scrollRectToVisible(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(inner.bounds.origin == CGPoint(x: 50, y: 60), "the child's whole bounds (inner 50…90, 60…100) now show")
        // A scroll layer's own helpers scroll its ancestor, not itself.
        inner.scroll(CGPoint(x: 7, y: 8))
        #expect(outer.bounds.origin == CGPoint(x: -23, y: -42), "inner (7, 8), scrolled by (50, 60), is outer (20 + 7 - 50, 10 + 8 - 60)")
        #expect(inner.bounds.origin == CGPoint(x: 50, y: 60))
        // The closest scroll layer's mode holds.
        inner.scrollMode = .vertically
        content.scroll(CGPoint(x: 1, y: 2))
        #expect(inner.bounds.origin == CGPoint(x: 50, y: 2))
        // Without a scroll layer above, nothing happens.
        let loose = CALayer()
        loose.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        loose.scroll(CGPoint(x: 3, y: 3))
        loose.scrollRectToVisible(CGRect(x: 30, y: 30, width: 5, height: 5))
        #expect(loose.bounds.origin == .zero && loose.visibleRect == loose.bounds)
        CATransaction.flush()
    }

    @Test func visibleRectIsTheUnclippedPartInTheLayersOwnSpace() {
        freshTransactions()
        let (s, content) = scroller()
        #expect(content.visibleRect == CGRect(x: 0, y: 0, width: 100, height: 80))
        s.scroll(to: CGPoint(x: 350, y: 10))
        #expect(content.visibleRect == CGRect(x: 350, y: 10, width: 50, height: 80), "clipped by the content's right edge")
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        child.position = CGPoint(x: 350, y: 50)
        child.transform = CATransform3DMakeScale(2, 2, 1)   // frame (300, 0, 100, 100)
        content.addSublayer(child)
        #expect(child.visibleRect == CGRect(x: 25, y: 5, width: 25, height: 40), "in the child's own (half-size) space")
        s.scroll(to: CGPoint(x: 0, y: 0))
        #expect(child.visibleRect.isNull, "scrolled out of view: nothing visible")
        #expect(s.visibleRect == s.bounds, "a scroll layer with no scroll layer above sees its bounds")
        CATransaction.flush()
    }

    /// Scrolling shows another part of the content on screen: the scroll layer stays put and
    /// its sublayers move by minus the scroll.
    @Test func scrollingMovesTheSublayersOnScreen() throws {
        freshTransactions()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let s = CAScrollLayer()
        s.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        s.masksToBounds = true
        let red = CALayer()
        red.frame = CGRect(x: 20, y: 0, width: 20, height: 20)
        red.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        s.addSublayer(red)
        root.addSublayer(s)
        func redAt(_ x: Int, _ y: Int) throws -> Bool {
            let surface = try LayerRenderer.renderSurface(root, at: 0, pixelWidth: 40, pixelHeight: 40, scale: 1)
            return surface[x, y].r == 255 && surface[x, y].a == 255
        }
        #expect(try !redAt(20, 20), "the red layer starts right of the scroll layer's window")
        s.scroll(to: CGPoint(x: 20, y: 0))
        #expect(try redAt(20, 20) && redAt(11, 11) && !redAt(35, 20), "scrolled into the window, clipped to it")
        CATransaction.flush()
    }
}
