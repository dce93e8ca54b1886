import Foundation
import Testing
import QuartzCore

/// CABasicAnimation through layers: from/to/by, additive, cumulative, value functions, sub-key
/// paths, value types, copies and refused input.
@Suite struct AnimationValueTests {
    struct FromToBy: CustomStringConvertible {
        var from: Double?, to: Double?, by: Double?
        /// Presented zPosition at a quarter of the animation; the model is 10.
        var atQuarter: Double
        var description: String { "from \(from.map { "\($0)" } ?? "–") to \(to.map { "\($0)" } ?? "–") by \(by.map { "\($0)" } ?? "–")" }
    }

    /// Reference §9.1.1, every row; "underlying" is the model value 10.
    static let fromToBy: [FromToBy] = [
        FromToBy(from: 0, to: 20, by: nil, atQuarter: 5),
        FromToBy(from: 0, to: nil, by: 4, atQuarter: 1),
        FromToBy(from: nil, to: 20, by: 4, atQuarter: 17),
        FromToBy(from: 0, to: nil, by: nil, atQuarter: 2.5),
        FromToBy(from: nil, to: 20, by: nil, atQuarter: 12.5),
        FromToBy(from: nil, to: nil, by: 4, atQuarter: 11),
        FromToBy(from: nil, to: nil, by: nil, atQuarter: 10),
        FromToBy(from: 0, to: 20, by: 4, atQuarter: 5),
    ]

    @Test(arguments: fromToBy) func fromToByRows(_ row: FromToBy) throws {
        let scene = AnimatedScene(at: 0) { $0.zPosition = 10 }
        scene.add(basic("zPosition", from: row.from, to: row.to, by: row.by, duration: 4), at: 1)
        let p = try #require(scene.presented(at: 2))
        #expect(abs(p.zPosition - row.atQuarter) < 1e-9, "\(row): \(p.zPosition)")
    }

