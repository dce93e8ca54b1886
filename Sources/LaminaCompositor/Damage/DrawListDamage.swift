// Damage between two frames, found by comparing their draw lists.
//
// Why draw lists and not render trees: the draw list is the whole meaning of a frame — prepare
// has already folded in everything a tree change can do (ancestors' transforms, clips,
// opacity, masks, 3D sorting and splitting, shadows' and filters' reach, transitions at their
// progress, animations at the frame's time, particles at the emitter's time, occlusion), and
// the executor reads nothing else. Two frames whose draw lists are equal have equal pixels, so
// comparing lists is exact where a tree diff would have to re-derive every rule of prepare
// (and be wrong whenever it missed one).
//
// How: the output surface's commands are cut into *units* — one top-level `draw`, or a whole
// bracket (`beginGroup` … `endGroup`, `beginProjective` … `endProjective`, `beginTransition`
// … `endTransition`) with everything nested in it, or one direct plane command. Each unit
// carries the clip commands open around it on the output (its *context*) and a device extent:
// a rectangle outside which it changes no output pixel. An output pixel p ends as the
// background followed by the units whose extent holds p, in list order, each a function of the
// pixel below it (source-over, masks and clips are per pixel; nothing reads a neighbour of the
// output). The units of the two lists are matched — equal unit, equal context, in the same
// relative order (a longest increasing run of the matches) — and the damage is the extents of
// the unmatched units of both lists. Outside the damage every pixel sees the same matched
// units in the same order in both frames, hence the same bytes; inside it the region renderer
// redraws the new frame exactly (RegionRendering.swift).
//
// Extents are conservative: pieces are bounded by their shape's rectangle through the
// item's transform, grown by 2 px (anti-aliasing, filtering) and by a blur's spread for
// shadows; groups by `GroupSpec.bounds`; projected planes by their surface's quad through
// the homography (clipped to w > 0); particles by `ParticleEvaluator.coveredRect`. A transition, or anything
// whose extent is not finite, damages the whole frame.
import CoreGraphics
import Foundation

