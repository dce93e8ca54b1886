import Foundation
import Testing
import QuartzCore

@Suite struct KeyValueTests {
    @Test func everyTablePropertyReadsBackThroughKVC() {
        for type in [CALayer.self, CAShapeLayer.self, CAGradientLayer.self, CATransformLayer.self,
                     CAReplicatorLayer.self, CATextLayer.self, CAScrollLayer.self] as [CALayer.Type] {
            let layer = LayerArchive.classes[String(describing: type)]!()
            for property in type.propertyTable.properties where property.archive != nil {
                // Writing back what was read must be accepted (types round-trip through Any).
                let v = layer.value(forKey: property.key)
                LayerDiagnostics.takeLastError()
                layer.setValue(v, forKey: property.key)
                #expect(LayerDiagnostics.takeLastError() == nil, "\(type).\(property.key)")
            }
        }
        CATransaction.flush()
    }

    @Test func appleKeysAndCoercions() {
        freshTransactions()
        let l = CALayer()
        l.setValue(true, forKey: "hidden")
        l.setValue(false, forKey: "doubleSided")
        l.setValue(0.5, forKey: "opacity")               // a Double into a Float property
        l.setValue(NSNumber(value: 4), forKey: "cornerRadius")
        l.setValue(CGPoint(x: 3, y: 4), forKey: "position")
        l.setValue(CGRect(x: 0, y: 0, width: 10, height: 10), forKey: "bounds")
        l.setValue("resizeAspect", forKey: "contentsGravity")
        l.setValue(CALayerContentsFilter.nearest, forKey: "magnificationFilter")
        l.setValue(CGColor(gray: 0.5, alpha: 1), forKey: "backgroundColor")
        #expect(l.isHidden && !l.isDoubleSided && l.opacity == 0.5 && l.cornerRadius == 4)
        #expect(l.position == CGPoint(x: 3, y: 4) && l.bounds.size == CGSize(width: 10, height: 10))
        #expect(l.contentsGravity == .resizeAspect && l.magnificationFilter == .nearest)
        #expect(l.value(forKey: "backgroundColor") as? CGColor == CGColor(gray: 0.5, alpha: 1))
        #expect(l.value(forKey: "frame") as? CGRect == CGRect(x: -2, y: -1, width: 10, height: 10))
        l.setValue(nil, forKey: "backgroundColor")
        #expect(l.backgroundColor == nil && l.value(forKey: "backgroundColor") == nil)
        let child = CALayer()
        l.setValue([child], forKey: "sublayers")
        #expect(child.superlayer === l && (l.value(forKey: "sublayers") as? [CALayer])?.first === child)
        #expect(child.value(forKey: "superlayer") as? CALayer === l)
        CATransaction.flush()
    }

    @Test func keyPathsIntoStructFields() {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)   // frame (50, 50, 100, 100)
        #expect(l.value(forKeyPath: "position.x") as? CGFloat == 100)
        #expect(l.value(forKeyPath: "bounds.size.width") as? CGFloat == 100)
        #expect(l.value(forKeyPath: "bounds.origin") as? CGPoint == .zero)
        #expect(l.value(forKeyPath: "opacity") as? Float == 1)
        #expect(l.value(forKeyPath: "position.z") == nil && l.value(forKeyPath: "transform.rotation.z") as? CGFloat == 0)
        l.setValue(7, forKeyPath: "position.y")
        #expect(l.position == CGPoint(x: 100, y: 7))
        #expect(l.animationKeys() == ["position"], "the action key is the property's")
        l.setValue(CGSize(width: 3, height: 4), forKeyPath: "bounds.size")
        l.setValue(2.5, forKeyPath: "shadowOffset.height")
        #expect(l.bounds.size == CGSize(width: 3, height: 4) && l.shadowOffset == CGSize(width: 0, height: 2.5))
        LayerDiagnostics.takeLastError()
        l.setValue(1, forKeyPath: "transform.rotation.z")
        #expect(abs(l.transform.m12 - sin(1)) < 1e-12 && LayerDiagnostics.takeLastError() == nil)
        l.setValue(1, forKeyPath: "transform.rotation.w")
        #expect(LayerDiagnostics.takeLastError() != nil, "unknown transform component")
        l.setValue("x", forKeyPath: "position.x")
        #expect(l.position.x == 100 && LayerDiagnostics.takeLastError() != nil)
        CATransaction.flush()
    }

    @Test func wrongTypesAreRefusedAndReported() {
        freshTransactions()
        let l = CALayer()
        l.setValue("abc", forKey: "opacity")
        #expect(l.opacity == 1)
        #expect(LayerDiagnostics.takeLastError() == .wrongValueType(key: "opacity", expected: "a number", got: "String"))
        l.setValue(3, forKey: "position")
        #expect(l.position == .zero && LayerDiagnostics.takeLastError() != nil)
        l.setValue(nil, forKey: "opacity")
        #expect(l.opacity == 1 && LayerDiagnostics.takeLastError() != nil)
        l.setValue(CALayer(), forKey: "superlayer")
        #expect(l.superlayer == nil && LayerDiagnostics.takeLastError() != nil, "read-only")
        CATransaction.flush()
    }

    @Test func arbitraryKeysAreStoredAndDefaultToDefaultValue() {
        final class Custom: CALayer {
            override class func defaultValue(forKey key: String) -> Any? {
                key == "level" ? 7 : key == "opacity" ? Float(0.5) : super.defaultValue(forKey: key)
            }
        }
        freshTransactions()
        let l = CALayer()
        #expect(l.value(forKey: "anything") == nil)
        l.setValue("x", forKey: "anything")
        #expect(l.value(forKey: "anything") as? String == "x")
        l.setValue(nil, forKey: "anything")
        #expect(l.value(forKey: "anything") == nil)
        let c = Custom()
        #expect(c.value(forKey: "level") as? Int == 7)
        #expect(c.opacity == 0.5, "a subclass's defaultValue(forKey:) sets the initial value")
        #expect(CALayer().opacity == 1)
        CATransaction.flush()
    }

    @Test func initLayerCopiesPropertiesButNotTheTree() {
        freshTransactions()
        let l = CAShapeLayer()
        l.opacity = 0.3
        l.lineWidth = 4
        l.name = "shape"
        l.addSublayer(CALayer())
        l.add(CABasicAnimation(keyPath: "opacity"), forKey: "a")
        let copy = CAShapeLayer(layer: l)
        #expect(copy.opacity == 0.3 && copy.lineWidth == 4 && copy.name == "shape")
        #expect(copy.sublayers == nil && copy.animationKeys() == nil && copy.superlayer == nil)
        CATransaction.flush()
    }
}

