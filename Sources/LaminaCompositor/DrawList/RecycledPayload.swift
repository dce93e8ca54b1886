// Draw-list payloads too large to sit inline in a command or piece, held by reference in boxes
// a frame stream recycles.
//
// Why: an `indirect` enum case boxes its payload anew every time the case is made, and the box
// cannot be reused. A frame stream rebuilds the payloads of what moves every frame — an emitter's
// `.particles` (its time changes), a turning page's `.drawMaskedPlaneDirect` with its steps and
// pieces arrays — so each frame paid a malloc per payload and per array.
//
// How: a payload's box is immutable while anything but its recycler holds it (value semantics:
// `==` and `hash` are the value's). The recycler keeps the boxes it made; a box only the
// recycler still holds (`isKnownUniquelyReferenced`: no draw list, damage unit or piece array
// refers to it any more — a frame stream lets go of a list two frames later) is refilled for a
// new payload, in place, its arrays emptied and filled again in their own buffers. Nothing can
// observe the change: no value refers to the box. Without a recycler (a one-off preparation)
// every payload gets a new box.

/// The storage of a `Boxed` payload. Its value changes only while no `Boxed` refers to it.
package final class PayloadBox<Value>: @unchecked Sendable {
    fileprivate(set) var value: Value
    fileprivate init(_ value: Value) { self.value = value }
}

/// A draw-list payload held by reference (see the note above): a value, compared and hashed
/// as its value.
package struct Boxed<Value: Hashable & Sendable>: Hashable, Sendable {
    fileprivate let box: PayloadBox<Value>

    /// `value` in a new box.
    package init(_ value: Value) { box = PayloadBox(value) }
    fileprivate init(box: PayloadBox<Value>) { self.box = box }

    /// The payload.
    package var value: Value { box.value }

    package static func == (a: Boxed, b: Boxed) -> Bool { a.box === b.box || a.box.value == b.box.value }
    package func hash(into hasher: inout Hasher) { box.value.hash(into: &hasher) }

    /// Whether `a` and `b` share one box (for tests).
    package static func sameBox(_ a: Boxed, _ b: Boxed) -> Bool { a.box === b.box }
}

/// The boxes of one kind of payload a frame stream made, refilled once no payload refers to
/// them (see the note at the top). One preparation uses it at a time (not thread-safe; the
/// boxes it hands out may be read and let go on any thread).
package final class PayloadRecycler<Value: Hashable & Sendable> {
    private var boxes: [PayloadBox<Value>] = []
    /// Most boxes kept: payloads of this kind alive at once in the frames a stream holds (this
    /// frame's and the last one's). Beyond, payloads get boxes of their own, not kept.
    let limit: Int
    /// Boxes made (not refilled) so far (for tests).
    package private(set) var madeBoxes = 0

    /// Keeps at most `limit` boxes.
    package init(limit: Int) { self.limit = limit }

    /// `value` boxed: in a kept box no payload refers to any more when there is one.
    package func boxed(_ value: Value) -> Boxed<Value> {
        boxed(fresh: { value }, refill: { $0 = value })
    }

    /// A payload made by `refill` from a free kept box's last value (whose arrays it may
    /// empty and fill in their own buffers: no payload holds them), or else `fresh()` in a new
    /// box. `refill` must leave the value as `fresh()` would make it.
    package func boxed(fresh: () -> Value, refill: (inout Value) -> Void) -> Boxed<Value> {
        if let i = freeBox() {
            refill(&boxes[i].value)
            return Boxed(box: boxes[i])
        }
        madeBoxes += 1
        let box = PayloadBox(fresh())
        if boxes.count < limit { boxes.append(box) }
        return Boxed(box: box)
    }

    /// A kept box only this recycler refers to.
    private func freeBox() -> Int? {
        for i in boxes.indices where isKnownUniquelyReferenced(&boxes[i]) { return i }
        return nil
    }

    /// Boxes kept now (for tests).
    package var keptBoxes: Int { boxes.count }
}
