// Values made on first use and kept while frames keep using them: the store behind the image,
// shadow and coverage caches.
//
// Why readers: the bands of a frame drawn on two threads look up the same caches about a
// thousand times each (bench-layers: a coverage recording per layer background and border, an
// image per layer). With one lock and one shared set of used keys, every lookup wrote cache
// lines the other thread had just written (the lock word, the set's buckets), and each band ran
// ~10 % slower beside the other than alone (measured: band times with the lock and the used
// set skipped). A `Reader` — one per drawing thread, kept by its `PieceRasterizer` — looks keys
// up in a snapshot of the table taken after the last frame ended, which no one writes during a
// frame, and marks an entry used by stamping the frame number into the entry itself (one
// compare-and-swap, the first time a frame uses it); only a miss takes the lock.
//
// Dropping what a frame did not use stays exact: the first stamp of an entry in a frame is
// counted once (whoever wins the compare-and-swap), readers hand their counts in before the
// frame ends (`flush`), and the frame's end compares the total with the table's size — equal:
// nothing to drop (no walk at all); else the entries whose stamp is not this frame's go. A
// count handed in late is never too high for its frame (it only makes the end walk the table).
import Foundation
import Synchronization

/// Thread-safe: `value(for:make:)` and `endFrame()` take the lock; a `Reader` is used by one
/// thread at a time. At most `maxBytes` (by the values' `byteCount`) are held — a value that
/// would pass the budget is handed out but not kept. Two threads may both make a value for a new
/// key; the first kept wins.
final class FrameScopedStore<Key: Hashable, Value>: @unchecked Sendable {
    /// A kept value and the last frame that used it.
    final class Entry: @unchecked Sendable {
        let value: Value
        let bytes: Int
        let lastUsed: Atomic<Int>

        init(_ value: Value, bytes: Int, frame: Int) {
            self.value = value
            self.bytes = bytes
            lastUsed = Atomic(frame)
        }

        /// Stamps the entry used in `frame`: true for exactly one caller per frame, the first.
        func markUsed(in frame: Int) -> Bool {
            let seen = lastUsed.load(ordering: .relaxed)
            if seen == frame { return false }
            return lastUsed.compareExchange(expected: seen, desired: frame, ordering: .relaxed).exchanged
        }
    }

    // Guarded by lock:
    private var entries: [Key: Entry] = [:]
    /// `entries` as the last frame's end left them: what readers look in during a frame.
    private var snapshot: [Key: Entry] = [:]
    private var bytes = 0
    private let lock = NSLock()
    /// The current frame's number (written only by `endFrame`, under the lock).
    fileprivate let frame = Atomic<Int>(1)
    /// Entries stamped in the current frame, counted once each (readers add theirs on `flush`).
    fileprivate let usedCount = Atomic<Int>(0)
    private let maxBytes: Int
    private let byteCount: (Value) -> Int

    init(maxBytes: Int, byteCount: @escaping (Value) -> Int) {
        self.maxBytes = maxBytes
        self.byteCount = byteCount
    }

    /// The kept value for `key`, or `make()`'s (nil: nothing to keep or hand out).
    func value(for key: Key, make: () -> Value?) -> Value? {
        var counted = 0
        defer { if counted > 0 { usedCount.add(counted, ordering: .relaxed) } }
        return lockedValue(for: key, make: make, counted: &counted)
    }

    /// The locked path of a lookup: adds 1 to `counted` when it stamps an entry first in its
    /// frame.
    fileprivate func lockedValue(for key: Key, make: () -> Value?, counted: inout Int) -> Value? {
        lock.lock()
        let now = frame.load(ordering: .relaxed)
        if let e = entries[key] {
            if e.markUsed(in: now) { counted += 1 }
            lock.unlock()
            return e.value
        }
        lock.unlock()
        guard let v = make() else { return nil }
        lock.lock(); defer { lock.unlock() }
        let current = frame.load(ordering: .relaxed)
        if let e = entries[key] {
            // Another thread kept one meanwhile: the first kept wins (the values are equal).
            if e.markUsed(in: current) { counted += 1 }
            return v
        }
        let size = byteCount(v)
        if bytes + size <= maxBytes, current == now {
            entries[key] = Entry(v, bytes: size, frame: current)
            bytes += size
            counted += 1
        }
        return v
    }

    /// A view of the store for one thread's lookups.
    func reader() -> Reader { Reader(self) }

    /// The table readers look in for `frame`, or nil once another frame has begun.
    fileprivate func snapshot(for frame: Int) -> [Key: Entry]? {
        lock.lock(); defer { lock.unlock() }
        return self.frame.load(ordering: .relaxed) == frame ? snapshot : nil
    }

    /// Drops what the frame did not use and begins the next. A steady frame, which used what
    /// it kept, neither walks nor rebuilds the table.
    func endFrame() {
        lock.lock(); defer { lock.unlock() }
        let now = frame.load(ordering: .relaxed)
        if usedCount.load(ordering: .relaxed) != entries.count {
            entries = entries.filter { $0.value.lastUsed.load(ordering: .relaxed) == now }
            bytes = entries.values.reduce(0) { $0 + $1.bytes }
        }
        usedCount.store(0, ordering: .relaxed)
        snapshot = entries
        frame.store(now + 1, ordering: .releasing)
    }

    var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }

    /// One thread's lookups into the store (see the note at the top): the same answers as
    /// `value(for:make:)`. Not thread-safe: each drawing thread has its own.
    final class Reader {
        private let store: FrameScopedStore
        /// The frame `table` is the snapshot of, and the entries this reader stamped first in
        /// it, not yet handed in.
        private var frame = 0
        private var table: [Key: Entry] = [:]
        private var counted = 0

        fileprivate init(_ store: FrameScopedStore) { self.store = store }

        func value(for key: Key, make: () -> Value?) -> Value? {
            let now = store.frame.load(ordering: .acquiring)
            if now != frame {
                // A new frame: counts of the old one are past use; take the new snapshot.
                counted = 0
                frame = now
                table = store.snapshot(for: now) ?? [:]
            }
            if let e = table[key] {
                if e.markUsed(in: now) { counted += 1 }
                return e.value
            }
            return store.lockedValue(for: key, make: make, counted: &counted)
        }

        /// Hands the count of entries this reader stamped first in the current frame to the
        /// store; call before the frame ends (else the end walks the table to find them).
        func flush() {
            guard counted > 0 else { return }
            if store.frame.load(ordering: .acquiring) == frame { store.usedCount.add(counted, ordering: .relaxed) }
            counted = 0
        }
    }
}
