import QuartzCore

// UIKit's shape initialisers. Rectangles, ovals and rounded rectangles are closed subpaths
// running clockwise on an iOS screen (y down), as UIKit documents.

extension UIBezierPath {
    /// A closed rectangle: from the origin (minX, minY) clockwise on screen. A null or
    /// non-finite rect gives an empty path.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed oval inscribed in `rect`, clockwise on screen from its rightmost point
    /// (a square gives a circle).
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A closed rounded rectangle with every corner rounded by `cornerRadius` points.
    ///
    /// As UIKit since iOS 7, the corners are continuous-curvature ("squircle") curves, not
    /// quarter circles, and radii beyond half the shorter side are clamped to it (Lamina's
    /// continuous corner follows Figma's iOS-like construction; Apple's exact curve is
    /// unpublished, so edges may differ from iOS by a fraction of a point). A negative or
    /// non-finite radius gives square corners.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        path.addPath(CGPath.continuousRoundedRect(rect, byRoundingCorners: .allCorners,
                                                  cornerRadius: UIBezierPath.usableRadius(cornerRadius)))
    }

    /// A closed rectangle with the `corners` listed rounded. As UIKit, only
    /// `cornerRadii.width` is used (for both axes; the height is ignored), radii beyond half
    /// the shorter side are clamped to it, and corners are continuous curves (see
    /// `init(roundedRect:cornerRadius:)`).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let cgCorners = CGRectCorner(rawValue: corners.rawValue & CGRectCorner.allCorners.rawValue)
        path.addPath(CGPath.continuousRoundedRect(rect, byRoundingCorners: cgCorners,
                                                  cornerRadius: UIBezierPath.usableRadius(cornerRadii.width)))
    }

    /// An open arc around `center` from `startAngle` to `endAngle` (radians, from +x toward +y,
    /// i.e. downward on screen), clockwise on screen when `clockwise` is true. The path starts
    /// at the arc's start point.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    static func usableRadius(_ r: CGFloat) -> CGFloat { r.isFinite && r > 0 ? r : 0 }

    /// The same path drawn in the opposite direction: each subpath reversed in place (same
    /// order of subpaths), starting at its old end point; closed subpaths stay closed.
    /// Attributes are copied.
    public func reversing() -> UIBezierPath {
        let reversed = UIBezierPath()
        reversed.copyAttributes(from: self)
        for subpath in PathSubpath.split(path) { subpath.appendReversed(to: reversed.path) }
        return reversed
    }
}

/// One subpath as a start point and segments, for reversing.
struct PathSubpath {
    enum Segment {
        case line(CGPoint)
        case quad(CGPoint, CGPoint)             // control, end
        case cubic(CGPoint, CGPoint, CGPoint)   // control1, control2, end
    }
    var start: CGPoint
    var segments: [Segment] = []
    var closed = false

    /// The subpaths of `path`. A segment after a close starts at the closed subpath's start,
    /// as in Core Graphics.
    static func split(_ path: CGPath) -> [PathSubpath] {
        var out: [PathSubpath] = []
        var current: PathSubpath?
        path.applyWithBlock { e in
            let p = e.pointee.points
            switch e.pointee.type {
            case .moveToPoint:
                if let c = current { out.append(c) }
                current = PathSubpath(start: p[0])
            case .addLineToPoint:
                current = current.map(continuing) ?? PathSubpath(start: .zero)
                current?.segments.append(.line(p[0]))
            case .addQuadCurveToPoint:
                current = current.map(continuing) ?? PathSubpath(start: .zero)
                current?.segments.append(.quad(p[0], p[1]))
            case .addCurveToPoint:
                current = current.map(continuing) ?? PathSubpath(start: .zero)
                current?.segments.append(.cubic(p[0], p[1], p[2]))
            case .closeSubpath:
                current?.closed = true
            }
        }
        if let c = current { out.append(c) }
        return out

        /// After a close, drawing continues in a new subpath from the same start.
        func continuing(_ s: PathSubpath) -> PathSubpath {
            guard s.closed else { return s }
            out.append(s)
            return PathSubpath(start: s.start)
        }
    }

    /// The subpath's end point.
    var end: CGPoint {
        switch segments.last {
        case .line(let e)?, .quad(_, let e)?, .cubic(_, _, let e)?: return e
        case nil: return start
        }
    }

    func appendReversed(to path: CGMutablePath) {
        path.move(to: end)
        for i in segments.indices.reversed() {
            let to = i == 0 ? start : PathSubpath.endPoint(of: segments[i - 1])
            switch segments[i] {
            case .line: path.addLine(to: to)
            case .quad(let c, _): path.addQuadCurve(to: to, control: c)
            case .cubic(let c1, let c2, _): path.addCurve(to: to, control1: c2, control2: c1)
            }
        }
        if closed { path.closeSubpath() }
    }

    static func endPoint(of s: Segment) -> CGPoint {
        switch s {
        case .line(let e), .quad(_, let e), .cubic(_, _, let e): return e
        }
    }
}
