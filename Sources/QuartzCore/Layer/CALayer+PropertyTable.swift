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
        func num(_ k: String, _ kp: ReferenceWritableKeyPath<CALayer, CGFloat>, _ d: CGFloat, _ a: Bool) -> P {
            P.make(k, kp, .cgFloat, default: d, animates: a, zero: 0)
        }
        func flt(_ k: String, _ kp: ReferenceWritableKeyPath<CALayer, Float>, _ d: Float, _ a: Bool) -> P {
            P.make(k, kp, .float, default: d, animates: a, zero: 0)
        }
        func time(_ k: String, _ kp: ReferenceWritableKeyPath<CALayer, Double>, _ d: Double) -> P {
            P.make(k, kp, .double, default: d, animates: false, zero: 0)
        }
        func bool(_ k: String, _ kp: ReferenceWritableKeyPath<CALayer, Bool>, _ d: Bool, _ a: Bool) -> P {
            P.make(k, kp, .bool, default: d, animates: a, zero: false)
        }
        func color(_ k: String, _ kp: ReferenceWritableKeyPath<CALayer, CGColor?>, _ d: CGColor?) -> P {
            P.make(k, kp, .color, default: d, animates: true, zero: .some(nil))
        }
        return LayerPropertyTable([
            P.make("bounds", \CALayer.bounds, .rect, default: D.bounds, animates: true, zero: .zero),
            P.make("position", \CALayer.position, .point, default: D.position, animates: true, zero: .zero),
            num("zPosition", \.zPosition, D.zPosition, true),
            P.make("anchorPoint", \CALayer.anchorPoint, .point, default: D.anchorPoint, animates: true, zero: .zero),
            P.make("anchorPointZ", \CALayer.anchorPointZ, .finiteCGFloat, default: D.anchorPointZ, animates: true, zero: 0),
            P.make("transform", \CALayer.transform, .transform, default: D.transform, animates: true),
            P.make("sublayerTransform", \CALayer.sublayerTransform, .transform, default: D.sublayerTransform, animates: true),
            bool("hidden", \.isHidden, D.isHidden, true),
            flt("opacity", \.opacity, D.opacity, true),
            color("backgroundColor", \.backgroundColor, D.backgroundColor),
            num("cornerRadius", \.cornerRadius, D.cornerRadius, true),
            P.make("maskedCorners", \CALayer.maskedCorners, .optionSet, default: D.maskedCorners, animates: false, zero: []),
            P.make("cornerCurve", \CALayer.cornerCurve, .stringEnum, default: D.cornerCurve, animates: false),
            num("borderWidth", \.borderWidth, D.borderWidth, true),
            color("borderColor", \.borderColor, D.borderColor),
            color("shadowColor", \.shadowColor, D.shadowColor),
            flt("shadowOpacity", \.shadowOpacity, D.shadowOpacity, true),
            P.make("shadowOffset", \CALayer.shadowOffset, .size, default: D.shadowOffset, animates: true, zero: .zero),
            num("shadowRadius", \.shadowRadius, D.shadowRadius, true),
            P.make("shadowPath", \CALayer.shadowPath, .path, default: nil, animates: true, zero: .some(nil),
                   node: { node, v in node.shadowPath = v }),
            bool("masksToBounds", \.masksToBounds, D.masksToBounds, true),
            bool("doubleSided", \.isDoubleSided, D.isDoubleSided, false),
            bool("geometryFlipped", \.isGeometryFlipped, D.isGeometryFlipped, false),
            P.make("contents", \CALayer.contents, .contents, default: nil, animates: true, zero: .some(nil),
                   node: { node, v in node.contents = RenderContents(layerContents: v) }),
            P.make("contentsRect", \CALayer.contentsRect, .rect, default: D.contentsRect, animates: true, zero: .zero),
            P.make("contentsCenter", \CALayer.contentsCenter, .rect, default: D.contentsCenter, animates: true, zero: .zero),
            P.make("contentsGravity", \CALayer.contentsGravity, .stringEnum, default: D.contentsGravity, animates: false),
            num("contentsScale", \.contentsScale, D.contentsScale, true),
            P.make("contentsFormat", \CALayer.contentsFormat, .stringEnum, default: D.contentsFormat, animates: false),
            P.make("minificationFilter", \CALayer.minificationFilter, .stringEnum, default: D.minificationFilter, animates: false),
            P.make("magnificationFilter", \CALayer.magnificationFilter, .stringEnum, default: D.magnificationFilter, animates: false),
            flt("minificationFilterBias", \.minificationFilterBias, D.minificationFilterBias, true),
            bool("allowsGroupOpacity", \.allowsGroupOpacity, D.allowsGroupOpacity, false),
            bool("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, D.allowsEdgeAntialiasing, false),
            P.make("edgeAntialiasingMask", \CALayer.edgeAntialiasingMask, .optionSet, default: D.edgeAntialiasingMask, animates: false, zero: []),
            bool("shouldRasterize", \.shouldRasterize, D.shouldRasterize, true),
            num("rasterizationScale", \.rasterizationScale, D.rasterizationScale, true),
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
