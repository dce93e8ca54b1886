import LaminaRaster

/// One open transparency layer: what to go back to when it ends.
package struct TransparencyLayer {
    /// The surface drawing went to before the layer began.
    let previousTarget: Surface
    /// The graphics state when the layer began: its alpha, blend mode, shadow and clip
    /// composite the layer at the end.
    let state: GState
    /// `gstateStack.count` when the layer began, so `endTransparencyLayer` can drop states the
    /// caller saved inside the layer and left unrestored.
    let stackDepth: Int
}

extension CGContext {
    /// Apple's `beginTransparencyLayer(auxiliaryInfo:)`: until the matching
    /// `endTransparencyLayer`, drawing goes to a new transparent layer, which is then
    /// composited as one image with the alpha, blend mode, shadow and clip in force now — so
    /// a group of shapes casts one shadow and fades as one. Inside the layer the graphics
    /// state is kept except alpha (1), blend mode (normal) and shadow (none), as Apple
    /// documents. `auxiliaryInfo` (a CFDictionary on Apple's platforms; no keys are defined)
    /// is ignored. Layers nest. If the layer cannot be allocated, drawing continues on the
    /// current destination.
    public func beginTransparencyLayer(auxiliaryInfo: [String: Any]?) {
        guard let layer = try? Surface(width: width, height: height) else { return }
        transparencyLayers.append(TransparencyLayer(previousTarget: target, state: gstate, stackDepth: gstateStack.count))
        target = layer
        gstate.alpha = 1
        gstate.blendMode = .normal
        gstate.shadow = nil
    }

    /// `beginTransparencyLayer(auxiliaryInfo:)` whose contents are also clipped to `rect`
    /// (user space).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [String: Any]?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
        clip(to: rect)
    }

    /// Composites the innermost transparency layer and restores the graphics state it began
    /// with. Does nothing when no layer is open.
    public func endTransparencyLayer() {
        guard let layer = transparencyLayers.popLast() else { return }
        let contents = target
        target = layer.previousTarget
        if gstateStack.count > layer.stackDepth { gstateStack.removeLast(gstateStack.count - layer.stackDepth) }
        gstate = layer.state
        let bounds = CGContext.alphaBounds(contents)
        guard !bounds.isEmpty else { return }
        render(.rect(x0: Double(bounds.x0), y0: Double(bounds.y0), x1: Double(bounds.x1), y1: Double(bounds.y1)),
               paint: .shader(TranslatedPixelsShader(source: contents, dx: 0, dy: 0)))
    }

    /// The bounds of the pixels with non-zero alpha.
    private static func alphaBounds(_ s: Surface) -> PixelRect {
        var r = PixelRect.empty
        for y in 0..<s.height {
            let row = s.row32(y)
            var x0 = -1, x1 = -1
            for x in 0..<s.width where row[x] >> 24 != 0 { if x0 < 0 { x0 = x }; x1 = x }
            if x0 >= 0 { r = r.union(PixelRect(x0: x0, y0: y, x1: x1 + 1, y1: y + 1)) }
        }
        return r
    }
}
