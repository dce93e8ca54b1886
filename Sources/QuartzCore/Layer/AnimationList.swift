import Foundation

/// The animations attached to one layer, in the order they were added — the one store behind
/// `add(_:forKey:)`, `animation(forKey:)`, `removeAnimation(forKey:)`, `animationKeys()`, the
/// animation engine and the committed render tree, so every reader sees the same order.
///
/// Apple's order (reference §5.4.3): replacing a key removes the old animation and appends the
/// new one at the end; `animationKeys()` lists keys in the order added. Kept here as an
/// append-only array of slots where a removal leaves a hole (a tombstone), plus, once the list
/// is longer than `indexThreshold`, a key → slot and an animation → slot index. Keyed add,
/// lookup and removal then cost O(1) (amortised: holes are compacted away, in order, when they
/// outnumber the live entries), where filtering the whole list per keyed add made 100,000
/// keyed animations on one layer take 40–50 s. Short lists — nearly every layer — are scanned
/// and allocate no index.
///
/// Each animation object is attached at most once (`add(_:forKey:)` attaches a copy), so the
/// animation index is by identity. At most one entry per non-nil key (callers remove the old
/// one first, as `add(_:forKey:)` does).
package struct AnimationList: Sequence {
    package typealias Entry = (key: String?, animation: CAAnimation)

    /// Longer lists are indexed; shorter ones are scanned (at most this many slots a look-up).
    package static let indexThreshold = 16

    private var slots: [Entry?] = []
    /// Key → slot and animation → slot, present only while `slots.count > indexThreshold`.
    private var slotOfKey: [String: Int]?
    private var slotOfAnimation: [ObjectIdentifier: Int]?
    /// Live entries (slots that are not holes).
    package private(set) var count = 0
    /// Whether the last mutation added or removed an animation that is committed (or has no
    /// runtime): only those are in the animation engine's plan, so adding or removing an
    /// uncommitted animation keeps the layer's cached plan (building it is O(n), and
    /// `add(_:forKey:)` evaluates the plan for animations that start from the presented value).
    package private(set) var lastMutationAffectsPlan = true
    /// Test probe: counts the slots visited by look-ups, removals and compaction, and the
    /// entries read by `AnimationEngine`'s plan builds (not other iterations, linear in the
    /// list by nature). Nil — and free — outside tests.
    package var probe: WorkProbe?

    package init() {}

    package var isEmpty: Bool { count == 0 }

    // MARK: Look-up

    /// The attached animation with `key` (nil: none).
    package func animation(forKey key: String) -> CAAnimation? {
        slot(ofKey: key).flatMap { slots[$0]?.animation }
    }

    /// Whether `animation` (this very object) is attached.
    package func contains(_ animation: CAAnimation) -> Bool {
        slot(of: animation) != nil
    }

    /// The non-nil keys in the order added.
    package var keys: [String] {
        var keys: [String] = []
        for entry in self { if let key = entry.key { keys.append(key) } }
        return keys
    }

    private func slot(ofKey key: String) -> Int? {
        if let slotOfKey { probe?.visits += 1; return slotOfKey[key] }
        for i in slots.indices {
            probe?.visits += 1
            if let entry = slots[i], entry.key == key { return i }
        }
        return nil
    }

    private func slot(of animation: CAAnimation) -> Int? {
        if let slotOfAnimation { probe?.visits += 1; return slotOfAnimation[ObjectIdentifier(animation)] }
        for i in slots.indices {
            probe?.visits += 1
            if let entry = slots[i], entry.animation === animation { return i }
        }
        return nil
    }

    // MARK: Mutation

    /// Appends `entry` at the end. Its key must not be attached already.
    package mutating func append(_ entry: Entry) {
        assert(entry.key.map { slot(ofKey: $0) == nil } ?? true, "one animation per key")
        let i = slots.count
        slots.append(entry)
        count += 1
        if slotOfKey != nil {
            if let key = entry.key { slotOfKey![key] = i }
            slotOfAnimation![ObjectIdentifier(entry.animation)] = i
        } else if slots.count > Self.indexThreshold {
            buildIndex()
        }
        lastMutationAffectsPlan = Self.inPlan(entry.animation)
    }

    /// Removes the animation with `key`, returning it (nil: none was attached).
    @discardableResult
    package mutating func remove(key: String) -> Entry? {
        guard let i = slot(ofKey: key) else { lastMutationAffectsPlan = false; return nil }
        return removeSlot(i)
    }

    /// Removes `animation` (this very object), returning its entry (nil: not attached).
    @discardableResult
    package mutating func remove(_ animation: CAAnimation) -> Entry? {
        guard let i = slot(of: animation) else { lastMutationAffectsPlan = false; return nil }
        return removeSlot(i)
    }

    /// Removes every entry whose key matches, returning them in order. Visits every slot.
    package mutating func removeAll(where matches: (String?) -> Bool) -> [Entry] {
        var removed: [Entry] = []
        var affectsPlan = false
        for i in slots.indices {
            probe?.visits += 1
            guard let entry = slots[i], matches(entry.key) else { continue }
            removed.append(entry)
            affectsPlan = affectsPlan || Self.inPlan(entry.animation)
            slots[i] = nil
            if let key = entry.key { slotOfKey?[key] = nil }
            slotOfAnimation?[ObjectIdentifier(entry.animation)] = nil
            count -= 1
        }
        if !removed.isEmpty { compactIfSparse() }
        lastMutationAffectsPlan = affectsPlan
        return removed
    }

    private mutating func removeSlot(_ i: Int) -> Entry {
        let entry = slots[i]!
        slots[i] = nil
        count -= 1
        if let key = entry.key { slotOfKey?[key] = nil }
        slotOfAnimation?[ObjectIdentifier(entry.animation)] = nil
        compactIfSparse()
        lastMutationAffectsPlan = Self.inPlan(entry.animation)
        return entry
    }

    /// Drops the holes (keeping the order) once they outnumber the live entries, so iteration
    /// stays linear in `count` and a removal costs O(1) amortised.
    private mutating func compactIfSparse() {
        let holes = slots.count - count
        if count == 0 {
            slots.removeAll(keepingCapacity: slots.count <= 4 * Self.indexThreshold)
            slotOfKey = nil
            slotOfAnimation = nil
            return
        }
        guard holes > Self.indexThreshold, holes > count else { return }
        probe?.visits += slots.count
        slots.removeAll { $0 == nil }
        if slots.count > Self.indexThreshold { buildIndex() } else { slotOfKey = nil; slotOfAnimation = nil }
    }

    private mutating func buildIndex() {
        probe?.visits += slots.count
        var byKey: [String: Int] = [:]
        var byAnimation: [ObjectIdentifier: Int] = [:]
        byKey.reserveCapacity(slots.count)
        byAnimation.reserveCapacity(slots.count)
        for (i, entry) in slots.enumerated() {
            guard let entry else { continue }
            if let key = entry.key { byKey[key] = i }
            byAnimation[ObjectIdentifier(entry.animation)] = i
        }
        slotOfKey = byKey
        slotOfAnimation = byAnimation
    }

    /// Whether the animation engine's plan may list `animation` (it lists committed ones).
    private static func inPlan(_ animation: CAAnimation) -> Bool {
        animation.runtime?.isCommitted ?? true
    }

    // MARK: Sequence

    package struct Iterator: IteratorProtocol {
        fileprivate var base: IndexingIterator<[Entry?]>
        package mutating func next() -> Entry? {
            while let slot = base.next() {
                if let entry = slot { return entry }
            }
            return nil
        }
    }

    package func makeIterator() -> Iterator { Iterator(base: slots.makeIterator()) }

    package var underestimatedCount: Int { count }
}

/// A counter of work done, for tests that check an operation's cost by counting steps instead
/// of timing it. Shared by reference so a value-type store can count in non-mutating calls.
package final class WorkProbe: @unchecked Sendable {
    package var visits = 0
    package init() {}
}
