import Foundation
import Testing
import QuartzCore

/// NSValue boxes where animations and KVC take values: they behave exactly as the bare
/// structs (`BoxedValue`).
@Suite struct NSValueAnimationTests {
    private let spin = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    private let grow = CATransform3DMakeScale(2, 3, 1)

    @Test func transform3DBoxRoundTrips() {
        let v = NSValue(caTransform3D: spin)
        #expect(v.caTransform3DValue == spin)
        #expect(String(cString: v.objCType) == "{CATransform3D=dddddddddddddddd}")
        #expect(v == NSValue(caTransform3D: spin) && v.hash == NSValue(caTransform3D: spin).hash)
        #expect(v != NSValue(caTransform3D: grow))
        #expect(NSValue(point: .zero).caTransform3DValue == CATransform3DIdentity)
        var out = CATransform3DIdentity
        withUnsafeMutableBytes(of: &out) { v.getValue($0.baseAddress!) }
        #expect(out == spin)
    }

    /// The presented transform at `times` of a keyframe animation with `values`.
    private func keyframeTransforms(_ values: [Any], times: [Double]) throws -> [CATransform3D] {
        let scene = AnimatedScene(at: 0)
        let a = CAKeyframeAnimation(keyPath: "transform")
        a.values = values
        a.duration = 1
        scene.add(a, at: 1)
        return try times.map { try #require(scene.presented(at: 1 + $0)).transform }
    }

    @Test func keyframedTransformBoxesAnimateAsBareTransforms() throws {
        let times = [0.1, 0.25, 0.5, 0.8]
        let bare = try keyframeTransforms([CATransform3DIdentity, spin, grow], times: times)
        let boxed = try keyframeTransforms([NSValue(caTransform3D: CATransform3DIdentity), NSValue(caTransform3D: spin),
                                            NSValue(caTransform3D: grow)], times: times)
        #expect(boxed == bare)
        // And they really are interpolated matrices, not discrete switches.
        #expect(bare[0] != CATransform3DIdentity && bare[0] != spin)
    }

    @Test func basicAnimationsTakeGeometryBoxes() throws {
        let scene = AnimatedScene(at: 0)
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(point: CGPoint(x: 0, y: 0))
        move.toValue = NSValue(point: CGPoint(x: 100, y: 40))
        move.duration = 1
        scene.add(move, forKey: "move", at: 1)
        let resize = CABasicAnimation(keyPath: "bounds.size")
        resize.fromValue = NSValue(size: CGSize(width: 10, height: 10))
        resize.toValue = NSValue(size: CGSize(width: 30, height: 50))
        resize.duration = 1
        scene.add(resize, forKey: "resize", at: 1)
        let turn = CABasicAnimation(keyPath: "transform")
        turn.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        turn.byValue = NSValue(caTransform3D: grow)
        turn.duration = 1
        scene.add(turn, forKey: "turn", at: 1)
        let p = try #require(scene.presented(at: 1.5))
        #expect(close(p.position, CGPoint(x: 50, y: 20)))
        #expect(close(p.bounds.size.width, 20) && close(p.bounds.size.height, 30))
        #expect(close(p.transform.m11, 1.5) && close(p.transform.m22, 2))
        #expect(LayerDiagnostics.takeLastError() == nil)
    }

    @Test func rectAndAffineBoxes() throws {
        let scene = AnimatedScene(at: 0)
        let frame = CABasicAnimation(keyPath: "bounds")
        frame.fromValue = NSValue(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        frame.toValue = NSValue(rect: CGRect(x: 0, y: 0, width: 20, height: 40))
        frame.duration = 1
        scene.add(frame, forKey: "bounds", at: 1)
        // A 2D transform box animates the 3D transform property as its 3D equivalent.
        let flat = CABasicAnimation(keyPath: "transform")
        flat.fromValue = NSValue(cgAffineTransform: .identity)
        flat.toValue = NSValue(cgAffineTransform: CGAffineTransform(scaleX: 3, y: 5))
        flat.duration = 1
        scene.add(flat, forKey: "flat", at: 1)
        let p = try #require(scene.presented(at: 1.5))
        #expect(close(p.bounds, CGRect(x: 0, y: 0, width: 15, height: 25)))
        #expect(close(p.transform.m11, 2) && close(p.transform.m22, 3))
    }

    @Test func springAnimationsTakeBoxes() throws {
        let scene = AnimatedScene(at: 0)
        let spring = CASpringAnimation(keyPath: "position")
        spring.fromValue = NSValue(point: .zero)
        spring.toValue = NSValue(point: CGPoint(x: 100, y: 0))
        spring.duration = spring.settlingDuration
        scene.add(spring, at: 1)
        let mid = try #require(scene.presented(at: 1.2)).position.x
        #expect(mid > 5 && mid < 140)
        let end = try #require(scene.presented(at: 1 + spring.settlingDuration - 0.01)).position.x
        #expect(abs(end - 100) < 1)
    }

    @Test func setValueForKeyUnboxes() {
        freshTransactions()
        let l = CALayer()
        l.setValue(NSValue(point: CGPoint(x: 3, y: 4)), forKey: "position")
        l.setValue(NSValue(rect: CGRect(x: 0, y: 0, width: 7, height: 8)), forKey: "bounds")
        l.setValue(NSValue(size: CGSize(width: 1, height: 2)), forKey: "shadowOffset")
        l.setValue(NSValue(caTransform3D: spin), forKey: "transform")
        l.setValue(NSValue(caTransform3D: grow), forKey: "sublayerTransform")
        #expect(l.position == CGPoint(x: 3, y: 4))
        #expect(l.bounds == CGRect(x: 0, y: 0, width: 7, height: 8))
        #expect(l.shadowOffset == CGSize(width: 1, height: 2))
        #expect(l.transform == spin && l.sublayerTransform == grow)
        l.setValue(NSValue(cgAffineTransform: CGAffineTransform(translationX: 5, y: 6)), forKey: "transform")
        #expect(l.affineTransform() == CGAffineTransform(translationX: 5, y: 6))
        #expect(LayerDiagnostics.takeLastError() == nil)
        // A box of the wrong type is refused as a bare value of that type would be.
        l.setValue(NSValue(point: .zero), forKey: "transform")
        #expect(LayerDiagnostics.takeLastError() != nil)
        #expect(l.affineTransform() == CGAffineTransform(translationX: 5, y: 6))
        // Arbitrary keys keep the box as given.
        let box = NSValue(caTransform3D: spin)
        l.setValue(box, forKey: "custom")
        #expect((l.value(forKey: "custom") as? NSValue) == box)
        CATransaction.flush()
    }
}
