import Foundation
import Testing
import QuartzCore

/// User subclasses, written as on iOS: overrides of properties and methods must take part.
final class BadgeLayer: CALayer {
    var boundsChanges = 0
    var label = "x"
    var opacityWrites = 0
    override var bounds: CGRect { didSet { boundsChanges += 1 } }
    override var opacity: Float { didSet { opacityWrites += 1 } }

    override init() { super.init() }
    init(label: String) {
        self.label = label
        super.init()
    }
    override init(layer: Any) {
        label = (layer as? BadgeLayer)?.label ?? "x"
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { return nil }

    /// Never hit itself (hit testing passes through to sublayers).
    override func hitTest(_ p: CGPoint) -> CALayer? {
        let hit = super.hitTest(p)
        return hit === self ? nil : hit
    }

    override func action(forKey event: String) -> CAAction? {
        event == "opacity" ? NSNull() : super.action(forKey: event)
    }
}

@Suite struct SubclassingTests {
    @Test func overriddenPropertiesAndInitializers() throws {
        let host = TestHost()
        let root = attachedRoot(host)
        let badge = BadgeLayer(label: "7")
        badge.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        #expect(badge.boundsChanges == 1, "frame goes through the overridable bounds setter")
        #expect(badge.opacityWrites == 0, "initialisation does not call overridden setters")
        root.addSublayer(badge)
        CATransaction.flush()
        let presented = try #require(badge.presentation())
        #expect(presented.label == "7" && presented.model() === badge, "init(layer:) copies subclass state")
        badge.opacity = 0.5
        badge.position = CGPoint(x: 40, y: 40)
        #expect(badge.animationKeys() == ["position"], "the overridden action(forKey:) is consulted")
        CATransaction.flush()
    }

    @Test func overriddenHitTestTakesPartInTheParentsSearch() {
        freshTransactions()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let badge = BadgeLayer()
        badge.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.addSublayer(badge)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
        CATransaction.flush()
    }

    @Test func delegateIsWeak() {
        freshTransactions()
        let l = CALayer()
        do {
            let d = FixedDelegate(nil)
            l.delegate = d
            #expect(l.delegate != nil)
        }
        #expect(l.delegate == nil)
        CATransaction.flush()
    }

    @Test func scrollingHelpersAndVisibleRect() {
        freshTransactions()
        let scroller = CAScrollLayer()
        scroller.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        scroller.addSublayer(content)
        #expect(content.visibleRect == CGRect(x: 0, y: 0, width: 100, height: 100))
        content.scroll(CGPoint(x: 50, y: 60))
        #expect(scroller.bounds.origin == CGPoint(x: 50, y: 60))
        #expect(content.visibleRect == CGRect(x: 50, y: 60, width: 100, height: 100))
        content.scrollRectToVisible(CGRect(x: 300, y: 300, width: 10, height: 10))
        #expect(scroller.bounds.origin == CGPoint(x: 210, y: 210))
        let loose = CALayer()
        loose.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        loose.scroll(CGPoint(x: 1, y: 1))
        #expect(loose.visibleRect == loose.bounds && loose.bounds.origin == .zero)
        CATransaction.flush()
    }

    @Test func filtersAreStoredForSourceCompatibility() {
        freshTransactions()
        let l = CALayer()
        l.filters = ["blur"]
        l.compositingFilter = "multiplyBlendMode"
        #expect(l.filters?.count == 1 && l.compositingFilter as? String == "multiplyBlendMode" && l.backgroundFilters == nil)
        CATransaction.flush()
    }
}
