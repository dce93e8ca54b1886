// Which entries of a frame-scoped cache a frame used, kept so the frame's end can tell in
// O(1) whether anything goes.
//
// Why: RasterCache drops what a frame did not use. Finding that out by looking each kept key
// up in the used set hashed every key once more a frame, on the frame's serial tail after all
// bands. Counting, as keys are marked, how many of them the table holds makes the steady case a
// comparison of two counts. (The image, shadow and coverage caches count the same way with
// per-entry frame stamps, FrameScopedStore.swift.)
package struct FrameUse<Key: Hashable> {
    /// The keys used this frame (kept in the table or not).
    private(set) var keys: Set<Key> = []
    /// How many of `keys` the table holds: |keys ∩ table's keys|.
    private(set) var keptCount = 0

    package init() {}

    /// Marks `key` used. `wasInTable`: whether the table held it before this use;
    /// `inTable`: whether it holds it now (a use may add it). Keeps `keptCount` exact: a key
    /// is counted once, when it is both used and kept (keys leave the table only at the
    /// frame's end, after `reset`'s caller has looked).
    package mutating func mark(_ key: Key, wasInTable: Bool, inTable: Bool) {
        let inserted = keys.insert(key).inserted
        if inTable, inserted || !wasInTable { keptCount += 1 }
    }

    /// Whether every one of the table's `tableCount` entries was used: nothing to drop.
    package func usedAll(tableCount: Int) -> Bool { keptCount == tableCount }

    /// Whether `key` was used this frame.
    package func contains(_ key: Key) -> Bool { keys.contains(key) }

    /// Forgets the frame's uses, keeping the set's storage (a steady frame marks the same
    /// keys again without allocating).
    package mutating func reset() {
        keys.removeAll(keepingCapacity: true)
        keptCount = 0
    }

    /// Room in the set (for tests: kept between frames).
    var capacity: Int { keys.capacity }
}
