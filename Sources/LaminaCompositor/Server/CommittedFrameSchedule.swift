import CoreGraphics

/// The committed tree flattened for frames (struct of arrays, no dictionaries, no model):
/// every node's clock in tree order with its parent's index, and the animated nodes' steps,
/// committed values and output buffers. Rebuilt from the committed records when a commit
/// changes the structure, a clock or any animated node; reused frame after frame otherwise.
///
/// After `evaluate(at:)` returns: `localTimes[i]` is node `order[i]`'s local time and
/// `targets[k]` holds animated node `k`'s presented values at that time.
package struct CommittedFrameSchedule {
    // All nodes, root first (a node, its mask's subtree, then its sublayers' subtrees).
    package private(set) var order: [RenderNodeID] = []
    var parent: [Int32] = []
    var clocks: [LayerClock] = []
    package private(set) var localTimes: [Double] = []

    // Animated nodes (`k`).
    package private(set) var nodeIDs: [RenderNodeID] = []
    /// `k` of each animated node.
    private var indexOf: [RenderNodeID: Int] = [:]
    var orderIndex: [Int32] = []
    /// Order index of the superlayer, whose local time a transition runs in (-1: absolute).
    private var superIndex: [Int32] = []
    /// Steps of node `k`: `j` in `stepStart[k] ..< stepStart[k + 1]`, as parallel arrays: the
    /// plain-data half the frame reads for every step (`hot`, contiguous), and the parts only
    /// some steps need (keyframe values, the general path).
    var stepStart: [Int32] = [0]
    private var hot: [HotStep] = []
    private var keyframes: [FastKeyframes?] = []
    var general: [CommittedGeneralAnimation] = []
    package private(set) var transitions: [CommittedTransition?] = []
    /// Per animated node: its committed values, and its presented values after a frame.
    package internal(set) var targets: [CommittedLayerTarget] = []
    /// The replicators whose sublayer subtrees hold animated nodes or emitters, in tree order: what
    /// `instanceDelay` may have to evaluate again at shifted times
    /// (CommittedFrameSchedule+InstanceDelay.swift).
    private(set) var replicatorSpans: [ReplicatorSpan] = []
    /// Order indices of the emitter layers (their particles depend on their local time).
    package private(set) var emitterIndices: [Int32] = []
    /// Local times of the nodes under a delayed replicator instance (scratch, by order index).
    var shiftedTimes: [Double] = []

    package init() {}

    /// The schedule of the committed tree rooted at `root` (`records`: structure, clocks and
    /// animations by node). `previous` (the schedule this one replaces) sizes the arrays:
    /// growing arrays of large elements cost a third of a rebuild.
    package init(root: RenderNodeID?, records: [RenderNodeID: CommittedNode], previous: CommittedFrameSchedule? = nil) {
        guard let root, records[root] != nil else { return }
        order.reserveCapacity(records.count)
        parent.reserveCapacity(records.count)
        clocks.reserveCapacity(records.count)
        if let previous {
            let animated = previous.nodeIDs.count + 16, steps = previous.hot.count + 64
            nodeIDs.reserveCapacity(animated)
            orderIndex.reserveCapacity(animated)
            superIndex.reserveCapacity(animated)
            stepStart.reserveCapacity(animated + 1)
            targets.reserveCapacity(animated)
            transitions.reserveCapacity(animated)
            hot.reserveCapacity(steps)
            keyframes.reserveCapacity(steps)
            general.reserveCapacity(steps)
        }
        var stack: [(RenderNodeID, Int32)] = [(root, -1)]
        while let (id, p) = stack.popLast() {
            let i = Int32(order.count)
            order.append(id)
            parent.append(p)
            let record = records[id]
            clocks.append(record?.clock ?? .identity)
            if record?.isEmitter == true { emitterIndices.append(i) }
            if let a = record?.animations {
                indexOf[id] = nodeIDs.count
                nodeIDs.append(id)
                orderIndex.append(i)
                superIndex.append(record?.isMask == true ? -1 : p)
                for step in a.steps {
                    hot.append(HotStep(step))
                    keyframes.append(step.keyframes)
                    general.append(step.general)
                }
                stepStart.append(Int32(hot.count))
                targets.append(CommittedLayerTarget(base: a.base, extrasSource: a.extrasSource))
                transitions.append(a.transition)
            }
            guard let record else { continue }
            for child in record.children.reversed() where records[child] != nil { stack.append((child, i)) }
            if let mask = record.mask, records[mask] != nil { stack.append((mask, i)) }
        }
        localTimes = Array(repeating: 0, count: order.count)
        findReplicatorSpans(records)
    }

    /// Fills `replicatorSpans` from the flattened order (a node's subtree is a contiguous run
    /// of it: the node, its mask's subtree, then its sublayers' subtrees).
    private mutating func findReplicatorSpans(_ records: [RenderNodeID: CommittedNode]) {
        var candidates: [Int] = []
        for i in order.indices where records[order[i]]?.isReplicator == true { candidates.append(i) }
        guard !candidates.isEmpty, !nodeIDs.isEmpty || !emitterIndices.isEmpty else { return }
        var size = Array(repeating: Int32(1), count: order.count)
        for i in order.indices.reversed() where parent[i] >= 0 { size[Int(parent[i])] += size[i] }
        for r in candidates {
            let end = r + Int(size[r])
            var first = r + 1
            if let mask = records[order[r]]?.mask, first < end, order[first] == mask { first += Int(size[first]) }
            // Animated nodes are numbered in tree order: those in [first, end) are a run of k.
            let lo = orderIndex.partitioningIndex { Int($0) >= first }
            let hi = orderIndex.partitioningIndex { Int($0) >= end }
            // Emitters too (their particles follow their local time), also in tree order.
            let elo = emitterIndices.partitioningIndex { Int($0) >= first }
            let ehi = emitterIndices.partitioningIndex { Int($0) >= end }
            guard lo < hi || elo < ehi else { continue }
            replicatorSpans.append(ReplicatorSpan(index: r, sublayers: first..<end, animated: lo..<hi, emitters: elo..<ehi))
        }
    }

    /// Applies the steps of animated node `k` at its local time `local` into `targets[k]`.
    mutating func evaluate(_ k: Int, at local: Double) {
        let s = Int(stepStart[k]), e = Int(stepStart[k + 1])
        guard s < e else { return }
        targets[k].begin()
        Self.apply(hot, keyframes, general, s..<e, to: &targets[k], at: local)
    }

    /// Replaces the committed animations of node `id` in place, when that keeps the schedule's
    /// shape (the node was animated and still is, with as many steps); false when the schedule
    /// must be rebuilt instead. A commit that only changes an animated layer's values or
    /// replaces one of its animations by another then costs no rebuild.
    package mutating func patch(_ id: RenderNodeID, animations: CommittedAnimations?) -> Bool {
        guard let k = indexOf[id] else { return animations == nil }
        guard let a = animations else { return false }
        let s = Int(stepStart[k]), e = Int(stepStart[k + 1])
        guard a.steps.count == e - s else { return false }
        for (n, step) in a.steps.enumerated() {
            hot[s + n] = HotStep(step)
            keyframes[s + n] = step.keyframes
            general[s + n] = step.general
        }
        targets[k] = CommittedLayerTarget(base: a.base, extrasSource: a.extrasSource)
        transitions[k] = a.transition
        return true
    }

    /// `k` of node `id` when it is animated.
    package func animatedIndex(of id: RenderNodeID) -> Int? { indexOf[id] }

    /// Number of animated nodes.
    package var animatedCount: Int { nodeIDs.count }

    /// Whether animated node `k` has steps that present values (not only a transition).
    package func presents(_ k: Int) -> Bool { stepStart[k] < stepStart[k + 1] }

    /// The parent time of animated node `k`'s transition in the last evaluated frame at `t`.
    package func transitionParentTime(_ k: Int, frameTime t: Double) -> Double {
        let s = Int(superIndex[k])
        return s < 0 ? t : localTimes[s]
    }

    /// Evaluates every committed animation at absolute media time `t` into `targets` (in
    /// place). Touches no model object but the detached copies of layers with extras (read for
    /// the values underneath their extras).
    package mutating func evaluate(at t: Double) {
        let n = order.count
        for i in 0..<n {
            let p = Int(parent[i])
            localTimes[i] = clocks[i].local(fromParent: p < 0 ? t : localTimes[p])
        }
        for k in 0..<nodeIDs.count {
            let s = Int(stepStart[k]), e = Int(stepStart[k + 1])
            guard s < e else { continue }
            targets[k].begin()
            let local = localTimes[Int(orderIndex[k])]
            Self.apply(hot, keyframes, general, s..<e, to: &targets[k], at: local)
        }
    }

    /// `CommittedStep.apply` for steps `range`, reading their parts from the parallel arrays.
    /// A static function over parameters (not `self`'s arrays): the step then need not be
    /// copied out of its array around the inout access to the target.
    private static func apply(_ hot: [HotStep], _ keyframes: [FastKeyframes?], _ general: [CommittedGeneralAnimation],
                              _ range: Range<Int>, to target: inout CommittedLayerTarget, at local: Double) {
        for j in range {
            target.prepare(hot[j].writes)
            if hot[j].hasFast {
                let values = hot[j].hasKeyframes ? keyframes[j] : nil
                if hot[j].fast.apply(to: &target, at: local, keyframes: values) { continue }
            }
            PresentationEvaluation.applyGeneral(general[j], to: &target, at: local)
        }
    }
}

/// The plain-data half of a committed step (no references: the frame streams through an
/// array of these).
private struct HotStep {
    /// The shortcut (meaningful when `hasFast`).
    var fast: FastPlan
    var hasFast: Bool
    var hasKeyframes: Bool
    var writes: DirectFieldSet

    init(_ step: CommittedStep) {
        hasFast = step.fast != nil
        hasKeyframes = step.keyframes != nil
        writes = step.writes
        fast = step.fast ?? FastPlan.placeholder
    }
}

/// A replicator of the committed tree and the parts of the schedule under its sublayers.
struct ReplicatorSpan {
    /// The replicator's order index.
    var index: Int
    /// Order indices of its sublayers' subtrees (its mask's subtree excluded: the mask is not
    /// replicated).
    var sublayers: Range<Int>
    /// The animated nodes (`k`) among them.
    var animated: Range<Int>
    /// The emitters among them (indices of `emitterIndices`).
    var emitters: Range<Int>
}

fileprivate extension Array {
    /// The first index whose element satisfies `belongs`, for an array partitioned so that
    /// all elements that do come last (binary search); `count` when none does.
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if belongs(self[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
