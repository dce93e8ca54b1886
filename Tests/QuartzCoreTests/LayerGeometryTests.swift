import Foundation
import Testing
import QuartzCore

@Suite struct LayerDefaultsTests {
    @Test func freshLayerHasApplesDefaults() {
        let l = CALayer()
        #expect(l.bounds == .zero && l.position == .zero && l.zPosition == 0 && l.anchorPointZ == 0)
        #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CATransform3DIsIdentity(l.transform) && CATransform3DIsIdentity(l.sublayerTransform))
        #expect(!l.isHidden && l.isDoubleSided && !l.isGeometryFlipped && !l.masksToBounds)
        #expect(l.opacity == 1 && l.backgroundColor == nil)
        #expect(l.cornerRadius == 0 && l.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(l.cornerCurve == .circular)
        #expect(l.borderWidth == 0 && l.borderColor == CGColor(gray: 0, alpha: 1))
        #expect(l.shadowColor == CGColor(gray: 0, alpha: 1) && l.shadowOpacity == 0)
        #expect(l.shadowOffset == CGSize(width: 0, height: -3) && l.shadowRadius == 3 && l.shadowPath == nil)
        #expect(l.contents == nil && l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.contentsGravity == .resize && l.contentsScale == 1 && l.contentsFormat == .RGBA8Uint)
        #expect(l.minificationFilter == .linear && l.magnificationFilter == .linear && l.minificationFilterBias == 0)
        #expect(!l.isOpaque && !l.needsDisplayOnBoundsChange && !l.drawsAsynchronously && !l.shouldRasterize)
        #expect(l.rasterizationScale == 1)
        #expect(l.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(l.allowsGroupOpacity == true, "iOS 7+ default")
        #expect(l.allowsEdgeAntialiasing == false, "iOS default")
        #expect(l.sublayers == nil && l.superlayer == nil && l.mask == nil && l.delegate == nil)
        #expect(l.actions == nil && l.style == nil && l.name == nil)
        #expect(l.beginTime == 0 && l.duration == 0 && l.speed == 1 && l.timeOffset == 0)
        #expect(l.repeatCount == 0 && l.repeatDuration == 0 && !l.autoreverses && l.fillMode == .removed)
    }

    @Test func defaultValueForKeyMatchesTheAppleCheckedSuite() {
        // §1.2.1: non-nil for anchorPoint, nil for bounds, position and frame.
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "bounds") == nil)
        #expect(CALayer.defaultValue(forKey: "position") == nil)
        #expect(CALayer.defaultValue(forKey: "frame") == nil)
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
        #expect(CALayer.defaultValue(forKey: "noSuchKey") == nil)
        #expect(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5), "chains to super")
    }
}

@Suite struct FrameTests {
    @Test func seed001FrameExample() {
        // Seed 001: B is 50x45, anchor (0.25, 0.5), position (32.5, 62.5) → frame (20, 40, 50, 45).
        let b = CALayer()
        b.bounds = CGRect(x: 0, y: 0, width: 50, height: 45)
        b.anchorPoint = CGPoint(x: 0.25, y: 0.5)
        b.position = CGPoint(x: 32.5, y: 62.5)
        #expect(b.frame == CGRect(x: 20, y: 40, width: 50, height: 45))
    }

    @Test(arguments: [
        (CGRect(x: 0, y: 0, width: 100, height: 50), CGPoint(x: 0.5, y: 0.5), CATransform3DIdentity, CGRect(x: 150, y: 275, width: 100, height: 50)),
        (CGRect(x: 0, y: 0, width: 100, height: 50), CGPoint(x: 0, y: 0), CATransform3DIdentity, CGRect(x: 200, y: 300, width: 100, height: 50)),
        (CGRect(x: 0, y: 0, width: 100, height: 50), CGPoint(x: 1, y: 1), CATransform3DIdentity, CGRect(x: 100, y: 250, width: 100, height: 50)),
        (CGRect(x: 11, y: 22, width: 100, height: 50), CGPoint(x: 0.5, y: 0.5), CATransform3DIdentity, CGRect(x: 150, y: 275, width: 100, height: 50)),
        (CGRect(x: 0, y: 0, width: 100, height: 50), CGPoint(x: 0.5, y: 0.5), CATransform3DMakeScale(2, 4, 1), CGRect(x: 100, y: 200, width: 200, height: 200)),
    ])
    func referenceFrameRows(bounds: CGRect, anchor: CGPoint, transform: CATransform3D, frame: CGRect) {
        // §11.3, position (200, 300).
        let l = CALayer()
        l.bounds = bounds
        l.anchorPoint = anchor
        l.position = CGPoint(x: 200, y: 300)
        l.transform = transform
        #expect(close(l.frame, frame, 1e-9))
    }