/// The device pixels that can differ between two frames, as rectangles (possibly
/// overlapping), each within the frame.
package struct FrameDamage: Sendable, Equatable {
    /// Damaged rectangles, device pixels, each within `(0, 0)-(width, height)`.
    package var rects: [PixelBox]
    /// The frame's size in pixels.
    package var width: Int
    package var height: Int

    package init(rects: [PixelBox], width: Int, height: Int) {
        self.rects = rects; self.width = width; self.height = height
    }

    /// The whole frame.
    package static func full(width: Int, height: Int) -> FrameDamage {
        FrameDamage(rects: width > 0 && height > 0 ? [PixelBox(x0: 0, y0: 0, x1: width, y1: height)] : [],
                    width: width, height: height)
    }

    package var isEmpty: Bool { rects.isEmpty }

    /// Whether the damage is exactly the one rectangle `whole` (compared without making an
    /// array of it).
    package func isWhole(_ whole: PixelBox) -> Bool { rects.count == 1 && rects[0] == whole }

    /// The smallest rectangle holding every damaged rectangle (`.empty` when none).
    package var bounds: PixelBox {
        guard var b = rects.first else { return .empty }
        for r in rects.dropFirst() {
            b = PixelBox(x0: min(b.x0, r.x0), y0: min(b.y0, r.y0), x1: max(b.x1, r.x1), y1: max(b.y1, r.y1))
        }
        return b
    }

    /// Pixels covered by the rectangles (overlaps counted once), by a sweep over rows.
    package var area: Int {
        guard !rects.isEmpty else { return 0 }
        let ys = Set(rects.flatMap { [$0.y0, $0.y1] }).sorted()
        var total = 0
        for (y0, y1) in zip(ys, ys.dropFirst()) {
            let spans = rects.filter { $0.y0 <= y0 && $0.y1 >= y1 }.map { ($0.x0, $0.x1) }.sorted { $0.0 < $1.0 }
            var covered = 0, end = Int.min
            for (a, b) in spans {
                let s = max(a, end)
                if b > s { covered += b - s }
                end = max(end, b)
            }
            total += covered * (y1 - y0)
        }
        return total
    }

    /// At most `limit` rectangles covering at least the same pixels: the pair whose union
    /// box adds the fewest pixels is merged until few enough remain. Fewer regions mean fewer
    /// passes over the draw list (each region redraws whole rows, see RegionRendering.swift).
    package func coalesced(limit: Int = 8) -> FrameDamage {
        // The rectangles themselves when nothing is to change (no copy: a whole-frame or
        // single-rectangle damage, every frame of a still or animating scene, allocates nothing).
        var d = self
        d.coalesce(limit: limit)
        return d
    }

    /// `coalesced(limit:)` in place: `rects` changed in their own buffer (issue 21 item 3: a
    /// frame stream keeps that buffer, so coalescing allocates nothing).
    package mutating func coalesce(limit: Int = 8) {
        if rects.contains(where: \.isEmpty) { rects.removeAll(where: \.isEmpty) }
        func union(_ a: PixelBox, _ b: PixelBox) -> PixelBox {
            PixelBox(x0: min(a.x0, b.x0), y0: min(a.y0, b.y0), x1: max(a.x1, b.x1), y1: max(a.y1, b.y1))
        }
        func area(_ a: PixelBox) -> Int { a.width * a.height }
        // Many rectangles: one box (the pairwise search below is quadratic).
        if rects.count > 64 {
            let b = bounds
            rects.removeAll(keepingCapacity: true)
            rects.append(b)
        }
        // Rectangles inside another add nothing (of equal ones the first stays). Removed one
        // by one, in order: a rectangle inside one removed earlier is inside what removed
        // that one, so the result is the same as filtering them all at once.
        var i = 0
        while rects.count > 1, i < rects.count {
            let r = rects[i]
            var inside = false
            for j in rects.indices where j != i {
                let o = rects[j]
                if o.intersection(r) == r && (o != r || j < i) { inside = true; break }
            }
            if inside { rects.remove(at: i) } else { i += 1 }
        }
        while rects.count > max(1, limit) {
            var best = (i: 0, j: 1, cost: Int.max)
            for i in rects.indices { for j in rects.indices where j > i {
                let cost = area(union(rects[i], rects[j])) - area(rects[i]) - area(rects[j])
                if cost < best.cost { best = (i, j, cost) }
            } }
            let u = union(rects[best.i], rects[best.j])
            rects.remove(at: best.j); rects[best.i] = u
        }
    }
}

extension DrawList {
    /// The device pixels whose bytes can differ between a frame drawn from `previous` and one
    /// drawn from this list (both over the same background): see the note at the top of
    /// DrawListDamage.swift. The whole frame when the sizes differ.
    package func damage(since previous: DrawList) -> FrameDamage {
        guard previous.width == width, previous.height == height else { return .full(width: width, height: height) }
        return damage(units: DamageUnit.units(of: self), since: DamageUnit.units(of: previous))
    }

    /// `damage(since:)` from the two lists' units (`DamageUnit.units(of:)`), so a stream of
    /// frames computes each list's units once.
    func damage(units new: [DamageUnit], since old: [DamageUnit]) -> FrameDamage {
        var rects: [PixelBox] = []
        appendDamage(units: new, since: old, matching: DamageMatching(), to: &rects)
        return FrameDamage(rects: rects, width: width, height: height)
    }

    /// `damage(units:since:)`'s rectangles appended to `rects`, the units matched in
    /// `matching`'s buffers (a frame stream keeps both: no allocation per frame).
    func appendDamage(units new: [DamageUnit], since old: [DamageUnit], matching: DamageMatching, to rects: inout [PixelBox]) {
        let frame = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        matching.match(old, new)
        for (i, u) in old.enumerated() where !matching.oldMatched[i] {
            let e = u.extent(in: frame)
            if !e.isEmpty { rects.append(e) }
        }
        for (i, u) in new.enumerated() where !matching.newMatched[i] {
            let e = u.extent(in: frame)
            if !e.isEmpty { rects.append(e) }
        }
    }
}

