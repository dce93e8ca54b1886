/// The nodes a frame's walk has reached (each is drawn at most once per frame), with the
/// order they were reached, so a walk that must draw a subtree again — each instance of a
/// replicator, each fragment of a 3D member split by the depth sort — forgets just the nodes
/// that subtree reached: O(subtree) per walk, not a copy of the whole set. (The walk used to
/// copy and merge the whole set at every layer with sublayers: with 5,000 layers that each
/// have a sublayer, 5,000 copies of up to 10,000 ids.)
struct VisitedNodes {
    private var set: Set<RenderNodeID> = []
    /// Ids in the order they were inserted. May list ids forgotten since by `forget(_:)`
    /// (`inserted(since:)` skips those).
    private var log: [RenderNodeID] = []
    /// Ids the bookkeeping has handled (inserted, forgotten or listed): the walk's cost in
    /// this set, for tests that count work instead of timing it.
    private(set) var work = 0
    /// How many times `forget(_:)` ran (it leaves the ids in `log`): a retained segment
    /// spanning one cannot be replayed from the log (RetainedPreparation.swift).
    private(set) var setForgets = 0
    /// Ids in insertion order (possibly with ids `forget(_:)` removed from the set).
    var insertionLog: [RenderNodeID] { log }

    init(_ ids: [RenderNodeID] = []) { for id in ids { insert(id) } }

    /// Empty, as `init()` makes it, keeping the storage it grew to (a compositor reuses one
    /// frame after frame: `DrawListBuffers.takeVisited()`).
    mutating func removeAll() {
        set.removeAll(keepingCapacity: true)
        log.removeAll(keepingCapacity: true)
        work = 0
        setForgets = 0
    }

    /// Exchanges the insertion log with `other` (O(1)): the retained preparation keeps a
    /// frame's log without sharing its buffer, so emptying this set afterwards does not copy
    /// it. The log then no longer matches the set: only for a finished walk, which is emptied
    /// (`removeAll()`) before it is used again.
    mutating func exchangeLog(_ other: inout [RenderNodeID]) {
        swap(&log, &other)
    }

    /// Where the insertion log's elements are stored (for tests: which buffer it holds).
    var logAddress: UnsafeRawPointer? { log.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }

    /// Room in the set (for tests: kept by `removeAll()`).
    var capacity: Int { self.set.capacity }

    func contains(_ id: RenderNodeID) -> Bool { set.contains(id) }

    mutating func insert(_ id: RenderNodeID) {
        work += 1
        if set.insert(id).inserted { log.append(id) }
    }

    /// A position in the insertion order, for `inserted(since:)` and `forget(since:)`.
    var mark: Int { log.count }

    /// The ids inserted after `mark` that are still visited, in order.
    mutating func inserted(since mark: Int) -> [RenderNodeID] {
        let tail = log[min(mark, log.count)...]
        work += tail.count
        return tail.filter { set.contains($0) }
    }

    /// Forgets every id inserted after `mark` (they may be visited again).
    mutating func forget(since mark: Int) {
        guard mark < log.count else { return }
        work += log.count - mark
        for id in log[mark...] { set.remove(id) }
        log.removeSubrange(mark...)
    }

    /// Forgets `ids` (they may be visited again).
    mutating func forget(_ ids: [RenderNodeID]) {
        work += ids.count
        setForgets += 1
        for id in ids { set.remove(id) }
    }
}
