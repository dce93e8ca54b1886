import Foundation
import LaminaCompositor

extension CommittedRenderTree {
    /// The render tree at absolute media time `time`: the committed nodes, with the committed
    /// animations' presented values and the transitions running then. Reads no CALayer of the
    /// model; safe to call from any thread (serialised with commits).
    package func tree(at time: CFTimeInterval) -> RenderTree {
        withFrameSchedule(at: time) { nodes, schedule in
            var frame = nodes
            for k in 0..<schedule.animatedCount {
                let id = schedule.nodeIDs[k]
                guard var node = nodes[id] else { continue }
                var changed = false
                if schedule.presents(k) {
                    let target = schedule.targets[k]
                    if !target.extras.isEmpty, let source = target.extrasSource {
                        // Subclass or custom properties are animated: draw from a copy of the
                        // committed layer holding them (as the model's path draws from a copy).
                        let copy = CommittedAnimations.detachedCopy(of: source)
                        target.values.store(into: &copy.props)
                        for extra in target.extras { extra.property.write(copy, extra.value) }
                        var drawn = RenderNode(layer: copy)
                        drawn.id = id
                        drawn.children = node.children
                        drawn.mask = node.mask
                        node = drawn
                        changed = true
                    } else if !target.values.fields.isEmpty {
                        target.values.store(into: &node)
                        changed = true
                    }
                }
                if let transition = schedule.transitions[k],
                   let running = transition.render(atParentTime: schedule.transitionParentTime(k, frameTime: time)) {
                    node.transition = running
                    changed = true
                }
                if changed { frame.update(node) }
            }
            return frame
        }
    }

    /// Evaluates the committed animations at `time` and passes the committed nodes and the
    /// evaluated schedule to `body`, under the lock (the benchmark's and tests' view of the
    /// evaluation alone).
    package func withFrameSchedule<R>(at time: CFTimeInterval,
                                      _ body: (RenderTree, CommittedFrameSchedule) -> R) -> R {
        withLockedState { nodes, schedule in
            schedule.evaluate(at: time)
            return body(nodes, schedule)
        }
    }
}