/// One top-level step of the output surface (see the note at the top): its commands and the
/// clip commands open around it.
struct DamageUnit {
    var commands: ArraySlice<DrawCommand>
    var context: [DrawCommand]
    /// The hash of `context` (shared by the units under the same clips).
    var contextHash: Int

    /// Equal commands under equal clips: the unit draws the same pixels.
    /// Compared in place, element by element (`elementsEqual` copied every command out of
    /// both lists: a fifth of an incremental frame of a 500-layer scene). Commands with the
    /// same bytes — the same values and the same objects, as a command the retained walk
    /// copied from the last list is — are equal without the field-by-field comparison (and
    /// draw the same pixels even where `==` says no: a NaN field); others are compared with
    /// `==` (padding bytes may differ between equal values).
    static func == (a: DamageUnit, b: DamageUnit) -> Bool {
        guard a.commands.count == b.commands.count, a.contextHash == b.contextHash, a.context == b.context else { return false }
        return a.commands.withUnsafeBufferPointer { x in
            b.commands.withUnsafeBufferPointer { y in
                guard let xs = x.baseAddress, let ys = y.baseAddress else { return x.count == y.count }
                for k in 0..<x.count where memcmp(xs + k, ys + k, MemoryLayout<DrawCommand>.size) != 0 {
                    if x[k] != y[k] { return false }
                }
                return true
            }
        }
    }

    /// A hash of the unit's commands and context, for matching units that moved.
    var hash: Int {
        var h = Hasher()
        h.combine(contextHash)
        for c in commands { h.combine(c) }
        return h.finalize()
    }

    /// The units of `list`'s output surface, in drawing order.
    static func units(of list: DrawList) -> [DamageUnit] {
        var out: [DamageUnit] = []
        units(of: list, into: &out)
        return out
    }

    /// `units(of:)` into `out`, emptied first and refilled in its own buffer (a frame stream
    /// keeps one: no allocation per frame once it has grown to a frame's units).
    static func units(of list: DrawList, into out: inout [DamageUnit]) {
        out.removeAll(keepingCapacity: true)
        var context: [DrawCommand] = []
        var contextHash = 0
        let cs = list.commands
        var i = cs.startIndex
        while i < cs.endIndex {
            // Classified in place: no copy of the command (with its payload's retains) is made
            // for the ~1,000 draws of a frame that only become a slice.
            switch cs[i] {
            case .pushClip, .pushPolygonClip:
                context.append(cs[i])
                contextHash = context.hashValue
                i += 1
            case .popClip:
                if !context.isEmpty { context.removeLast() }
                contextHash = context.hashValue
                i += 1
            case .beginGroup, .beginProjective, .beginTransition:
                // The bracket runs to its matching end (nested brackets counted).
                var depth = 0, j = i
                repeat {
                    switch cs[j] {
                    case .beginGroup, .beginProjective, .beginTransition: depth += 1
                    case .endGroup, .endProjective, .endTransition: depth -= 1
                    default: break
                    }
                    j += 1
                } while depth > 0 && j < cs.endIndex
                out.append(unit(cs[i..<j], context, contextHash))
                i = j
            default:
                // draw, direct planes, and stray ends/masks/live markers (never at top level in
                // a well-formed list; kept as their own unit so the list still compares).
                out.append(unit(cs[i..<(i + 1)], context, contextHash))
                i += 1
            }
        }
    }

    private static func unit(_ cs: ArraySlice<DrawCommand>, _ context: [DrawCommand], _ contextHash: Int) -> DamageUnit {
        DamageUnit(commands: cs, context: context, contextHash: contextHash)
    }

    /// Which units of `old` and `new` are matched. First the equal units at the start and at
    /// the end of both lists, pairwise (a frame usually changes a few units in the middle:
    /// this costs one comparison per unchanged unit and no hashing); then, between them,
    /// equal units paired in order (each new unit with the first unused equal old unit) and
    /// the longest run of pairs increasing in both lists kept. Matched units keep their
    /// relative order, which is all the damage needs (see the note at the top).
    static func match(_ old: [DamageUnit], _ new: [DamageUnit]) -> (old: [Bool], new: [Bool]) {
        let m = DamageMatching()
        m.match(old, new)
        return (m.oldMatched, m.newMatched)
    }