    @Test func additiveAnimationsAddToTheValueUnderneath() throws {
        let scene = AnimatedScene(at: 0) { $0.position = CGPoint(x: 100, y: 40) }
        let shake = basic("position.x", from: 0, to: 10, duration: 1)
        shake.isAdditive = true
        scene.add(shake, forKey: "shake", at: 1)
        let nudge = basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 0, y: 4), duration: 1)
        nudge.isAdditive = true
        scene.add(nudge, forKey: "nudge", at: 1)
        let p = try #require(scene.presented(at: 1.5))
        #expect(close(p.position, CGPoint(x: 105, y: 42)))
        // A non-additive animation added later replaces what is underneath.
        scene.add(basic("position.x", from: 0, to: 0, duration: 1), forKey: "pin", at: 1)
        #expect(close(try #require(scene.presented(at: 1.5)).position, CGPoint(x: 0, y: 42)))
    }

    @Test func cumulativeRepeatsAccumulate() throws {
        let scene = AnimatedScene(at: 0)
        let a = basic("zPosition", from: 0, to: 10, duration: 1)
        a.isCumulative = true
        a.repeatCount = 3
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        scene.add(a, at: 1)
        #expect(abs(try #require(scene.presented(at: 1.5)).zPosition - 5) < 1e-9)
        #expect(abs(try #require(scene.presented(at: 3.5)).zPosition - 25) < 1e-9)
        #expect(abs(try #require(scene.presented(at: 9)).zPosition - 30) < 1e-9, "ends at 3 × 10 (§9.1.4)")
    }

    @Test func transformAnimationThroughHalfATurn() throws {
        let scene = AnimatedScene(at: 0)
        let turn = basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi, 0, 0, 1), duration: 1)
        scene.add(turn, at: 1)
        let half = try #require(scene.presented(at: 1.5)).transform
        #expect(abs(half.m11) < 1e-9 && abs(abs(half.m12) - 1) < 1e-9, "a quarter turn half-way, not a collapse")
        let quarter = try #require(scene.presented(at: 1.25)).transform
        #expect(abs(quarter.m11 - cos(.pi / 4)) < 1e-9)

        // The rotation key path turns exactly, keeping the model's scale.
        let spin = AnimatedScene(at: 0) { $0.transform = CATransform3DMakeScale(2, 2, 1) }
        spin.add(basic("transform.rotation.z", from: 0, to: CGFloat.pi, duration: 1), at: 1)
        let m = try #require(spin.presented(at: 1.5)).transform
        #expect(abs(m.m11) < 1e-9 && abs(m.m12 - 2) < 1e-9 && abs(m.m21 + 2) < 1e-9)

        // A value function makes a full turn visible (§9.1.5).
        let full = AnimatedScene(at: 0)
        let f = basic("transform", from: 0, to: 2 * Double.pi, duration: 1)
        f.valueFunction = CAValueFunction(name: .rotateZ)
        full.add(f, at: 1)
        #expect(abs(try #require(full.presented(at: 1.5)).transform.m11 + 1) < 1e-9)
        #expect(abs(try #require(full.presented(at: 1.25)).transform.m12 - 1) < 1e-9)
    }

    @Test func subKeyPathsMergeIntoTheirProperty() throws {
        let scene = AnimatedScene(at: 0) {
            $0.shadowOffset = CGSize(width: 3, height: 0)
            $0.bounds = CGRect(x: 5, y: 6, width: 100, height: 100)
        }
        scene.add(basic("position.x", from: 0, to: 10), forKey: "x", at: 1)
        scene.add(basic("bounds.size", from: CGSize(width: 0, height: 0), to: CGSize(width: 20, height: 40)), forKey: "s", at: 1)
        scene.add(basic("shadowOffset.height", from: 0, to: -8), forKey: "h", at: 1)
        scene.add(basic("transform.scale", from: 1, to: 3), forKey: "k", at: 1)
        let p = try #require(scene.presented(at: 1.5))
        #expect(close(p.position, CGPoint(x: 5, y: 100)), "y stays the model's")
        #expect(close(p.bounds, CGRect(x: 5, y: 6, width: 10, height: 20)), "origin stays the model's")
        #expect(p.shadowOffset == CGSize(width: 3, height: -4))
        #expect(abs(p.transform.m11 - 2) < 1e-9 && abs(p.transform.m22 - 2) < 1e-9 && abs(p.transform.m33 - 2) < 1e-9)
    }

    /// "transform.scale.xy" (used by pulse effects, accepted by Core Animation though not in
    /// Apple's table): x and y scale together, z kept, on an identity or a scaled transform.
    @Test func scaleXYAnimatesXAndYOnly() throws {
        let scene = AnimatedScene(at: 0)
        scene.add(basic("transform.scale.xy", from: 1, to: 3), forKey: "k", at: 1)
        let p = try #require(scene.presented(at: 1.5))
        #expect(abs(p.transform.m11 - 2) < 1e-9 && abs(p.transform.m22 - 2) < 1e-9 && p.transform.m33 == 1)

        let z = AnimatedScene(at: 0) { $0.transform = CATransform3DMakeScale(1, 1, 5) }
        z.add(basic("transform.scale.xy", from: 2, to: 2), forKey: "k", at: 1)
        let q = try #require(z.presented(at: 1.5))
        #expect(abs(q.transform.m11 - 2) < 1e-9 && abs(q.transform.m22 - 2) < 1e-9 && abs(q.transform.m33 - 5) < 1e-9)
    }

    @Test func valuesOfEveryAcceptedType() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let scene = AnimatedScene(at: 0)
        scene.add(basic("opacity", from: NSNumber(value: 0), to: Int(1)), forKey: "o", at: 1)
        scene.add(basic("cornerRadius", from: Float(0), to: CGFloat(8)), forKey: "r", at: 1)
        scene.add(basic("backgroundColor", from: red, to: blue), forKey: "c", at: 1)
        scene.add(basic("borderColor", to: red), forKey: "b", at: 1)
        scene.add(basic("hidden", from: false, to: NSNumber(value: true)), forKey: "hid", at: 1)
        scene.add(basic("anchorPoint", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 1, y: 1)), forKey: "ap", at: 1)
        let p = try #require(scene.presented(at: 1.25))
        #expect(abs(p.opacity - 0.25) < 1e-6 && abs(p.cornerRadius - 2) < 1e-9)
        let c = try #require(p.backgroundColor?.components)
        #expect(abs(c[0] - 0.75) < 1e-9 && abs(c[2] - 0.25) < 1e-9)
        #expect(p.isHidden == false, "Bool switches half-way")
        #expect(try #require(scene.presented(at: 1.6)).isHidden == true)
        #expect(close(p.anchorPoint, CGPoint(x: 0.25, y: 0.25)))
        let border = try #require(p.borderColor?.components)
        #expect(abs(border[0] - 0.25) < 1e-9, "from the model's black to red")

        // Subclass properties go through the property table.
        let shape = CAShapeLayer()
        let shapeScene = AnimatedScene(at: 0, layer: shape) { ($0 as? CAShapeLayer)?.lineWidth = 1 }
        shapeScene.add(basic("strokeEnd", from: 0, to: 1), forKey: "stroke", at: 1)
        let small = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let large = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 50), transform: nil)
        shapeScene.add(basic("path", from: small, to: large), forKey: "path", at: 1)
        let ps = try #require(shapeScene.presented(at: 1.5) as? CAShapeLayer)
        #expect(abs(ps.strokeEnd - 0.5) < 1e-9 && ps.lineWidth == 1)
        #expect(ps.path?.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 30))

        // Anything else switches discretely (contents images, arbitrary objects).
        let gradient = CAGradientLayer()
        let gradientScene = AnimatedScene(at: 0, layer: gradient)
        gradientScene.add(basic("colors", from: [red, red], to: [blue, red]), forKey: "colors", at: 1)
        let pg = try #require(gradientScene.presented(at: 1.5) as? CAGradientLayer)
        let first = try #require((pg.colors?.first as? CGColor)?.components)
        #expect(abs(first[0] - 0.5) < 1e-9 && abs(first[2] - 0.5) < 1e-9)
    }

    @Test func theLayerKeepsItsOwnCopy() throws {
        let scene = AnimatedScene(at: 0)
        let a = basic("zPosition", from: 0, to: 10, duration: 1)
        scene.add(a, forKey: "z", at: 1)
        a.toValue = 1000
        a.duration = 100
        a.keyPath = "opacity"
        #expect(abs(try #require(scene.presented(at: 1.5)).zPosition - 5) < 1e-9)
        let group = CAAnimationGroup()
        let child = basic("zPosition", from: 0, to: 10, duration: 1)
        group.animations = [child]
        group.duration = 1
        scene.add(group, forKey: "z", at: 3)
        child.toValue = 1000
        #expect(abs(try #require(scene.presented(at: 3.5)).zPosition - 5) < 1e-9)
        let attached = try #require(scene.layer.animation(forKey: "z") as? CAAnimationGroup)
        #expect(attached !== group && attached.animations?.first !== child)
    }

    @Test func badAnimationsAreIgnoredAndReported() throws {
        let scene = AnimatedScene(at: 0) { $0.zPosition = 7 }
        func refused(_ anim: CAAnimation, _ why: String) {
            LayerDiagnostics.takeLastError()
            scene.add(anim, forKey: "bad", at: 1)
            let error = LayerDiagnostics.takeLastError()
            if case .invalidAnimation? = error {} else { Issue.record("\(why): expected invalidAnimation, got \(String(describing: error))") }
            #expect(scene.layer.animation(forKey: "bad") == nil, "\(why)")
        }
        refused(basic("zPosition", from: 0, to: 1, duration: .nan), "NaN duration")
        let nanBegin = basic("zPosition", from: 0, to: 1)
        nanBegin.beginTime = .nan
        refused(nanBegin, "NaN beginTime")
        let infiniteSpeed = basic("zPosition", from: 0, to: 1)
        infiniteSpeed.speed = .infinity
        refused(infiniteSpeed, "infinite speed")
        let nanRepeat = basic("zPosition", from: 0, to: 1)
        nanRepeat.repeatCount = .nan
        refused(nanRepeat, "NaN repeatCount")
        refused(basic("noSuchProperty", from: 0, to: 1), "unknown property")
        refused(basic("position.z", from: 0, to: 1), "unknown sub-key")
        refused(basic("opacity.x", from: 0, to: 1), "sub-key of a scalar")
        refused(CABasicAnimation(), "no key path")
        refused(basic("opacity", from: CGPoint(x: 1, y: 1), to: 1), "point for a number")
        refused(basic("position", from: CGPoint.zero, to: CGSize(width: 1, height: 1)), "size for a point")
        let misfunction = basic("opacity", from: 0, to: 1)
        misfunction.valueFunction = CAValueFunction(name: .rotateZ)
        refused(misfunction, "value function on a number")
        let mixed = CAKeyframeAnimation(keyPath: "zPosition")
        mixed.values = [0, CGPoint.zero]
        refused(mixed, "mixed keyframe values")
        let wrongPath = CAKeyframeAnimation(keyPath: "opacity")
        wrongPath.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        refused(wrongPath, "path for a number")

        // An invalid group child is dropped; the rest of the group runs.
        let group = CAAnimationGroup()
        group.duration = 2
        group.animations = [basic("nothing", from: 0, to: 1), basic("zPosition", from: 0, to: 10, duration: 2)]
        LayerDiagnostics.takeLastError()
        scene.add(group, forKey: "group", at: 1)
        #expect(LayerDiagnostics.takeLastError() != nil)
        #expect(abs(try #require(scene.presented(at: 2)).zPosition - 5) < 1e-9)

        // NaN and infinite media times show the model values; ticking at NaN does nothing.
        #expect(try #require(scene.presented(at: .nan)).zPosition == 7)
        scene.tick(.nan)
        #expect(scene.layer.animation(forKey: "group") != nil)
        #expect(scene.layer.zPosition == 7)
    }

    @Test func transformComponentsByKeyPath() {
        freshTransactions()
        let l = CALayer()
        l.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        #expect(abs((l.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0) - 0.3) < 1e-12)
        #expect(abs((l.value(forKeyPath: "transform.rotation") as? CGFloat ?? 0) - 0.3) < 1e-12)
        l.transform = CATransform3DConcat(CATransform3DMakeScale(2, 4, 6), CATransform3DMakeTranslation(5, 7, 9))
        #expect(abs((l.value(forKeyPath: "transform.scale") as? CGFloat ?? 0) - 4) < 1e-12)
        #expect(abs((l.value(forKeyPath: "transform.scale.y") as? CGFloat ?? 0) - 4) < 1e-12)
        #expect(l.value(forKeyPath: "transform.translation") as? CGSize == CGSize(width: 5, height: 7))
        #expect(abs((l.value(forKeyPath: "transform.translation.z") as? CGFloat ?? 0) - 9) < 1e-12)

        l.transform = CATransform3DIdentity
        l.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(abs(l.transform.m11 - r.m11) < 1e-12 && abs(l.transform.m12 - r.m12) < 1e-12 && abs(l.transform.m21 - r.m21) < 1e-12)
        l.transform = CATransform3DMakeScale(3, 3, 1)
        l.setValue(NSNumber(value: Double.pi / 2), forKeyPath: "transform.rotation.z")
        #expect(abs(l.transform.m12 - 3) < 1e-9, "the scale is kept")
        l.setValue(CGSize(width: 4, height: 5), forKeyPath: "sublayerTransform.translation")
        #expect(l.sublayerTransform.m41 == 4 && l.sublayerTransform.m42 == 5)
        LayerDiagnostics.takeLastError()
        l.setValue("spin", forKeyPath: "transform.rotation.z")
        #expect(LayerDiagnostics.takeLastError() != nil && abs(l.transform.m12 - 3) < 1e-9)
        l.setValue(Double.nan, forKeyPath: "transform.scale")
        #expect(LayerDiagnostics.takeLastError() != nil)
        CATransaction.flush()
    }
}

