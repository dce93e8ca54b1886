import _LaminaTestSupport
import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// `CAEmitterLayer.preservesDepth = true` among other planes ("as if it were a
/// CATransformLayer with the particles rendered as sublayers"): the particles take part in
/// the depth order of their 3D rendering context and of the emitter's own sublayers — a
/// particle behind a plane is hidden by it, one in front is drawn over it, whatever the
/// sublayer order — and are never clipped to the pieces the depth sort cuts their emitter's
/// plane into (ParticleDepthRuns.swift). `false` keeps drawing them flattened in the
/// emitter's slot.
///
/// Every scene: one particle per cell, born at time 0, seen at t = 0.5 — a red one 50 pt in
/// front of the emitter's plane (+z) and 20 pt left of the emitter's centre, a blue one 50 pt
/// behind (−z) and 20 pt right — and an opaque green plane at z = 0 over the whole emitter.
@Suite struct EmitterParticleDepthRunsTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

    /// A 10 × 10 particle of `color` leaving the emitter's centre along z (`towardViewer`:
    /// +z, else −z) at 100 pt/s, pushed sideways by `sideways` pt/s² (x = sideways/8 at 0.5 s).
    static func cell(_ color: CGColor, towardViewer: Bool, sideways: CGFloat) -> CAEmitterCell {
        let c = CAEmitterCell()
        c.contents = EmitterRenderingTests.sprite(10, 10)
        c.birthRate = 1
        c.lifetime = 10
        c.velocity = 100
        c.emissionLatitude = towardViewer ? .pi / 2 : -.pi / 2
        c.xAcceleration = sideways
        c.color = color
        return c
    }

    /// An 80 × 40 emitter emitting from its centre: red at (20, 20, +50), blue at (60, 20, −50).
    static func emitter(preservesDepth: Bool = true) -> CAEmitterLayer {
        let e = CAEmitterLayer()
        e.frame = CGRect(x: 0, y: 0, width: 80, height: 40)
        e.emitterPosition = CGPoint(x: 40, y: 20)
        e.preservesDepth = preservesDepth
        e.seed = 3
        e.emitterCells = [cell(red, towardViewer: true, sideways: -160), cell(blue, towardViewer: false, sideways: 160)]
        return e
    }

    /// An opaque green 80 × 40 plane.
    static func plane() -> CALayer {
        let p = CALayer()
        p.frame = CGRect(x: 0, y: 0, width: 80, height: 40)
        p.backgroundColor = green
        return p
    }

    /// A black 80 × `height` root; `eye`: a perspective sublayerTransform with the eye this far
    /// away (points) about the root's centre.
    static func root(height: CGFloat = 40, eye: CGFloat? = nil) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: height)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        if let eye {
            var t = CATransform3DIdentity
            t.m34 = -1 / eye
            root.sublayerTransform = t
        }
        return root
    }

    /// A transform layer holding the emitter and the green plane, in `emitterFirst` order (the
    /// emitter the first sublayer or the last), turned half around y when `turned`.
    static func context(emitterFirst: Bool, turned: Bool = false, eye: CGFloat? = nil, preservesDepth: Bool = true) -> CALayer {
        let root = Self.root(eye: eye)
        let t = CATransformLayer()
        t.frame = root.bounds
        if turned { t.transform = CATransform3DMakeRotation(.pi, 0, 1, 0) }
        let members = [emitter(preservesDepth: preservesDepth), plane()]
        for m in emitterFirst ? members : members.reversed() { t.addSublayer(m) }
        root.addSublayer(t)
        return root
    }

    static func render(_ root: CALayer) throws -> Surface {
        try LayerRenderer.renderSurface(root, at: 0.5, pixelWidth: Int(root.bounds.width), pixelHeight: Int(root.bounds.height), scale: 1)
    }

    /// Which colour dominates the pixel: "red", "green", "blue", "black" or "mixed".
    static func colour(_ s: Surface, _ x: Int, _ y: Int) -> String {
        let p = s[x, y]
        switch (p.r > 200, p.g > 200, p.b > 200) {
        case (true, false, false): return "red"
        case (false, true, false): return "green"
        case (false, false, true): return "blue"
        case (false, false, false) where p.r < 30 && p.g < 30 && p.b < 30: return "black"
        default: return "mixed"
        }
    }

    @Test func aPlaneInATransformLayerHidesTheFarParticleAndNotTheNearOneInEitherOrder() throws {
        for emitterFirst in [true, false] {
            let s = try Self.render(Self.context(emitterFirst: emitterFirst))
            #expect(Self.colour(s, 20, 20) == "red", "near particle over the plane, emitterFirst: \(emitterFirst)")
            #expect(Self.colour(s, 60, 20) == "green", "far particle hidden, emitterFirst: \(emitterFirst)")
            #expect(Self.colour(s, 40, 5) == "green")
        }
    }

    @Test func turnedAroundTheOtherParticleIsTheNearOne() throws {
        // The context turned half around y: the viewer's depth decides, not the emitter's own
        // z. The red particle (now behind the plane) shows mirrored to the right, hidden;
        // the blue one, now in front, shows on the left.
        for emitterFirst in [true, false] {
            let s = try Self.render(Self.context(emitterFirst: emitterFirst, turned: true))
            #expect(Self.colour(s, 20, 20) == "blue", "emitterFirst: \(emitterFirst)")
            #expect(Self.colour(s, 60, 20) == "green", "emitterFirst: \(emitterFirst)")
        }
    }

    @Test func underPerspectiveTheNearParticleIsLargerAndStillOverThePlane() throws {
        // Eye 200 pt away about (40, 20): the red particle at z = +50 shows at
        // x = 40 − 20/0.75 ≈ 13.3, 13.3 px wide; the blue one at z = −50 at x = 40 + 20/1.25 = 56,
        // 8 px wide, behind the plane.
        for emitterFirst in [true, false] {
            let s = try Self.render(Self.context(emitterFirst: emitterFirst, eye: 200))
            #expect(Self.colour(s, 13, 20) == "red", "emitterFirst: \(emitterFirst)")
            #expect(Self.colour(s, 7, 20) == "red" && Self.colour(s, 19, 20) == "red", "13.3 px wide")
            #expect(Self.colour(s, 56, 20) == "green", "emitterFirst: \(emitterFirst)")
        }
    }

    @Test func theEmittersOwnSublayerHidesTheFarParticleAndNotTheNearOne() throws {
        // No transform layer: the emitter's sublayer is flattened into its plane (z = 0); the
        // particles behind that plane are drawn under the sublayer, the others over it.
        func stage(turned: Bool, eye: CGFloat? = nil) -> CALayer {
            let root = Self.root(eye: eye)
            let e = Self.emitter()
            if turned { e.transform = CATransform3DMakeRotation(.pi, 0, 1, 0) }
            e.addSublayer(Self.plane())
            root.addSublayer(e)
            return root
        }
        let s = try Self.render(stage(turned: false))
        #expect(Self.colour(s, 20, 20) == "red")
        #expect(Self.colour(s, 60, 20) == "green")
        // Turned around: blue in front (mirrored to the left), red behind.
        let turned = try Self.render(stage(turned: true))
        #expect(Self.colour(turned, 20, 20) == "blue")
        #expect(Self.colour(turned, 60, 20) == "green")
        // Under perspective (the emitter drawn through its plane surface) too.
        let deep = try Self.render(stage(turned: false, eye: 200))
        #expect(Self.colour(deep, 13, 20) == "red")
        #expect(Self.colour(deep, 56, 20) == "green")
        // A member of a transform layer: its plane (sublayer included) is one plane of the
        // context's sort, its particles on either side of it.
        let root = Self.root(eye: 200)
        let t = CATransformLayer()
        t.frame = root.bounds
        let member = stage(turned: false).sublayers![0]
        member.removeFromSuperlayer()
        t.addSublayer(member)
        root.addSublayer(t)
        let inContext = try Self.render(root)
        #expect(Self.colour(inContext, 13, 20) == "red")
        #expect(Self.colour(inContext, 56, 20) == "green")
    }

    @Test func theEmittersBackgroundStaysUnderItsParticlesOutsideAContext() throws {
        // "The particles are drawn above the backgroundColor" (CAEmitterLayer.h): with no
        // sublayer and no context, both particles show over the emitter's own background.
        let root = Self.root()
        let e = Self.emitter()
        e.backgroundColor = Self.green
        root.addSublayer(e)
        let s = try Self.render(root)
        #expect(Self.colour(s, 20, 20) == "red")
        #expect(Self.colour(s, 60, 20) == "blue")
    }

    @Test func aSplitEmitterPlaneDoesNotClipItsParticles() throws {
        // A plane tilted 60° about y through x = 40 cuts the emitter's plane in two (it is the
        // first member, so the depth sort splits the emitter). The red particle flies below
        // the emitter's bounds (y = 60, outside both pieces) and must still be drawn whole.
        func stage(_ deep: Bool) -> CALayer {
            let root = Self.root(height: 80)
            let t = CATransformLayer()
            t.frame = root.bounds
            let tilted = CALayer()
            tilted.frame = CGRect(x: 20, y: 0, width: 40, height: 40)
            tilted.backgroundColor = CGColor(gray: 0.5, alpha: 1)
            tilted.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            t.addSublayer(tilted)
            let e = CAEmitterLayer()
            e.frame = CGRect(x: 0, y: 0, width: 80, height: 40)
            e.emitterPosition = CGPoint(x: 40, y: 20)
            e.preservesDepth = deep
            let c = Self.cell(Self.red, towardViewer: true, sideways: 0)
            c.velocity = 0
            c.yAcceleration = 320 // y = 20 + 40 at 0.5 s
            e.emitterCells = [c]
            t.addSublayer(e)
            root.addSublayer(t)
            return root
        }
        let s = try Self.render(stage(true))
        var red = 0
        for y in 0..<80 { for x in 0..<80 where Self.colour(s, x, y) == "red" { red += 1 } }
        #expect(red == 100, "the whole 10 × 10 sprite at (40, 60): \(red) px")
        #expect(Self.colour(s, 40, 60) == "red" && Self.colour(s, 36, 56) == "red" && Self.colour(s, 44, 64) == "red")
    }

    @Test func withoutPreservesDepthParticlesStayInTheirEmittersSlot() throws {
        // Flattened, the particles are part of the emitter's plane at z = 0, coplanar with the
        // green plane: the sublayer order decides, both particles alike.
        let under = try Self.render(Self.context(emitterFirst: true, preservesDepth: false))
        #expect(Self.colour(under, 20, 20) == "green" && Self.colour(under, 60, 20) == "green")
        let over = try Self.render(Self.context(emitterFirst: false, preservesDepth: false))
        #expect(Self.colour(over, 20, 20) == "red" && Self.colour(over, 60, 20) == "blue")
        // The emitter's own sublayer is drawn over all its flattened particles.
        let root = Self.root()
        let e = Self.emitter(preservesDepth: false)
        e.addSublayer(Self.plane())
        root.addSublayer(e)
        let s = try Self.render(root)
        #expect(Self.colour(s, 20, 20) == "green" && Self.colour(s, 60, 20) == "green")
    }
}