    @Test func rotatedFrameIsTheBoundingBox() {
        // §11.3 last row: (0,0,100,100) at the origin rotated 45° about z.
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        l.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        #expect(close(l.frame, CGRect(x: -70.7107, y: -70.7107, width: 141.4214, height: 141.4214), 1e-4))
    }

    @Test func settingFrameRewritesPositionAndBoundsSizeButKeepsBoundsOrigin() {
        let l = CALayer()
        l.bounds = CGRect(x: 7, y: 9, width: 1, height: 1)
        l.anchorPoint = CGPoint(x: 0.25, y: 0.5)
        l.frame = CGRect(x: 20, y: 40, width: 50, height: 45)
        #expect(l.position == CGPoint(x: 32.5, y: 62.5))
        #expect(l.bounds == CGRect(x: 7, y: 9, width: 50, height: 45))
        #expect(l.frame == CGRect(x: 20, y: 40, width: 50, height: 45))
    }

    @Test func settingFrameUnderAScaleDividesTheSize() {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 4, 1)
        l.frame = CGRect(x: 10, y: 20, width: 200, height: 200)
        #expect(close(l.bounds.size.width, 100) && close(l.bounds.size.height, 50))
        #expect(close(l.frame, CGRect(x: 10, y: 20, width: 200, height: 200), 1e-9))
    }

    @Test func settingFrameUnderA90DegreeRotationSwapsTheSize() {
        let l = CALayer()
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        l.frame = CGRect(x: 0, y: 0, width: 80, height: 30)
        #expect(close(l.bounds.width, 30, 1e-9) && close(l.bounds.height, 80, 1e-9))
        #expect(close(l.frame, CGRect(x: 0, y: 0, width: 80, height: 30), 1e-9))
    }

    @Test func boundsChangeKeepsPositionAndGrowsAroundTheAnchor() {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        l.bounds.size = CGSize(width: 50, height: 50)
        #expect(l.position == CGPoint(x: 50, y: 50))
        #expect(l.frame == CGRect(x: 25, y: 25, width: 50, height: 50))
        l.anchorPoint = CGPoint(x: 2, y: -1)
        #expect(l.anchorPoint == CGPoint(x: 2, y: -1), "anchor points outside the unit square are kept")
    }

    @Test func nanGeometryIsRefusedAndReported() {
        freshTransactions()
        let l = CALayer()
        l.position = CGPoint(x: 10, y: 20)
        l.position = CGPoint(x: Double.nan, y: 1)
        #expect(l.position == CGPoint(x: 10, y: 20))
        #expect(LayerDiagnostics.takeLastError() == .invalidGeometry(key: "position", value: "\(CGPoint(x: Double.nan, y: 1))"))
        l.bounds = CGRect(x: 0, y: 0, width: Double.nan, height: 3)
        #expect(l.bounds == .zero)
        l.frame = CGRect(x: Double.nan, y: 0, width: 1, height: 1)
        #expect(l.position == CGPoint(x: 10, y: 20) && l.bounds == .zero)
        l.zPosition = .nan
        #expect(l.zPosition == 0)
        #expect(LayerDiagnostics.takeLastError() != nil)
        // Infinities and negative sizes are stored as given.
        l.bounds = CGRect(x: 0, y: 0, width: -10, height: 5)
        #expect(l.bounds.size == CGSize(width: -10, height: 5))
        l.position = CGPoint(x: Double.infinity, y: 0)
        #expect(l.position.x == .infinity)
        CATransaction.flush()
    }

    @Test func affineTransformRoundTripsAndPreferredFrameSizeFollowsTheTransform() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        l.setAffineTransform(CGAffineTransform(scaleX: 3, y: 2))
        #expect(l.affineTransform() == CGAffineTransform(scaleX: 3, y: 2))
        #expect(l.transform.m11 == 3 && l.transform.m22 == 2)
        #expect(l.preferredFrameSize() == CGSize(width: 30, height: 40))
    }
}

@Suite struct ConversionTests {
    /// §11.4: the (60, −38) vector (matches the Apple-checked gnustep suite).
    private func pair() -> (parent: CALayer, child: CALayer) {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        parent.position = CGPoint(x: 100, y: 100)
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        child.position = CGPoint(x: 100, y: 50)
        child.transform = CATransform3DMakeTranslation(5, 6, 0)
        parent.addSublayer(child)
        return (parent, child)
    }

