// `CAEmitterLayer.preservesDepth = true` among other planes: Apple documents that the layer
// then behaves "as if it were a CATransformLayer with the particles rendered as sublayers"
// (CAEmitterLayer.h; reference §2.8.3), so its particles take part in the depth order of the
// 3D rendering context they are in: a particle behind a plane is hidden by it, one in front
// of it is drawn over it, whatever the order the layers were added in.
//
// How, without a plane per particle. Every particle is a point in the context's sorting space
// (`ParticleProjection.contextPoint`); the points are sent down the same BSP tree that orders
// the planes (`PlaneSorter.backToFront(_:points:viewer:)`), so each ends in one region of it,
// between two draws of the back-to-front list. The particles of an emitter that end in the
// same region are a *run*, drawn as one draw item — the emitter's particle piece restricted
// to that run (`EmitterContent.selection`) — so ten thousand particles among a few planes are
// still a few sprite batches, and the sort costs one walk down the tree per particle. A
// particle is a point in this sort: a sprite that straddles a plane is drawn wholly on the
// side its centre is on (sprites are small; a finer cut would mean a plane per particle).
//
// Two places use it:
// - Members of a CATransformLayer context (TransformLayerContext.swift): the emitter's plane
//   (background, contents, flattened sublayers, border) is one plane of the sort like any
//   member's, drawn without its particles; its particles are runs among all the context's
//   fragments. They are never clipped to the pieces the BSP cuts the emitter's plane into.
//   Its own background hides its particles behind it, as any plane in front of them does.
// - An emitter with sublayers outside such a context (`FramePreparer.emit`): the emitter
//   flattens its sublayers into its plane (z = 0), and its particles are split by that plane
//   as the viewer sees it: those behind are drawn before the sublayers, those in front (or in
//   the plane) after them, before the border. There is no other plane to sort against, and —
//   as CAEmitterLayer.h says, "the particles are drawn above the backgroundColor" — the
//   background and contents stay under every particle, so an emitter without sublayers draws
//   exactly as before.
//
// Choices where Apple is silent (UNCERTAIN, reference §2.10): a particle in a plane (within
// `PlaneSorter.epsilon`, 1/1000 pt) is drawn over it, like a later sublayer; inside a run the
// emitter's render order is kept (`backToFront` runs are already sorted by depth); a run is
// drawn with the emitter's opacity on its own (no group across runs, as a transform layer's
// members get no group); in a context the emitter's `mask` does not apply to its particles
// (a transform layer ignores masks, reference §2.8.2 — preservesDepth takes on its
// restrictions, §2.8.3), while `masksToBounds` still clips them where they show on the
// emitter's plane, as it does outside contexts.
import CoreGraphics

extension FramePreparer {
    /// The sorting-space points of a depth-preserving emitter's particles (`e.projection`
    /// set), one per particle of its evaluation in drawing order; a particle with no point
    /// (behind the sorting space's eye) gets NaNs, which the sort never draws.
    static func particlePoints(_ e: EmitterContent) -> [SIMD3<Double>] {
        guard let projection = e.projection else { return [] }
        return ParticleEvaluator.boundsEvaluators.lend { evaluator in
            evaluator.evaluate(e)
            let none = SIMD3<Double>(repeating: .nan)
            return evaluator.particles.map { p in projection.contextPoint(placedX: p.x, placedY: p.y, z: p.z) ?? none }
        }
    }

    /// An emitter's particle piece restricted to one run.
    static func particleRun(_ e: EmitterContent, runs: [Int32], run: Int32) -> EmitterContent {
        var r = e
        r.selection = ParticleSelection(runs: runs, run: run)
        return r
    }

    // MARK: An emitter with sublayers

    /// A depth-preserving emitter's particles on either side of its own plane, as the viewer
    /// sees it: `behind` is drawn before its sublayers, `front` (in front or in the plane)
    /// after them; nil for a side with no particle. Only for emitters whose particles are
    /// placed (`projection`), not yet split (`selection`), with sublayers.
    struct ParticleDepthSplit {
        var behind: EmitterContent?
        var front: EmitterContent?
    }

