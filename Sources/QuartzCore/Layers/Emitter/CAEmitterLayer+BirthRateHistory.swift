import Foundation
import LaminaCompositor

// Birth-rate changes as Apple's render server sees them. Apple's emitter is a running
// simulation: `emitter.birthRate = 0` (or a cell's) stops new births, and the particles
// already born live out their lifetimes — the confetti idiom, a burst then `birthRate = 0`
// and the layer removed later. Lamina's particles are a closed-form function of committed
// data and time (ParticleEvaluator.swift), so the change itself must be committed data: each
// commit that carries a new birth rate stamps the old one with the commit's media time
// (`BirthRateRecord`), and the render tree receives the history in the emitter's local time
// (`BirthRateChange`), from which `BirthSchedule` counts births. A frame at time t then
// shows the same particles whatever frames were drawn before it, or in which process.
//
// Choices where Apple's documentation is silent:
// - A change takes effect at the media time of the commit that carries it (Apple's render
//   server also applies a transaction at its commit).
// - The history follows the model: a cell changed directly (not through the layer) is
//   stamped the next time its emitter is committed, as the render tree only sees it then.
// - An animation of a birth rate (the emitter's, or "emitterCells.NAME.birthRate") is
//   integrated over time: frames sample the presented rate on a fixed grid of the emitter's
//   local time (LaminaCompositor's CommittedFrameSchedule+BirthRates.swift), and each commit
//   of the emitter — and the tick that removes a finished animation — settles the samples so
//   far into this history, so the particles born under the animation stay where they are
//   once it is gone.
// - Moving the emitter's `beginTime` restarts the simulation; changes committed before the
//   new begin no longer matter (they fall before local time 0).
// - At most `BirthRateRecord.maxChanges` changes are kept per rate (16 s of an animation's
//   1/64-s samples); older ones are merged into their duration-weighted mean, which keeps the
//   count of births (and so the identity of later particles), though births inside the merged
//   span — long dead, unless lifetimes are that long — are re-spaced.

/// A birth rate's committed history: the values it held before the current one, each with
/// the absolute media time (seconds) of the commit that replaced it.
package struct BirthRateRecord: Sendable, Equatable {
    /// Most past values kept.
    package static let maxChanges = 1024

    /// The rate of the last commit (nil: never committed).
    package private(set) var committed: Float?
    /// Absolute media time of the first commit.
    package private(set) var since: CFTimeInterval = 0
    /// Past values, oldest first: `rate` held until absolute media time `until` (non-decreasing).
    /// (Double: settled samples of an animated rate must keep their integral.)
    package private(set) var past: [(until: CFTimeInterval, rate: Double)] = []

    package init() {}

    /// Records that a commit at absolute media time `time` carries `rate`.
    package mutating func commit(_ rate: Float, at time: CFTimeInterval) {
        guard time.isFinite else { return }
        guard let old = committed else {
            committed = rate
            since = time
            return
        }
        guard old != rate else { return }
        committed = rate
        append(until: time, rate: Double(old))
    }

    /// Records sampled values of an animated rate (`changes`: in the local time of `layer`,
    /// oldest first), before the commit that follows: the rate held `changes[i].rate` until
    /// `changes[i].until`. Ignored before the first commit.
    package mutating func settle(_ changes: [BirthRateChange], in layer: CALayer) {
        guard committed != nil else { return }
        for c in changes {
            let time = layer.convertTime(c.until, to: nil)
            guard time.isFinite, c.rate.isFinite else { continue }
            append(until: time, rate: c.rate)
        }
    }

    private mutating func append(until time: CFTimeInterval, rate: Double) {
        // A clock set back never reorders the history.
        past.append((until: max(time, past.last?.until ?? time), rate: rate))
        if past.count > Self.maxChanges {
            let a = past[0], b = past[1]
            let da = max(0, a.until - since), db = max(0, b.until - a.until)
            let mean = da + db > 0 ? (a.rate * da + b.rate * db) / (da + db) : b.rate
            past.removeFirst()
            past[0].rate = mean
        }
    }

    /// The past values in the local time of `layer` (`convertTime(_:from: nil)`), as the
    /// compositor takes them.
    package func history(in layer: CALayer) -> [BirthRateChange] {
        guard !past.isEmpty else { return [] }
        var out: [BirthRateChange] = []
        out.reserveCapacity(past.count)
        var last = -Double.infinity
        for p in past {
            let local = layer.convertTime(p.until, from: nil)
            guard local.isFinite else { continue }
            last = max(last, local) // a layer clock running backwards never reorders it
            out.append(BirthRateChange(until: last, rate: p.rate))
        }
        return out
    }

    package static func == (l: Self, r: Self) -> Bool {
        l.committed == r.committed && l.since == r.since && l.past.count == r.past.count
            && zip(l.past, r.past).allSatisfy { $0.until == $1.until && $0.rate == $1.rate }
    }
}

