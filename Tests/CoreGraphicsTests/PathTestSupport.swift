import CoreGraphics

/// Tolerance for coordinates computed with trigonometry (sin/cos round-off on values ≤ 1000).
let pathEps: CGFloat = 1e-9

func near(_ a: CGFloat, _ b: CGFloat, _ tol: CGFloat = pathEps) -> Bool { abs(a - b) <= tol }
func near(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = pathEps) -> Bool { near(a.x, b.x, tol) && near(a.y, b.y, tol) }
func near(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = pathEps) -> Bool {
    near(a.minX, b.minX, tol) && near(a.minY, b.minY, tol) && near(a.maxX, b.maxX, tol) && near(a.maxY, b.maxY, tol)
}

/// Element kinds as a compact string: M L Q C Z.
func kinds(_ path: CGPath) -> String {
    path.elements.map { e -> String in
        switch e {
        case .move: return "M"
        case .line: return "L"
        case .quadCurve: return "Q"
        case .curve: return "C"
        case .closeSubpath: return "Z"
        }
    }.joined()
}

/// End points of the elements (nil for close).
func endPoints(_ path: CGPath) -> [CGPoint?] {
    path.elements.map { e in
        switch e {
        case .move(let p), .line(let p): return p
        case .quadCurve(let p, _): return p
        case .curve(let p, _, _): return p
        case .closeSubpath: return nil
        }
    }
}

/// Signed area of the filled path's polygons (positive = counter-clockwise in y-up space),
/// computed from the flattened outline.
func signedArea(_ path: CGPath, tolerance: CGFloat = 0.001) -> CGFloat {
    var area: CGFloat = 0
    for sub in path.flattened(tolerance: tolerance) {
        let pts = sub.points
        for i in pts.indices {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            area += a.x * b.y - b.x * a.y
        }
    }
    return area / 2
}

/// Area covered by the non-zero fill of `path`, estimated on a grid of sample points inside
/// `rect` (cell-centre sampling, `step` path units).
func coveredArea(_ path: CGPath, in rect: CGRect, step: CGFloat, rule: CGPathFillRule = .winding) -> CGFloat {
    var count = 0
    var y = rect.minY + step / 2
    while y < rect.maxY {
        var x = rect.minX + step / 2
        while x < rect.maxX {
            if path.contains(CGPoint(x: x, y: y), using: rule) { count += 1 }
            x += step
        }
        y += step
    }
    return CGFloat(count) * step * step
}
