import Foundation

/// The render server's copy of one layer tree (DESIGN §2: "transaction commit → render tree
/// updated by id"): a `RenderTree` of node snapshots as last committed, each layer's clock and
/// its committed animations as plain values. Frames are produced from it alone, at any media
/// time and on any thread (`tree(at:)`, CommittedRenderTree+Frame.swift), without reading the
/// model.
///
/// - Commit (`commit(rootID:_:)`, the committing thread): the model (QuartzCore's
///   Commit/CommittedRenderTree+Layer.swift) puts the nodes and records of the layers a
///   transaction touched through a `CommittedTreeUpdate`; nodes their parents no longer name
///   are dropped with their subtrees when it returns. A tree can also be built by hand from
///   plain data (`init(tree:steps:transitions:clocks:)`), as tests do.
/// - Frame (`tree(at:)`, any thread): the committed nodes with the committed animations
///   evaluated at `t` and transitions at their progress.
///
/// Every stored property is guarded by `lock`: a frame on a render thread and a commit on the
/// main thread never overlap.
package final class CommittedRenderTree: @unchecked Sendable {
    private let lock = NSLock()
    fileprivate var nodes: RenderTree
    fileprivate var records: [RenderNodeID: CommittedNode] = [:]
    fileprivate var schedule = CommittedFrameSchedule()
    fileprivate var scheduleIsStale = true
    /// The last frame, reused by the next one (dropped by every commit that changes the
    /// schedule's shape).
    var frameCache = CommittedFrameCache()
    private var statistics = Statistics()

    /// What the commits did (tests and diagnostics).
    package struct Statistics: Sendable {
        /// Layers snapshotted by the last commit (the full snapshot at creation counts as one).
        package var lastCommitSnapshotCount = 0
        /// Nodes dropped by the last commit (removed subtrees).
        package var lastCommitRemovedCount = 0
        package var commitCount = 0
        /// Times the frame schedule was rebuilt.
        package var scheduleBuildCount = 0
    }

    /// An empty tree whose root will be `rootID` (the first commit puts its nodes).
    package init(rootID: RenderNodeID) {
        nodes = RenderTree(rootID: rootID)
    }

    /// A tree built from plain data (tests, hand-built trees): every node of `tree` reachable
    /// from its root, with its parent and mask role taken from the tree's structure; `steps`:
    /// the animations of the animated nodes in the order added, applied over the node's own
    /// values; `transitions`: the transitions running on nodes; `clocks`: the nodes' stage-1
    /// timing (others run at their parent's time).
    package convenience init(tree: RenderTree, steps: [RenderNodeID: [CommittedStep]] = [:],
                             transitions: [RenderNodeID: CommittedTransition] = [:],
                             clocks: [RenderNodeID: LayerClock] = [:]) {
        guard let root = tree.rootID else {
            self.init(rootID: RenderNodeID(0))
            return
        }
        self.init(rootID: root)
        commit(rootID: root) { update in
            var stack: [(RenderNodeID, RenderNodeID?, Bool)] = [(root, nil, false)]
            while let (id, parent, isMask) = stack.popLast() {
                guard let node = tree[id], !update.holds(id) else { continue }
                var animations: CommittedAnimations?
                if steps[id] != nil || transitions[id] != nil {
                    let nodeSteps = steps[id] ?? []
                    animations = CommittedAnimations(steps: nodeSteps,
                                                     base: nodeSteps.isEmpty ? PresentedLayerValues()
                                                                             : PresentedLayerValues(allFieldsOf: node),
                                                     transition: transitions[id])
                }
                var record = CommittedNode(parent: parent, isMask: isMask, clock: clocks[id] ?? .identity,
                                           animations: animations)
                if case .replicator = node.kind { record.isReplicator = true }
                if case .emitter = node.kind { record.isEmitter = true }
                update.put(node, record)
                if let mask = node.mask { stack.append((mask, id, true)) }
                for child in node.children.reversed() { stack.append((child, id, false)) }
            }
        }
    }

    package var stats: Statistics { lock.withLock { statistics } }

    /// Number of nodes held.
    package var count: Int { lock.withLock { nodes.count } }

    /// The committed nodes without animations applied (tests).
    package var committedNodes: RenderTree { lock.withLock { nodes } }

    /// Runs `body` on the committed nodes and the frame schedule (rebuilt first when a commit
    /// made it stale), under the lock.
    func withLockedState<R>(_ body: (RenderTree, inout CommittedFrameSchedule, inout CommittedFrameCache) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        if scheduleIsStale {
            schedule = CommittedFrameSchedule(root: nodes.rootID, records: records, previous: schedule)
            scheduleIsStale = false
            statistics.scheduleBuildCount += 1
        }
        return body(nodes, &schedule, &frameCache)
    }

    /// `withLockedState` with the committed nodes writable; the last frame is dropped (it may
    /// hold the nodes as they were).
    func withLockedStateWritingNodes<R>(_ body: (inout RenderTree, inout CommittedFrameSchedule) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        if scheduleIsStale {
            schedule = CommittedFrameSchedule(root: nodes.rootID, records: records, previous: schedule)
            scheduleIsStale = false
            statistics.scheduleBuildCount += 1
        }
        frameCache = CommittedFrameCache()
        return body(&nodes, &schedule)
    }

    // MARK: Commit

    /// One commit, under the lock: `body` puts the nodes of the layers it snapshots (see
    /// `CommittedTreeUpdate`). When the root is not `rootID` any more, everything held is
    /// dropped first (`update.isFull`: the body then puts the whole tree). When it returns,
    /// the children and masks that no node names any more are gone with their subtrees, the
    /// frame schedule is patched in place or marked stale, and the last frame kept when it can
    /// be.
    package func commit(rootID: RenderNodeID, _ body: (CommittedTreeUpdate) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        if nodes.rootID != rootID {
            nodes = RenderTree(rootID: rootID)
            records = [:]
            scheduleIsStale = true
        }
        let update = CommittedTreeUpdate(self, isFull: nodes.count == 0)
        body(update)
        var removed = 0
        for (child, parent) in update.dropped where records[child]?.parent == parent {
            // Not adopted by another node of this commit: it left the tree.
            for id in nodes.subtree(of: child).order {
                nodes.remove(id)
                records[id] = nil
                removed += 1
            }
            scheduleIsStale = true
        }
        if !scheduleIsStale {
            for id in update.patched where !schedule.patch(id, animations: records[id]?.animations) {
                scheduleIsStale = true
                break
            }
        }
        updateFrameCache(update.updated)
        statistics.lastCommitSnapshotCount = update.updated.count
        statistics.lastCommitRemovedCount = removed
        statistics.commitCount += 1
    }

    /// Drops the committed steps copied from the model animations `sources` (their
    /// `CommittedStep.source`) at once, without a commit: animations that finished and were
    /// removed on completion. Apple's render server removes those itself when their active
    /// duration has passed (reference §9.5.3), so frames and presentation layers show the
    /// value underneath from the clock's tick on, not from the next commit. A node left with no
    /// step and no transition is no longer animated. Returns the number of steps dropped.
    @discardableResult
    package func removeSteps(madeFrom sources: Set<ObjectIdentifier>) -> Int {
        guard !sources.isEmpty else { return 0 }
        lock.lock()
        defer { lock.unlock() }
        var removed = 0
        for (id, record) in records {
            guard var animations = record.animations else { continue }
            let kept = animations.steps.filter { step in step.source.map { !sources.contains($0) } ?? true }
            guard kept.count != animations.steps.count else { continue }
            removed += animations.steps.count - kept.count
            animations.steps = kept
            records[id]?.animations = kept.isEmpty && animations.transition == nil ? nil : animations
        }
        if removed > 0 {
            scheduleIsStale = true
            frameCache = CommittedFrameCache()
        }
        return removed
    }

    /// Keeps the last frame for the next one when the commit left the schedule's shape alone:
    /// the re-snapshotted nodes are put in as committed (the next frame writes their presented
    /// values again). Otherwise the next frame starts from the committed nodes.
    private func updateFrameCache(_ updated: [RenderNodeID]) {
        guard !scheduleIsStale, var frame = frameCache.frame else {
            frameCache = CommittedFrameCache()
            return
        }
        frameCache.frame = nil
        frameCache.pending += updated
        for id in updated {
            if let node = nodes[id] { frame.update(node) }
            if let k = schedule.animatedIndex(of: id), k < frameCache.written.count {
                frameCache.written[k] = CommittedFrameCache.Written()
            }
        }
        frameCache.frame = frame
    }
}

