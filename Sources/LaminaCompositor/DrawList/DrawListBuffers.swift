// The command arrays of draw lists a frame stream is done with, kept with their capacity so
// the next frame's list is built into a grown buffer instead of growing a new one from empty
// (a few reallocations and copies a frame for a scene of hundreds of layers).
import Foundation

/// Spare draw-list command buffers of one compositor. Thread-safe (one lock).
package final class DrawListBuffers: @unchecked Sendable {
    /// Most spare buffers kept: a frame stream gives back one a frame; threads preparing
    /// frames at once take one each.
    static let maxSpare = 4
    private var spare: [[DrawCommand]] = []
    private let lock = NSLock()

    package init() {}

    /// An empty command array, with the capacity of a list given back when there is one.
    func take() -> [DrawCommand] { lock.withLock { spare.popLast() } ?? [] }

    /// Keeps `list`'s command buffer for a later frame. The caller must hold no other copy of
    /// the list's commands, or emptying them copies instead of reusing the buffer.
    package func giveBack(_ list: consuming DrawList) {
        var commands = list.commands
        list.commands = []
        guard commands.capacity > 0 else { return }
        commands.removeAll(keepingCapacity: true)
        lock.withLock { if spare.count < Self.maxSpare { spare.append(commands) } }
    }

    /// Spare buffers held now (for tests).
    package var spareCount: Int { lock.withLock { spare.count } }

    /// A frame walk's visited set, emptied, kept for the next frame (its set of ~one id per
    /// layer grew by rehashing from empty every frame). At most `maxSpare`; one holding more
    /// than `maxVisitedIDs` ids' room is let go.
    private var spareVisited: [VisitedNodes] = []
    static let maxVisitedIDs = 1 << 16

    /// An empty visited set, with the storage of one given back when there is one.
    func takeVisited() -> VisitedNodes { lock.withLock { spareVisited.popLast() } ?? VisitedNodes() }

    /// Keeps `visited`'s storage (emptied) for a later frame.
    func giveBack(visited: consuming VisitedNodes) {
        var v = consume visited
        guard v.capacity <= Self.maxVisitedIDs else { return }
        let log = v.logAddress
        v.removeAll()
        let copied = v.logAddress != log
        lock.withLock {
            if copied { visitedLogCopies += 1 }
            if spareVisited.count < Self.maxSpare { spareVisited.append(v) }
        }
    }

    /// Visited sets given back whose log had to be copied to be emptied, because something
    /// else still held it (for tests: the retained preparation takes the log by exchange, so
    /// none should).
    private(set) var visitedLogCopies = 0

    /// Spare visited sets held now (for tests).
    var spareVisitedCount: Int { lock.withLock { spareVisited.count } }
}