    @Test func childPointThroughSublayerTransform() {
        let (parent, child) = pair()
        #expect(close(child.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: 60, y: -38)))
        #expect(close(parent.convert(CGPoint(x: 0, y: 0), from: child), CGPoint(x: 60, y: -38)))
        #expect(close(child.convert(CGPoint(x: 60, y: -38), from: parent), .zero))
        #expect(close(parent.convert(CGPoint(x: 60, y: -38), to: child), .zero))
        #expect(close(child.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: 60, y: -38)), "nil is the root's space")
        CATransaction.flush()
    }

    @Test func parentBoundsOriginDoesNotChangeConversionIntoTheParent() {
        let (parent, child) = pair()
        parent.sublayerTransform = CATransform3DIdentity
        let before = child.convert(CGPoint(x: 3, y: 4), to: parent)
        parent.bounds.origin = CGPoint(x: 30, y: 40)
        #expect(close(child.convert(CGPoint(x: 3, y: 4), to: parent), before))
        // Sublayer positions are in the parent's bounds space: in the grandparent's space the
        // child moves by −(30, 40) while the parent stays put (how scrolling works, §2.7.1).
        let grand = CALayer()
        grand.addSublayer(parent)
        let scrolled = child.convert(CGPoint.zero, to: grand)
        parent.bounds.origin = .zero
        let unscrolled = child.convert(CGPoint.zero, to: grand)
        #expect(close(scrolled.x - unscrolled.x, -30) && close(scrolled.y - unscrolled.y, -40))
        #expect(parent.frame == CGRect(x: 0, y: 0, width: 200, height: 200))
        CATransaction.flush()
    }

    @Test func rectConversionIsTheBoundingBox() {
        let (parent, child) = pair()
        let r = child.convert(CGRect(x: 0, y: 0, width: 50, height: 50), to: parent)
        #expect(close(r, CGRect(x: 60, y: -38, width: 100, height: 100), 1e-9))
        #expect(close(parent.convert(r, to: child), CGRect(x: 0, y: 0, width: 50, height: 50), 1e-9))
        CATransaction.flush()
    }

    @Test func anchorPointZDisplacesAlongZ() {
        // §11.4 first vector (INF, expected): anchorPointZ −50 puts the centre at z = +50.
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        l.anchorPointZ = -50
        var h = l.ownTransform3D.transform(x: 50, y: 50, z: 0)
        #expect(abs(h.x) < 1e-9 && abs(h.y) < 1e-9 && abs(h.z - 50) < 1e-9)
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        h = l.ownTransform3D.transform(x: 50, y: 50, z: 0)
        #expect(abs(h.x - 50) < 1e-9 && abs(h.y) < 1e-9 && abs(h.z) < 1e-9)
    }

    @Test func siblingsInDifferentTreesAndSingularTransforms() {
        let a = CALayer()
        a.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        let b = CALayer()
        b.frame = CGRect(x: 30, y: 30, width: 10, height: 10)
        // Different trees: both roots as if in one identity parent.
        #expect(close(b.convert(CGPoint.zero, from: a), CGPoint(x: -20, y: -20)))
        let parent = CALayer()
        let flat = CALayer()
        flat.transform = CATransform3DMakeScale(0, 1, 1)
        parent.addSublayer(flat)
        let p = flat.convert(CGPoint(x: 1, y: 1), from: parent)
        #expect(p.x.isNaN && p.y.isNaN, "singular: documented (nan, nan)")
        CATransaction.flush()
    }

    @Test func contentsAreFlippedCountsFlippedAncestors() {
        let a = CALayer(), b = CALayer(), c = CALayer()
        a.addSublayer(b); b.addSublayer(c)
        #expect(!c.contentsAreFlipped())
        a.isGeometryFlipped = true
        #expect(c.contentsAreFlipped())
        c.isGeometryFlipped = true
        #expect(!c.contentsAreFlipped())
        CATransaction.flush()
    }

    @Test func convertTimeFollowsSpeedAndOffsets() {
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        parent.speed = 2
        child.beginTime = 1
        child.timeOffset = 0.5
        // child local = ((abs · 2) − 1) · 1 + 0.5
        #expect(child.convertTime(10, from: nil) == 19.5)
        #expect(child.convertTime(19.5, to: nil) == 10)
        #expect(child.convertTime(4, from: parent) == 3.5)
        parent.speed = 0
        #expect(child.convertTime(1, to: nil).isNaN, "documented: speed 0 has no inverse")
        CATransaction.flush()
    }
}
