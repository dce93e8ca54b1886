// CAReplicatorLayer.instanceDelay for frames of the committed tree: instance k of a delayed
// replicator draws its sublayer tree as it was at the replicator's local time − k·delay. The
// schedule evaluates the animated nodes under each such instance again at the shifted time
// and stores the nodes that differ in the frame's `instanceNodes` (see
// `ReplicatorInstanceNodes` in the compositor); emitters under it get their shifted local
// time, so their particles are those of k·delay earlier.
import CoreGraphics

extension CommittedFrameSchedule {
    /// Fills `frame.instanceNodes` for the delayed replicators of the frame just built from
    /// this schedule (evaluated at the frame's time; `committed`: the committed nodes).
    /// Replicators without delay, or whose sublayers hold no animated node or emitter, cost
    /// nothing.
    /// When it returns, `targets` hold the last shifted evaluation, not the frame's values.
    mutating func evaluateDelayedInstances(into frame: inout RenderTree, committed: RenderTree) {
        if !frame.instanceNodes.isEmpty { frame.instanceNodes.removeAll() }
        guard !replicatorSpans.isEmpty else { return }
        if shiftedTimes.count != localTimes.count { shiftedTimes = Array(repeating: 0, count: localTimes.count) }
        var budget = ReplicatorInstanceNodes.evaluationBudget
        for s in replicatorSpans.indices {
            // Every delayed replicator at instance 0 of those around it; `expand` reaches the
            // paths through their later instances.
            expand(s, replicatorTime: localTimes[replicatorSpans[s].index], path: [], replication: 1,
                   frame: &frame, committed: committed, budget: &budget)
        }
    }

    /// Evaluates instances 1… of replicator span `s` on instance path `path`, whose local time
    /// there is `replicatorTime`, and recurses into the delayed replicators under it.
    /// `replication`: product of the instance counts of the delayed replicators on `path`
    /// (counts are clamped as `FramePreparer` clamps them).
    private mutating func expand(_ s: Int, replicatorTime: Double, path: [ReplicatorInstanceStep], replication: Int,
                                 frame: inout RenderTree, committed: RenderTree, budget: inout Int) {
        let span = replicatorSpans[s]
        let id = order[span.index]
        guard let node = frame.instanceNodes.node(id, at: path) ?? frame[id], case let .replicator(r) = node.kind,
              r.shiftsInstances else { return }
        let count = min(r.instanceCount, max(1, FramePreparer.maxInstances / max(1, replication)))
        guard count > 1 else { return }
        // Delayed replicators under this one, deepest (last in tree order) first: each
        // rewrites the shifted times of its own sublayers only, never those of one expanded
        // after it, which is an ancestor or elsewhere in the tree.
        let nested = replicatorSpans.indices.filter { span.sublayers.contains(replicatorSpans[$0].index) }.reversed()
        for k in 1..<count {
            let cost = span.animated.count + span.emitters.count
            guard budget >= cost else { return }
            budget -= cost
            let shifted = replicatorTime - Double(k) * r.instanceDelay
            for i in span.sublayers {
                let p = Int(parent[i])
                shiftedTimes[i] = clocks[i].local(fromParent: p == span.index ? shifted : shiftedTimes[p])
            }
            let instancePath = path + [ReplicatorInstanceStep(replicator: id, index: k)]
            for a in span.animated where presents(a) {
                let nodeID = nodeIDs[a]
                guard let base = committed[nodeID], let shown = frame[nodeID] else { continue }
                evaluate(a, at: shiftedTimes[Int(orderIndex[a])])
                var drawn = targets[a].presentedNode(over: base)
                drawn.transition = shown.transition
                if drawn != shown { frame.instanceNodes.set(drawn, at: instancePath) }
            }
            // An emitter in a delayed instance shows its particles at its shifted local time
            // (the copy k·delay behind: a burst replicated with a delay goes off copy after
            // copy). Its node there is the presented one just set, or the frame's.
            for j in span.emitters {
                let i = Int(emitterIndices[j])
                let nodeID = order[i]
                guard let shown = frame.instanceNodes.node(nodeID, at: instancePath) ?? frame[nodeID] else { continue }
                var drawn = shown
                drawn.setEmitterTime(shiftedTimes[i])
                if let a = animatedIndex(of: nodeID), let base = committed[nodeID] {
                    integrateBirthRates(a, base: base, into: &drawn, at: shiftedTimes[i])
                }
                if drawn != shown { frame.instanceNodes.set(drawn, at: instancePath) }
            }
            for inner in nested {
                expand(inner, replicatorTime: shiftedTimes[replicatorSpans[inner].index], path: instancePath,
                       replication: replication * count, frame: &frame, committed: committed, budget: &budget)
            }
        }
    }
}
