// Where on the emission shape a particle starts, and in which direction it leaves: pure
// functions of uniform random numbers, so `ParticleEvaluator` stays stateless.
import CoreGraphics
import Foundation
import LaminaRaster

enum EmitterShapeSampler {
    /// A start point for `e`'s shape and mode from three uniform numbers in [0, 1), in the
    /// layer's bounds space (Apple's shape definitions, CAEmitterLayerEmitterShape: line along
    /// x of length size.width, rectangle size.width × size.height, cuboid also emitterDepth
    /// deep, circle and sphere of radius size.width, all centred on emitterPosition and
    /// emitterZPosition). Modes: `volume` fills the shape, `surface` its boundary surface
    /// (a 2D shape's area), `outline` its edges, `points` its corners (a point, circle or
    /// sphere has none: its centre). Non-finite sizes count as 0.
    static func point(_ e: EmitterContent, _ u1: Double, _ u2: Double, _ u3: Double) -> (x: Double, y: Double, z: Double) {
        func f(_ v: Double) -> Double { v.isFinite ? v : 0 }
        let cx = f(Double(e.position.x)), cy = f(Double(e.position.y)), cz = f(e.zPosition)
        let w = f(Double(e.size.width)), h = f(Double(e.size.height)), d = f(e.depth)
        var x = 0.0, y = 0.0, z = 0.0
        switch e.shape {
        case .point:
            break
        case .line:
            x = e.mode == .points ? (u1 < 0.5 ? -w / 2 : w / 2) : (u1 - 0.5) * w
        case .rectangle:
            switch e.mode {
            case .points: x = (u1 < 0.5 ? -w : w) / 2; y = (u2 < 0.5 ? -h : h) / 2
            case .outline: (x, y) = perimeter(w, h, u1)
            case .surface, .volume: x = (u1 - 0.5) * w; y = (u2 - 0.5) * h
            }
        case .cuboid:
            switch e.mode {
            case .points: x = (u1 < 0.5 ? -w : w) / 2; y = (u2 < 0.5 ? -h : h) / 2; z = (u3 < 0.5 ? -d : d) / 2
            case .outline:
                // One of the 12 edges, chosen by length.
                let total = 4 * (abs(w) + abs(h) + abs(d))
                guard total > 0 else { break }
                var s = u1 * total
                let sx = u2 < 0.5 ? -1.0 : 1.0, sy = (u2 * 2).truncatingRemainder(dividingBy: 1) < 0.5 ? -1.0 : 1.0
                if s < 4 * abs(w) { x = (s.truncatingRemainder(dividingBy: max(abs(w), 1e-300)) - abs(w) / 2); y = sx * h / 2; z = sy * d / 2; break }
                s -= 4 * abs(w)
                if s < 4 * abs(h) { y = (s.truncatingRemainder(dividingBy: max(abs(h), 1e-300)) - abs(h) / 2); x = sx * w / 2; z = sy * d / 2; break }
                s -= 4 * abs(h)
                z = (s.truncatingRemainder(dividingBy: max(abs(d), 1e-300)) - abs(d) / 2); x = sx * w / 2; y = sy * h / 2
            case .surface:
                // One of the 6 faces, chosen by area.
                let axy = abs(w * h), axz = abs(w * d), ayz = abs(h * d)
                let total = 2 * (axy + axz + ayz)
                guard total > 0 else { break }
                let s = u1 * total, side = (s * 7).truncatingRemainder(dividingBy: 1) < 0.5 ? -1.0 : 1.0
                if s < 2 * axy { x = (u2 - 0.5) * w; y = (u3 - 0.5) * h; z = side * d / 2 }
                else if s < 2 * (axy + axz) { x = (u2 - 0.5) * w; z = (u3 - 0.5) * d; y = side * h / 2 }
                else { y = (u2 - 0.5) * h; z = (u3 - 0.5) * d; x = side * w / 2 }
            case .volume:
                x = (u1 - 0.5) * w; y = (u2 - 0.5) * h; z = (u3 - 0.5) * d
            }
        case .circle:
            let angle = 2 * Double.pi * u1
            let r: Double
            switch e.mode {
            case .points: r = 0
            case .outline: r = w
            case .surface, .volume: r = w * u2.squareRoot()   // uniform over the disc
            }
            x = r * cos(angle); y = r * sin(angle)
        case .sphere:
            guard e.mode != .points else { break }
            let cz = 2 * u1 - 1, angle = 2 * Double.pi * u2, s = (1 - cz * cz).squareRoot()
            let r = e.mode == .volume ? w * cbrt(u3) : w   // uniform in the ball, or on the sphere
            x = r * s * cos(angle); y = r * s * sin(angle); z = r * cz
        }
        return (cx + x, cy + y, cz + z)
    }