    /// The device pixels (within `frame`) this unit can change.
    func extent(in frame: PixelBox) -> PixelBox {
        guard let first = commands.first else { return .empty }
        let box: PixelBox?
        switch first {
        case let .draw(item): box = DamageExtent.item(item)
        case let .beginGroup(g): box = g.bounds.outset(by: DamageExtent.margin)
        case let .beginProjective(p): box = DamageExtent.plane(p)
        case let .drawPlaneDirect(p): box = DamageExtent.plane(p.plane)
        case let .drawMaskedPlaneDirect(p): box = DamageExtent.plane(p.plane)
        default: box = nil  // transitions and anything unforeseen: the whole frame
        }
        return (box ?? frame).intersection(frame)
    }
}

/// The buffers of `DamageUnit.match`, kept by a frame stream between frames (issue 21 item 3):
/// each frame's matching empties and refills them in place. One frame at a time.
final class DamageMatching {
    /// Which units of the last `match`'s `old` and `new` are matched.
    private(set) var oldMatched: [Bool] = []
    private(set) var newMatched: [Bool] = []
    /// Between the equal heads and tails: the first old unit of each hash, the next old unit
    /// of the same hash after each (a chain in list order), the next candidate of each hash.
    private var firstOfHash: [Int: Int] = [:]
    private var nextOfHash: [Int] = []
    private var cursor: [Int: Int] = [:]
    private var pairs: [(new: Int, old: Int)] = []
    private var tails: [Int] = []
    private var previous: [Int] = []

    /// Which units of `old` and `new` are matched (into `oldMatched`, `newMatched`). First the
    /// equal units at the start and at the end of both lists, pairwise (a frame usually
    /// changes a few units in the middle: this costs one comparison per unchanged unit and no
    /// hashing); then, between them, equal units paired in order (each new unit with the first
    /// unused equal old unit) and the longest run of pairs increasing in both lists kept.
    /// Matched units keep their relative order, which is all the damage needs (see the note
    /// at the top).
    func match(_ old: [DamageUnit], _ new: [DamageUnit]) {
        oldMatched.removeAll(keepingCapacity: true)
        oldMatched.append(contentsOf: repeatElement(false, count: old.count))
        newMatched.removeAll(keepingCapacity: true)
        newMatched.append(contentsOf: repeatElement(false, count: new.count))
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] {
            oldMatched[head] = true; newMatched[head] = true
            head += 1
        }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > head, newEnd > head, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1; newEnd -= 1
            oldMatched[oldEnd] = true; newMatched[newEnd] = true
        }
        guard head < oldEnd, head < newEnd else { return }
        firstOfHash.removeAll(keepingCapacity: true)
        cursor.removeAll(keepingCapacity: true)
        nextOfHash.removeAll(keepingCapacity: true)
        nextOfHash.append(contentsOf: repeatElement(-1, count: oldEnd - head))
        for i in (head..<oldEnd).reversed() {
            let h = old[i].hash
            nextOfHash[i - head] = firstOfHash[h] ?? -1
            firstOfHash[h] = i
        }
        pairs.removeAll(keepingCapacity: true)
        for j in head..<newEnd {
            let u = new[j], h = u.hash
            guard let first = firstOfHash[h] else { continue }
            var k = cursor[h] ?? first
            while k >= 0, !(old[k] == u) { k = nextOfHash[k - head] }
            if k >= 0 {
                pairs.append((j, k))
                cursor[h] = nextOfHash[k - head]
            }
        }
        // Longest strictly increasing subsequence of the old indices (pairs are in new order).
        tails.removeAll(keepingCapacity: true)  // index into pairs of the smallest tail of each length
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: repeatElement(-1, count: pairs.count))
        for p in pairs.indices {
            let pair = pairs[p]
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if pairs[tails[mid]].old < pair.old { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[p] = tails[lo - 1] }
            if lo == tails.count { tails.append(p) } else { tails[lo] = p }
        }
        var p = tails.last ?? -1
        while p >= 0 {
            oldMatched[pairs[p].old] = true
            newMatched[pairs[p].new] = true
            p = previous[p]
        }
    }
}

