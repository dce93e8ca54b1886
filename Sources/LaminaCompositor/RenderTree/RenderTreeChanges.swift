// Which nodes of a frame's render tree may differ from the frame its producer made before it,
// so the compositor can prepare again only what changed (Prepare/RetainedPreparation.swift).
import Synchronization

/// A frame tree's lineage: its serial, the serial of the tree it was made from, and the ids of
/// the nodes put, modified or removed since. A tree is equal to its predecessor everywhere but
/// at those ids — the only claim a consumer may rely on, and only when it kept the
/// predecessor's serial: any other tree (another producer's, a frame it did not see) starts
/// over.
///
/// `RenderTree.update`, `modify` and `remove` record ids here themselves, so code that edits
/// a tree after it was produced (a viewport wrapper, the emitters' times) keeps the record
/// exact without knowing about it.
package struct RenderTreeChanges: Sendable {
    /// Unique in the process: no two trees ever get the same serial.
    package let serial: UInt64
    /// The tree this one was made from (nil: none, every node counts as changed).
    package let previous: UInt64?
    /// Nodes that may differ from the previous tree (duplicates possible).
    package internal(set) var ids: [RenderNodeID]

    /// A fresh serial; `previous` and `ids` as described above.
    package init(previous: UInt64?, ids: [RenderNodeID] = []) {
        serial = Self.counter.add(1, ordering: .relaxed).newValue
        self.previous = previous
        self.ids = ids
    }

    private static let counter = Atomic<UInt64>(0)
}