@Suite struct SubclassTests {
    @Test func shapeLayerDefaults() {
        let s = CAShapeLayer()
        #expect(s.path == nil && s.fillColor == CGColor(gray: 0, alpha: 1) && s.fillRule == .nonZero)
        #expect(s.strokeColor == nil && s.strokeStart == 0 && s.strokeEnd == 1 && s.lineWidth == 1)
        #expect(s.miterLimit == 10 && s.lineCap == .butt && s.lineJoin == .miter)
        #expect(s.lineDashPhase == 0 && s.lineDashPattern == nil)
        #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd" && CAShapeLayerFillRule.nonZero.rawValue == "non-zero")
    }

    @Test func shapeLayerCopiesThePath() {
        freshTransactions()
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        let s = CAShapeLayer()
        s.path = p
        p.addLine(to: CGPoint(x: 50, y: 50))
        #expect(s.path != p, "copied on assignment")
        CATransaction.flush()
    }

    @Test func gradientReplicatorTextScrollDefaults() {
        let g = CAGradientLayer()
        #expect(g.colors == nil && g.locations == nil && g.type == .axial)
        #expect(g.startPoint == CGPoint(x: 0.5, y: 0) && g.endPoint == CGPoint(x: 0.5, y: 1))
        let r = CAReplicatorLayer()
        #expect(r.instanceCount == 1 && r.instanceDelay == 0 && CATransform3DIsIdentity(r.instanceTransform))
        #expect(r.instanceColor == nil && r.instanceRedOffset == 0 && r.instanceAlphaOffset == 0 && !r.preservesDepth)
        let t = CATextLayer()
        #expect(t.string == nil && t.font == nil && t.fontSize == 36 && t.foregroundColor == CGColor(gray: 1, alpha: 1))
        #expect(!t.isWrapped && t.truncationMode == .none && t.alignmentMode == .natural && !t.allowsFontSubpixelQuantization)
        #expect(CAScrollLayer().scrollMode == .both)
    }

    @Test func scrollLayerMovesItsBoundsOrigin() {
        freshTransactions()
        let s = CAScrollLayer()
        s.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        s.scroll(to: CGPoint(x: 30, y: 40))
        #expect(s.bounds.origin == CGPoint(x: 30, y: 40))
        s.scrollMode = .horizontally
        s.scroll(to: CGPoint(x: 5, y: 5))
        #expect(s.bounds.origin == CGPoint(x: 5, y: 40))
        s.scrollMode = .both
        s.scroll(to: CGRect(x: 150, y: 0, width: 20, height: 20))
        #expect(s.bounds.origin == CGPoint(x: 70, y: 0), "least distance: the rect's right edge at the bounds' right edge")
        s.scroll(to: CGRect(x: 80, y: 10, width: 10, height: 10))
        #expect(s.bounds.origin == CGPoint(x: 70, y: 0), "already visible: no scroll")
        s.scrollMode = .none
        s.scroll(to: CGPoint.zero)
        #expect(s.bounds.origin == CGPoint(x: 70, y: 0))
        CATransaction.flush()
    }

