import Foundation
import LaminaCompositor

/// One property of a layer class, described once for every generic consumer: key-value
/// coding, `defaultValue(forKey:)`, the implicit-animation rule and the JSON archive.
package struct LayerProperty: @unchecked Sendable {
    package let key: String
    /// Whether a change gets the built-in implicit CABasicAnimation (step 5 of the action
    /// lookup, §5.1). Actions from the delegate/actions/style apply to every property anyway.
    package let implicitlyAnimates: Bool
    /// `defaultValue(forKey:)`: nil when Apple's default is the zero value of the type (§1.2.1).
    package let reportedDefault: Any?
    /// "a number", "a point [x, y]"…
    package let expected: String
    package let get: (CALayer) -> Any?
    /// Sets through the public setter (so the change funnel runs). False: wrong value type.
    package let set: (CALayer, Any?) -> Bool
    /// nil: not archived by this table (derived, or handled by the archive itself).
    package let archive: Archive?
    /// Whether the layer already holds `value` (false when `value` has the wrong type).
    package let holds: (CALayer, Any?) -> Bool
    /// Writes a value of the property straight into a layer's render node — what
    /// `RenderNode(layer:)` makes of a layer holding that value — so a frame in which the
    /// property animates updates the node in place instead of copying the layer and
    /// rebuilding its node. False: wrong value type (the node is unchanged). nil: the property
    /// has no node field of its own (a frame draws it from a copy of the layer).
    package let writeNode: ((inout RenderNode, Any?) -> Bool)?

    package struct Archive {
        /// The archived value, or nil when the layer holds the default.
        package let encode: (CALayer) throws -> JSONValue?
        package let decode: (JSONValue, CALayer, ArchiveContext) throws -> Void
    }

    /// A property stored behind a Swift property of `L`.
    package static func make<L: CALayer, T>(
        _ key: String, _ kp: ReferenceWritableKeyPath<L, T>, _ codec: ValueCodec<T>, default def: T,
        animates: Bool, zero: T? = nil, archived: Bool = true, node: ((inout RenderNode, T) -> Void)? = nil
    ) -> LayerProperty {
        let isZero = zero.map { codec.equal(def, $0) } ?? false
        return LayerProperty(
            key: key, implicitlyAnimates: animates,
            reportedDefault: isZero ? nil : codec.toAny(def),
            expected: codec.expected,
            get: { layer in (layer as? L).flatMap { codec.toAny($0[keyPath: kp]) } },
            set: { layer, value in
                guard let l = layer as? L, let v = codec.fromAny(value) else { return false }
                l[keyPath: kp] = v
                return true
            },
            archive: archived ? Archive(
                encode: { layer in
                    guard let l = layer as? L else { return nil }
                    let v = l[keyPath: kp]
                    return codec.equal(v, def) ? nil : try codec.encode(v)
                },
                decode: { json, layer, context in
                    guard let l = layer as? L else { return }
                    l[keyPath: kp] = try codec.decode(json, context)
                }) : nil,
            holds: { layer, value in
                guard let l = layer as? L, let v = codec.fromAny(value) else { return false }
                return codec.equal(l[keyPath: kp], v)
            },
            writeNode: node.map { write in
                { renderNode, value in
                    guard let v = codec.fromAny(value) else { return false }
                    write(&renderNode, v)
                    return true
                }
            })
    }

    /// A property with hand-written accessors (sublayers, delegate, frame…), never archived
    /// by the table.
    package static func custom(_ key: String, expected: String, animates: Bool = false,
                               get: @escaping (CALayer) -> Any?, set: @escaping (CALayer, Any?) -> Bool) -> LayerProperty {
        LayerProperty(key: key, implicitlyAnimates: animates, reportedDefault: nil, expected: expected,
                      get: get, set: set, archive: nil, holds: { _, _ in false }, writeNode: nil)
    }
}

/// The properties of one layer class in declaration order, with lookup by key.
package struct LayerPropertyTable: @unchecked Sendable {
    package let properties: [LayerProperty]
    private let index: [String: Int]

    package init(_ properties: [LayerProperty]) {
        self.properties = properties
        var index: [String: Int] = [:]
        for (i, p) in properties.enumerated() { index[p.key] = i }
        self.index = index
    }

    /// A subclass table: the superclass's properties followed by `more`.
    package func adding(_ more: [LayerProperty]) -> LayerPropertyTable {
        LayerPropertyTable(properties + more)
    }

    package subscript(key: String) -> LayerProperty? {
        index[key].map { properties[$0] }
    }
}
