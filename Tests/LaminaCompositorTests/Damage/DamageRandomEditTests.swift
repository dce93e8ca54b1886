// Random edit sequences on small random render trees (RegionRandomTreeTests' builder: 2D and
// 3D transforms, masks, shadows, groups, rasterized layers, images, gradients, shapes,
// transform layers, replicators), each frame drawn incrementally — the damage between the
// previous frame's draw list and this one's redrawn over the previous frame — and compared
// byte for byte with a full redraw of the same tree.
import CoreGraphics
import Foundation
@testable import LaminaCompositor
import LaminaRaster
import Testing
import _LaminaTestSupport

@Suite struct DamageRandomEditTests {
    /// One random edit of `tree`: a property change, a reparenting, a reorder, a removal, a new
    /// layer, a mask set or cleared, a contents swap, a 3D transform.
    static func edit(_ tree: inout RenderTree, size: CGFloat, next: inout UInt64, rng: inout SplitMix64) {
        func u() -> CGFloat { CGFloat(rng.uniform()) }
        func chance(_ p: Double) -> Bool { rng.uniform() < p }
        func color(alpha: CGFloat = 1) -> CGColor { CGColor(red: u(), green: u(), blue: u(), alpha: alpha) }
        guard let root = tree.rootID else { return }
        let reachable = tree.subtree(of: root).order
        var parent: [RenderNodeID: RenderNodeID] = [:]
        var masks: Set<RenderNodeID> = []
        for id in reachable {
            guard let n = tree[id] else { continue }
            for c in n.children { parent[c] = id }
            if let m = n.mask { parent[m] = id; masks.insert(m) }
        }
        let others = reachable.filter { $0 != root }
        guard !others.isEmpty else { return }
        let id = others[Int(rng.next() % UInt64(others.count))]
        switch rng.next() % 17 {
        case 0: tree.modify(id) { $0.position.x += (u() - 0.5) * 20; $0.position.y += (u() - 0.5) * 20 }
        case 1: tree.modify(id) { $0.opacity = chance(0.2) ? 0 : Float(u()) }
        case 2: tree.modify(id) { $0.backgroundColor = chance(0.15) ? nil : color(alpha: chance(0.5) ? 1 : u()) }
        case 3: tree.modify(id) { $0.isHidden.toggle() }
        case 4: tree.modify(id) { $0.transform = CATransform3DMakeRotation(u() * 2 * .pi, 0, 0, 1) }
        case 5:
            tree.modify(id) {
                var t = CATransform3DIdentity
                t.m34 = -1 / (150 + 400 * u())
                $0.transform = CATransform3DConcat(CATransform3DMakeRotation((u() - 0.5) * 2.2, 1, chance(0.5) ? 1 : 0, 0), t)
            }
        case 6:
            tree.modify(id) {
                $0.shadowOpacity = chance(0.3) ? 0 : Float(0.4 + 0.6 * u())
                $0.shadowRadius = chance(0.2) ? 20 + u() * 40 : u() * 8
                $0.shadowOffset = CGSize(width: (u() - 0.5) * 12, height: (u() - 0.5) * 12)
            }
        case 7: tree.modify(id) { $0.bounds.size = CGSize(width: 4 + u() * size * 0.6, height: 4 + u() * size * 0.6) }
        case 8: tree.modify(id) { $0.masksToBounds.toggle(); $0.cornerRadius = chance(0.5) ? u() * 12 : 0 }
        case 9: tree.modify(id) { $0.contents = chance(0.2) ? .none : .image(RegionRandomTreeTests.image(seed: rng.next())) }
        case 10: tree.modify(id) { $0.zPosition = (u() - 0.5) * 60 }
        case 11:
            // Reparent under a node outside its own subtree (masks are not parents).
            guard !masks.contains(id), let from = parent[id] else { return }
            let sub = Set(tree.subtree(of: id).order)
            let targets = reachable.filter { !sub.contains($0) && !masks.contains($0) }
            let to = targets[Int(rng.next() % UInt64(targets.count))]
            guard var p = tree[from] else { return }
            p.children.removeAll { $0 == id }
            tree.update(p)
            guard var q = tree[to] else { return }
            q.children.insert(id, at: Int(rng.next() % UInt64(q.children.count + 1)))
            tree.update(q)
        case 12:
            // Reorder a parent's children.
            guard let from = parent[id], var p = tree[from], p.children.count > 1 else { return }
            p.children.shuffle(using: &rng)
            tree.update(p)
        case 13:
            // Remove the subtree (or clear the mask).
            guard let from = parent[id], var p = tree[from] else { return }
            if p.mask == id { p.mask = nil } else { p.children.removeAll { $0 == id } }
            tree.update(p)
            tree.removeSubtree(id)
        case 14:
            // A new layer under `id` (or a sibling when `id` is a mask).
            guard !masks.contains(id), var p = tree[id] else { return }
            let nid = RenderNodeID(next); next += 1
            var n = RenderNode(id: nid, bounds: CGRect(x: 0, y: 0, width: 6 + u() * size * 0.4, height: 6 + u() * size * 0.4),
                               position: CGPoint(x: u() * size * 0.5, y: u() * size * 0.5))
            n.backgroundColor = color(alpha: chance(0.5) ? 1 : 0.5)
            if chance(0.3) { n.shadowOpacity = 0.8; n.shadowRadius = u() * 6 }
            p.children.append(nid)
            tree.update(n)
            tree.update(p)
        case 15:
            // Set or clear a mask.
            guard !masks.contains(id), var p = tree[id] else { return }
            if let m = p.mask {
                p.mask = nil
                tree.update(p)
                tree.removeSubtree(m)
            } else {
                let mid = RenderNodeID(next); next += 1
                var m = RenderNode(id: mid, bounds: CGRect(x: 0, y: 0, width: p.bounds.width * (0.4 + u()), height: p.bounds.height * (0.4 + u())),
                                   position: CGPoint(x: u() * p.bounds.width, y: u() * p.bounds.height))
                m.backgroundColor = color(alpha: 0.4 + 0.6 * u()); m.cornerRadius = 5
                p.mask = mid
                tree.update(m)
                tree.update(p)
            }
        default:
            tree.modify(id) {
                $0.borderWidth = chance(0.4) ? 0 : 0.5 + u() * 4
                $0.borderColor = color(alpha: 0.5 + 0.5 * u())
                $0.sublayerTransform = chance(0.7) ? CATransform3DIdentity : {
                    var t = CATransform3DIdentity
                    t.m34 = -1 / (200 + 300 * u())
                    return t
                }()
            }
        }
    }

