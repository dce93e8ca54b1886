// Animated birth rates (a CABasicAnimation, keyframe or spring animation of an emitter's
// `birthRate` or of "emitterCells.NAME.birthRate") for frames of the committed tree.
//
// A cell's particles are born where the running count N(τ) = ∫ rate reaches each integer
// (BirthSchedule.swift), with the rates piecewise constant over committed histories
// (`BirthRateChange`). An animation makes a rate a curve; its integral is taken here by the
// midpoint rule on a fixed grid of the emitter's local time: grid cell i, [i·h, (i + 1)·h),
// holds the presented rate at its midpoint (h = `birthRateStep`, 1/64 s, a power of two so
// grid times are exact). The cells from the later of the last committed change and the
// animation's begin up to the frame's time become extra history entries of the frame's node.
// Each cell's value depends only on the committed animations, never on the frame time, so a
// frame at time t is a function of committed data and t (any frame order gives the same
// pixels), and a later frame sees the same earlier cells: particles born during the
// animation keep their index (and so their random values) from frame to frame.
//
// A window longer than `maxBirthRateSamples` cells (an animation running for minutes without
// a commit) is sampled on a coarser grid, h·2^m: still a function of t, but births in it are
// re-spaced when m changes. Commits settle the integral so far into the model's committed
// history (`birthRateSegments`, used by QuartzCore's CAEmitterLayer+BirthRateHistory.swift),
// so the window restarts at each commit and an animation's removal does not move the
// particles it let be born.
import Foundation

extension CommittedFrameSchedule {
    /// Seconds of the emitter's local time per sample of an animated birth rate.
    package static let birthRateStep = 1.0 / 64
    /// Most samples per frame and rate before the grid is coarsened.
    package static let maxBirthRateSamples = 1024

    /// Whether `key` names a birth rate of an emitter: its own, or a cell's by name path.
    package static func isBirthRateKey(_ key: String) -> Bool {
        key == "birthRate" || (key.hasPrefix("emitterCells.") && key.hasSuffix(".birthRate"))
    }

    /// The earliest begin time (the emitter's local time) of the animations of node `k` that
    /// animate a birth rate; nil when none does.
    func birthRateAnimationBegin(_ k: Int) -> Double? {
        var begin: Double?
        for j in Int(stepStart[k])..<Int(stepStart[k + 1]) {
            let g = general[j]
            guard g.properties.contains(where: { Self.isBirthRateKey($0.accessor.key) }) else { continue }
            let b = g.spec.timing.beginTime.isFinite ? g.spec.timing.beginTime : 0
            begin = min(begin ?? b, b)
        }
        return begin
    }

    /// The sampled birth rates of emitter node `k` (committed node `base`) from the later of
    /// the last committed birth-rate change and its birth-rate animations' begin up to its
    /// local time `local`: for the emitter's rate and each cell's (depth first, as
    /// `EmitterBirthRates.flatten` orders them), the history entries to append to the
    /// committed ones — empty for a rate the animations leave at its committed value. Nil
    /// when nothing is animated in that window. Leaves `targets[k]` evaluated at `local`.
    mutating func birthRateSegments(_ k: Int, base: RenderNode, at local: Double) -> [[BirthRateChange]]? {
        guard case let .emitter(committed) = base.kind, local.isFinite,
              let begin = birthRateAnimationBegin(k) else { return nil }
        let current = EmitterBirthRates.flatten(committed)
        let start = max(0, max(begin, EmitterBirthRates.lastChange(committed)))
        guard start <= local else { return nil }
        var h = Self.birthRateStep
        var i0 = (start / h).rounded(.down), i1 = (local / h).rounded(.down)
        if i1 - i0 + 1 > Double(Self.maxBirthRateSamples) {
            let m = log2((i1 - i0 + 1) / Double(Self.maxBirthRateSamples)).rounded(.up)
            h *= pow(2, m)
            i0 = (start / h).rounded(.down)
            i1 = (local / h).rounded(.down)
            guard h.isFinite, i1 - i0 < 2 * Double(Self.maxBirthRateSamples) else { return nil }
        }
        var samples: [[Double]] = Array(repeating: [], count: current.count)
        var varies = Array(repeating: false, count: current.count)
        var i = i0
        while i <= i1 {
            evaluate(k, at: (i + 0.5) * h)
            let node = targets[k].presentedNode(over: base)
            guard case let .emitter(e) = node.kind else { break }
            let rates = EmitterBirthRates.flatten(e)
            guard rates.count == current.count else { break }
            for r in rates.indices {
                samples[r].append(rates[r].rate)
                if rates[r].rate != current[r].rate { varies[r] = true }
            }
            i += 1
        }
        evaluate(k, at: local)
        guard varies.contains(true), samples.first?.count == Int(i1 - i0 + 1) else { return nil }
        return current.indices.map { r in
            guard varies[r] else { return [] }
            var out: [BirthRateChange] = []
            out.reserveCapacity(samples[r].count + 1)
            // Until the window opens, the committed value.
            if start > current[r].lastChange { out.append(BirthRateChange(until: start, rate: current[r].rate)) }
            for (n, rate) in samples[r].enumerated() {
                out.append(BirthRateChange(until: (i0 + Double(n) + 1) * h, rate: rate))
            }
            return out
        }
    }