    @Test func subclassPropertiesAnimateImplicitly() throws {
        let host = TestHost()
        let root = attachedRoot(host)
        let s = CAShapeLayer()
        root.addSublayer(s)
        CATransaction.flush()
        s.strokeEnd = 0.5
        s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        s.lineCap = .round
        #expect(s.animationKeys() == ["strokeEnd"])
        let a = try #require(s.animation(forKey: "strokeEnd") as? CABasicAnimation)
        #expect(a.fromValue as? CGFloat == 1)
        CATransaction.flush()
    }
}

@Suite struct AnimationDataTests {
    @Test func addCopiesAndReplacesByKey() {
        freshTransactions()
        let l = CALayer()
        let a = CABasicAnimation(keyPath: "position")
        a.fromValue = CGPoint(x: 1, y: 2)
        a.duration = 3
        l.add(a, forKey: "move")
        a.duration = 9
        let attached = l.animation(forKey: "move") as? CABasicAnimation
        #expect(attached !== a && attached?.duration == 3 && attached?.fromValue as? CGPoint == CGPoint(x: 1, y: 2))
        let b = CABasicAnimation(keyPath: "opacity")
        l.add(b, forKey: "move")
        #expect(l.animationKeys() == ["move"] && (l.animation(forKey: "move") as? CABasicAnimation)?.keyPath == "opacity")
        l.add(CABasicAnimation(keyPath: "bounds"), forKey: nil)
        l.add(CABasicAnimation(keyPath: "zPosition"), forKey: "z")
        #expect(l.animationKeys() == ["move", "z"], "unnamed animations are not listed")
        #expect(l.animation(forKey: "move")?.duration == 0.25, "duration 0 takes the transaction's")
        l.removeAnimation(forKey: "move")
        #expect(l.animationKeys() == ["z"])
        l.removeAllAnimations()
        #expect(l.animationKeys() == nil)
        CATransaction.flush()
    }

    @Test func removalTellsTheDelegateFinishedFalse() {
        final class D: CAAnimationDelegate {
            var stops: [Bool] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
        }
        freshTransactions()
        let d = D()
        let l = CALayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.delegate = d
        l.add(a, forKey: "fade")
        l.removeAnimation(forKey: "fade")
        #expect(d.stops == [false])
        CATransaction.flush()
    }

    @Test func animationPropertiesAndDefaults() {
        let a = CABasicAnimation()
        #expect(a.keyPath == nil && a.fromValue == nil && a.toValue == nil && a.byValue == nil)
        #expect(a.timingFunction == nil && a.isRemovedOnCompletion && !a.isAdditive && !a.isCumulative)
        #expect(a.beginTime == 0 && a.duration == 0 && a.speed == 1 && a.fillMode == .removed && a.valueFunction == nil)
        let t = CATransition()
        #expect(t.type == .fade && t.subtype == nil && t.startProgress == 0 && t.endProgress == 1)
        #expect(CAValueFunction(name: .rotateZ)?.name == .rotateZ && CAValueFunction(name: CAValueFunctionName("spin")) == nil)
        let p = CAPropertyAnimation(keyPath: "transform.rotation.z")
        p.isAdditive = true
        let c = p.copy() as? CAPropertyAnimation
        #expect(c?.keyPath == "transform.rotation.z" && c?.isAdditive == true)
        #expect(CABasicAnimation.animation().keyPath == nil)
    }

    @Test func timingFunctionControlPoints() {
        func points(_ f: CAMediaTimingFunction) -> [Float] {
            var out: [Float] = []
            for i in 0..<4 {
                var v: [Float] = [-1, -1]
                f.getControlPoint(at: i, values: &v)
                out += v
            }
            return out
        }
        #expect(points(CAMediaTimingFunction(name: .default)) == [0, 0, 0.25, 0.1, 0.25, 1, 1, 1])
        #expect(points(CAMediaTimingFunction(name: .easeInEaseOut)) == [0, 0, 0.42, 0, 0.58, 1, 1, 1])
        #expect(points(CAMediaTimingFunction(name: .easeIn)) == [0, 0, 0.42, 0, 1, 1, 1, 1])
        #expect(points(CAMediaTimingFunction(name: .easeOut)) == [0, 0, 0, 0, 0.58, 1, 1, 1])
        #expect(points(CAMediaTimingFunction(name: .linear)) == [0, 0, 0, 0, 1, 1, 1, 1])
        #expect(points(CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)) == [0, 0, 0.1, 0.2, 0.3, 0.4, 1, 1])
        var untouched: [Float] = [7, 7]
        CAMediaTimingFunction(name: .linear).getControlPoint(at: 4, values: &untouched)
        #expect(untouched == [7, 7], "out-of-range index leaves the buffer alone")
    }

    @Test func mediaClockIsInjectable() {
        MediaClock.$override.withValue(12.5) {
            #expect(CACurrentMediaTime() == 12.5)
        }
        let a = CACurrentMediaTime(), b = CACurrentMediaTime()
        #expect(b >= a, "the system clock is monotonic")
    }
}
