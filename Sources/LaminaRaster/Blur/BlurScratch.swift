// The working planes of blurs, kept from blur to blur: a shadow's blur needs two to four
// planes of 32-bit values the size of its window, which a frame with shadows would otherwise
// allocate (and zero) anew for every shadow of every frame.

/// Idle plane buffers for `BlurPlane`, reused by the blurs of one thread (not thread-safe:
/// each drawing thread has its own, e.g. in its painter). A plane made from it is zeroed over
/// its size, exactly as a new plane is.
package final class BlurScratch {
    /// Most idle buffers kept: a downsampled blur uses five at once (the plane, its scratch,
    /// the reduced plane and its scratch, the enlarged result), so with four one was made
    /// anew for every shadow of every frame.
    static let maxIdle = 6
    /// Most bytes of idle buffers kept (a buffer that would take them past it is let go):
    /// a huge shadow's planes are not held for the frames after it.
    static let maxIdleBytes = 64 << 20
    private var idle: [[Int32]] = []

    package init() {}

    /// `count` zeros, in the smallest idle buffer that holds them (a new array when none does).
    func zeros(_ count: Int) -> [Int32] {
        var best: Int?
        for (i, a) in idle.enumerated() where a.capacity >= count {
            if best.map({ idle[$0].capacity > a.capacity }) ?? true { best = i }
        }
        guard let i = best else {
            // None holds them: the largest grows, with room for a plane a quarter larger (an
            // animated shadow's planes change size frame to frame).
            guard let j = idle.indices.max(by: { idle[$0].capacity < idle[$1].capacity }) else {
                return [Int32](repeating: 0, count: count)
            }
            var a = idle.remove(at: j)
            a.removeAll(keepingCapacity: true)
            a.reserveCapacity(count + count / 4)
            a.append(contentsOf: repeatElement(0, count: count))
            return a
        }
        var a = idle.remove(at: i)
        a.removeAll(keepingCapacity: true)
        a.append(contentsOf: repeatElement(0, count: count))
        return a
    }

    /// Keeps `values` for a later plane (the largest buffers when full).
    func keep(_ values: inout [Int32]) {
        guard values.capacity > 0 else { return }
        var bytes = 4 * values.capacity
        for a in idle { bytes += 4 * a.capacity }
        if bytes > Self.maxIdleBytes {
            values = []
        } else if idle.count < Self.maxIdle {
            idle.append(values)
        } else if let i = idle.indices.min(by: { idle[$0].capacity < idle[$1].capacity }), idle[i].capacity < values.capacity {
            idle[i] = values
        }
        values = []
    }

    /// Idle buffers held now (for tests).
    package var idleCount: Int { idle.count }

    // Row-sized working arrays of the passes (a vertical pass's column sums and its zero row,
    // a reduction's block sums, an enlargement's taps): an array each per pass was a dozen
    // mallocs per blurred shadow per frame. Kept up to `maxRowElements` elements each (a
    // wider blur lets its arrays go when it is done).

    /// Most elements a kept row array holds between blurs (8 MiB of `Int`).
    static let maxRowElements = 1 << 20

    private var sums: [Int] = []
    private var zeroRow: [Int32] = []
    private var taps: [[(Int, Int, Int)]] = []

    /// `count` zeros for a pass's sums, in the kept array (a new one when it is lent out).
    func takeSums(_ count: Int) -> [Int] {
        var a: [Int] = []
        swap(&a, &sums)
        a.removeAll(keepingCapacity: true)
        a.append(contentsOf: repeatElement(0, count: count))
        return a
    }

    /// Takes back an array from `takeSums`.
    func keepSums(_ a: inout [Int]) {
        if a.capacity <= Self.maxRowElements, a.capacity > sums.capacity { swap(&a, &sums) }
        a = []
    }

    /// At least `count` zeros (never written: passes only read them), kept.
    func zeros(row count: Int) -> [Int32] {
        if zeroRow.count < count {
            zeroRow = []
            zeroRow = [Int32](repeating: 0, count: count)
        }
        let row = zeroRow
        if count > Self.maxRowElements { zeroRow = [] }
        return row
    }

    /// The kept sums array's storage, and how many taps arrays are kept (for tests).
    package var sumsBase: UnsafeRawPointer? { sums.withUnsafeBufferPointer { $0.baseAddress.map { UnsafeRawPointer($0) } } }
    package var keptTaps: Int { taps.count }
    package var sumsCapacity: Int { sums.capacity }

    /// An empty array for an enlargement's taps, with the room of a kept one.
    func takeTaps() -> [(Int, Int, Int)] {
        var a = taps.popLast() ?? []
        a.removeAll(keepingCapacity: true)
        return a
    }

    /// Takes back an array from `takeTaps` (two are kept: one per axis).
    func keepTaps(_ a: inout [(Int, Int, Int)]) {
        if taps.count < 2, a.capacity <= Self.maxRowElements { taps.append(a) }
        a = []
    }
}

extension BlurPlane {
    /// A zeroed `width × height` plane in a buffer from `scratch` (a new one when nil).
    init(width: Int, height: Int, scratch: BlurScratch?) {
        if let scratch {
            self.init(width: width, height: height, values: scratch.zeros(width * height))
        } else {
            self.init(width: width, height: height)
        }
    }

    /// Gives this plane's buffer to `scratch` (nothing when nil); the plane is empty after.
    mutating func recycle(into scratch: BlurScratch?) {
        scratch?.keep(&values)
    }
}