/// Conservative device extents of draw-list values.
enum DamageExtent {
    /// Pixels added on every side of a geometric extent: anti-aliased coverage reaches the
    /// pixel an edge touches, bilinear sampling one more.
    static let margin = 2

    /// The pixels `rect` (bounds space) covers through `t`, grown by `grow` device pixels and
    /// `margin`; nil when not finite.
    ///
    /// Every `.draw` of a region render asks this (`mayChange`: ~1,000 a spinner frame), so
    /// the ordinary case — a finite, standardized rect, a finite transform, a finite grow of
    /// at least 0 — is computed in plain doubles with the very operations the general path
    /// makes through `CGRect` (the same corners, the same min/max order, the same inset and
    /// rounding: the same box, `DamageExtentBoxTests`), without its calls into Foundation
    /// (~590 instructions a box, most of a spinner frame's executor walk).
    static func box(_ rect: CGRect, _ t: CGAffineTransform, grow: Double = 0) -> PixelBox? {
        let ox = rect.origin.x, oy = rect.origin.y, w = rect.size.width, h = rect.size.height
        // `CGRect.infinite`'s fields are finite: its huge width keeps it on the general path.
        if ox.isFinite, oy.isFinite, w >= 0, h >= 0, w < Self.ordinaryLength, h < Self.ordinaryLength,
           grow.isFinite, grow >= 0 {
            // `CGRect.applying`: the four corners of the standardized rect, folded in order.
            let x1 = ox + w, y1 = oy + h
            func mapX(_ x: Double, _ y: Double) -> Double { t.a * x + t.c * y + t.tx }
            func mapY(_ x: Double, _ y: Double) -> Double { t.b * x + t.d * y + t.ty }
            let ax = mapX(ox, oy), ay = mapY(ox, oy)
            let bx = mapX(x1, oy), by = mapY(x1, oy)
            let cx = mapX(ox, y1), cy = mapY(ox, y1)
            let dx = mapX(x1, y1), dy = mapY(x1, y1)
            var minX = ax, maxX = ax, minY = ay, maxY = ay
            minX = Swift.min(minX, bx); maxX = Swift.max(maxX, bx); minY = Swift.min(minY, by); maxY = Swift.max(maxY, by)
            minX = Swift.min(minX, cx); maxX = Swift.max(maxX, cx); minY = Swift.min(minY, cy); maxY = Swift.max(maxY, cy)
            minX = Swift.min(minX, dx); maxX = Swift.max(maxX, dx); minY = Swift.min(minY, dy); maxY = Swift.max(maxY, dy)
            let rw = maxX - minX, rh = maxY - minY
            // The general path's rect is (minX, minY, rw, rh); its maxX is minX + rw.
            guard rw >= 0, rh >= 0, minX.isFinite, minY.isFinite, (minX + rw).isFinite, (minY + rh).isFinite else {
                return boxThroughRect(rect, t, grow: grow)
            }
            // `insetBy(dx: -grow, dy: -grow)`, then `PixelBox(covering:)` of it.
            let gx = minX + -grow, gy = minY + -grow
            let gw = rw - (-grow * 2), gh = rh - (-grow * 2)
            guard gw != 0, gh != 0 else { return .empty }
            return PixelBox(coveringMinX: gx, minY: gy, maxX: gx + gw, maxY: gy + gh).outset(by: margin)
        }
        return boxThroughRect(rect, t, grow: grow)
    }

    /// Widths and heights below this take `box`'s plain-double path (`CGRect.infinite`'s are
    /// `greatestFiniteMagnitude`).
    static let ordinaryLength = 1e300

