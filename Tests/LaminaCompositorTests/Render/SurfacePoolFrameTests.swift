// Frames drawing their offscreen surfaces from the compositor's SurfacePool: the same bytes as
// frames that allocate every surface anew, no fresh surface once an animation is warm, and
// idle pooled memory that never makes a frame fail.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct SurfacePoolFrameTests {
    /// A 40-point group at opacity 0.5 over two overlapping children (a 42 × 42 offscreen
    /// surface), with square or rounded corners.
    private func groupTree(cornerRadius: CGFloat, background: CGColor) -> RenderTree {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: background, children: [2, 3])
        a.opacity = 0.5
        a.cornerRadius = cornerRadius
        let b = RT.layer(2, frame: CGRect(x: 5, y: 5, width: 20, height: 20), background: RT.blue)
        let c = RT.layer(3, frame: CGRect(x: 15, y: 15, width: 20, height: 20), background: RT.green)
        return RT.tree([RT.root(64, children: [1]), a, b, c])
    }

    /// The second frame reuses the first frame's group surface, whose corners the first frame
    /// painted red and the second leaves transparent: unless reused memory is cleared as fresh
    /// memory is, red shows in the corners.
    @Test func aReusedGroupSurfaceIsClearedAsAFreshOne() throws {
        let pooled = Compositor()
        _ = try pooled.render(tree: groupTree(cornerRadius: 0, background: RT.red), width: 64, height: 64)
        let before = pooled.surfacePool.statistics
        #expect(before.pooledBuffers >= 1)
        let second = groupTree(cornerRadius: 16, background: RT.color(1, 0, 0, 0.5))
        let got = try pooled.render(tree: second, width: 64, height: 64)
        #expect(pooled.surfacePool.statistics.reuses > before.reuses)
        #expect(pooled.surfacePool.statistics.freshAllocations == before.freshAllocations + 1) // the output only
        let fresh = try Compositor(memoryBudget: nil, poolBytes: 0).render(tree: second, width: 64, height: 64)
        #expect(got.bytes() == fresh.bytes())
        #expect(got[11, 11] == .transparent) // a rounded corner of the group
    }

    /// A layer turning with group opacity, a shadow from its alpha, a mask and a perspective
    /// child: after the first frames every offscreen surface and mask comes from the pool, and
    /// every frame has the bytes of a frame drawn without one.
    @Test func anAnimatingTreeAllocatesNoSurfaceAfterWarmUp() throws {
        func tree(_ angle: Double) -> RenderTree {
            var group = RT.layer(1, frame: CGRect(x: 20, y: 20, width: 60, height: 60), background: RT.color(0.2, 0.4, 0.9), children: [2, 3])
            group.opacity = 0.7
            group.shadowOpacity = 0.8
            group.shadowRadius = 4
            group.shadowOffset = CGSize(width: 3, height: 5)
            group.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            group.mask = RT.id(4)
            var child = RT.layer(2, frame: CGRect(x: 10, y: 10, width: 40, height: 30), background: RT.red)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 200
            child.transform = CATransform3DRotate(perspective, 0.6 + angle, 0, 1, 0)
            let other = RT.layer(3, frame: CGRect(x: 25, y: 25, width: 30, height: 30), background: RT.green)
            var mask = RT.layer(4, frame: CGRect(x: 0, y: 0, width: 60, height: 60), background: RT.black)
            mask.cornerRadius = 18
            return RT.tree([RT.root(100, children: [1]), group, child, other, mask])
        }
        let frames = IncrementalFrames()
        let plain = Compositor(memoryBudget: nil, poolBytes: 0)
        let pool = frames.compositor.surfacePool
        var warm = pool.statistics
        for step in 0..<24 {
            let t = tree(Double(step) * 0.05)
            try frames.render(tree: t, width: 100, height: 100, background: RT.white)
            if step == 11 { warm = pool.statistics }
            let expected = try plain.render(tree: t, width: 100, height: 100, background: RT.white)
            #expect(frames.surface?.bytes() == expected.bytes(), "step \(step)")
        }
        let end = pool.statistics
        #expect(end.freshAllocations == warm.freshAllocations, "\(warm) → \(end)")
        #expect(end.reuses > warm.reuses)
        #expect(plain.surfacePool.statistics.reuses == 0 && plain.surfacePool.statistics.pooledBytes == 0)
    }

    /// Idle memory in one compositor's pool is given up when another frame charging the same
    /// budget needs the room; without that, the second frame would not fit.
    @Test func idlePooledMemoryNeverMakesAFrameFail() throws {
        let tree = groupTree(cornerRadius: 0, background: RT.red)
        // The 64 × 64 output (16 KiB) and one 42 × 42 group (7 KiB class), with 100 bytes to spare.
        let budget = PixelMemoryBudget(limit: 64 * 64 * 4 + (7 << 10) + 100)
        let first = Compositor(memoryBudget: budget)
        _ = try first.render(tree: tree, width: 64, height: 64)
        #expect(first.surfacePool.statistics.pooledBytes == 7 << 10)
        #expect(budget.used == 7 << 10) // the output is gone; the idle group buffer is held
        let second = Compositor(memoryBudget: budget)
        let out = try second.render(tree: tree, width: 64, height: 64)
        #expect(first.surfacePool.statistics.pooledBytes == 0 && first.surfacePool.statistics.dropped == 1)
        #expect(budget.used == 64 * 64 * 4 + (7 << 10)) // the output and second's idle buffer
        withExtendedLifetime(out) {}
    }
}