extension AnimationValueTests {
    /// §9.1.1, last row: no from, to or by: from the previous presented value to the model.
    @Test func noValuesRunFromThePreviousPresentedValue() throws {
        let scene = AnimatedScene(at: 0) { $0.zPosition = 0 }
        at(1) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            scene.layer.zPosition = 10
            scene.layer.add(basic("zPosition", duration: 1), forKey: "z")
            CATransaction.commit()
        }
        #expect(abs(try #require(scene.presented(at: 1.5)).zPosition - 5) < 1e-9)
        // While another animation runs, its presented value is the start.
        at(2) {
            scene.layer.add(basic("opacity", from: 0, to: 1, duration: 2), forKey: "o")
            CATransaction.flush()
        }
        at(3) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            scene.layer.opacity = 0.25
            scene.layer.add(basic("opacity", duration: 1), forKey: "o")
            CATransaction.commit()
        }
        #expect(abs(try #require(scene.presented(at: 3)).opacity - 0.5) < 1e-6, "from the presented 0.5")
        #expect(abs(try #require(scene.presented(at: 3.5)).opacity - 0.375) < 1e-6)
    }
}

extension AnimationValueTests {
    /// Images (and other objects) switch discretely half-way, by identity.
    @Test func contentsSwitchHalfWay() throws {
        func image(_ r: UInt8) throws -> CGImage {
            let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
            let provider = try #require(CGDataProvider(data: Data([r, 0, 0, 255])))
            return try #require(CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
                                        space: space,
                                        bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                        provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        }
        let a = try image(10), b = try image(200)
        let scene = AnimatedScene(at: 0)
        scene.add(basic("contents", from: a, to: b, duration: 1), at: 1)
        #expect((try #require(scene.presented(at: 1.4)).contents as AnyObject) === a)
        #expect((try #require(scene.presented(at: 1.6)).contents as AnyObject) === b)
        #expect(try #require(scene.presented(at: 3)).contents == nil, "the model again")
    }
}

extension AnimationValueTests {
    @Test func nsValueBoxedGeometry() throws {
        let scene = AnimatedScene(at: 0)
        scene.add(basic("position", from: NSValue(point: CGPoint(x: 0, y: 0)), to: NSValue(point: CGPoint(x: 10, y: 20))),
                  forKey: "p", at: 1)
        scene.add(basic("bounds", from: NSValue(rect: CGRect(x: 0, y: 0, width: 10, height: 10)),
                        to: NSValue(rect: CGRect(x: 0, y: 0, width: 30, height: 50))), forKey: "b", at: 1)
        scene.add(basic("shadowOffset", to: NSValue(size: CGSize(width: 4, height: 4))), forKey: "s", at: 1)
        let p = try #require(scene.presented(at: 1.5))
        #expect(close(p.position, CGPoint(x: 5, y: 10)) && close(p.bounds, CGRect(x: 0, y: 0, width: 20, height: 30)))
        #expect(p.shadowOffset == CGSize(width: 2, height: 0.5))
    }
}