extension CAEmitterLayer {
    /// Stamps this emitter's and its cells' birth rates with the commit's absolute media
    /// time `time` (called by the outermost commit for every touched emitter, before the
    /// render tree is snapshotted).
    package func recordBirthRates(atMediaTime time: CFTimeInterval) {
        settleAnimatedBirthRates(atMediaTime: time, inCommittedTree: false)
        birthRateRecord.commit(birthRate, at: time)
        var seen = Set<ObjectIdentifier>()
        var stack = emitterCells ?? []
        while let cell = stack.popLast() {
            guard seen.insert(ObjectIdentifier(cell)).inserted else { continue }
            cell.birthRateRecord.commit(cell.birthRate, at: time)
            stack += cell.emitterCells ?? []
        }
    }

    /// Records the birth rates the committed animations presented, from the last settled
    /// time up to absolute media time `time`, in this emitter's and its cells' histories (as
    /// the frames integrate them: CommittedFrameSchedule+BirthRates.swift). At a commit
    /// (`inCommittedTree` false) the snapshot that follows carries them to the render tree;
    /// when finished animations leave the committed tree without a commit (removal on
    /// completion at a tick), they are written into its node too. Does nothing when the tree
    /// is not attached to a host (no committed tree) or no birth rate is animated.
    package func settleAnimatedBirthRates(atMediaTime time: CFTimeInterval, inCommittedTree: Bool) {
        guard time.isFinite, let tree = treeRoot.committedRenderTreeStorage,
              let segments = tree.birthRateSegments(of: renderNodeID, at: time, settle: inCommittedTree)
        else { return }
        // The cells in the render tree's order (EmitterBirthRates.flatten): depth first, as
        // deep as `EmitterCellContent` goes.
        var cells: [CAEmitterCell] = []
        func walk(_ list: [CAEmitterCell], depth: Int) {
            for c in list {
                cells.append(c)
                if depth + 1 < ParticleEvaluator.maxDepth { walk(c.emitterCells ?? [], depth: depth + 1) }
            }
        }
        walk(emitterCells ?? [], depth: 0)
        // Cells replaced since the last commit: the samples belong to cells that are gone.
        guard segments.count == cells.count + 1 else { return }
        birthRateRecord.settle(segments[0], in: self)
        for (i, cell) in cells.enumerated() { cell.birthRateRecord.settle(segments[i + 1], in: self) }
    }

    /// Whether particles born under an earlier, positive birth rate may still be alive at
    /// absolute media time `time` (the emitter's rate, or a cell's, was set to 0 after a
    /// burst): hosts keep drawing until they have died.
    package func mayShowEarlierParticles(at time: CFTimeInterval) -> Bool {
        guard !isHidden, lifetime > 0 else { return false }
        func lastPositive(_ r: BirthRateRecord) -> CFTimeInterval? { r.past.last(where: { $0.rate > 0 })?.until }
        let layerEnd = lastPositive(birthRateRecord)
        let now = convertTime(time, from: nil)
        var stack = emitterCells ?? []
        var seen = Set<ObjectIdentifier>()
        while let cell = stack.popLast() {
            guard seen.insert(ObjectIdentifier(cell)).inserted else { continue }
            guard cell.isEnabled else { continue }
            // Births stopped at the later of the changes that ended a positive rate; the
            // particles then born (and their sub-particles) live at most the cell's horizon.
            guard let end = [layerEnd, lastPositive(cell.birthRateRecord)].compactMap({ $0 }).max() else { continue }
            // (A change before the simulation's start, local time 0, left nothing behind.)
            let stopped = convertTime(end, from: nil)
            guard stopped > 0 else { continue }
            let content = EmitterCellContent(cell: cell, depth: 0) { _ in [] }
            let horizon = ParticleEvaluator.horizon(content, lifetimeScale: Double(lifetime), depth: 0)
            let cellSpeed = Double(cell.speed) > 0 ? Double(cell.speed) : 1
            if now < stopped + horizon / cellSpeed { return true }
        }
        return false
    }
}
