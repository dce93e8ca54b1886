import Foundation

// Cells by name in key paths, as Core Animation allows: "emitterCells.spark.birthRate" reads
// and writes the birthRate of the cell named "spark" (and "emitterCells.rocket.emitterCells.
// spark.birthRate" a sub-cell's), with `value(forKeyPath:)`, `setValue(_:forKeyPath:)` and
// animations of that key path. Each such path is a property of its own for the change funnel
// (the change is recorded on the layer, so the next commit carries it to the render tree) and
// for the animation engine (`PresentedProperty`), which writes presented values into the
// cells of a presentation copy (copies hold their own cells, see `init(layer:)`).

extension CAEmitterLayer {
    /// The cell and property key `path` names ("emitterCells.NAME[.emitterCells.NAME…].KEY"),
    /// or nil.
    package func resolveCell(keyPath path: String) -> (cell: CAEmitterCell, key: String)? {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts[0] == "emitterCells" else { return nil }
        return CAEmitterCell.resolve(parts[1...], in: emission.emitterCells ?? [], first: true)
    }

    /// A property of a cell reached by `path`, when `path` names one on this layer.
    package func cellProperty(keyPath path: String) -> LayerProperty? {
        guard resolveCell(keyPath: path) != nil else { return nil }
        return LayerProperty.custom(
            path, expected: "a value of the cell property's type",
            get: { layer in
                guard let e = layer as? CAEmitterLayer, let (cell, key) = e.resolveCell(keyPath: path) else { return nil }
                return cell.value(forKey: key)
            },
            set: { layer, value in
                guard let e = layer as? CAEmitterLayer, let (cell, key) = e.resolveCell(keyPath: path) else { return false }
                if let p = CAEmitterCell.table[key] {
                    let old = p.get(cell)
                    var accepted = true
                    e.changeValue(forKey: path, oldValue: old) { _ in accepted = p.set(cell, value) }
                    return accepted
                }
                e.changeValue(forKey: path, oldValue: cell.values.extra[key]) { _ in cell.values.extra[key] = value }
                return true
            })
    }

    /// `setValue(_:forKeyPath:)` for a path into the cells; false when `keyPath` is not one.
    func setCellValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        guard keyPath.hasPrefix("emitterCells.") else { return false }
        guard let property = cellProperty(keyPath: keyPath) else {
            LayerDiagnostics.report(.invalidValue(operation: "CAEmitterLayer.setValue(_:forKeyPath: \"\(keyPath)\")",
                                                  detail: "no emitter cell of that name; ignored"))
            return true
        }
        if !property.set(self, BoxedValue.unboxed(value)) {
            LayerDiagnostics.report(.wrongValueType(key: keyPath, expected: property.expected,
                                                    got: value.map { "\(type(of: $0))" } ?? "nil"))
        }
        return true
    }
}
