import Testing
import UIKit

@Suite struct UIGeometryTests {
    @Test func edgeInsetsInsetARectAsUIKitsInlineFunction() {
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(CGRect(x: 0, y: 0, width: 20, height: 10).inset(by: insets) == CGRect(x: 2, y: 1, width: 14, height: 6))
        #expect(CGRect(x: 5, y: 5, width: 10, height: 10).inset(by: .zero) == CGRect(x: 5, y: 5, width: 10, height: 10))
        // Plain arithmetic: too-large insets give a negative size.
        let r = CGRect(x: 0, y: 0, width: 4, height: 4).inset(by: UIEdgeInsets(top: 0, left: 3, bottom: 0, right: 3))
        #expect(r.size.width == -2 && r.origin.x == 3)
        #expect(UIEdgeInsets() == .zero && insets != .zero)
        #expect(insets.description == "{1, 2, 3, 4}")
    }

    @Test func nsValueBoxesRoundTrip() {
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSValue(cgVector: CGVector(dx: -1, dy: 0.5)).cgVectorValue == CGVector(dx: -1, dy: 0.5))
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(NSValue(uiEdgeInsets: insets).uiEdgeInsetsValue == insets)
        // Equal boxes are equal objects.
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)) == NSValue(cgPoint: CGPoint(x: 1, y: 2)))
        #expect(NSValue(cgVector: CGVector(dx: 1, dy: 2)) == NSValue(cgVector: CGVector(dx: 1, dy: 2)))
        // The wrong accessor gives zero, never a trap.
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgRectValue == .zero)
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgVectorValue == CGVector(dx: 0, dy: 0))
        #expect(NSValue(cgSize: CGSize(width: 1, height: 1)).uiEdgeInsetsValue == .zero)
        #expect(NSValue(cgVector: CGVector(dx: 1, dy: 1)).cgPointValue == .zero)
    }

    @Test func boxedGeometryIsReadByCoreAnimation() {
        // QuartzCore's animation values read UIKit's boxes as Foundation's geometry.
        guard case .point(let p)? = AnimationValues.animatable(NSValue(cgPoint: CGPoint(x: 3, y: 4))) else {
            Issue.record("NSValue(cgPoint:) is not animatable as a point")
            return
        }
        #expect(p == CGPoint(x: 3, y: 4))
        guard case .rect(let r)? = AnimationValues.animatable(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4))) else {
            Issue.record("NSValue(cgRect:) is not animatable as a rect")
            return
        }
        #expect(r == CGRect(x: 1, y: 2, width: 3, height: 4))
        guard case .size? = AnimationValues.animatable(NSValue(cgSize: CGSize(width: 1, height: 2))) else {
            Issue.record("NSValue(cgSize:) is not animatable as a size")
            return
        }
    }

    @Test func stringsUseUIKitsFormat() {
        #expect(NSStringFromCGPoint(CGPoint(x: 1, y: 2)) == "{1, 2}")
        #expect(NSCoder.string(for: CGPoint(x: 1.5, y: -2)) == "{1.5, -2}")
        #expect(NSStringFromCGSize(CGSize(width: 3, height: 4)) == "{3, 4}")
        #expect(NSStringFromCGRect(CGRect(x: 1, y: 2, width: 3, height: 4)) == "{{1, 2}, {3, 4}}")
        #expect(NSCoder.string(for: CGPoint(x: 0.1, y: 0)) == "{0.10000000000000001, 0}")
        #expect(NSStringFromCGAffineTransform(.identity) == "[1, 0, 0, 1, 0, 0]")
        #expect(NSCoder.string(for: CGVector(dx: 1, dy: 2)) == "{1, 2}")
    }

    @Test func stringsParseBack() {
        #expect(CGPointFromString("{1, 2}") == CGPoint(x: 1, y: 2))
        #expect(NSCoder.cgPoint(for: "{1.5,-2e1}") == CGPoint(x: 1.5, y: -20))
        #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSCoder.cgSize(for: NSCoder.string(for: CGSize(width: 0.1, height: 1e-7))) == CGSize(width: 0.1, height: 1e-7))
        #expect(CGAffineTransformFromString("[2, 0, 0, 2, 5, 6]") == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 6))
        #expect(UIEdgeInsetsFromString("{1, 2, 3, 4}") == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(CGVectorFromString("{3, 4}") == CGVector(dx: 3, dy: 4))
        // Malformed strings give zero values.
        #expect(CGPointFromString("") == .zero)
        #expect(CGRectFromString("garbage") == .zero)
        #expect(CGSizeFromString("{7}") == CGSize(width: 7, height: 0))
    }

    @Test func darwinNamesExistWithDarwinsValues() {
        #expect(HUGE == Float.greatestFiniteMagnitude)
        #expect(MAXFLOAT == Float.greatestFiniteMagnitude)
        let spin = CABasicAnimation(keyPath: "transform.rotation")
        spin.repeatCount = HUGE
        #expect(spin.repeatCount == HUGE)
        let now = CFAbsoluteTimeGetCurrent()
        #expect(abs(now + kCFAbsoluteTimeIntervalSince1970 - Date().timeIntervalSince1970) < 5)
        // Glibc already gives these: they must still resolve with `import UIKit`.
        #expect(M_PI == Double.pi && arc4random_uniform(1) == 0 && (0..<1).contains(drand48()))
    }

    @Test func dispatchTimeConstantsHaveDarwinsTypesAndValues() {
        let perSecond: UInt64 = NSEC_PER_SEC
        #expect(perSecond == 1_000_000_000)
        #expect(NSEC_PER_MSEC == 1_000_000 && USEC_PER_SEC == 1_000_000 && NSEC_PER_USEC == 1_000)
        // The pattern older iOS code uses to delay a block by 0.5 s.
        let delay = 0.5
        let nanoseconds = Int64(delay * Double(NSEC_PER_SEC))
        #expect(Double(nanoseconds) / Double(NSEC_PER_SEC) == 0.5)
    }
}
