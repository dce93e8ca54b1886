import CoreGraphics
@testable import LaminaCompositor
import Testing

/// Each way prepare can draw a perspective layer, read off the draw list: straight through its
/// homography (`.drawPlaneDirect`), as a page without any surface (`.drawMaskedPlaneDirect`),
/// or flat into a plane surface that is then projected (`beginProjective` … `endProjective`).
/// The rules are `DirectPlaneChoice`'s.
@Suite struct PlaneDecisionTests {
    /// A 60 × 60 layer #1 turned about y and x under m34 = −1/250, in a 100-point root.
    static func tilted(_ configure: (inout RenderNode) -> Void = { _ in }, extra: [RenderNode] = []) -> [RenderNode] {
        var persp = CATransform3DIdentity
        persp.m34 = -1 / 250
        var p = RT.layer(1, frame: CGRect(x: 20, y: 20, width: 60, height: 60), background: RT.color(0.2, 0.6, 0.3))
        p.transform = CATransform3DRotate(CATransform3DRotate(persp, 0.6, 0, 1, 0), -0.3, 1, 0, 0)
        configure(&p)
        return [RT.root(100, children: [1]), p] + extra
    }

    static func withImage(_ p: inout RenderNode) {
        p.contents = .image(RT.quadrantImage(16, 16))
        p.contentsGravity = .center
    }

    /// The commands that are neither plain draws nor clips: what a test of the plane decision reads.
    static func planeCommands(_ list: DrawList) -> [String] {
        list.outline.filter { $0.hasPrefix("plane") || $0.contains("[plane") }
    }

    @Test func backgroundAndImageAreDrawnDirectly() throws {
        let list = RT.drawList(Self.tilted(Self.withImage))
        #expect(list.outline == ["plane #1 [direct: background, contents]"])
        guard case let .drawPlaneDirect(plane) = try #require(list.commands.first) else {
            Issue.record("expected a direct plane"); return
        }
        // The items are in the plane's pixels; the plane's map takes them to the device.
        #expect(plane.layer == RT.id(1) && plane.plane.cacheKey == nil && !plane.plane.bounds.isEmpty)
        #expect(plane.items.map(\.layer) == [RT.id(1), RT.id(1)])
        #expect(list.items.count == 2)
    }

    @Test func aSublayerBackgroundInsideThePlaneIsDrawnDirectly() {
        let child = RT.layer(2, frame: CGRect(x: 5, y: 5, width: 10, height: 10), background: RT.blue)
        let list = RT.drawList(Self.tilted({ $0.children = [RT.id(2)] }, extra: [child]))
        #expect(list.outline == ["plane #1 [direct: background, background]"])
    }

    /// Opacity over pieces that do not overlap fades each piece: nothing for a surface to do.
    @Test func aFadedLayerWithoutOverlapIsDrawnDirectlyWithItsAlpha() throws {
        let list = RT.drawList(Self.tilted { $0.opacity = 0.5 })
        #expect(list.outline == ["plane #1 [direct: background]"])
        #expect(try #require(list.items.first).alpha == 0.5)
    }

    /// A page: a wide path shadow and a masked group of a background and an image under a
    /// rounded opaque mask.
    @Test func aRoundedMaskedPageIsADirectMaskedPlane() {
        let list = RT.drawList(DirectMaskedPlaneTests.scene(), size: 200)
        #expect(list.outline == ["draw #0 background", "plane #1 [direct masked: wideShadow(holed), masked(background, contents)]"])
        #expect(list.groups.isEmpty)
    }

    /// What keeps the plane surface, and why (see `DirectPlaneChoice`).
    enum SurfaceCase: String, CaseIterable, Sendable {
        /// A border is not a projective paint.
        case border
        /// masksToBounds clips the body.
        case masksToBounds
        /// Group opacity over overlapping pieces composites a whole group.
        case groupOpacityOverlap
        /// A shadow from the composited alpha needs the group.
        case alphaShadow
        /// A narrow (σ < 32) path shadow is blurred at full resolution in the surface.
        case narrowPathShadow
        /// Three plain pieces: more than a direct plane draws one by one.
        case threePieces
        /// A translucent mask is not a plain outline.
        case translucentMask
        /// A gradient is not a projective paint.
        case gradient
    }

    static func nodes(_ c: SurfaceCase) -> [RenderNode] {
        let child = RT.layer(2, frame: CGRect(x: 10, y: 10, width: 30, height: 30), background: RT.blue)
        switch c {
        case .border:
            return tilted { $0.borderWidth = 2; $0.borderColor = RT.black }
        case .masksToBounds:
            return tilted({ $0.masksToBounds = true; $0.children = [RT.id(2)] }, extra: [child])
        case .groupOpacityOverlap:
            return tilted({ $0.opacity = 0.5; $0.children = [RT.id(2)] }, extra: [child])
        case .alphaShadow:
            return tilted { withImage(&$0); $0.backgroundColor = nil; $0.shadowOpacity = 0.5; $0.shadowRadius = 3 }
        case .narrowPathShadow:
            return tilted { $0.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)
                $0.shadowOpacity = 0.5; $0.shadowRadius = 3 }
        case .threePieces:
            return tilted({ withImage(&$0); $0.children = [RT.id(2)] }, extra: [child])
        case .translucentMask:
            return DirectMaskedPlaneTests.scene(maskAlpha: 0.5)
        case .gradient:
            return tilted {
                $0.kind = .gradient(GradientContent(colors: [RT.red, RT.blue]))
            }
        }
    }

    @Test(arguments: SurfaceCase.allCases)
    func thesePlanesKeepTheirSurface(_ c: SurfaceCase) {
        let list = RT.drawList(Self.nodes(c), size: c == .translucentMask ? 200 : 100)
        #expect(Self.planeCommands(list) == ["begin #1 [plane]", "end #1 [plane]"], "\(c): \(list.outline)")
    }

    /// shouldRasterize: the plane surface is what is cached between frames.
    @Test func aRasterizedPlaneKeepsItsCachedSurface() {
        let list = RT.drawList(Self.tilted { $0.shouldRasterize = true })
        #expect(list.outline == ["begin #1 [plane, cached]", "begin #1 [rasterize]", "draw #1 background", "end #1", "end #1 [plane]"])
    }

    /// A plane inside a plane: the inner one is decided on its own; the outer one, whose body
    /// holds a plane, keeps its surface.
    @Test func nestedPlanesAreDecidedEachOnTheirOwn() {
        var inner = RT.layer(2, frame: CGRect(x: 10, y: 10, width: 30, height: 30), background: RT.blue)
        var persp = CATransform3DIdentity
        persp.m34 = -1 / 200
        inner.transform = CATransform3DRotate(persp, 0.7, 1, 0, 0)
        let list = RT.drawList(Self.tilted({ $0.children = [RT.id(2)] }, extra: [inner]))
        #expect(list.outline == ["begin #1 [plane]", "draw #1 background", "plane #2 [direct: background]", "end #1 [plane]"])
    }
}
