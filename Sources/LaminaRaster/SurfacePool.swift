import Synchronization

/// Scratch surfaces for offscreen passes (group opacity, masks, shadows), reused across
/// frames so a steady-state frame allocates no pixel memory.
///
/// Buffers are kept by size class: width and height rounded up to a multiple of 64 (or of
/// 256 above 1024 px), so slightly different sizes share buffers. `checkout` returns a view
/// of exactly the requested size into a free buffer of the right class (the view object for
/// a given exact size is cached too); `checkin` returns it. Thread-safe (one mutex; the
/// critical sections are a few dictionary operations).
package final class SurfacePool: Sendable {
    private struct Entry {
        let backing: Surface
        var lastView: Surface?
    }

    private struct State {
        var free: [Int: [Entry]] = [:]          // size-class key → free buffers
        var leased: [ObjectIdentifier: Entry] = [:]
        var bytesHeld = 0
    }

    private let state = Mutex(State())
    /// Free buffers beyond this many bytes are released on checkin instead of kept.
    package let byteBudget: Int

    package init(byteBudget: Int = 256 << 20) { self.byteBudget = byteBudget }

    static func sizeClass(_ v: Int) -> Int {
        let step = v > 1024 ? 256 : 64
        return (v + step - 1) / step * step
    }

    private static func key(_ w: Int, _ h: Int) -> Int { w << 20 | h }

    /// A surface of exactly width × height, transparent if `cleared` (else with stale pixels
    /// from an earlier use). Throws for sizes a `Surface` rejects.
    package func checkout(width: Int, height: Int, cleared: Bool = true) throws -> Surface {
        guard width > 0, height > 0 else { throw Surface.Error.invalidSize(width: width, height: height) }
        guard width <= Surface.maxDimension, height <= Surface.maxDimension,
              width * height <= Surface.maxPixelCount
        else { throw Surface.Error.tooLarge(width: width, height: height) }
        let cw = min(Surface.maxDimension, Self.sizeClass(width)), ch = min(Surface.maxDimension, Self.sizeClass(height))
        let k = Self.key(cw, ch)
        var entry = state.withLock { s -> Entry? in
            guard let e = s.free[k]?.popLast() else { return nil } // in place: no array copy
            s.bytesHeld -= e.backing.bytesPerRow * e.backing.height
            return e
        }
        if entry == nil {
            let backing = cw * ch <= Surface.maxPixelCount ? try Surface(width: cw, height: ch) : try Surface(width: width, height: height)
            entry = Entry(backing: backing, lastView: nil)
        }
        guard var e = entry else { throw Surface.Error.invalidSize(width: width, height: height) }
        let view: Surface
        if let v = e.lastView, v.width == width, v.height == height {
            view = v
        } else if e.backing.width == width && e.backing.height == height {
            view = e.backing
        } else if let v = e.backing.view(x: 0, y: 0, width: width, height: height) {
            view = v
        } else {
            throw Surface.Error.invalidSize(width: width, height: height)
        }
        e.lastView = view
        if cleared { view.clear() }
        let leasedEntry = e
        state.withLock { $0.leased[ObjectIdentifier(view)] = leasedEntry }
        return view
    }

    /// Returns a surface obtained from `checkout`; other surfaces are ignored. The caller
    /// must not use it afterwards.
    package func checkin(_ surface: Surface) {
        state.withLock { s in
            guard let e = s.leased.removeValue(forKey: ObjectIdentifier(surface)) else { return }
            let bytes = e.backing.bytesPerRow * e.backing.height
            if s.bytesHeld + bytes > byteBudget { return }
            s.bytesHeld += bytes
            s.free[Self.key(e.backing.width, e.backing.height), default: []].append(e)
        }
    }

    /// Bytes of pixel memory held by free buffers.
    package var freeBytes: Int { state.withLock { $0.bytesHeld } }

    /// Releases every free buffer (leased ones are unaffected).
    package func purge() { state.withLock { $0.free.removeAll(); $0.bytesHeld = 0 } }
}