    /// A point on the perimeter of a w × h rectangle centred on the origin, at fraction `u`
    /// of its length.
    private static func perimeter(_ w: Double, _ h: Double, _ u: Double) -> (Double, Double) {
        let aw = abs(w), ah = abs(h), total = 2 * (aw + ah)
        guard total > 0 else { return (0, 0) }
        var s = u * total
        if s < aw { return (s - aw / 2, -ah / 2) }
        s -= aw
        if s < ah { return (aw / 2, s - ah / 2) }
        s -= ah
        if s < aw { return (aw / 2 - s, ah / 2) }
        s -= aw
        return (-aw / 2, ah / 2 - s)
    }

    /// The unit direction of a particle: the cell's direction — longitude the angle in the
    /// layer's x-y plane from +x towards +y, latitude the angle out of that plane towards +z
    /// (both 0: along +x, so a cell with no angles set shoots right, as on Apple's platforms) —
    /// spread uniformly over the cone of half-angle `range` about it (clamped to π: the whole
    /// sphere). Non-finite angles count as 0.
    static func direction(latitude: Double, longitude: Double, range: Double, _ u1: Double, _ u2: Double)
        -> (x: Double, y: Double, z: Double) {
        Cone(latitude: latitude, longitude: longitude, range: range).direction(u1, u2)
    }

    /// A cell's emission cone, worked out once for all its particles (its axis, frame and
    /// spread take five of the seven sines and cosines of a direction); `direction(_:_:)`
    /// gives the same numbers as the static `direction(latitude:longitude:range:_:_:)`.
    struct Cone {
        /// The axis, and an orthonormal frame (a, b, d) about it.
        let d: (Double, Double, Double), a: (Double, Double, Double), b: (Double, Double, Double)
        /// 1 − cos(spread); spread 0: every direction is the axis.
        let oneMinusCosSpread: Double
        let spreads: Bool

        init(latitude: Double, longitude: Double, range: Double) {
            let lat = latitude.isFinite ? latitude : 0, lon = longitude.isFinite ? longitude : 0
            d = (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
            let spread = range.isFinite ? min(Double.pi, abs(range)) : 0
            spreads = spread > 0
            oneMinusCosSpread = 1 - cos(spread)
            // An orthonormal frame (a, b, d).
            let helper: (Double, Double, Double) = abs(d.2) < 0.9 ? (0, 0, 1) : (1, 0, 0)
            var a = (helper.1 * d.2 - helper.2 * d.1, helper.2 * d.0 - helper.0 * d.2, helper.0 * d.1 - helper.1 * d.0)
            let la = (a.0 * a.0 + a.1 * a.1 + a.2 * a.2).squareRoot()
            a = (a.0 / la, a.1 / la, a.2 / la)
            self.a = a
            b = (d.1 * a.2 - d.2 * a.1, d.2 * a.0 - d.0 * a.2, d.0 * a.1 - d.1 * a.0)
        }

        /// The direction for the particle's random numbers u1, u2 (uniform in [0, 1)).
        @inline(__always)
        func direction(_ u1: Double, _ u2: Double) -> (x: Double, y: Double, z: Double) {
            guard spreads else { return d }
            // Uniform on the spherical cap: cos θ uniform in [cos spread, 1].
            let cosT = 1 - u1 * oneMinusCosSpread, sinT = (max(0, 1 - cosT * cosT)).squareRoot()
            let phi = 2 * Double.pi * u2
            let turn = sinCos(phi)
            let ca = sinT * turn.cos, cb = sinT * turn.sin
            return (d.0 * cosT + a.0 * ca + b.0 * cb, d.1 * cosT + a.1 * ca + b.1 * cb, d.2 * cosT + a.2 * ca + b.2 * cb)
        }
    }
}