    /// Runs `steps` frames of random edits on a random tree, drawing each incrementally and
    /// whole; returns the first difference, nil when every frame matches. `damaged` adds up
    /// the fraction of the frame each incremental frame redrew. With a `pool` the incremental
    /// frames are drawn on it, damage rectangles and planes of `splitPixels` pixels or more
    /// cut into bands; the whole ones stay on one thread.
    static func run(seed: UInt64, steps: Int, damaged: inout Double, pool: WorkerPool? = nil,
                    splitPixels: Int = RenderThreads.minimumSplitPixels) throws -> String? {
        var rng = SplitMix64(seed &* 104_729 &+ 5)
        let size = 40 + CGFloat(rng.next() % 40)
        var tree = RegionRandomTreeTests.randomTree(size: size, count: 3 + Int(rng.next() % 8), rng: &rng)
        var next: UInt64 = 10_000
        let scale = [1.0, 1.5, 0.75][Int(rng.next() % 3)]
        let w = Int((size * CGFloat(scale)).rounded()), h = w - 5
        let background: CGColor? = seed % 2 == 0 ? RegionRandomTreeTests.background : nil
        let frames = IncrementalFrames(pool: pool)
        frames.minimumSplitPixels = splitPixels
        let whole = Compositor()
        for step in 0...steps {
            if step > 0 {
                for _ in 0..<(1 + Int(rng.next() % 3)) { edit(&tree, size: size, next: &next, rng: &rng) }
            }
            let damage = try frames.render(tree: tree, width: w, height: h, scale: scale, background: background)
            if step > 0 { damaged += Double(damage.area) / Double(w * h) }
            let full = try whole.render(tree: tree, width: w, height: h, scale: scale, background: background)
            let got = try #require(frames.surface)
            if got.bytes() != full.bytes() {
                var diff = 0
                var first: (Int, Int)?
                for y in 0..<h { for x in 0..<w where got[x, y] != full[x, y] { diff += 1; if first == nil { first = (x, y) } } }
                return "step \(step): \(diff) pixel(s) differ, first \(first!), damage \(damage.rects)"
            }
        }
        return nil
    }

    @Test(arguments: 0..<8)
    func incrementalFramesOfRandomEditsMatchFullRedraws(_ batch: Int) throws {
        var damaged = 0.0
        for k in 0..<40 {
            let seed = UInt64(batch * 40 + k)
            let bad = try Self.run(seed: seed, steps: 8, damaged: &damaged)
            #expect(bad == nil, "seed \(seed): \(bad ?? "")")
        }
        // Small edits on small trees: on average well under the whole frame is redrawn.
        #expect(damaged / (40 * 8) < 0.9, "mean damaged fraction \(damaged / (40 * 8))")
    }

    /// The same edit sequences drawn incrementally on 2 and 3 threads, every damage rectangle
    /// of 64 pixels or more and every 3D plane cut into bands: each frame is still the
    /// one-thread full redraw.
    @Test(arguments: [(2, 0), (3, 1), (3, 2)])
    func incrementalFramesOnThreadsMatchFullRedraws(_ threads: Int, _ batch: Int) throws {
        let pool = WorkerPool(threadCount: threads)
        var damaged = 0.0
        for k in 0..<40 {
            let seed = UInt64(batch * 40 + k)
            let bad = try Self.run(seed: seed, steps: 8, damaged: &damaged, pool: pool, splitPixels: 64)
            #expect(bad == nil, "seed \(seed), \(threads) threads: \(bad ?? "")")
        }
    }
}
