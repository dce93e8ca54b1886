/// A growable run of plain values (points, flags, lengths) on memory the stroker manages
/// itself. The stroker's hot loops append a few points per flattened vertex; on a Swift Array
/// every append also pays a uniqueness check (and retains and releases around it), which
/// showed as several percent of the S4 frame. Here an append is a capacity check and a store.
///
/// A handle, not a value: copies share the same memory, so exactly one copy may be used at a
/// time and the memory is freed once, by `deallocate()`. Buffers live in a `StrokeScratch`
/// (which frees them) and are lent to one stroker at a time. Indices are checked by `assert`
/// only (debug builds, which the tests use).
struct StrokeBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    /// Elements `base[0 ..< count]` are in use.
    private(set) var count = 0

    init(capacity: Int = 64) {
        assert(_isPOD(Element.self), "only plain values: elements are never deinitialised")
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory; this buffer and every copy of it are unusable afterwards.
    func deallocate() { base.deallocate() }

    subscript(i: Int) -> Element {
        get { assert(i >= 0 && i < count); return base[i] }
        nonmutating set { assert(i >= 0 && i < count); base[i] = newValue }
    }

    var last: Element { self[count - 1] }

    @inline(__always) mutating func append(_ x: Element) {
        if count == capacity { grow(toAtLeast: count + 1) }
        (base + count).initialize(to: x)
        count &+= 1
    }

    mutating func append(contentsOf other: StrokeBuffer<Element>) {
        reserve(count + other.count)
        (base + count).initialize(from: other.base, count: other.count)
        count += other.count
    }

    /// Appends `other`'s elements last to first.
    mutating func append(reversedContentsOf other: StrokeBuffer<Element>) {
        reserve(count + other.count)
        let n = other.count
        var from = other.base + n, to = base + count
        for _ in 0 ..< n {
            from -= 1
            to.initialize(to: from.pointee)
            to += 1
        }
        count += n
    }

    mutating func removeAll() { count = 0 }

    /// Keeps the first `n` elements, drops the rest.
    mutating func truncate(to n: Int) {
        assert(n >= 0 && n <= count)
        count = n
    }

    /// Makes room for `total` elements in all without further growth.
    @inline(__always) mutating func reserve(_ total: Int) {
        if total > capacity { grow(toAtLeast: total) }
    }

    /// Reverses `base[start ..< count]` in place.
    func reverse(from start: Int) {
        var i = start, j = count - 1
        while i < j { let t = base[i]; base[i] = base[j]; base[j] = t; i += 1; j -= 1 }
    }

    @inline(never) private mutating func grow(toAtLeast minimum: Int) {
        let newCapacity = max(minimum, 2 * capacity)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
