import CoreGraphics
import Foundation
import LaminaRaster
import Testing
@testable import LaminaCompositor

/// `ParticleProjection` (preservesDepth) without layers: a particle placed on the emitter's
/// plane lands exactly where the 3-D point does, sprites scale with depth, bad matrices are
/// refused, and the draw list carries a projection only for depth-preserving emitters.
@Suite struct ParticleProjectionTests {
    /// Bounds → device: a turn about y and x, a perspective (eye 300 pt), a translation.
    static let matrix: CATransform3D = {
        var p = CATransform3DIdentity
        p.m34 = -1 / 300
        var m = CATransform3DConcat(CATransform3DMakeRotation(0.7, 0, 1, 0), CATransform3DMakeRotation(-0.3, 1, 0, 0))
        m = CATransform3DConcat(CATransform3DMakeTranslation(-50, -40, 0), m)
        m = CATransform3DConcat(m, p)
        m = CATransform3DConcat(m, LayerGeometry.flatten)
        return CATransform3DConcat(m, CATransform3DMakeTranslation(60, 50, 0))
    }()

    @Test func aPlacedParticleShowsWhereThe3DPointDoes() throws {
        let proj = try #require(ParticleProjection(toDevice: Self.matrix, depthSpace: Self.matrix))
        let h = Homography(plane: Self.matrix)
        for (x, y, z) in [(10.0, 20.0, 0.0), (50, 40, 80), (-30, 70, -120), (90, -10, 150)] {
            let q = try #require(proj.place(x: x, y: y, z: z))
            let viaPlane = h.apply(q.x, q.y)
            let direct = Self.matrix.transform(x: x, y: y, z: z)
            #expect(abs(viaPlane.x / viaPlane.w - direct.x / direct.w) < 1e-9)
            #expect(abs(viaPlane.y / viaPlane.w - direct.y / direct.w) < 1e-9)
            // A sprite's offset at the particle's depth is scaled by `scale` on the plane.
            let side = try #require(proj.place(x: x + 1, y: y, z: z))
            #expect(abs((side.x - q.x) - q.scale) < 1e-9 && abs(side.y - q.y) < 1e-9)
        }
        // On the plane the projection is the identity.
        let on = try #require(proj.place(x: 12.5, y: -7, z: 0))
        #expect(on.x == 12.5 && on.y == -7 && on.scale == 1)
    }

    @Test func particlesAtOrBehindTheEyeAreNotPlaced() throws {
        var p = CATransform3DIdentity
        p.m34 = -1 / 100
        let proj = try #require(ParticleProjection(toDevice: CATransform3DConcat(p, LayerGeometry.flatten), depthSpace: p))
        #expect(proj.place(x: 0, y: 0, z: 99)!.scale > 50)
        #expect(proj.place(x: 0, y: 0, z: 100) == nil && proj.place(x: 0, y: 0, z: 1e300) == nil)
        #expect(proj.depth(x: 0, y: 0, z: 150) == nil)
        #expect(proj.depth(x: 0, y: 0, z: 10)! > proj.depth(x: 0, y: 0, z: -10)!)
    }

    @Test func edgeOnAndNonFiniteMatricesAreRefused() {
        var nan = CATransform3DIdentity
        nan.m11 = .nan
        #expect(ParticleProjection(toDevice: nan, depthSpace: CATransform3DIdentity) == nil)
        #expect(ParticleProjection(toDevice: CATransform3DIdentity, depthSpace: nan) == nil)
        let edgeOn = CATransform3DMakeScale(0, 1, 1) // the plane seen as a line
        #expect(ParticleProjection(toDevice: CATransform3DConcat(edgeOn, LayerGeometry.flatten), depthSpace: edgeOn) == nil)
        #expect(ParticleProjection.inverse3([1, 2, 3, 2, 4, 6, 0, 0, 1]) == nil)
        // Huge scales are inverted without overflow.
        let inv = ParticleProjection.inverse3([1e200, 0, 0, 0, 1e200, 0, 0, 0, 1])
        #expect(inv.map { abs($0[0] - 1e-200) < 1e-210 } == true)
    }

    /// A root with a perspective sublayerTransform holding one emitter node.
    static func nodes(preservesDepth: Bool) -> [RenderNode] {
        var root = RT.root(40, children: [1])
        var p = CATransform3DIdentity
        p.m34 = -1 / 100
        root.sublayerTransform = p
        var emitter = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        var e = EmitterContent()
        var cell = EmitterCellContent()
        cell.birthRate = 1
        cell.lifetime = 10
        cell.image = CGImage(surface: try! Surface(width: 4, height: 4))
        e.cells = [cell]
        e.position = CGPoint(x: 20, y: 20)
        e.zPosition = 30
        e.preservesDepth = preservesDepth
        e.time = 0.5
        emitter.kind = .emitter(e)
        return [root, emitter]
    }

    static func particlePieces(_ list: DrawList) -> [EmitterContent] {
        list.commands.compactMap { c in
            guard case let .draw(item) = c, case let .particles(e) = item.piece else { return nil }
            return e.value
        }
    }

    @Test func onlyDepthPreservingEmittersCarryAProjection() throws {
        let flat = Self.particlePieces(RT.drawList(Self.nodes(preservesDepth: false), size: 40))
        #expect(flat.count == 1 && flat[0].projection == nil)
        let deep = Self.particlePieces(RT.drawList(Self.nodes(preservesDepth: true), size: 40))
        #expect(deep.count == 1)
        let proj = try #require(deep.first?.projection)
        // The eye 100 pt away: a particle 30 pt in front shows 1/0.7 as large.
        #expect(abs(proj.place(x: 20, y: 20, z: 30)!.scale - 1 / 0.7) < 1e-12)
    }
}
