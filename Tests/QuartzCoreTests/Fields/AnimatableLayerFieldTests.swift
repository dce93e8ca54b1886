import Foundation
import LaminaCompositor
import Testing
import QuartzCore

/// Every declared animatable field, through every path that handles it: a value set by
/// key-value coding is the model value, the presented value, the value the render node draws
/// (in the field the declaration names, and no other), what a committed frame of an animation
/// draws, and what the archive gives back; NaN follows the field's declared rule on every path.
/// A field declared with the wrong node field, type conversion, default or NaN rule fails here.
@Suite(.serialized) struct AnimatableLayerFieldTests {
    static let color = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)

    /// A value of the field's kind that is not its default: as setters and KVC take it, and as
    /// the engine reads it.
    static func sample(_ field: DirectField) -> (any: Any, value: AnimatableValue) {
        let def = PresentedLayerValues.read(field, of: CALayer())
        switch field.declaration.kind {
        case .cgFloat: return (CGFloat(7.5), .scalar(7.5))
        case .float: return (Float(0.25), .scalar(0.25))
        case .bool:
            let b = def != .bool(true)
            return (b, .bool(b))
        case .point: return (CGPoint(x: 3, y: 4), .point(CGPoint(x: 3, y: 4)))
        case .size: return (CGSize(width: 5, height: 6), .size(CGSize(width: 5, height: 6)))
        case .rect:
            let r = CGRect(x: 1, y: 2, width: 30, height: 40)
            return (r, .rect(r))
        case .transform:
            let m = CATransform3DMakeScale(2, 3, 1)
            return (m, .transform(m))
        case .color: return (color, .color(RGBAColor(color)))
        }
    }

    /// A value of the field's kind with a NaN in it (nil: the kind has none).
    static func nanSample(_ field: DirectField) -> (any: Any, value: AnimatableValue)? {
        let nan = CGFloat.nan
        switch field.declaration.kind {
        case .cgFloat: return (nan, .scalar(.nan))
        case .float: return (Float.nan, .scalar(.nan))
        case .point: return (CGPoint(x: nan, y: 4), .point(CGPoint(x: nan, y: 4)))
        case .size: return (CGSize(width: 5, height: nan), .size(CGSize(width: 5, height: nan)))
        case .rect:
            let r = CGRect(x: 1, y: nan, width: 30, height: 40)
            return (r, .rect(r))
        case .bool, .transform, .color: return nil
        }
    }

    /// The render node's fields by name (its identity and tree links left out), printed.
    static func nodeFields(_ node: RenderNode) -> [String: String] {
        var out: [String: String] = [:]
        for child in Mirror(reflecting: node).children {
            guard let label = child.label, !["id", "children", "mask"].contains(label) else { continue }
            out[label] = String(describing: child.value)
        }
        return out
    }

    static func changedFields(_ a: RenderNode, _ b: RenderNode) -> Set<String> {
        let fa = nodeFields(a), fb = nodeFields(b)
        return Set(fa.keys.filter { fa[$0] != fb[$0] })
    }

    /// Whether `v` holds a NaN.
    static func hasNaN(_ v: AnimatableValue?) -> Bool {
        switch v {
        case .scalar(let d)?: d.isNaN
        case .point(let p)?: p.x.isNaN || p.y.isNaN
        case .size(let s)?: s.width.isNaN || s.height.isNaN
        case .rect(let r)?: r.origin.x.isNaN || r.origin.y.isNaN || r.width.isNaN || r.height.isNaN
        default: false
        }
    }

    @Test(arguments: DirectField.allCases) func keyValueModelPresentationAndNode(_ field: DirectField) {
        let key = field.declaration.key
        let (any, value) = Self.sample(field)
        let plain = CALayer(), layer = CALayer()
        layer.setValue(any, forKey: key)
        #expect(PresentedLayerValues.read(field, of: layer) == value, "\(key): model")
        #expect(AnimationValues.animatable(layer.value(forKey: key)) == value, "\(key): value(forKey:)")
        #expect(PresentedLayerValues.read(field, of: plain) != value, "\(key): the sample is the default")

        // The node draws the value in the field named like the property, and nowhere else.
        let expected: Set<String> = field.declaration.node.map { [$0] } ?? []
        #expect(Self.changedFields(RenderNode(layer: plain), RenderNode(layer: layer)) == expected, "\(key): node fields")
        #expect(field.declaration.node == nil || field.declaration.node == field.declaration.name, "\(key): node name")

        // The presented-values path writes the same node as the model path.
        var values = PresentedLayerValues(allFieldsOf: plain)
        values.fields = DirectFieldSet(field)
        let stored = values.write(field, value)
        #expect(stored, "\(key): write")
        var node = RenderNode(layer: plain)
        values.store(into: &node)
        #expect(Self.nodeFields(node) == Self.nodeFields(RenderNode(layer: layer)), "\(key): store(into: node)")
        var props = CALayer().props
        values.store(field, into: &props)
        let copy = CALayer()
        copy.props = props
        #expect(PresentedLayerValues.read(field, of: copy) == value, "\(key): store(into: props)")
        var copied = PresentedLayerValues()
        copied.copy(field, from: values)
        #expect(copied.read(field) == value, "\(key): copy")
    }

    /// The archived root layer's object.
    static func archivedRoot(_ data: Data) -> [String: Any]? {
        ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["root"] as? [String: Any]
    }

    @Test(arguments: DirectField.allCases) func archiveRoundTrip(_ field: DirectField) throws {
        let key = field.declaration.key
        let (any, value) = Self.sample(field)
        let layer = CALayer()
        layer.setValue(any, forKey: key)
        let data = try LayerArchive.encode(layer)
        let object = try #require(Self.archivedRoot(data))
        #expect(object[key] != nil, "\(key) is archived when it is not the default")
        let back = try LayerArchive.decode(data)
        #expect(PresentedLayerValues.read(field, of: back) == value, "\(key): archive round trip")
        let plain = try #require(Self.archivedRoot(try LayerArchive.encode(CALayer())))
        #expect(plain[key] == nil, "\(key): the default is not archived")
    }

    /// An animation of the field reaches a committed frame's node and `presentation()`.
    @Test(arguments: DirectField.allCases) func committedFrameDrawsTheAnimatedValue(_ field: DirectField) throws {
        let key = field.declaration.key
        let (any, value) = Self.sample(field)
        let host = TestHost()
        let layer = CALayer()
        let root = at(0) { () -> CALayer in
            let root = attachedRoot(host)
            layer.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
            root.addSublayer(layer)
            CATransaction.flush()
            layer.add(basic(key, from: any, to: any, duration: 10), forKey: "k")
            CATransaction.flush()
            return root
        }
        let frame = root.committedRenderTree().tree(at: 1)
        let drawn = try #require(frame[layer.renderNodeID])
        let reference = CALayer()
        reference.props = layer.props
        reference.setValue(any, forKey: key)
        let expected = Self.nodeFields(RenderNode(layer: reference))
        for name in [field.declaration.node].compactMap({ $0 }) {
            #expect(Self.nodeFields(drawn)[name] == expected[name], "\(key): committed frame")
        }
        let presented = try #require(at(1) { layer.presentation() })
        #expect(PresentedLayerValues.read(field, of: presented) == value, "\(key): presentation()")
    }

    /// NaN through the model setter and key-value coding (same setter), the presented write and
    /// its shortcuts, presentation copies and the key-value accessor of the engine.
    @Test(arguments: DirectField.allCases) func nanFollowsTheDeclaredRule(_ field: DirectField) {
        guard let (any, nanValue) = Self.nanSample(field) else { return }
        let decl = field.declaration
        let before = PresentedLayerValues.read(field, of: CALayer())

        freshTransactions()
        let viaSetter = CALayer()
        viaSetter.setValue(any, forKey: decl.key)
        let error = LayerDiagnostics.takeLastError()
        switch decl.nan {
        case .refused:
            #expect(PresentedLayerValues.read(field, of: viaSetter) == before, "\(decl.key): model keeps its value")
            #expect(error == .invalidGeometry(key: decl.key, value: "\(any)"), "\(decl.key): reported")
        case .refusedWhenPresented, .stored:
            #expect(Self.hasNaN(PresentedLayerValues.read(field, of: viaSetter)), "\(decl.key): model stores NaN")
        }

        let refused = decl.nan != .stored
        var written = PresentedLayerValues(allFieldsOf: CALayer())
        let stored = written.write(field, nanValue)
        #expect(stored == !refused, "\(decl.key): write")
        var fast = PresentedLayerValues(allFieldsOf: CALayer())
        switch nanValue {
        case .scalar(let v): fast.writeFastScalar(field, v)
        case .point(let p): fast.writeFastPoint(field, p)
        default: fast.writeFast(field, nanValue)
        }
        let copy = CALayer()
        field.write(nanValue, to: copy)
        let keyed = CALayer()
        PresentedProperty.lookup(decl.key, on: keyed)?.write(keyed, nanValue)
        for (path, got) in [("write", written.read(field)), ("writeFast", fast.read(field)),
                            ("DirectField.write", PresentedLayerValues.read(field, of: copy)),
                            ("PresentedProperty.write", PresentedLayerValues.read(field, of: keyed))] {
            if refused {
                #expect(got == before, "\(decl.key): \(path) refuses NaN")
            } else {
                #expect(Self.hasNaN(got), "\(decl.key): \(path) stores NaN")
            }
        }
    }

    /// The declaration against Apple's documented defaults and implicit animations (reference
    /// §1.2, §5.1, Table B-1; `doubleSided` has no default action, §2.9.1): an independent
    /// oracle, so a wrong default or flag in the declaration fails here.
    @Test func declarationMatchesApplesDefaults() {
        let black = AnimatableValue.color(RGBAColor(CGColor(gray: 0, alpha: 1)))
        let unit = AnimatableValue.rect(CGRect(x: 0, y: 0, width: 1, height: 1))
        let apple: [String: AnimatableValue?] = [
            "bounds": .rect(.zero), "position": .point(.zero), "zPosition": .scalar(0),
            "anchorPoint": .point(CGPoint(x: 0.5, y: 0.5)), "anchorPointZ": .scalar(0),
            "transform": .transform(CATransform3DIdentity), "sublayerTransform": .transform(CATransform3DIdentity),
            "opacity": .scalar(1), "hidden": .bool(false), "masksToBounds": .bool(false), "doubleSided": .bool(true),
            "shouldRasterize": .bool(false), "cornerRadius": .scalar(0), "borderWidth": .scalar(0),
            "shadowOpacity": .scalar(0), "shadowOffset": .size(CGSize(width: 0, height: -3)), "shadowRadius": .scalar(3),
            "contentsRect": unit, "contentsCenter": unit, "contentsScale": .scalar(1), "rasterizationScale": .scalar(1),
            "minificationFilterBias": .scalar(0), "backgroundColor": AnimatableValue?.none, "borderColor": black, "shadowColor": black,
        ]
        #expect(Set(apple.keys) == Set(DirectField.allCases.map(\.key)))
        // Apple raises CALayerInvalidGeometry for NaN geometry (refused and reported here);
        // matrices, sizes and unit rects keep what they are given.
        let refused: Set<String> = ["bounds", "position", "anchorPoint", "zPosition", "anchorPointZ"]
        let stored: Set<String> = ["transform", "sublayerTransform", "shadowOffset", "contentsRect", "contentsCenter"]
        let layer = CALayer()
        for field in DirectField.allCases {
            #expect(PresentedLayerValues.read(field, of: layer) == apple[field.key] ?? nil, "\(field.key): default")
            #expect(field.declaration.implicitlyAnimates == (field.key != "doubleSided"), "\(field.key): implicit animation")
            #expect(CALayer.baseTable[field.key]?.implicitlyAnimates == field.declaration.implicitlyAnimates)
            switch field.declaration.kind {
            case .cgFloat, .float, .point, .size, .rect:
                let rule: AnimatableLayerField.NaNRule = refused.contains(field.key) ? .refused
                    : stored.contains(field.key) ? .stored : .refusedWhenPresented
                #expect(field.declaration.nan == rule, "\(field.key): NaN rule")
            case .bool, .transform, .color:
                #expect(field.declaration.nan == .stored, "\(field.key): no NaN to refuse")
            }
        }
    }
}