    /// The split of `n`'s particles by its plane (see `ParticleDepthSplit`), or nil when `n`
    /// draws its particles in one piece as before: not a depth-preserving emitter, no
    /// sublayers, or a plane the sorting space cannot place (degenerate, behind the eye).
    func particleDepthSplit(_ n: RenderNode) -> ParticleDepthSplit? {
        guard !n.children.isEmpty, case let .emitter(e) = n.kind, let projection = e.projection, e.selection == nil,
              !e.cells.isEmpty,
              let plane = PlanePolygon(id: 0, bounds: Self.planeRect(of: n, in: tree), transform: projection.depthSpace)
        else { return nil }
        let (items, runs) = PlaneSorter.backToFront([plane], points: Self.particlePoints(e))
        var split = ParticleDepthSplit()
        var pastPlane = false
        for item in items {
            switch item {
            case .fragment: pastPlane = true
            case let .points(run):
                let piece = Self.particleRun(e, runs: runs, run: run)
                if pastPlane { split.front = piece } else { split.behind = piece }
            }
        }
        return split
    }

    // MARK: Members of a 3D rendering context

    /// The particles of a context's depth-preserving emitter members, as points for the
    /// context's sort (`DepthSortedContext.items`).
    struct ContextParticles {
        /// Member index → the member's node with its particles placed for the frame.
        var emitters: [Int: RenderNode] = [:]
        /// Member index → its particles' range in `points`.
        var spans: [Int: Range<Int>] = [:]
        /// Every particle's sorting-space point, member after member.
        var points: [SIMD3<Double>] = []
        /// Member index → each of its particles' run (`ParticleSelection.runs`), after `sorted`.
        var runsOf: [Int: [Int32]] = [:]
        /// Run → the members with particles in it, in member order, after `sorted`.
        var membersOf: [Int32: [Int]] = [:]

        var isEmpty: Bool { emitters.isEmpty }

        /// Records the sort's runs (`runs[i]`: point i's run).
        mutating func sorted(runs: [Int32]) {
            for (member, span) in spans.sorted(by: { $0.key < $1.key }) {
                let own = Array(runs[span])
                runsOf[member] = own
                var seen: Set<Int32> = []
                for r in own where r >= 0 && seen.insert(r).inserted { membersOf[r, default: []].append(member) }
            }
        }

        /// The member's plane as drawn in the sort: without its particles (they are drawn in
        /// runs); nil for members that are not depth-preserving emitters.
        func planeNode(_ member: Int) -> RenderNode? {
            guard var n = emitters[member], case var .emitter(e) = n.kind else { return nil }
            e.cells = [] // (the projection stays: the body cache is then bypassed, as for any placed emitter)
            n.kind = .emitter(e)
            return n
        }

        /// The member's particles of `run` alone: the emitter with its own background,
        /// contents, border, shadow and sublayers left out (they are its plane's), keeping its
        /// opacity, bounds clip and culling.
        func runNode(_ member: Int, run: Int32) -> RenderNode? {
            guard var n = emitters[member], case let .emitter(e) = n.kind, let runs = runsOf[member] else { return nil }
            n.kind = .emitter(FramePreparer.particleRun(e, runs: runs, run: run))
            n.children = []
            n.mask = nil
            n.backgroundColor = nil
            n.contents = .none
            n.borderWidth = 0
            n.shadowOpacity = 0
            n.shouldRasterize = false
            n.transition = nil
            return n
        }
    }

    /// The depth-preserving emitters among `members` with their particles placed through
    /// their matrices (`toContext` · `contextToDevice`) and as points of the context.
    func contextParticles(_ members: [ContextMember], contextToDevice: CATransform3D) -> ContextParticles {
        var out = ContextParticles()
        for (i, m) in members.enumerated() where m.node.preservesParticleDepth {
            let placed = m.node.projectingParticles(matrix: CATransform3DConcat(m.toContext, contextToDevice), depthSpace: m.toContext)
            guard case let .emitter(e) = placed.kind, e.projection != nil else { continue }
            let points = Self.particlePoints(e)
            out.emitters[i] = placed
            out.spans[i] = out.points.count..<(out.points.count + points.count)
            out.points.append(contentsOf: points)
        }
        return out
    }
}
