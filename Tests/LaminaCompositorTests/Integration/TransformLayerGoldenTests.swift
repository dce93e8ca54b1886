// Pixels of 3D contexts: the gallery's cube, flattening versus a shared context, and two
// planes that cut through each other. Each golden was looked at when recorded.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct TransformLayerGoldenTests {
    /// The gallery's cube tile (GalleryTiles.cube) as a hand-built tree: a 100 pt tile, the
    /// transform layer turned −30° about x and 36° about y under m34 = −1/300, six 50 pt faces
    /// 25 pt from the centre, single-sided.
    static func cube() -> [RenderNode] {
        var t = IT.perspective(300)
        t = CATransform3DRotate(t, -.pi / 6, 1, 0, 0)
        t = CATransform3DRotate(t, .pi / 5, 0, 1, 0)
        let faces: [(CATransform3D, CGColor)] = [
            (CATransform3DMakeTranslation(0, 0, 25), IT.coral),
            (CATransform3DRotate(CATransform3DMakeTranslation(25, 0, 0), .pi / 2, 0, 1, 0), IT.teal),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, -25, 0), .pi / 2, 1, 0, 0), IT.gold),
            (CATransform3DRotate(CATransform3DMakeTranslation(-25, 0, 0), -.pi / 2, 0, 1, 0), IT.sky),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 25, 0), -.pi / 2, 1, 0, 0), IT.ink),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -25), .pi, 0, 1, 0), IT.white),
        ]
        var nodes = [IT.layer(0, frame: CGRect(x: 0, y: 0, width: 120, height: 120), children: [1]),
                     IT.layer(1, frame: CGRect(x: 10, y: 10, width: 100, height: 100), children: Array(2...7), kind: .transformLayer, transform: t)]
        for (i, (ft, color)) in faces.enumerated() {
            var f = IT.layer(UInt64(2 + i), frame: CGRect(x: 25, y: 25, width: 50, height: 50), background: color, transform: ft)
            f.isDoubleSided = false
            nodes.append(f)
        }
        return nodes
    }

    @Test func cubeOfSixLayers() throws {
        let s = try IT.render(Self.cube(), width: 120, height: 120)
        IT.golden(s, "integration-cube.png")
        // Three faces face the viewer (front coral, top gold, left sky: the cube is turned so
        // its left side and top show), the other three are culled.
        let list = IT.drawList(Self.cube(), width: 120, height: 120)
        #expect(Set(list.items.map(\.layer)) == [IT.id(2), IT.id(4), IT.id(5)])
    }

    @Test func groupAroundACubeCoversItsTrueExtent() throws {
        // A shadow from alpha on the cube's superlayer makes it a group: its bounds come from
        // the extent of the 3D context, which must hold every pixel the cube draws.
        var nodes = Self.cube()
        nodes[0].shadowOpacity = 0.5
        nodes[0].shadowRadius = 0
        nodes[0].shadowOffset = .zero
        let group = try #require(IT.drawList(nodes, width: 120, height: 120).groups.first)
        let s = try Compositor().render(tree: IT.tree(Self.cube()), width: 120, height: 120)
        var x0 = 120, y0 = 120, x1 = 0, y1 = 0
        for y in 0..<120 { for x in 0..<120 where s[x, y].a > 0 { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1) } }
        #expect(x1 > x0)
        #expect(group.bounds.x0 <= x0 && group.bounds.y0 <= y0)
        #expect(group.bounds.x1 >= x1 && group.bounds.y1 >= y1)
        // …and not much more (the members' true planes, not the tile's whole projected rect).
        #expect(group.bounds.x0 >= x0 - 3 && group.bounds.y0 >= y0 - 3)
        #expect(group.bounds.x1 <= x1 + 3 && group.bounds.y1 <= y1 + 3)
    }

    /// Outer layer turned +45° about y holding an inner one turned −45°, under a root
    /// perspective; `outerKind` .plain flattens, .transformLayer does not.
    static func nested(outerKind: RenderNodeKind) -> [RenderNode] {
        var root = IT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [1])
        root.sublayerTransform = IT.perspective(300)
        let outer = IT.layer(1, frame: CGRect(x: 20, y: 20, width: 60, height: 60), children: [2], kind: outerKind,
                             transform: IT.rotationY(45))
        let inner = IT.layer(2, frame: CGRect(x: 0, y: 0, width: 60, height: 60), background: IT.red, transform: IT.rotationY(-45))
        return [root, outer, inner]
    }

    @Test func nestedFlatteningDoesNotCancel() throws {
        let s = try IT.render(Self.nested(outerKind: .plain), width: 100, height: 100)
        IT.golden(s, "integration-nested-flattened.png")
        // Flattened into the outer plane (cos 45° · cos 45° of the width, foreshortened).
        #expect(IT.redRun(s, row: 50) < 45)
    }

    @Test func nestedInTransformLayerCancels() throws {
        let s = try IT.render(Self.nested(outerKind: .transformLayer), width: 100, height: 100)
        IT.golden(s, "integration-nested-transform-layer.png")
        // The two rotations cancel: the inner square is flat and 60 pt wide again.
        let run = IT.redRun(s, row: 50)
        #expect(run >= 59 && run <= 61)
    }

    @Test func twoIntersectingPlanes() throws {
        var root = IT.layer(0, frame: CGRect(x: 0, y: 0, width: 120, height: 120), children: [1])
        root.sublayerTransform = IT.perspective(300)
        let t = IT.layer(1, frame: CGRect(x: 0, y: 0, width: 120, height: 120), children: [2, 3], kind: .transformLayer,
                         transform: CATransform3DMakeRotation(-.pi / 8, 1, 0, 0))
        let a = IT.layer(2, frame: CGRect(x: 25, y: 30, width: 70, height: 60), background: IT.coral, transform: IT.rotationY(35))
        let b = IT.layer(3, frame: CGRect(x: 25, y: 30, width: 70, height: 60), background: IT.teal, transform: IT.rotationY(-35))
        let s = try IT.render([root, t, a, b], width: 120, height: 120)
        IT.golden(s, "integration-intersecting-planes.png")
        // Each plane is in front on one side of the intersection line (x = 60): coral's
        // right half comes toward the viewer (+35° about y moves the +x edge away… so teal's
        // right half is nearer), and the other way round on the left.
        let left = s[40, 60], right = s[80, 60]
        #expect(left != right)
    }
}