    /// Writes the integrated birth rates of emitter node `k` at its local time `local` into
    /// the frame's `node` (committed node `base`): the committed histories, with the sampled
    /// entries appended when a birth rate is animated. (Always rewritten: a reused frame's
    /// node may hold another time's entries.)
    mutating func integrateBirthRates(_ k: Int, base: RenderNode, into node: inout RenderNode, at local: Double) {
        guard case let .emitter(committed) = base.kind, case var .emitter(e) = node.kind else { return }
        let segments = birthRateSegments(k, base: base, at: local)
        var index = 0
        EmitterBirthRates.setHistories(segments, committed: committed, to: &e, index: &index)
        node.kind = .emitter(e)
    }
}

extension CommittedRenderTree {
    /// The sampled birth rates a frame at absolute media time `time` appends to the committed
    /// histories of emitter node `id` (`CommittedFrameSchedule.birthRateSegments`; the
    /// emitter's local time, entries ending after the frame's local time clipped to it); nil
    /// when none of its birth rates is animated then. With `settle`, they are also appended
    /// to the committed node's histories, as when the animation is about to leave the tree
    /// (removed on completion) and the model records them in its own history too. The model
    /// settles at each commit of the emitter, so a frame's window starts at the last commit.
    package func birthRateSegments(of id: RenderNodeID, at time: Double, settle: Bool = false) -> [[BirthRateChange]]? {
        func segments(_ nodes: RenderTree, _ schedule: inout CommittedFrameSchedule) -> [[BirthRateChange]]? {
            guard let k = schedule.animatedIndex(of: id), let base = nodes[id] else { return nil }
            let local = schedule.localTime(ofAnimated: k, at: time)
            guard var segments = schedule.birthRateSegments(k, base: base, at: local) else { return nil }
            // Only the last grid cell (the one holding `local`) ends later.
            for r in segments.indices {
                for j in segments[r].indices { segments[r][j].until = min(segments[r][j].until, local) }
            }
            return segments
        }
        guard settle else { return withLockedState { nodes, schedule, _ in segments(nodes, &schedule) } }
        return withLockedStateWritingNodes { nodes, schedule in
            guard let out = segments(nodes, &schedule), case let .emitter(committed)? = nodes[id]?.kind else { return nil }
            var e = committed
            var index = 0
            EmitterBirthRates.setHistories(out, committed: committed, to: &e, index: &index)
            nodes.modify(id) { $0.kind = .emitter(e) }
            return out
        }
    }
}

/// An emitter's birth rates in one order: the emitter's own, then each cell's depth first.
enum EmitterBirthRates {
    struct Rate {
        /// The committed (or presented) value.
        var rate: Double
        /// The local time of its last committed change (−∞: none).
        var lastChange: Double
    }

    static func flatten(_ e: EmitterContent) -> [Rate] {
        var out = [Rate(rate: e.birthRate, lastChange: e.birthRateHistory.last?.until ?? -.infinity)]
        func walk(_ cells: [EmitterCellContent]) {
            for c in cells {
                out.append(Rate(rate: c.birthRate, lastChange: c.birthRateHistory.last?.until ?? -.infinity))
                walk(c.cells)
            }
        }
        walk(e.cells)
        return out
    }

    /// The latest committed change of any of the emitter's rates (0 when none).
    static func lastChange(_ e: EmitterContent) -> Double {
        flatten(e).reduce(0) { max($0, $1.lastChange.isFinite ? $1.lastChange : 0) }
    }

    /// Sets each rate's history in `e` to its committed history (from `committed`, of the same
    /// shape) followed by its segments, if any.
    static func setHistories(_ segments: [[BirthRateChange]]?, committed: EmitterContent, to e: inout EmitterContent,
                             index: inout Int) {
        func history(_ base: [BirthRateChange]) -> [BirthRateChange] {
            guard let segments, index < segments.count, !segments[index].isEmpty else { return base }
            return base + segments[index]
        }
        e.birthRateHistory = history(committed.birthRateHistory)
        index += 1
        func walk(_ cells: inout [EmitterCellContent], _ committed: [EmitterCellContent]) {
            for c in cells.indices {
                if c < committed.count { cells[c].birthRateHistory = history(committed[c].birthRateHistory) }
                index += 1
                walk(&cells[c].cells, c < committed.count ? committed[c].cells : [])
            }
        }
        walk(&e.cells, committed.cells)
    }
}
