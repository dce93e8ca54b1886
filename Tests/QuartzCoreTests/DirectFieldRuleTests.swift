import Foundation
import Testing
import QuartzCore
import LaminaCompositor

/// Every way of writing an animatable `DirectField` — the general evaluation's
/// `PresentedLayerValues.write`, the shortcuts' `writeFast`, presentation copies'
/// `DirectField.write(_:to:)` and the key-value accessor `PresentedProperty.write` — stores the
/// same thing for the same value: one rule, so the frame paths cannot drift apart (issue 20:
/// `write` refused NaN rects while `writeFast` and `DirectField.write` stored NaN bounds).
@Suite struct DirectFieldRuleTests {
    static let nan = CGFloat.nan

    /// Values of every kind, finite and not, offered to every field.
    static let offers: [AnimatableValue] = [
        .scalar(0.25), .scalar(.nan), .scalar(-.infinity),
        .point(CGPoint(x: 3, y: 4)), .point(CGPoint(x: nan, y: 4)),
        .size(CGSize(width: 5, height: 6)),
        .rect(CGRect(x: 1, y: 2, width: 30, height: 40)), .rect(CGRect(x: 1, y: nan, width: 30, height: 40)),
        .rect(CGRect(x: 1, y: 2, width: nan, height: 40)),
        .transform(CATransform3DMakeScale(2, 3, 1)),
        .color(RGBAColor(CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8))),
        .bool(true), .bool(false),
    ]

    /// What each path leaves in a field that held `start`, after writing `value`: the field's
    /// value read back (nil: the property holds nil).
    static func outcomes(_ field: DirectField, _ value: AnimatableValue) -> [String: AnimatableValue?] {
        var values = PresentedLayerValues(allFieldsOf: CALayer())
        values.write(field, value)
        var fast = PresentedLayerValues(allFieldsOf: CALayer())
        fast.writeFast(field, value)
        let copy = CALayer()
        field.write(value, to: copy)
        let keyed = CALayer()
        let accessor = PresentedProperty.lookup(field.key, on: keyed)
        accessor?.write(keyed, value)
        return [
            "write": values.read(field),
            "writeFast": fast.read(field),
            "DirectField.write": PresentedLayerValues.read(field, of: copy),
            "PresentedProperty.write": accessor.flatMap { $0.read(keyed) },
        ]
    }

    @Test(arguments: DirectField.allCases) func everyPathStoresTheSame(_ field: DirectField) {
        for value in Self.offers {
            let got = Self.outcomes(field, value)
            let reference = got["write"]!
            for (path, v) in got {
                #expect(Self.same(v, reference), "\(field) ← \(value): \(path) gives \(String(describing: v)), write gives \(String(describing: reference))")
            }
        }
    }

    @Test func nanGeometryIsRefusedOnEveryPath() {
        let untouched = PresentedLayerValues(allFieldsOf: CALayer())
        for (field, bad) in [(DirectField.bounds, AnimatableValue.rect(CGRect(x: 0, y: 0, width: Self.nan, height: 1))),
                             (.position, .point(CGPoint(x: Self.nan, y: 0))),
                             (.opacity, .scalar(.nan))] {
            for (path, v) in Self.outcomes(field, bad) {
                #expect(Self.same(v, untouched.read(field)), "\(path) stored NaN into \(field): \(String(describing: v))")
            }
        }
    }

    @Test func everyFieldHasItsKeyAndAccessor() {
        let layer = CALayer()
        for field in DirectField.allCases {
            let accessor = PresentedProperty.lookup(field.key, on: layer)
            #expect(accessor?.field == field, "\(field.key)")
            #expect(layer.value(forKey: field.key) != nil || field.key.hasSuffix("Color"), "\(field.key) is a CALayer key")
        }
    }

    /// Equality where NaN equals NaN (so a stored NaN is seen as stored).
    static func same(_ a: AnimatableValue?, _ b: AnimatableValue?) -> Bool {
        String(describing: a) == String(describing: b)
    }
}
