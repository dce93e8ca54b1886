import Foundation
// Scripts/generate-layer-fields.sh compiles this file alone with the declaration (no module).
#if canImport(QuartzCore)
import QuartzCore
#endif

/// Writes the code that `AnimatableLayerField.all` (Sources/QuartzCore/Layer/
/// AnimatableLayerFields.swift) declares: the switches of the frame path are generated rather
/// than looked up at run time, so a field costs no key path or closure per frame.
///
/// Outputs: two whole files — the render server's part (`LaminaCompositor/Server/
/// DirectField+Generated.swift`: the field enumeration, `LayerFieldValues` (the one storage
/// of the fields, which the model's `LayerProperties.animatable` and the server's
/// `PresentedLayerValues` both hold) and the switches over plain values and render nodes; it
/// names no CALayer) and QuartzCore's glue (`QuartzCore/Engine/DirectField+Layer+Generated.swift`:
/// the model's default colours, loading from and storing into a layer's `LayerProperties`, the
/// property-table entries) — and the marked region of `Layer/CALayer.swift` (the public
/// properties). `LayerFieldGenerationTests`
/// compares them with the files and, with `LAMINA_REGENERATE_FIELDS=1`
/// (`Scripts/generate-layer-fields.sh`), rewrites them.
enum LayerFieldGenerator {
    static let fields = AnimatableLayerField.all

    static let serverPath = "Sources/LaminaCompositor/Server/DirectField+Generated.swift"
    static let generatedPath = "Sources/QuartzCore/Engine/DirectField+Layer+Generated.swift"
    static let layerPath = "Sources/QuartzCore/Layer/CALayer.swift"
    static let regionBegin = "    // BEGIN GENERATED animatable fields (AnimatableLayerFields.swift; do not edit)\n"
    static let regionEnd = "    // END GENERATED animatable fields\n"

    /// The generated regions: file path and the region's text.
    static var regions: [(path: String, text: String)] {
        [(layerPath, layerAccessorsRegion())]
    }

    /// The package's root folder (this file is Tests/QuartzCoreTests/Fields/…).
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The generated whole files: path and text.
    static var files: [(path: String, text: String)] {
        [(serverPath, serverFile()), (generatedPath, generatedFile())]
    }

