// The working planes of blurs, kept from blur to blur: a shadow's blur needs two to four
// planes of 32-bit values the size of its window, which a frame with shadows would otherwise
// allocate (and zero) anew for every shadow of every frame.

/// Idle plane buffers for `BlurPlane`, reused by the blurs of one thread (not thread-safe:
/// each drawing thread has its own, e.g. in its painter). A plane made from it is zeroed over
/// its size, exactly as a new plane is.
package final class BlurScratch {
    /// Most idle buffers kept (a blur uses at most four at once).
    static let maxIdle = 4
    private var idle: [[Int32]] = []

    package init() {}

    /// `count` zeros, in the smallest idle buffer that holds them (a new array when none does).
    func zeros(_ count: Int) -> [Int32] {
        var best: Int?
        for (i, a) in idle.enumerated() where a.capacity >= count {
            if best.map({ idle[$0].capacity > a.capacity }) ?? true { best = i }
        }
        guard let i = best else { return [Int32](repeating: 0, count: count) }
        var a = idle.remove(at: i)
        a.removeAll(keepingCapacity: true)
        a.append(contentsOf: repeatElement(0, count: count))
        return a
    }

    /// Keeps `values` for a later plane (the largest buffers when full).
    func keep(_ values: inout [Int32]) {
        guard values.capacity > 0 else { return }
        if idle.count < Self.maxIdle {
            idle.append(values)
        } else if let i = idle.indices.min(by: { idle[$0].capacity < idle[$1].capacity }), idle[i].capacity < values.capacity {
            idle[i] = values
        }
        values = []
    }

    /// Idle buffers held now (for tests).
    package var idleCount: Int { idle.count }
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
