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
