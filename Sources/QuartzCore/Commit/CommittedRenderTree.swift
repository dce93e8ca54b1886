import Foundation
import LaminaCompositor

/// The render server's copy of one layer tree (DESIGN §2: "transaction commit → render tree
/// updated by id"): a `RenderTree` of node snapshots as last committed, each layer's clock and
/// its committed animations as plain values. Frames are produced from it alone, at any media
/// time and on any thread, without reading a CALayer of the model.
///
/// - Commit (`commit(root:changed:)`, the committing thread, called by the outermost
///   `CATransaction` commit for trees that have one): only the layers the transaction touched
///   (property changes, sublayers and mask changes, animations added or removed) are
///   snapshotted again; sublayers new to the tree are snapshotted with their subtrees, removed
///   ones dropped with theirs. When it returns, the tree equals a full snapshot of the model.
/// - Frame (`tree(at:)`, any thread): the committed nodes with the committed animations
///   evaluated at `t` (by the model's own evaluation code) and transitions at their progress.
///
/// Every stored property is guarded by `lock`: a frame on a render thread and a commit on the
/// main thread never overlap. Created by `CALayer.committedRenderTree()`.
package final class CommittedRenderTree: @unchecked Sendable {
    private let lock = NSLock()
    private var nodes: RenderTree
    private var records: [RenderNodeID: CommittedNode] = [:]
    private var schedule = CommittedFrameSchedule()
    private var scheduleIsStale = true
    /// The last frame, reused by the next one (dropped by every commit).
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

    /// A full snapshot of the tree under `root` (model side).
    package init(root: CALayer) {
        nodes = RenderTree(rootID: root.renderNodeID)
        var work = CommitWork()
        snapshotSubtree(root, &work)
        finishCommit(work, removed: 0)
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

    // MARK: Commit (model side)

    private struct CommitWork {
        var done = Set<ObjectIdentifier>()
        var snapshotted = 0
        /// Children or masks a snapshotted node no longer names, with that node.
        var dropped: [(child: RenderNodeID, parent: RenderNodeID)] = []
        /// Every node snapshotted.
        var updated: [RenderNodeID] = []
        /// Nodes whose animations changed without a change of structure or clock: patched into
        /// the schedule in place when nothing else made it stale.
        var patched: [RenderNodeID] = []
        /// Layers new to the tree, still to snapshot (an explicit stack: deep trees must not
        /// overflow the call stack).
        var pending: [CALayer] = []
    }

    /// Brings the tree up to date with the model after a transaction that touched `changed`
    /// (layers of other trees are ignored). See the type's documentation.
    package func commit(root: CALayer, changed: [CALayer]) {
        lock.lock()
        defer { lock.unlock() }
        var work = CommitWork()
        if nodes.rootID != root.renderNodeID {
            nodes = RenderTree(rootID: root.renderNodeID)
            records = [:]
            snapshotSubtree(root, &work)
        } else {
            for layer in changed where layer.treeRoot === root {
                snapshot(layer, &work)
                drain(&work)
            }
        }
        var removed = 0
        for (child, parent) in work.dropped where records[child]?.parent == parent {
            // Not adopted by another node of this commit: it left the tree.
            for id in nodes.subtree(of: child).order {
                nodes.remove(id)
                records[id] = nil
                removed += 1
            }
            scheduleIsStale = true
        }
        finishCommit(work, removed: removed)
    }

    /// The end of every commit (and of the first full snapshot): the frame schedule patched in
    /// place for re-snapshotted animated layers while it keeps its shape (else marked stale, to
    /// be rebuilt by the next frame), the last frame kept when it can be, the counts updated.
    private func finishCommit(_ work: CommitWork, removed: Int) {
        if !scheduleIsStale {
            for id in work.patched where !schedule.patch(id, animations: records[id]?.animations) {
                scheduleIsStale = true
                break
            }
        }
        updateFrameCache(work.updated)
        statistics.lastCommitSnapshotCount = work.snapshotted
        statistics.lastCommitRemovedCount = removed
        statistics.commitCount += 1
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
        for id in updated {
            if let node = nodes[id] { frame.update(node) }
            if let k = schedule.animatedIndex(of: id), k < frameCache.written.count {
                frameCache.written[k] = CommittedFrameCache.Written()
            }
        }
        frameCache.frame = frame
    }

    /// Snapshots `layer`, and the subtrees of its sublayers and mask that are new to the tree.
    private func snapshot(_ layer: CALayer, _ work: inout CommitWork) {
        guard work.done.insert(ObjectIdentifier(layer)).inserted else { return }
        let id = layer.renderNodeID
        let node = RenderNode(layer: layer)
        var record = CommittedNode(layer: layer)
        record.children = node.children
        record.mask = node.mask
        let old = nodes[id]
        let oldRecord = records[id]
        if let old {
            for child in old.children where !node.children.contains(child) && node.mask != child {
                work.dropped.append((child, id))
            }
            if let mask = old.mask, mask != node.mask, !node.children.contains(mask) { work.dropped.append((mask, id)) }
        }
        if old == nil || old?.children != node.children || old?.mask != node.mask || oldRecord?.clock != record.clock
            || oldRecord?.parent != record.parent || oldRecord?.isMask != record.isMask {
            scheduleIsStale = true
        } else if record.animations != nil || oldRecord?.animations != nil {
            work.patched.append(id)
        }
        nodes.update(node)
        records[id] = record
        work.snapshotted += 1
        work.updated.append(id)
        for child in layer.sublayerStorage { adopt(child, parent: id, isMask: false, &work) }
        if let mask = layer.maskStorage { adopt(mask, parent: id, isMask: true, &work) }
    }

    /// `child` hangs under `parent` now: a node already held is re-linked, a new one is
    /// snapshotted with its subtree.
    private func adopt(_ child: CALayer, parent: RenderNodeID, isMask: Bool, _ work: inout CommitWork) {
        let id = child.renderNodeID
        if nodes[id] == nil {
            work.pending.append(child)
        } else if records[id]?.parent != parent || records[id]?.isMask != isMask {
            records[id]?.parent = parent
            records[id]?.isMask = isMask
            scheduleIsStale = true
        }
    }

    private func snapshotSubtree(_ top: CALayer, _ work: inout CommitWork) {
        snapshot(top, &work)
        drain(&work)
    }

    /// Snapshots the pending new layers (and, through `adopt`, their new sublayers).
    private func drain(_ work: inout CommitWork) {
        while let layer = work.pending.popLast() { snapshot(layer, &work) }
    }
}

extension CALayer {
    /// The committed render tree of the tree rooted here, made on first use from the model as
    /// it is (call it right after a commit) and kept up to date by every outermost commit from
    /// then on, while this layer is the root of a tree attached to a host.
    package func committedRenderTree() -> CommittedRenderTree {
        if let tree = committedRenderTreeStorage { return tree }
        let tree = CommittedRenderTree(root: self)
        committedRenderTreeStorage = tree
        return tree
    }
}
