import Foundation
import Testing
@testable import QuartzCore

/// A 200-point root holding `container` over its whole bounds.
private func stage(_ container: CALayer) -> (root: CALayer, container: CALayer) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    container.frame = root.bounds
    root.addSublayer(container)
    return (root, container)
}

/// Hit testing inside a CATransformLayer follows depth, not array order: its members share
/// one 3D space and the nearest plane under the point is what the user sees.
@Suite struct TransformLayerHitTestTests {
    func plane(_ name: String, z: CGFloat) -> CALayer {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        l.zPosition = z
        l.name = name
        return l
    }

    @Test func theNearestMemberIsHitEvenWhenItComesFirst() throws {
        let (root, space) = stage(CATransformLayer())
        let near = plane("near", z: 50), far = plane("far", z: 0)
        space.addSublayer(near)   // first in array order …
        space.addSublayer(far)    // … but farther from the viewer
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) === near)
    }

    @Test func aFlatParentKeepsArrayOrder() throws {
        let (root, flat) = stage(CALayer())
        let near = plane("near", z: 50), far = plane("far", z: 0)
        flat.addSublayer(near)
        flat.addSublayer(far)
        // zPosition is ignored by hit testing in a flat layer (§1.7.4): the later sublayer wins.
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) === far)
    }

    @Test func crossingPlanesAreHitOnTheSideThatIsInFront() throws {
        let (root, space) = stage(CATransformLayer())
        // Two 100-point planes through the centre, turned ±45° about y: left of centre one is
        // in front, right of centre the other.
        let a = plane("a", z: 0), b = plane("b", z: 0)
        for l in [a, b] { l.position = CGPoint(x: 100, y: 100) }
        a.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        b.transform = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
        space.addSublayer(a)
        space.addSublayer(b)
        let left = try #require(root.hitTest(CGPoint(x: 80, y: 100)))
        let right = try #require(root.hitTest(CGPoint(x: 120, y: 100)))
        #expect(left !== right, "each side of the crossing shows a different plane")
        // Rotating +45° about y sends the plane's left half towards the viewer (+z).
        #expect(left === a && right === b)
    }

    @Test func hiddenMembersAndDeepHitsStillWork() throws {
        let (root, space) = stage(CATransformLayer())
        let near = plane("near", z: 50), far = plane("far", z: 0)
        let child = CALayer()
        child.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        far.addSublayer(child)
        space.addSublayer(near)
        space.addSublayer(far)
        near.isHidden = true
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) === child, "the deepest layer of the nearest visible member")
    }
}

/// Single-sided layers seen from behind are culled by the compositor, so they are not hit.
@Suite struct BackFaceHitTestTests {
    @Test func aSingleSidedLayerTurnedAwayIsNotHitButADoubleSidedOneIs() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let card = CALayer()
        card.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        card.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        root.addSublayer(card)
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === card, "double-sided by default")
        card.isDoubleSided = false
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === root)
        card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === card, "turned 60°: still facing the viewer")
    }

    @Test func theBackFaceOfACubeIsNotHitThroughItsFront() throws {
        let (root, space) = stage(CATransformLayer())
        let front = CALayer(), back = CALayer()
        for l in [front, back] {
            l.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            l.isDoubleSided = false
            space.addSublayer(l)
        }
        front.transform = CATransform3DMakeTranslation(0, 0, 50)
        back.transform = CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0)
        // Turn the cube half way round: now the "back" face is the one facing the viewer.
        space.sublayerTransform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === back)
        space.sublayerTransform = CATransform3DIdentity
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === front)
    }
}
