import Foundation
import QuartzCore

/// CAGradientLayer twins: the same colours, locations and points as a CSS `background-image`.
/// Opaque colours only, so that CSS's premultiplied interpolation and any straight-alpha
/// interpolation agree. Both pad beyond the first and last stop with the end colours.
extension TwinNode {
    /// An axial CAGradientLayer ↔ `linear-gradient(θ, c px, …)`.
    ///
    /// Core Animation: startPoint/endPoint are unit coordinates of the bounds; the colour is
    /// constant along lines perpendicular to start→end in layer space (points). CSS: the
    /// gradient line passes through the box centre at angle θ (0deg = toward the top, 90deg =
    /// toward the right) with length L = |w sin θ| + |h cos θ|. The same isolines when θ is
    /// the direction of start→end; a CA location t (point start + t·(end − start)) sits on the
    /// CSS line at L/2 + ((start + t·(end − start)) − centre) · direction px.
    static func axialGradient(frame: CGRect, colors: [TwinColor], locations: [Double]? = nil,
                              start: CGPoint, end: CGPoint) -> TwinNode {
        let layer = CAGradientLayer()
        let node = TwinNode(layer, frame: frame)
        layer.type = .axial
        layer.colors = colors.map(\.cg)
        layer.locations = locations?.map { NSNumber(value: $0) }
        layer.startPoint = start
        layer.endPoint = end

        if let css = cssLinearGradient(size: frame.size, colors: colors, locations: locations, start: start, end: end) {
            node.setBackgroundImage(css)
        }
        return node
    }

    /// The CSS `linear-gradient(…)` equal to an axial CAGradientLayer of `size` (see
    /// `axialGradient`); nil when start = end.
    static func cssLinearGradient(size: CGSize, colors: [TwinColor], locations: [Double]?,
                                  start: CGPoint, end: CGPoint) -> String? {
        let w = Double(size.width), h = Double(size.height)
        let sx = Double(start.x) * w, sy = Double(start.y) * h
        let dx = Double(end.x) * w - sx, dy = Double(end.y) * h - sy
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return nil }
        let ux = dx / length, uy = dy / length
        let theta = atan2(ux, -uy)
        let cssLength = abs(w * sin(theta)) + abs(h * cos(theta))
        let stops = Self.stopLocations(count: colors.count, locations).enumerated().map { i, t in
            let px = sx + t * dx - w / 2, py = sy + t * dy - h / 2
            let along = cssLength / 2 + px * ux + py * uy
            return "\(colors[i].css) \(CSS.px(along))"
        }
        return "linear-gradient(\(CSS.number(theta * 180 / .pi))deg, \(stops.joined(separator: ", ")))"
    }

    /// mask = an axial CAGradientLayer covering the bounds ↔ `mask-image: linear-gradient(…)`.
    /// Both use only the mask's alpha (CSS mask-mode match-source is alpha for gradients), both
    /// mask the element together with its descendants, and CSS's default mask-origin
    /// border-box and mask-size auto make the gradient cover the border box like the mask
    /// layer covers the bounds. Colours' alpha carries the mask; their RGB is ignored.
    @discardableResult
    func gradientMask(alphas: [Double], locations: [Double]? = nil, start: CGPoint, end: CGPoint) -> TwinNode {
        let colors = alphas.map { TwinColor(0, 0, 0, $0) }
        let mask = CAGradientLayer()
        mask.frame = CGRect(origin: .zero, size: size)
        mask.colors = colors.map(\.cg)
        mask.locations = locations?.map { NSNumber(value: $0) }
        mask.startPoint = start
        mask.endPoint = end
        layer.mask = mask
        if let css = Self.cssLinearGradient(size: size, colors: colors, locations: locations, start: start, end: end) {
            setStyle("mask-image", css)
        }
        return self
    }

    /// A radial CAGradientLayer ↔ `radial-gradient(ellipse rx ry at cx cy, c t%, …)`.
    ///
    /// Core Animation (and Lamina, GradientPaint.swift): an ellipse centred at startPoint with
    /// semi-axes |end − start| per axis, in points of the bounds; location t is the fraction of
    /// the way out. CSS: the same ellipse spelled explicitly; a stop percentage is a fraction
    /// of the gradient ray, which reaches the ellipse at 100 %.
    static func radialGradient(frame: CGRect, colors: [TwinColor], locations: [Double]? = nil,
                               start: CGPoint, end: CGPoint) -> TwinNode {
        let layer = CAGradientLayer()
        let node = TwinNode(layer, frame: frame)
        layer.type = .radial
        layer.colors = colors.map(\.cg)
        layer.locations = locations?.map { NSNumber(value: $0) }
        layer.startPoint = start
        layer.endPoint = end

        let w = Double(frame.width), h = Double(frame.height)
        let cx = Double(start.x) * w, cy = Double(start.y) * h
        let rx = abs(Double(end.x - start.x)) * w, ry = abs(Double(end.y - start.y)) * h
        let stops = Self.stopLocations(count: colors.count, locations).enumerated().map { i, t in
            "\(colors[i].css) \(CSS.number(t * 100))%"
        }
        node.setBackgroundImage("radial-gradient(ellipse \(CSS.px(rx)) \(CSS.px(ry)) at \(CSS.px(cx)) \(CSS.px(cy)), \(stops.joined(separator: ", ")))")
        return node
    }

    /// Core Animation's stop placement: `locations` when they match the colours in number,
    /// else evenly spread from 0 to 1.
    private static func stopLocations(count n: Int, _ locations: [Double]?) -> [Double] {
        if let locations, locations.count == n { return locations }
        return (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
    }
}
