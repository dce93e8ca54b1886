import Foundation
import Testing
@testable import UIKit

/// Records the hierarchy notifications a view receives.
final class NotifyingView: UIView {
    var log: [String] = []
    override func willMove(toSuperview newSuperview: UIView?) { log.append("willMoveToSuperview(\(newSuperview == nil ? "nil" : "view"))") }
    override func didMoveToSuperview() { log.append("didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { log.append("willMoveToWindow(\(newWindow == nil ? "nil" : "window"))") }
    override func didMoveToWindow() { log.append("didMoveToWindow") }
    override func didAddSubview(_ subview: UIView) { log.append("didAddSubview") }
    override func willRemoveSubview(_ subview: UIView) { log.append("willRemoveSubview") }
}

final class ShapeView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
}

final class CustomLayer: CALayer {
    var marker = 7
}

final class CustomLayerView: UIView {
    override class var layerClass: AnyClass { CustomLayer.self }
}

@Suite struct UIViewHierarchyTests {
    @Test func subviewOrderFollowsInsertionsAndTheLayersFollowTheViews() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = UIView(), b = UIView(), c = UIView(), d = UIView()
        parent.addSubview(a)
        parent.addSubview(c)
        parent.insertSubview(b, aboveSubview: a)
        parent.insertSubview(d, belowSubview: a)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [d, a, b, c].map(ObjectIdentifier.init))
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [d, a, b, c].map { ObjectIdentifier($0.layer) })
        parent.bringSubviewToFront(d)
        parent.sendSubviewToBack(c)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, a, b, d].map(ObjectIdentifier.init))
        parent.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [d, a, b, c].map(ObjectIdentifier.init))
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [d, a, b, c].map { ObjectIdentifier($0.layer) })
        parent.insertSubview(c, at: 1)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [d, c, a, b].map(ObjectIdentifier.init))
        #expect(a.superview === parent)
        a.removeFromSuperview()
        #expect(a.superview == nil)
        #expect(parent.subviews.count == 3)
        #expect(a.layer.superlayer == nil)
    }

    @Test func plainSublayersKeepTheirPlaceAmongSubviewLayers() {
        let parent = UIView()
        let plain = CALayer()
        parent.layer.addSublayer(plain)
        let v = UIView(), w = UIView()
        parent.addSubview(v)
        parent.insertSubview(w, at: 0)
        let layers = parent.layer.sublayers ?? []
        #expect(layers.count == 3)
        #expect(layers.contains { $0 === plain })
        // Subview layers keep the subviews' order (LaminaKit places subview i's layer right
        // after subview i-1's; the first subview's layer goes to index 0).
        let iv = layers.firstIndex { $0 === v.layer } ?? -1, iw = layers.firstIndex { $0 === w.layer } ?? -1
        #expect(iw >= 0 && iw < iv)
    }

    @Test func aSuperviewKeepsItsSubviewsAlive() {
        let parent = UIView()
        weak var weakChild: UIView?
        do {
            let child = NotifyingView()
            child.tag = 42
            weakChild = child
            parent.addSubview(child)
        }
        #expect(weakChild != nil)
        #expect(parent.viewWithTag(42) === weakChild)
        #expect(parent.subviews.first is NotifyingView)
        weakChild?.removeFromSuperview()
        #expect(weakChild == nil)
    }

    @Test func viewWithTagAndDescendants() {
        let root = UIView(), mid = UIView(), leaf = UIView()
        mid.tag = 1
        leaf.tag = 2
        root.addSubview(mid)
        mid.addSubview(leaf)
        #expect(root.viewWithTag(2) === leaf)
        #expect(root.viewWithTag(0) === root)
        #expect(root.viewWithTag(3) == nil)
        #expect(leaf.isDescendant(of: root))
        #expect(!root.isDescendant(of: leaf))
        // A cycle is refused.
        leaf.addSubview(root)
        #expect(root.superview == nil)
    }

    @Test func notificationsComeInUIKitsOrder() throws {
        let f = try UIKitFixture()
        let parent = NotifyingView(), child = NotifyingView()
        f.now { parent.addSubview(child) }
        #expect(child.log == ["willMoveToSuperview(view)", "didMoveToSuperview"])
        #expect(parent.log == ["didAddSubview"])
        child.log = []
        f.now { f.window.addSubview(parent) }
        #expect(child.log == ["willMoveToWindow(window)", "didMoveToWindow"])
        #expect(parent.window === f.window)
        #expect(child.window === f.window)
        child.log = []
        parent.log = []
        f.now { child.removeFromSuperview() }
        #expect(parent.log == ["willRemoveSubview"])
        #expect(child.log == ["willMoveToSuperview(nil)", "willMoveToWindow(nil)", "didMoveToSuperview", "didMoveToWindow"])
    }

    @Test func layerClassMakesTheLayer() {
        #expect(ShapeView().layer is CAShapeLayer)
        let plain = UIView()
        #expect(plain.layer.delegate === plain.backing)
        let custom = CustomLayerView().layer as? CustomLayer
        #expect(custom?.marker == 7)
    }

    @Test func propertiesReachTheLayer() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(v.center == CGPoint(x: 25, y: 40))
        v.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(v.layer.backgroundColor?.components == [1, 0, 0, 1])
        v.clipsToBounds = true
        #expect(v.layer.masksToBounds)
        v.alpha = 0.25
        #expect(v.layer.opacity == 0.25)
        v.alpha = .nan
        #expect(v.layer.opacity == 0.25)
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(v.layer.transform.m11 == 2)
        v.contentMode = .top
        #expect(v.layer.contentsGravity == .bottom)
        v.contentMode = .scaleAspectFit
        #expect(v.layer.contentsGravity == .resizeAspect)
        v.backgroundColor = nil
        #expect(v.layer.backgroundColor == nil)
        #expect(v.backgroundColor == nil)
        #expect(v.tintColor.cgColor.components?[2] == 1)
        v.sizeToFit()
        #expect(v.bounds.size == CGSize(width: 30, height: 40))
    }
}