    /// Writes every output under `root` (the package folder).
    static func write(root: URL) throws {
        for (path, text) in files {
            try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        for (path, region) in regions {
            let url = root.appendingPathComponent(path)
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let updated = replacingRegion(in: text, with: region) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
            }
            try updated.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    // MARK: Kinds

    static func modelType(_ k: AnimatableLayerField.Kind) -> String {
        switch k {
        case .cgFloat: "CGFloat"
        case .float: "Float"
        case .bool: "Bool"
        case .point: "CGPoint"
        case .size: "CGSize"
        case .rect: "CGRect"
        case .transform: "CATransform3D"
        case .color: "CGColor?"
        }
    }

    /// The type of the field in `LayerFieldValues` (generic over the colour type).
    static func storageType(_ k: AnimatableLayerField.Kind) -> String {
        k == .color ? "Color?" : modelType(k)
    }

    /// The `AnimatableValue` case of the kind.
    static func valueCase(_ k: AnimatableLayerField.Kind) -> String {
        switch k {
        case .cgFloat, .float: "scalar"
        case .bool: "bool"
        case .point: "point"
        case .size: "size"
        case .rect: "rect"
        case .transform: "transform"
        case .color: "color"
        }
    }

    /// The presented value `v` (a presented-storage expression) as an `AnimatableValue?`.
    static func readExpression(_ f: AnimatableLayerField) -> String {
        switch f.kind {
        case .cgFloat, .float: "return .scalar(Double(stored.\(f.name)))"
        case .color: "return stored.\(f.name).map { .color($0) }"
        default: "return .\(valueCase(f.kind))(stored.\(f.name))"
        }
    }

    /// The NaN test of the kind's value `v` (nil: the kind has no NaN): `LayerFieldValue.hasNaN`.
    static func nanTest(_ k: AnimatableLayerField.Kind, _ v: String) -> String? {
        switch k {
        case .cgFloat, .float, .point, .size, .rect: "LayerFieldValue.hasNaN(\(v))"
        case .bool, .transform, .color: nil
        }
    }

    /// The NaN test that refuses a presented value of `f` (nil: NaN is stored).
    static func presentedRefusal(_ f: AnimatableLayerField, _ v: String) -> String? {
        f.nan == .stored ? nil : nanTest(f.kind, v)
    }

    /// A `Double` scalar `v` converted to the field's storage.
    static func fromScalar(_ f: AnimatableLayerField, _ v: String) -> String {
        f.kind == .float ? "Float(\(v))" : "CGFloat(\(v))"
    }

    /// The `zero:` argument of `LayerProperty.make` (the value `defaultValue(forKey:)` reports as nil).
    static func zero(_ k: AnimatableLayerField.Kind) -> String? {
        switch k {
        case .cgFloat, .float: "0"
        case .bool: "false"
        case .point, .size, .rect: ".zero"
        case .color: ".some(nil)"
        case .transform: nil
        }
    }

    // MARK: Outputs

    static let header = """
        // Generated by LayerFieldGenerator (Tests/QuartzCoreTests/Fields) from the declaration in
        // Layer/AnimatableLayerFields.swift. Do not edit: change the declaration and run
        // Scripts/generate-layer-fields.sh (LayerFieldGenerationTests fails while this is stale).

        """

    /// `text` with its marked region replaced by `region`; nil: no (single, ordered) markers.
    static func replacingRegion(in text: String, with region: String) -> String? {
        guard let b = text.range(of: regionBegin), let e = text.range(of: regionEnd), b.upperBound <= e.lowerBound,
              text.components(separatedBy: regionBegin).count == 2 else {
            return nil
        }
        return String(text[..<b.upperBound]) + region + String(text[e.lowerBound...])
    }

    /// `text` as doc-comment lines indented by four spaces, wrapped before column 100.
    static func docLines(_ text: String) -> String {
        var out = "", line = "    ///"
        for word in text.split(separator: " ") {
            if line.count + 1 + word.count > 100 { out += line + "\n"; line = "    ///" }
            line += " " + word
        }
        return out + line + "\n"
    }

    /// The public CALayer properties (the region of `CALayer.swift`): the getter reads the
    /// model storage; the setter refuses NaN where the field's rule says so (reported as
    /// invalid geometry), then goes through the change funnel.
    static func layerAccessorsRegion() -> String {
        var s = ""
        for f in fields {
            var doc = f.doc
            if f.nan == .refused { doc += " NaN is refused (reported, not stored)." }
            doc += f.implicitlyAnimates ? " Animatable." : " Animatable, with no implicit animation."
            s += docLines(doc)
            let type = modelType(f.kind)
            let refusal = f.nan == .refused ? nanTest(f.kind, "newValue").map { ", refusingNaN: \($0)" } : nil
            let update = "update(\"\(f.key)\", \\.animatable.\(f.name), newValue\(refusal ?? ""))"
            guard let hook = f.didChange else {
                s += "    open var \(f.name): \(type) { get { props.animatable.\(f.name) } set { \(update) } }\n\n"
                continue
            }
            let call = hook.replacingOccurrences(of: ":)", with: ": old)")
            s += "    open var \(f.name): \(type) {\n        get { props.animatable.\(f.name) }\n        set {\n"
            s += "            let old = props.animatable.\(f.name)\n            \(update)\n            \(call)\n"
            s += "        }\n    }\n\n"
        }
        return s
    }

    /// The render server's part: plain data only (LaminaCompositor names no CALayer).
    static func serverFile() -> String {
        var s = header
        s += """
            import Foundation
            import CoreGraphics

            /// The animatable layer fields the render server reads and writes without closures: what
            /// the shortcut writes directly and what `PresentedLayerValues` holds. Case names are
            /// the property keys; the order is the declaration's (hot fields first).
            package enum DirectField: UInt8, CaseIterable {

            """
        for f in fields { s += "    case \(f.key)\n" }
        s += "}\n\n"

        // The one storage, and the server's presented values over it.
        s += """
            /// The values of the animatable layer fields, one stored property per field in the
            /// declaration's order, with Apple's defaults (colours: none). The one storage of the
            /// fields: the model layer's (QuartzCore, colours as `CGColor`, with its default
            /// colours) and the render server's (`PresentedLayerValues.stored`, colours as plain
            /// `RGBAColor`). Units and spaces are the layer's: points, `bounds` in the layer's own
            /// space, `position` in the superlayer's.
            package struct LayerFieldValues<Color> {

            """
        for f in fields {
            let def = f.kind == .color ? "nil" : f.defaultValue
            s += "    package var \(f.name): \(storageType(f.kind)) = \(def)\n"
        }
        s += "\n    package init() {}\n}\n\n"

        /// Appends a `case` per field (`body` gives its statement) and closes the switch and
        /// the function.
        func exhaustiveSwitch(_ body: (AnimatableLayerField) -> String) {
            for f in fields { s += "        case .\(f.key): \(body(f))\n" }
            s += "        }\n    }\n\n"
        }

        // read
        s += "extension PresentedLayerValues {\n"
        s += """
                /// The field as an animatable value (what a property read gives for a layer holding these
                /// values).
                package func read(_ field: DirectField) -> AnimatableValue? {
                    switch field {

            """
        exhaustiveSwitch(readExpression)

        // write
        s += """
                /// Stores `value` into `field`: every path that writes a presented field (the general
                /// evaluation, the shortcuts, and on the model side presentation copies and property
                /// writes) comes here or to the `writeFast…` forms below, which apply the same
                /// declared rule. Values of another kind are ignored; NaN is refused
                /// where the field's `NaNRule` says so (the field keeps its value). Returns whether
                /// the value was stored.
                @discardableResult
                package mutating func write(_ field: DirectField, _ value: AnimatableValue) -> Bool {
                    switch (field, value) {

            """
        for f in fields {
            let guardText = presentedRefusal(f, "v").map { " where !\($0)" } ?? ""
            let store = f.kind == .cgFloat || f.kind == .float ? fromScalar(f, "v") : "v"
            s += "        case (.\(f.key), .\(valueCase(f.kind))(let v))\(guardText): stored.\(f.name) = \(store)\n"
        }
        s += "        default: return false\n        }\n        return true\n    }\n\n"

        // writeFastScalar / Point / Matrix
        func fast(_ name: String, _ param: String, _ kinds: [AnimatableLayerField.Kind], doc: String) {
            s += "    /// \(doc)\n    @inline(__always)\n"
            s += "    package mutating func \(name)(_ field: DirectField, _ v: \(param)) {\n        switch field {\n"
            for f in fields where kinds.contains(f.kind) {
                let store = f.kind == .cgFloat || f.kind == .float ? fromScalar(f, "v") : "v"
                if let refusal = presentedRefusal(f, "v") {
                    s += "        case .\(f.key): if !\(refusal) { stored.\(f.name) = \(store) }\n"
                } else {
                    s += "        case .\(f.key): stored.\(f.name) = \(store)\n"
                }
            }
            s += "        default: break\n        }\n    }\n\n"
        }
        fast("writeFastScalar", "Double", [.cgFloat, .float], doc: "`write(field, .scalar(v))` without the enum.")
        fast("writeFastPoint", "CGPoint", [.point], doc: "`write(field, .point(v))` without the enum.")
        fast("writeFastMatrix", "CATransform3D", [.transform], doc: "`write(field, .transform(v))` without the enum.")

        // copy
        s += """
                /// Sets `field` to `other`'s value of it (the `fields` set is not changed). Field by
                /// field: copying `other` whole while `self` is being modified made the compiler copy
                /// every field for every call.
                @inline(__always)
                package mutating func copy(_ field: DirectField, from other: PresentedLayerValues) {
                    switch field {

            """
        exhaustiveSwitch { f in "stored.\(f.name) = other.stored.\(f.name)" }

        // store into node
        s += """
                /// Writes the fields in `fields` into `node`, as storing them into a layer's properties
                /// and snapshotting its node would (colours become CGColors the same way; fields
                /// without a node field are skipped).
                package func store(into node: inout RenderNode) {
                    fields.forEach { field in
                        switch field {

            """
        for f in fields {
            if let n = f.node {
                let conv = f.kind == .color ? "?.cgColor" : ""
                s += "            case .\(f.key): node.\(n) = stored.\(f.name)\(conv)\n"
            } else {
                s += "            case .\(f.key): break\n"
            }
        }
        s += "            }\n        }\n    }\n\n"

        // load from a node
        s += """
                /// Sets `field` to `node`'s value of it (a field without a node field keeps its
                /// value): the values underneath the animations of a node built without a model.
                package mutating func load(_ field: DirectField, from node: RenderNode) {
                    switch field {

            """
        exhaustiveSwitch { f in
            guard let n = f.node else { return "break" }
            return "stored.\(f.name) = node.\(n)\(f.kind == .color ? ".map(RGBAColor.init)" : "")"
        }
        s.removeLast()
        s += "}\n"
        return s
    }

    /// QuartzCore's part: the fields between a CALayer's model storage and the server's plain
    /// values, and the property-table entries.
    static func generatedFile() -> String {
        var s = header
        s += """
            import Foundation
            import LaminaCompositor


            """

        /// Appends a `case` per field (`body` gives its statement) and closes the switch and
        /// the function.
        func exhaustiveSwitch(_ body: (AnimatableLayerField) -> String) {
            for f in fields { s += "        case .\(f.key): \(body(f))\n" }
            s += "        }\n    }\n\n"
        }

        // The model's defaults: the declaration's, with its default colours.
        s += """
            extension LayerFieldValues where Color == CGColor {
                /// Apple's defaults of a model layer (reference §1.2): `LayerFieldValues`' own, with
                /// the declared default colours (a fresh `CGColor` per layer).
                package static var modelDefaults: Self {
                    var values = Self()

            """
        for f in fields where f.kind == .color && f.defaultValue != "nil" {
            s += "        values.\(f.name) = \(f.defaultValue)\n"
        }
        s += "        return values\n    }\n}\n\n"

        s += "extension PresentedLayerValues {\n"
        // load
        s += """
                /// Sets `field` to `layer`'s model value. Reads that one field: calling a method on
                /// `layer.props`, or passing it, copies the whole `LayerProperties` (reference counting
                /// of every colour, path and dictionary in it).
                @inline(__always)
                package mutating func load(_ field: DirectField, from layer: CALayer) {
                    switch field {

            """
        exhaustiveSwitch { f in "stored.\(f.name) = layer.props.animatable.\(f.name)\(f.kind == .color ? ".map(RGBAColor.init)" : "")" }

        // store into LayerProperties
        s += """
                /// Copies one field into a layer's properties (what a presentation copy of the layer
                /// holds for it), creating CGColors for colours.
                @inline(__always)
                package func store(_ field: DirectField, into p: inout LayerProperties) {
                    switch field {

            """
        for f in fields { s += "        case .\(f.key): p.animatable.\(f.name) = stored.\(f.name)\(f.kind == .color ? "?.cgColor" : "")\n" }
        s += "        }\n    }\n}\n\n"

        // RenderNode from model storage
        s += """
            extension RenderNode {
                /// Sets the node fields of the animatable fields from a layer's model (or presented)
                /// property values; part of `RenderNode(layer:properties:)`.
                @inline(__always)
                package mutating func setAnimatableFields(from p: LayerProperties) {

            """
        for f in fields {
            if let n = f.node { s += "        \(n) = p.animatable.\(f.name)\n" }
        }
        s += "    }\n}\n\n"

        // KVC / archive entries
        s += """
            extension CALayer {
                /// The key-value coding, `defaultValue(forKey:)`, implicit-animation and archive
                /// entries of the animatable fields (the start of `CALayer.baseTable`).
                package static let animatableFieldProperties: [LayerProperty] = {
                    let D = LayerProperties()
                    return [

            """
        for f in fields {
            let zeroText = zero(f.kind).map { ", zero: \($0)" } ?? ""
            s += "            LayerProperty.make(\"\(f.key)\", \\CALayer.\(f.name), .\(f.codec), default: D.animatable.\(f.name), "
            s += "animates: \(f.implicitlyAnimates)\(zeroText)),\n"
        }
        s += "        ]\n    }()\n}\n"
        return s
    }
}
