import Foundation

/// The last frame a committed tree produced and what it changed in it, so the next frame
/// starts from it and rewrites only the animated nodes in place instead of copying the whole
/// committed tree (the caller's copy of the returned frame is usually gone by then). Commits
/// that keep the schedule's shape put their re-snapshotted nodes into it; others drop it.
struct CommittedFrameCache {
    /// What a frame wrote into animated node `k`.
    struct Written {
        /// Presented fields stored into the node.
        var fields = DirectFieldSet()
        /// The whole node was replaced (drawn by the model with animated extras).
        var whole = false
        /// Animated extras were written into the node in place.
        var extras = false
        var transition = false
    }

    var frame: RenderTree?
    var written: [Written] = []
    /// `frame`'s serial (its `RenderTreeChanges`), and the nodes commits have put into it
    /// since: the next frame made from it records them as changed.
    var serial: UInt64?
    var pending: [RenderNodeID] = []
}

extension CommittedRenderTree {
    /// The render tree at absolute media time `time` (seconds): the committed nodes, with the
    /// committed animations' presented values and the transitions running then. Reads no live
    /// model object; safe to call from any thread (serialised with commits).
    package func tree(at time: Double) -> RenderTree {
        withLockedState { nodes, schedule, cache in
            schedule.evaluate(at: time)
            var frame: RenderTree
            if cache.frame != nil, cache.written.count == schedule.animatedCount {
                // The last frame's tree, moved out of the cache (no other copy here), and its
                // list of changed ids emptied and refilled: once the caller has let the last
                // frame go the list is this frame's alone, so recording this frame's writes
                // allocates nothing (a list started empty every frame was a malloc a frame).
                frame = cache.frame.take()!
                var ids = frame.changes?.ids ?? []
                frame.changes = nil
                ids.removeAll(keepingCapacity: true)
                ids.append(contentsOf: cache.pending)
                frame.changes = RenderTreeChanges(previous: cache.serial, ids: ids)
            } else {
                frame = nodes
                frame.changes = RenderTreeChanges(previous: nil)
                cache.written = Array(repeating: CommittedFrameCache.Written(), count: schedule.animatedCount)
            }
            cache.pending.removeAll(keepingCapacity: true)
            for k in 0..<schedule.animatedCount {
                let id = schedule.nodeIDs[k]
                let last = cache.written[k]
                var now = CommittedFrameCache.Written()
                let presents = schedule.presents(k)
                if presents {
                    if !schedule.targets[k].extras.isEmpty, schedule.targets[k].extrasSource != nil,
                       !schedule.targets[k].writesExtrasInPlace {
                        now.whole = true
                    } else {
                        now.fields = schedule.targets[k].values.fields
                        now.extras = !schedule.targets[k].extras.isEmpty
                    }
                }
                let running = schedule.transitions[k]?.render(atParentTime: schedule.transitionParentTime(k, frameTime: time))
                now.transition = running != nil
                if last.whole || last.extras || now.extras || last.fields.rawValue & ~now.fields.rawValue != 0,
                   !now.whole, let base = nodes[id] {
                    // The last frame wrote something this one may not overwrite: start over.
                    frame.update(base)
                }
                if now.whole, let base = nodes[id] {
                    // Content only the model draws is animated (a subclass's custom key): the
                    // model draws the node with the presented values.
                    var drawn = schedule.targets[k].presentedNode(over: base)
                    drawn.transition = running
                    frame.update(drawn)
                } else if !now.fields.isEmpty || now.extras || now.transition || last.transition {
                    frame.modify(id) { node in
                        schedule.targets[k].values.store(into: &node)
                        if now.extras { schedule.targets[k].storeExtras(into: &node) }
                        node.transition = running
                    }
                }
                cache.written[k] = now
            }
            // Emitters draw their particles at their local time, with animated birth rates
            // integrated up to it (CommittedFrameSchedule+BirthRates.swift).
            for i in schedule.emitterIndices {
                let id = schedule.order[Int(i)]
                let local = schedule.localTimes[Int(i)]
                frame.modify(id) { $0.setEmitterTime(local) }
                if let k = schedule.animatedIndex(of: id), let base = nodes[id] {
                    frame.modify(id) { schedule.integrateBirthRates(k, base: base, into: &$0, at: local) }
                }
            }
            // Delayed replicator instances (instanceDelay): their own nodes, beside the frame's.
            schedule.evaluateDelayedInstances(into: &frame, committed: nodes)
            cache.serial = frame.changes?.serial
            cache.frame = frame
            return frame
        }
    }

    /// Evaluates the committed animations at `time` and passes the committed nodes and the
    /// evaluated schedule to `body`, under the lock (the benchmark's and tests' view of the
    /// evaluation alone).
    package func withFrameSchedule<R>(at time: Double,
                                      _ body: (RenderTree, CommittedFrameSchedule) -> R) -> R {
        withLockedState { nodes, schedule, _ in
            schedule.evaluate(at: time)
            return body(nodes, schedule)
        }
    }
}
