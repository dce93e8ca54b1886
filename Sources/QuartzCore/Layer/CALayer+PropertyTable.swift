import Foundation
import LaminaCompositor

// The property table of CALayer (see LayerPropertyTable). Keys are Apple's KVC keys: the
// Objective-C property names ("hidden", "doubleSided", "geometryFlipped", "opaque").
//
// Implicit animation (step 5 of the lookup) follows Table B-1 of Apple's guide plus the
// header's "Animatable" marks (§5.1), except: `doubleSided` (no default action, §2.9.1), and
// `sublayers` and `mask`, which Table B-1 lists but which have no value to interpolate; their
// events still go through the delegate/actions/style lookup.

extension CALayer {
    package static let baseTable: LayerPropertyTable = {
        typealias P = LayerProperty
        let D = LayerProperties()
        func flt(_ k: String, _ kp: ReferenceWritableKeyPath<CALayer, Float>, _ d: Float, _ a: Bool) -> P {
            P.make(k, kp, .float, default: d, animates: a, zero: 0)
        }
        func time(_ k: String, _ kp: ReferenceWritableKeyPath<CALayer, Double>, _ d: Double) -> P {
            P.make(k, kp, .double, default: d, animates: false, zero: 0)
        }
        func bool(_ k: String, _ kp: ReferenceWritableKeyPath<CALayer, Bool>, _ d: Bool, _ a: Bool) -> P {
            P.make(k, kp, .bool, default: d, animates: a, zero: false)
        }
        // The animatable fields come first, from their declaration (AnimatableLayerFields.swift).
        return LayerPropertyTable(animatableFieldProperties + [
            P.make("maskedCorners", \CALayer.maskedCorners, .optionSet, default: D.maskedCorners, animates: false, zero: []),
            P.make("cornerCurve", \CALayer.cornerCurve, .stringEnum, default: D.cornerCurve, animates: false),
            P.make("shadowPath", \CALayer.shadowPath, .path, default: nil, animates: true, zero: .some(nil),
                   node: { node, v in node.shadowPath = v }),
            bool("geometryFlipped", \.isGeometryFlipped, D.isGeometryFlipped, false),
            P.make("contents", \CALayer.contents, .contents, default: nil, animates: true, zero: .some(nil),
                   node: { node, v in node.contents = RenderContents(layerContents: v) }),
            P.make("contentsGravity", \CALayer.contentsGravity, .stringEnum, default: D.contentsGravity, animates: false),
            P.make("contentsFormat", \CALayer.contentsFormat, .stringEnum, default: D.contentsFormat, animates: false),
            P.make("minificationFilter", \CALayer.minificationFilter, .stringEnum, default: D.minificationFilter, animates: false),
            P.make("magnificationFilter", \CALayer.magnificationFilter, .stringEnum, default: D.magnificationFilter, animates: false),
            bool("allowsGroupOpacity", \.allowsGroupOpacity, D.allowsGroupOpacity, false),
            bool("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, D.allowsEdgeAntialiasing, false),
            P.make("edgeAntialiasingMask", \CALayer.edgeAntialiasingMask, .optionSet, default: D.edgeAntialiasingMask, animates: false, zero: []),
            bool("opaque", \.isOpaque, D.isOpaque, false),
            bool("drawsAsynchronously", \.drawsAsynchronously, D.drawsAsynchronously, false),
            bool("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, D.needsDisplayOnBoundsChange, false),
            P.make("name", \CALayer.name, .optionalString, default: nil, animates: false, zero: .some(nil)),
            time("beginTime", \.beginTime, D.beginTime),
            time("duration", \.duration, D.duration),
            flt("speed", \.speed, D.speed, false),
            time("timeOffset", \.timeOffset, D.timeOffset),
            flt("repeatCount", \.repeatCount, D.repeatCount, false),
            time("repeatDuration", \.repeatDuration, D.repeatDuration),
            bool("autoreverses", \.autoreverses, D.autoreverses, false),
            P.make("fillMode", \CALayer.fillMode, .stringEnum, default: D.fillMode, animates: false),
            // Hand-written: derived, tree structure, or not representable in the archive.
            P.custom("frame", expected: "a rectangle", get: { $0.frame }, set: { layer, v in
                guard let r = v as? CGRect else { return false }
                layer.frame = r
                return true
            }),
            P.custom("sublayers", expected: "an array of CALayer or nil", get: { $0.sublayers }, set: { layer, v in
                if v == nil { layer.sublayers = nil; return true }
                guard let a = v as? [CALayer] else { return false }
                layer.sublayers = a
                return true
            }),
            P.custom("superlayer", expected: "(read-only)", get: { $0.superlayer }, set: { _, _ in false }),
            P.custom("mask", expected: "a CALayer or nil", get: { $0.mask }, set: { layer, v in
                if v == nil { layer.mask = nil; return true }
                guard let m = v as? CALayer else { return false }
                layer.mask = m
                return true
            }),
            P.custom("delegate", expected: "a CALayerDelegate or nil", get: { $0.delegate }, set: { layer, v in
                if v == nil { layer.delegate = nil; return true }
                guard let d = v as? CALayerDelegate else { return false }
                layer.delegate = d
                return true
            }),
            P.custom("actions", expected: "[String: CAAction] or nil", get: { $0.actions }, set: { layer, v in
                if v == nil { layer.actions = nil; return true }
                guard let d = v as? [String: CAAction] else { return false }
                layer.actions = d
                return true
            }),
            P.custom("style", expected: "[AnyHashable: Any] or nil", get: { $0.style }, set: { layer, v in
                if v == nil { layer.style = nil; return true }
                guard let d = v as? [AnyHashable: Any] else { return false }
                layer.style = d
                return true
            }),
        ])
    }()
}
