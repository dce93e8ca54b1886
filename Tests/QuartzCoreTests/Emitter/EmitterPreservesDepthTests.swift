import _LaminaTestSupport
import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// `CAEmitterLayer.preservesDepth = true`: particles in 3D — projected through the emitter's
/// transform and its superlayer's perspective (foreshortened with their depth), sorted by
/// depth for `backToFront` — and still the same pixels for the same time, whatever the frame
/// order. `false` keeps the flattened drawing.
@Suite struct EmitterPreservesDepthTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A cell whose one particle (born at time 0, living 10 s) leaves at `velocity` in
    /// direction `latitude` (π/2: towards the viewer, +z; −π/2: away).
    static func cell(_ color: CGColor, latitude: CGFloat = 0, velocity: CGFloat = 0, size: Int = 10) -> CAEmitterCell {
        let c = CAEmitterCell()
        c.contents = EmitterRenderingTests.sprite(size, size)
        c.birthRate = 1
        c.lifetime = 10
        c.velocity = velocity
        c.emissionLatitude = latitude
        c.color = color
        return c
    }

    /// A black `w` × 40 root whose sublayerTransform is a perspective with eye distance
    /// `eye` (points; `nil`: none) about its centre, rotated by `turn` about y.
    static func root(width: CGFloat = 40, eye: CGFloat? = 100, turn: CGFloat = 0) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: 40)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        var t = CATransform3DIdentity
        if let eye { t.m34 = -1 / eye }
        root.sublayerTransform = turn == 0 ? t : CATransform3DRotate(t, turn, 0, 1, 0)
        return root
    }

    /// An emitter filling `frame`, emitting from its centre at depth `z`.
    static func emitter(_ frame: CGRect, z: CGFloat = 0, preservesDepth: Bool, mode: CAEmitterLayerRenderMode = .unordered,
                        cells: [CAEmitterCell]) -> CAEmitterLayer {
        let e = CAEmitterLayer()
        e.frame = frame
        e.emitterPosition = CGPoint(x: frame.width / 2, y: frame.height / 2)
        e.emitterZPosition = z
        e.preservesDepth = preservesDepth
        e.renderMode = mode
        e.emitterCells = cells
        return e
    }

    static func render(_ root: CALayer, at t: CFTimeInterval = 0.5) throws -> Surface {
        try LayerRenderer.renderSurface(root, at: t, pixelWidth: Int(root.bounds.width), pixelHeight: Int(root.bounds.height), scale: 1)
    }

    /// Pixels of `s` in columns `x0..<x1` whose red channel is above half.
    static func redPixels(_ s: Surface, _ x0: Int, _ x1: Int) -> Int {
        var n = 0
        for y in 0..<s.height { for x in x0..<x1 where s[x, y].r > 128 { n += 1 } }
        return n
    }

    @Test func farParticlesAreDrawnSmallerThanNearOnesUnderPerspective() throws {
        // Two emitters side by side, one particle each: the left one 30 pt towards the eye,
        // the right one 30 pt away. Eye 100 pt away: sprites of 10 pt show about 10/0.7 and
        // 10/1.3 pt wide.
        func stage(_ deep: Bool) -> CALayer {
            let root = Self.root(width: 80)
            root.addSublayer(Self.emitter(CGRect(x: 0, y: 0, width: 40, height: 40), z: 30, preservesDepth: deep, cells: [Self.cell(Self.red)]))
            root.addSublayer(Self.emitter(CGRect(x: 40, y: 0, width: 40, height: 40), z: -30, preservesDepth: deep, cells: [Self.cell(Self.red)]))
            return root
        }
        let deep = try Self.render(stage(true))
        let near = Self.redPixels(deep, 0, 40), far = Self.redPixels(deep, 40, 80)
        #expect(near > 170 && near < 240, "near: \(near) px (≈ 14.3² = 204)")
        #expect(far > 40 && far < 80, "far: \(far) px (≈ 7.7² = 59)")
        // Flattened, both are 10 × 10 whatever their depth.
        let flat = try Self.render(stage(false))
        #expect(Self.redPixels(flat, 0, 40) == 100 && Self.redPixels(flat, 40, 80) == 100)
    }

    @Test func depthMovesParticlesAwayFromTheVanishingPoint() throws {
        // An emitter left of the vanishing point (the root's centre, x = 40): a particle in
        // front of the plane shows further left, one behind it nearer the centre.
        func centroid(_ z: CGFloat) throws -> Double {
            let root = Self.root(width: 80)
            root.addSublayer(Self.emitter(CGRect(x: 0, y: 0, width: 40, height: 40), z: z, preservesDepth: true, cells: [Self.cell(Self.red)]))
            let s = try Self.render(root)
            var sum = 0.0, n = 0.0
            for y in 0..<40 { for x in 0..<80 where s[x, y].r > 128 { sum += Double(x); n += 1 } }
            return n > 0 ? sum / n : .nan
        }
        let front = try centroid(30), plane = try centroid(0), back = try centroid(-30)
        // Exactly: 40 + (20 − 40)/(1 − z/100), minus half a pixel for pixel centres.
        #expect(abs(plane - 19.5) < 0.5)
        #expect(abs(front - (40 - 20 / 0.7 - 0.5)) < 1)
        #expect(abs(back - (40 - 20 / 1.3 - 0.5)) < 1)
    }

    @Test func particlesInThePlaneDrawAsFlattened() throws {
        // Without perspective and with every particle at z = 0, depth changes nothing: the
        // same bytes as the flattened drawing (the projection is the identity on the plane).
        func stage(_ deep: Bool) -> CALayer {
            let (root, e) = EmitterRenderingTests.confetti()
            e.preservesDepth = deep
            return root
        }
        let flat = try LayerRenderer.renderSurface(stage(false), at: 101.5, pixelWidth: 96, pixelHeight: 96, scale: 1).bytes()
        let deep = try LayerRenderer.renderSurface(stage(true), at: 101.5, pixelWidth: 96, pixelHeight: 96, scale: 1).bytes()
        #expect(flat == deep)
    }

    /// One emitter at the vanishing point shooting a red particle along its +z and a blue one
    /// along its −z, in `order`; `flipped` turns the emitter half around y (its +z then points
    /// away from the viewer).
    static func duel(_ mode: CAEmitterLayerRenderMode, redFirst: Bool, flipped: Bool, preservesDepth: Bool = true) -> CALayer {
        let root = Self.root()
        let r = Self.cell(Self.red, latitude: .pi / 2, velocity: 20), b = Self.cell(Self.blue, latitude: -.pi / 2, velocity: 20)
        let e = Self.emitter(root.bounds, preservesDepth: preservesDepth, mode: mode, cells: redFirst ? [r, b] : [b, r])
        if flipped { e.transform = CATransform3DMakeRotation(.pi, 0, 1, 0) }
        root.addSublayer(e)
        return root
    }

    @Test func backToFrontDrawsTheNearerParticleOnTopWhateverItsBirthOrder() throws {
        // At t = 0.5 the particles are 10 pt off the plane on either side.
        for redFirst in [true, false] {
            let c = try Self.render(Self.duel(.backToFront, redFirst: redFirst, flipped: false))[20, 20]
            #expect(c.r > 200 && c.b < 50, "redFirst: \(redFirst)")
            // Turned around, the blue particle is the nearer one: depth is the viewer's, not
            // the emitter's own z.
            let turned = try Self.render(Self.duel(.backToFront, redFirst: redFirst, flipped: true))[20, 20]
            #expect(turned.b > 200 && turned.r < 50, "redFirst: \(redFirst)")
        }
        // Unordered keeps the cells' order (the later cell on top), in 3D too.
        let unordered = try Self.render(Self.duel(.unordered, redFirst: true, flipped: false))[20, 20]
        #expect(unordered.b > 200 && unordered.r < 50)
        // Flattened, backToFront orders by the emitter's own z, turned around or not.
        let flat = try Self.render(Self.duel(.backToFront, redFirst: false, flipped: true, preservesDepth: false))[20, 20]
        #expect(flat.r > 200 && flat.b < 50)
    }

    @Test func theNearerParticleIsTheLargerOneAtTheCentre() throws {
        // Both on the line of sight through the vanishing point: the near one (red) covers a
        // wider square than the far one; its edge shows red where the far one does not reach.
        let s = try Self.render(Self.duel(.backToFront, redFirst: false, flipped: false))
        // Near: 10/(1 − 0.1) ≈ 11.1 px wide; far: 10/1.1 ≈ 9.1 px, both centred on (20, 20).
        #expect(s[15, 20].r > 200 && s[24, 20].r > 200) // inside the near sprite, outside the far one
        let red = Self.redPixels(s, 0, 40)
        #expect(red > 120 && red <= 144, "\(red) px (11.1 px wide: 12 px more than half covered each way)")
        #expect(s[26, 20].r < 10 && s[26, 20].b < 10) // outside both
    }

    /// A 3D fountain: a cuboid volume with depth, particles moving in z, under a turned
    /// perspective (the emitter drawn through a plane surface), sorted back to front.
    static func fountain() -> CALayer {
        let root = Self.root(width: 64, eye: 120, turn: 0.6)
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let e = CAEmitterLayer()
        e.frame = root.bounds
        e.beginTime = 100
        e.preservesDepth = true
        e.renderMode = .backToFront
        e.emitterShape = .cuboid
        e.emitterPosition = CGPoint(x: 32, y: 40)
        e.emitterSize = CGSize(width: 20, height: 4)
        e.emitterDepth = 30
        e.seed = 7
        e.emitterCells = [Self.red, Self.blue].map { color in
            let c = Self.cell(color, latitude: 0.4, velocity: 25, size: 4)
            c.birthRate = 30
            c.lifetime = 2
            c.emissionLongitude = -.pi / 2
            c.emissionRange = 0.5
            c.zAcceleration = -10
            c.yAcceleration = 15
            return c
        }
        root.addSublayer(e)
        return root
    }

    /// The fountain's frame at `t` drawn by a CARenderer that drew `before` first.
    static func fountainFrame(after before: [CFTimeInterval], at t: CFTimeInterval) throws -> [UInt8] {
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 64, height: 64))
        MediaClock.withTime(99) {
            renderer.layer = fountain()
            CATransaction.flush()
        }
        for time in before + [t] {
            MediaClock.withTime(time) {
                renderer.beginFrame(atTime: time)
                renderer.render()
                renderer.endFrame()
            }
        }
        return try #require(renderer.makeImage()).premultipliedRGBA8.bytes()
    }

    @Test func framesDependOnlyOnTheTime() throws {
        let t: CFTimeInterval = 101.3
        let direct = try Self.fountainFrame(after: [], at: t)
        let shuffled = try Self.fountainFrame(after: [102.5, 100.1, 101.29, 100.7], at: t)
        let independent = try LayerRenderer.renderSurface(Self.fountain(), at: t, pixelWidth: 64, pixelHeight: 64, scale: 1).bytes()
        #expect(direct == shuffled)
        #expect(direct == independent)
        // Particles are drawn, in 3D: not the background, not the flattened frame.
        let bare = Self.fountain()
        (bare.sublayers?.first as? CAEmitterLayer)?.emitterCells = []
        #expect(try LayerRenderer.renderSurface(bare, at: t, pixelWidth: 64, pixelHeight: 64, scale: 1).bytes() != direct)
        let flat = Self.fountain()
        (flat.sublayers?.first as? CAEmitterLayer)?.preservesDepth = false
        #expect(try LayerRenderer.renderSurface(flat, at: t, pixelWidth: 64, pixelHeight: 64, scale: 1).bytes() != direct)
    }

    /// The fountain over a grey emitter plane turned away under perspective: particles in
    /// front of the plane larger and spread from it, those behind smaller, the nearer ones on
    /// top (checked by eye when recorded).
    @Test func fountainGolden() throws {
        let root = Self.fountain()
        root.sublayers?.first?.backgroundColor = CGColor(gray: 0.3, alpha: 1)
        let s = try LayerRenderer.renderSurface(root, at: 101.3, pixelWidth: 96, pixelHeight: 96, scale: 1.5)
        let result = GoldenImage.compare(actual: s, goldenPath: GoldenImage.path("preserves-depth-fountain.png"), tolerance: 1)
        #expect(result.passed, "\(result)")
    }

    @Test func absurdDepthsDoNotCrash() throws {
        let values: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -1e300, 1e18, -99.999999]
        for eye in [CGFloat(100), nil] {
            for v in values {
                for shape in [CAEmitterLayerEmitterShape.point, .cuboid, .sphere] {
                    let root = Self.root(eye: eye, turn: 0.3)
                    let c = Self.cell(Self.red, latitude: .pi / 2, velocity: 20)
                    c.zAcceleration = v
                    let e = Self.emitter(root.bounds, z: v, preservesDepth: true, mode: .backToFront, cells: [c])
                    e.emitterShape = shape
                    e.emitterDepth = v
                    e.emitterSize = CGSize(width: 10, height: 10)
                    root.addSublayer(e)
                    _ = try Self.render(root)
                }
            }
        }
        // NaN depths count as 0, as in the flattened drawing: the particle on the plane.
        let root = Self.root()
        root.addSublayer(Self.emitter(root.bounds, z: .nan, preservesDepth: true, cells: [Self.cell(Self.red)]))
        #expect(Self.redPixels(try Self.render(root), 0, 40) == 100)
        // A particle at or behind the eye (z ≥ 100 for an eye 100 pt away) is not drawn.
        for z: CGFloat in [100, 150, 1e300] {
            let behind = Self.root()
            behind.addSublayer(Self.emitter(behind.bounds, z: z, preservesDepth: true, cells: [Self.cell(Self.red)]))
            #expect(Self.redPixels(try Self.render(behind), 0, 40) == 0, "z: \(z)")
        }
    }

    @Test func membersOfATransformLayerPreserveDepthToo() throws {
        // An emitter inside a CATransformLayer under perspective: its particles are
        // foreshortened with the context's perspective as a plain sublayer's are.
        func nearPixels(_ deep: Bool) throws -> Int {
            let root = Self.root()
            let t = CATransformLayer()
            t.frame = root.bounds
            t.addSublayer(Self.emitter(root.bounds, z: 30, preservesDepth: deep, cells: [Self.cell(Self.red)]))
            root.addSublayer(t)
            return Self.redPixels(try Self.render(root), 0, 40)
        }
        #expect(try nearPixels(false) == 100)
        let deep = try nearPixels(true)
        #expect(deep > 170 && deep < 240, "\(deep)")
    }
}
