// The frame-scoped caches decide at a frame's end whether anything goes by counting, not by
// looking each kept key up again (FrameUse.swift): these check the count against a model of
// the table over random frames, values too big to keep and stale entries included.
import CoreGraphics
@testable import LaminaCompositor
import Testing
import _LaminaTestSupport

@Suite struct FrameUseTests {
    @Test func theCountIsTheUsedKeysTheTableHolds() {
        var use = FrameUse<Int>()
        use.mark(1, wasInTable: true, inTable: true)
        use.mark(1, wasInTable: true, inTable: true) // a second use counts once
        use.mark(2, wasInTable: false, inTable: false) // used, not kept
        #expect(use.keptCount == 1 && use.usedAll(tableCount: 1) && !use.usedAll(tableCount: 2))
        use.mark(2, wasInTable: false, inTable: true) // kept later in the frame (another thread's value)
        #expect(use.keptCount == 2)
        use.mark(3, wasInTable: false, inTable: true) // made and kept
        #expect(use.keptCount == 3 && use.contains(3) && !use.contains(4))
        use.reset()
        #expect(use.keptCount == 0 && !use.contains(1))
    }

    /// A `FrameScopedStore` over 300 random frames against a model: after each frame's end it
    /// holds exactly the keys that were kept and used in that frame, and a value is made
    /// exactly when the model does not hold its key. Values of odd keys are too big to keep
    /// once the store is nearly full, so some used keys are never kept.
    @Test func aStoreDropsExactlyWhatAFrameDidNotUse() {
        let store = FrameScopedStore<Int, Int>(maxBytes: 100) { $0 % 2 == 0 ? 8 : 40 }
        var model: [Int: Int] = [:] // key → value held
        var rng = SplitMix64(7)
        for frame in 0..<300 {
            var used = Set<Int>()
            let uses = Int(rng.next() % 12)
            for _ in 0..<uses {
                let k = Int(rng.next() % 16)
                var made = false
                let v = store.value(for: k) { made = true; return k }
                #expect(v == k)
                #expect(made == (model[k] == nil), "frame \(frame), key \(k)")
                if made {
                    let bytes = model.values.reduce(0) { $0 + ($1 % 2 == 0 ? 8 : 40) }
                    if bytes + (k % 2 == 0 ? 8 : 40) <= 100 { model[k] = k }
                }
                used.insert(k)
            }
            store.endFrame()
            model = model.filter { used.contains($0.key) }
            #expect(store.count == model.count, "frame \(frame)")
        }
    }

    /// A frame that uses every kept entry drops nothing; one that skips one drops it; a stale
    /// image identity (the same key, another image) is replaced and counted once.
    @Test func imageCacheDropsOnlyUnusedImages() {
        let cache = ImageCache()
        let a = RegionRandomTreeTests.image(seed: 1), b = RegionRandomTreeTests.image(seed: 2)
        _ = cache.sampled(a, mipmapped: false); _ = cache.sampled(b, mipmapped: false)
        cache.endFrame()
        #expect(cache.count == 2)
        _ = cache.sampled(a, mipmapped: false); _ = cache.sampled(b, mipmapped: false); _ = cache.sampled(a, mipmapped: false)
        cache.endFrame()
        #expect(cache.count == 2)
        _ = cache.sampled(b, mipmapped: false)
        cache.endFrame()
        #expect(cache.count == 1)
    }
}

/// The readers bands look the caches up through (FrameScopedStore.swift): a snapshot per
/// frame, entries stamped with the frame that used them, counts handed in before the end.
@Suite struct FrameScopedStoreReaderTests {
    /// Readers see what the store keeps, make only what it lacks, and a frame's end keeps
    /// exactly what any reader used — whether or not they handed their counts in.
    @Test(arguments: [true, false]) func readersKeepExactlyWhatTheyUsed(flush: Bool) {
        let store = FrameScopedStore<Int, Int>(maxBytes: 1 << 20) { _ in 8 }
        let a = store.reader(), b = store.reader()
        var made = 0
        for k in 0..<40 { _ = a.value(for: k) { made += 1; return k * 3 } }
        if flush { a.flush() }
        store.endFrame()
        #expect(made == 40 && store.count == 40)
        // Frame 2: a uses 0..<10, b uses 5..<20 and a new key; nothing else.
        for k in 0..<10 { #expect(a.value(for: k) { made += 1; return -1 } == k * 3) }
        for k in 5..<20 { #expect(b.value(for: k) { made += 1; return -1 } == k * 3) }
        #expect(b.value(for: 100) { made += 1; return 300 } == 300)
        #expect(a.value(for: 100) { made += 1; return -1 } == 300) // kept by b this frame: found under the lock
        if flush { a.flush(); b.flush() }
        store.endFrame()
        #expect(made == 41 && store.count == 21)
        // Frame 3: the new key is in the snapshot now; an unused frame empties the store.
        #expect(a.value(for: 100) { made += 1; return -1 } == 300 && made == 41)
        if flush { a.flush() }
        store.endFrame()
        #expect(store.count == 1)
        store.endFrame()
        #expect(store.count == 0)
    }

    /// Two threads stamping the same entries at once count each entry once: a steady frame
    /// drops nothing, one that skips a key drops only it (and the next makes it again).
    @Test func concurrentReadersCountEachEntryOnce() async {
        let store = FrameScopedStore<Int, Int>(maxBytes: 1 << 20) { _ in 8 }
        for k in 0..<500 { _ = store.value(for: k) { k } }
        store.endFrame()
        for frame in 0..<20 {
            let skip = frame % 2 == 0 ? -1 : frame * 7
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<2 {
                    let r = store.reader()
                    group.addTask {
                        for k in 0..<500 where k != skip { _ = r.value(for: k) { -1 } }
                        r.flush()
                    }
                }
            }
            store.endFrame()
            #expect(store.count == (skip < 0 ? 500 : 499), "frame \(frame)") // a dropped key is made again next frame
        }
    }

    /// Two readers using the same half of the entries: counted once each, the count is half
    /// the table, and the other half goes (were each use counted, the count would equal the
    /// table's size and nothing would go).
    @Test func twoReadersOfTheSameEntriesCountThemOnce() {
        let store = FrameScopedStore<Int, Int>(maxBytes: 1 << 20) { _ in 8 }
        for k in 0..<4 { _ = store.value(for: k) { k } }
        store.endFrame()
        let a = store.reader(), b = store.reader()
        for r in [a, b] { for k in 0..<2 { _ = r.value(for: k) { -1 } } }
        a.flush(); b.flush()
        store.endFrame()
        #expect(store.count == 2)
    }
}