    /// `box(_:_:grow:)` through `CGRect`'s own operations (the general path, and the
    /// reference the plain-double path is tested against).
    static func boxThroughRect(_ rect: CGRect, _ t: CGAffineTransform, grow: Double = 0) -> PixelBox? {
        guard !rect.isNull, !rect.isInfinite else { return nil }
        let r = rect.applying(t)
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite, grow.isFinite else { return nil }
        return PixelBox(covering: r.insetBy(dx: -grow, dy: -grow)).outset(by: margin)
    }

    /// How far (device pixels) a shadow blurred with `sigma` reaches past its shape: the
    /// Gaussian's spread, with room for the quarter-resolution blur of wide shadows (its
    /// 4-pixel cells and the bilinear enlargement).
    static func shadowReach(_ sigma: Double) -> Double {
        ShadowMapping.spread(sigma: max(0, sigma)) * 1.125 + 8
    }

    static func item(_ item: DrawItem) -> PixelBox? {
        switch item.piece {
        case let .shadow(path, sigma, _):
            return box(path.boundingBoxOfPath, item.transform, grow: shadowReach(sigma))
        case let .shadowRoundedRect(shape, sigma, _):
            return box(shape.rect, item.transform, grow: shadowReach(sigma))
        case let .background(shape, _), let .border(shape, _, _):
            return box(shape.rect, item.transform)
        case let .gradient(shape, _, bounds):
            return box(shape.rect.union(bounds), item.transform)
        case let .contents(c):
            var r = CGRect.null
            for s in c.slices { r = r.union(s.destination) }
            return r.isNull ? .empty : box(r, item.transform)
        case let .shapeFill(path, _, _):
            return box(path.boundingBoxOfPath, item.transform)
        case let .shapeStroke(outline, _):
            return box(outline.boundingBoxOfPath, item.transform)
        case let .particles(e):
            let r = ParticleEvaluator.coveredRect(e.value)
            return r.isNull ? .empty : box(r, item.transform)
        }
    }

    /// A plane surface's quad through its homography (clipped to w > 0), grown by `margin`.
    static func plane(_ p: ProjectiveSpec) -> PixelBox? {
        let w = Double(p.bounds.width), h = Double(p.bounds.height)
        guard w > 0, h > 0 else { return .empty }
        guard p.surfaceToDevice.isFinite else { return nil }
        guard let r = clippedBounds(p.surfaceToDevice, width: w, height: h) else { return .empty }
        guard r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite else { return nil }
        return PixelBox(covering: r.insetBy(dx: -0.5, dy: -0.5)).outset(by: margin)
    }

    /// The bounding box of `map.projectClipped` of the corners of (0, 0, `width`, `height`),
    /// computed as it computes the polygon but without making it (this runs for every plane
    /// of every frame: its damage and its rows' cost); nil when that polygon is empty (all of
    /// it behind the eye, or a vertex not finite).
    static func clippedBounds(_ map: Homography, width: Double, height: Double) -> CGRect? {
        func corner(_ i: Int) -> (x: Double, y: Double, w: Double) {
            switch i & 3 {
            case 0: return map.apply(0, 0)
            case 1: return map.apply(width, 0)
            case 2: return map.apply(width, height)
            default: return map.apply(0, height)
            }
        }
        let eps = Homography.minimumW
        // Unioned as points, as the polygon's points were (the same rounding of the box).
        var r = CGRect.null
        var count = 0, finite = true
        func add(_ x: Double, _ y: Double) {
            if !x.isFinite || !y.isFinite { finite = false }
            r = r.union(CGRect(x: x, y: y, width: 0, height: 0))
            count += 1
        }
        for i in 0..<4 {
            let a = corner(i), b = corner(i + 1)
            let ain = a.w >= eps, bin = b.w >= eps
            if ain { add(a.x / a.w, a.y / a.w) }
            if ain != bin {
                let f = (eps - a.w) / (b.w - a.w)
                let x = a.x + f * (b.x - a.x), y = a.y + f * (b.y - a.y)
                add(x / eps, y / eps)
            }
        }
        guard count > 0, finite else { return nil }
        return r
    }
}
