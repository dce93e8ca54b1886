// CAGradientLayer's gradient as a LaminaRaster shader (reference §4.2).
import CoreGraphics
import LaminaRaster

enum GradientPaint {
    /// The colour stops: `locations` when they match the colours in number, else evenly
    /// spread; one colour paints flat.
    static func stops(_ g: GradientContent) -> [GradientStop] {
        let n = g.colors.count
        guard n > 0 else { return [] }
        let useLocations = g.locations.map { $0.count == n } ?? false
        return g.colors.enumerated().map { i, c in
            let offset = useLocations ? g.locations![i] : (n == 1 ? 0 : Double(i) / Double(n - 1))
            let rgba = c.clampedRGBA
            return GradientStop(offset: offset, red: rgba.r, green: rgba.g, blue: rgba.b, alpha: rgba.a)
        }
    }

    /// The shader for `g` over a layer with `bounds`, where `inverse` maps device (local)
    /// pixels to bounds space. startPoint/endPoint are unit coordinates of the bounds and the
    /// gradient is laid out in bounds space (points): axial isolines are perpendicular there;
    /// radial is the ellipse centred at startPoint with semi-axes |end − start| per axis;
    /// conic starts along start→end and turns from +x toward +y. Nil when degenerate.
    static func shader(_ g: GradientContent, bounds b: CGRect, inverse: PaintAffine) -> (any SpanShader)? {
        let stops = stops(g)
        guard !stops.isEmpty else { return nil }
        var stopsToUse = stops
        if stopsToUse.count == 1 { stopsToUse.append(GradientStop(offset: 1, red: stops[0].red, green: stops[0].green, blue: stops[0].blue, alpha: stops[0].alpha)) }
        let table = GradientColorTable(stops: stopsToUse, extend: .pad)
        func point(_ p: CGPoint) -> (x: Double, y: Double) {
            (Double(b.minX + p.x * b.width), Double(b.minY + p.y * b.height))
        }
        let s = point(g.startPoint), e = point(g.endPoint)
        guard s.x.isFinite, s.y.isFinite, e.x.isFinite, e.y.isFinite else { return nil }
        switch g.type {
        case .axial:
            if s == e { return SolidShader(PremultipliedRGBA8(packed: table.entries[GradientColorTable.count - 1])) }
            return LinearGradientShader(start: s, end: e, table: table, inverse: inverse)
        case .radial:
            let rx = abs(e.x - s.x), ry = abs(e.y - s.y)
            guard rx > 0, ry > 0 else { return nil }
            return RadialGradientShader.elliptical(center: s, radiusX: rx, radiusY: ry, table: table, inverse: inverse)
        case .conic:
            guard s != e else { return nil }
            return ConicGradientShader(center: s, startAngle: atan2(e.y - s.y, e.x - s.x), table: table, inverse: inverse)
        }
    }
}