/// The nodes one commit puts into a `CommittedRenderTree` (valid only inside
/// `CommittedRenderTree.commit(rootID:_:)`, whose lock it works under).
package final class CommittedTreeUpdate {
    private unowned let tree: CommittedRenderTree
    /// The tree held nothing (or another root): the whole tree must be put.
    package let isFull: Bool
    /// Children or masks a put node no longer names, with that node.
    fileprivate var dropped: [(child: RenderNodeID, parent: RenderNodeID)] = []
    /// Every node put.
    fileprivate var updated: [RenderNodeID] = []
    /// Nodes whose animations changed without a change of structure or clock: patched into
    /// the schedule in place when nothing else made it stale.
    fileprivate var patched: [RenderNodeID] = []

    fileprivate init(_ tree: CommittedRenderTree, isFull: Bool) {
        self.tree = tree
        self.isFull = isFull
    }

    /// Whether node `id` is held.
    package func holds(_ id: RenderNodeID) -> Bool { tree.nodes[id] != nil }

    /// Puts `node` (a new snapshot) with its `record` (whose `children` and `mask` are taken
    /// from the node). Children and masks the node held before and names no more are dropped
    /// at the end of the commit unless another node of it adopts them.
    package func put(_ node: RenderNode, _ record: CommittedNode) {
        let id = node.id
        var record = record
        record.children = node.children
        record.mask = node.mask
        let old = tree.nodes[id]
        let oldRecord = tree.records[id]
        if let old {
            for child in old.children where !node.children.contains(child) && node.mask != child {
                dropped.append((child, id))
            }
            if let mask = old.mask, mask != node.mask, !node.children.contains(mask) { dropped.append((mask, id)) }
        }
        if old == nil || old?.children != node.children || old?.mask != node.mask || oldRecord?.clock != record.clock
            || oldRecord?.parent != record.parent || oldRecord?.isMask != record.isMask {
            tree.scheduleIsStale = true
        } else if record.animations != nil || oldRecord?.animations != nil {
            patched.append(id)
        }
        tree.nodes.update(node)
        tree.records[id] = record
        updated.append(id)
    }

    /// `id` hangs under `parent` now (as a mask when `isMask`). Returns false when it is not
    /// held: the caller then puts it (and its subtree); a held node is re-linked.
    package func adopt(_ id: RenderNodeID, parent: RenderNodeID, isMask: Bool) -> Bool {
        guard tree.nodes[id] != nil else { return false }
        if tree.records[id]?.parent != parent || tree.records[id]?.isMask != isMask {
            tree.records[id]?.parent = parent
            tree.records[id]?.isMask = isMask
            tree.scheduleIsStale = true
        }
        return true
    }
}
