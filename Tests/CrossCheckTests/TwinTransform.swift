import Foundation
import QuartzCore

/// One step of a transform, written once and turned into both Core Animation's matrix (through
/// Lamina's own `CATransform3D…` functions, the API under test) and CSS transform functions by
/// name (`rotateY(60deg)`, `perspective(500px)`…), so that a sign or order mistake in Lamina's
/// matrix functions shows up as a disagreement with Chromium instead of being copied into the
/// CSS.
///
/// Angles are degrees, lengths points (= CSS px at scale 1). Directions agree by definition in
/// both systems: y points down, z toward the viewer; a positive rotation about z turns +x
/// toward +y (clockwise on screen), about y it turns +x toward −z (away from the viewer).
enum TransformStep: Sendable {
    case translate(Double, Double, Double)
    case rotateX(Double)
    case rotateY(Double)
    case rotateZ(Double)
    case scale(Double, Double)
    /// CSS skewX(θ): x' = x + tan θ · y.
    case skewX(Double)
    /// CSS skewY(θ): y' = y + tan θ · x.
    case skewY(Double)
    /// CSS perspective(d): the identity with m34 = −1/d, Core Animation's usual spelling.
    case perspective(Double)

    /// The CSS transform function.
    var css: String {
        switch self {
        case let .translate(x, y, z): "translate3d(\(CSS.px(x)), \(CSS.px(y)), \(CSS.px(z)))"
        case let .rotateX(a): "rotateX(\(CSS.number(a))deg)"
        case let .rotateY(a): "rotateY(\(CSS.number(a))deg)"
        case let .rotateZ(a): "rotate(\(CSS.number(a))deg)"
        case let .scale(x, y): "scale(\(CSS.number(x)), \(CSS.number(y)))"
        case let .skewX(a): "skewX(\(CSS.number(a))deg)"
        case let .skewY(a): "skewY(\(CSS.number(a))deg)"
        case let .perspective(d): "perspective(\(CSS.px(d)))"
        }
    }

    /// `t` with this step applied to points *before* it — CATransform3DRotate/Translate/Scale's
    /// own convention (`step · t` in row-vector form).
    func applied(before t: CATransform3D) -> CATransform3D {
        let rad = { (deg: Double) in CGFloat(deg * .pi / 180) }
        switch self {
        case let .translate(x, y, z): return CATransform3DTranslate(t, CGFloat(x), CGFloat(y), CGFloat(z))
        case let .rotateX(a): return CATransform3DRotate(t, rad(a), 1, 0, 0)
        case let .rotateY(a): return CATransform3DRotate(t, rad(a), 0, 1, 0)
        case let .rotateZ(a): return CATransform3DRotate(t, rad(a), 0, 0, 1)
        case let .scale(x, y): return CATransform3DScale(t, CGFloat(x), CGFloat(y), 1)
        case let .skewX(a):
            let skew = CGAffineTransform(a: 1, b: 0, c: CGFloat(tan(a * .pi / 180)), d: 1, tx: 0, ty: 0)
            return CATransform3DConcat(CATransform3DMakeAffineTransform(skew), t)
        case let .skewY(a):
            let skew = CGAffineTransform(a: 1, b: CGFloat(tan(a * .pi / 180)), c: 0, d: 1, tx: 0, ty: 0)
            return CATransform3DConcat(CATransform3DMakeAffineTransform(skew), t)
        case let .perspective(d):
            var p = CATransform3DIdentity
            p.m34 = d > 0 ? CGFloat(-1 / d) : 0
            return CATransform3DConcat(p, t)
        }
    }
}

/// A transform as a list of steps in CSS order: the last step is applied to points first, as in
/// `transform: perspective(500px) rotateY(60deg)`. Core Animation's equivalent folds the steps
/// left to right with the `CATransform3DRotate(t, …)` family, each step going *before* what
/// was built so far — the usual iOS idiom `t.m34 = −1/500; t = CATransform3DRotate(t, …)`.
struct TwinTransform: Sendable {
    var steps: [TransformStep]

    init(_ steps: [TransformStep]) { self.steps = steps }

    var isIdentity: Bool { steps.isEmpty }

    var caTransform: CATransform3D {
        steps.reduce(CATransform3DIdentity) { t, step in step.applied(before: t) }
    }

    var css: String { steps.isEmpty ? "none" : steps.map(\.css).joined(separator: " ") }
}

/// Number formatting for CSS: plain decimals (no exponent), at most 4 decimals.
enum CSS {
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        var s = String(format: "%.4f", x)
        while s.contains("."), s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    static func px(_ x: Double) -> String { "\(number(x))px" }
}

/// A straight-alpha sRGB colour, 0…1 per channel, as both a CGColor and CSS `rgba()`.
struct TwinColor: Sendable {
    var r: Double, g: Double, b: Double, a: Double

    init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    var cg: CGColor { CGColor(red: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(a)) }

    var css: String {
        func byte(_ v: Double) -> String { CSS.number(max(0, min(255, v * 255))) }
        return "rgba(\(byte(r)), \(byte(g)), \(byte(b)), \(CSS.number(a)))"
    }

    func withAlpha(_ alpha: Double) -> TwinColor { TwinColor(r, g, b, a * alpha) }

    static let black = TwinColor(0, 0, 0)
    static let white = TwinColor(1, 1, 1)
    static let red = TwinColor(0.9, 0.15, 0.1)
    static let green = TwinColor(0.15, 0.7, 0.25)
    static let blue = TwinColor(0.1, 0.3, 0.9)
    static let yellow = TwinColor(0.98, 0.8, 0.1)
    static let orange = TwinColor(1, 0.55, 0.1)
    static let purple = TwinColor(0.55, 0.2, 0.75)
    static let teal = TwinColor(0.1, 0.65, 0.7)
    static let navy = TwinColor(0.1, 0.12, 0.35)
}
