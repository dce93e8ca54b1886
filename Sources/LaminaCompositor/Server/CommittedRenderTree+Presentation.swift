import CoreGraphics

// The render server's presented values for the model's presentation layers (QuartzCore's
// `CALayer.presentation()`, CALayer+Presentation.swift): the same schedule and the same
// evaluation a frame (`tree(at:)`) runs, read out per animated node instead of stored into
// render nodes. A presentation layer therefore shows exactly what a window shows at that media
// time: one evaluator, one committed state (reference §9.6.1: "the properties as at the start
// of the current transaction plus all active animations applied").

extension CommittedRenderTree {
    /// Evaluates the committed animations at absolute media time `time` (seconds) and calls
    /// `body` with each animated node that presents values, in tree order, and its evaluated
    /// target: the fields in `values.fields` and the `extras` hold the node's presented values
    /// (committed value underneath, committed animations applied through the committed clocks
    /// of the node and its ancestors). Nodes that only run a transition are skipped. `body`
    /// runs under the tree's lock: it must not commit or ask this tree for a frame.
    package func forEachPresentedNode(at time: Double, _ body: (RenderNodeID, CommittedLayerTarget) -> Void) {
        withLockedState { _, schedule, _ in
            schedule.evaluate(at: time)
            for k in 0..<schedule.animatedCount where schedule.presents(k) {
                body(schedule.nodeIDs[k], schedule.targets[k])
            }
        }
    }

    /// The presented values of node `id` at absolute media time `time`: only the clocks on its
    /// chain to the root and its own animations are evaluated (what a single presented value
    /// — an implicit animation's start — costs). nil when the node is not held or has no
    /// committed animation that presents a value (then its committed values are presented).
    package func presentedValues(of id: RenderNodeID, at time: Double) -> CommittedLayerTarget? {
        withLockedState { _, schedule, _ in
            guard let k = schedule.animatedIndex(of: id), schedule.presents(k) else { return nil }
            schedule.evaluate(k, at: schedule.localTime(ofAnimated: k, at: time))
            return schedule.targets[k]
        }
    }
}

extension CommittedFrameSchedule {
    /// The local time of animated node `k` at absolute media time `t`: the committed clocks from
    /// the root down to it (stage 1 of each, as `evaluate(at:)` computes them), without touching
    /// the rest of the tree.
    func localTime(ofAnimated k: Int, at t: Double) -> Double {
        var chain: [Int] = []
        var i = Int(orderIndex[k])
        while i >= 0 {
            chain.append(i)
            i = Int(parent[i])
        }
        var local = t
        for j in chain.reversed() { local = clocks[j].local(fromParent: local) }
        return local
    }
}
