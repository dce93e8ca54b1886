/// A bitmap of premultiplied 8-bit RGBA pixels, the one pixel format of Lamina.
///
/// Memory layout: rows top to bottom, `bytesPerRow` apart (≥ 4·width); each pixel is the bytes
/// R, G, B, A in that order, colour already multiplied by alpha (so R, G, B ≤ A). Read as a
/// little-endian `UInt32` a pixel is `0xAABBGGRR`. Coordinates are pixels, origin top-left,
/// y down; pixel (x, y) covers the square [x, x+1) × [y, y+1), centre (x + 0.5, y + 0.5).
///
/// A surface owns its memory (zeroed: transparent black) or views another surface's
/// sub-rectangle (`view(of:)`), sharing storage. It is a final class because it is an
/// identity (a buffer), not a value; copying pixels is explicit (`copy()`).
package final class Surface: @unchecked Sendable {
    package let width: Int
    package let height: Int
    /// Distance in bytes between the starts of consecutive rows.
    package let bytesPerRow: Int
    /// The first byte of pixel (0, 0).
    package let base: UnsafeMutablePointer<UInt8>
    /// The owner of the memory when this surface is a view; nil when this surface owns it.
    private let owner: Surface?
    /// False for a surface over memory someone else allocated (`init(borrowing:…)`,
    /// `init(storage:…)`).
    private let ownsMemory: Bool
    /// The pooled memory this surface is drawn in (`init(storage:…)`), kept alive by it; nil
    /// for surfaces that own, borrow or view their memory.
    package let storage: PixelStorage?
    /// The pixel-memory budget charge these pixels hold (see `PixelMemoryBudget`), returned
    /// when the surface is freed; nil for surfaces nobody charged.
    package var charge: PixelMemoryCharge?

    /// Largest edge and pixel count a surface may have: bigger requests are bad input, not a
    /// reason to exhaust memory. 32768 px a side and 2^28 pixels (1 GiB) at most.
    package static let maxDimension = 32768
    package static let maxPixelCount = 1 << 28

    package enum Error: Swift.Error, CustomStringConvertible, Equatable {
        case invalidSize(width: Int, height: Int)
        case tooLarge(width: Int, height: Int)

        package var description: String {
            switch self {
            case let .invalidSize(w, h): return "invalid surface size \(w)x\(h): both sides must be positive"
            case let .tooLarge(w, h):
                return "surface \(w)x\(h) is too large (at most \(Surface.maxDimension) px a side and \(Surface.maxPixelCount) pixels)"
            }
        }
    }

    /// A new transparent surface. Throws for non-positive or too-large sizes.
    package convenience init(width: Int, height: Int) throws {
        // `width * 4` would trap for widths near Int.max: such widths get the size error.
        let (row, overflow) = width.multipliedReportingOverflow(by: 4)
        try self.init(width: width, height: height, bytesPerRow: overflow ? Int.max : row)
    }

    /// A new transparent surface whose rows are `bytesPerRow` bytes apart (≥ 4·width, a
    /// multiple of 4): what a bitmap context asked for a row stride allocates, owned by the
    /// surface, so the pixels live as long as anyone holds the surface.
    package init(width: Int, height: Int, bytesPerRow: Int) throws {
        guard width > 0, height > 0 else { throw Error.invalidSize(width: width, height: height) }
        guard width <= Surface.maxDimension, height <= Surface.maxDimension,
              width * height <= Surface.maxPixelCount
        else { throw Error.tooLarge(width: width, height: height) }
        guard bytesPerRow >= width * 4, bytesPerRow % 4 == 0, bytesPerRow <= width * 4 + 4096
        else { throw Error.invalidSize(width: width, height: height) }
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        let count = bytesPerRow * height
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        base.initialize(repeating: 0, count: count)
        owner = nil
        ownsMemory = true
        storage = nil
    }

    /// A surface over caller-owned memory (e.g. the `data` a CGContext was given), without a
    /// copy: drawing writes straight into it. The memory must hold `height` rows of
    /// `bytesPerRow` bytes, be 4-byte aligned (rows are read as `UInt32` pixels), and outlive
    /// the surface, which never frees it. Throws for bad sizes, like `init(width:height:)`, and
    /// `invalidSize` when `bytesPerRow` is smaller than a row or not a multiple of 4.
    package init(borrowing base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) throws {
        guard width > 0, height > 0 else { throw Error.invalidSize(width: width, height: height) }
        guard width <= Surface.maxDimension, height <= Surface.maxDimension,
              width * height <= Surface.maxPixelCount
        else { throw Error.tooLarge(width: width, height: height) }
        guard bytesPerRow >= width * 4, bytesPerRow % 4 == 0, Int(bitPattern: base) % 4 == 0
        else { throw Error.invalidSize(width: width, height: height) }
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.base = base
        owner = nil
        ownsMemory = false
        storage = nil
    }

    /// A surface over `storage`'s first `4 · width · height` bytes, rows tightly packed (the
    /// layout of `init(width:height:)`), holding the storage while it lives. The bytes are left
    /// as they are: whoever hands out reused memory clears it (`SurfacePool`). Throws like
    /// `init(width:height:)`, and `invalidSize` when the storage is too small.
    package init(storage: PixelStorage, width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw Error.invalidSize(width: width, height: height) }
        guard width <= Surface.maxDimension, height <= Surface.maxDimension,
              width * height <= Surface.maxPixelCount
        else { throw Error.tooLarge(width: width, height: height) }
        guard width * height * 4 <= storage.capacity else { throw Error.invalidSize(width: width, height: height) }
        self.width = width
        self.height = height
        bytesPerRow = width * 4
        base = storage.base.assumingMemoryBound(to: UInt8.self)
        owner = nil
        ownsMemory = false
        self.storage = storage
    }

    private init(viewOf parent: Surface, x: Int, y: Int, width: Int, height: Int) {
        self.width = width
        self.height = height
        bytesPerRow = parent.bytesPerRow
        base = parent.base + y * parent.bytesPerRow + x * 4
        owner = parent.owner ?? parent
        ownsMemory = false
        storage = nil
    }

    deinit {
        if owner == nil && ownsMemory { base.deallocate() }
    }

    /// A view of the sub-rectangle (x, y, width, height), clamped to this surface; nil when the
    /// intersection is empty. Writes through the view change this surface.
    package func view(x: Int, y: Int, width w: Int, height h: Int) -> Surface? {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + w), y1 = min(height, y + h)
        guard x1 > x0, y1 > y0 else { return nil }
        return Surface(viewOf: self, x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Pointer to the first pixel of row `y` (0 ≤ y < height).
    @inline(__always) package func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        base + y * bytesPerRow
    }

    /// Row `y` as 32-bit pixels (0xAABBGGRR on little-endian machines).
    @inline(__always) package func row32(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        UnsafeMutableRawPointer(base + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
    }

    /// The premultiplied bytes of pixel (x, y).
    package subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let p = row(y) + x * 4
            return PremultipliedRGBA8(r: p[0], g: p[1], b: p[2], a: p[3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let p = row(y) + x * 4
            p[0] = newValue.r; p[1] = newValue.g; p[2] = newValue.b; p[3] = newValue.a
        }
    }

    /// Sets every pixel to `color`.
    package func fill(_ color: PremultipliedRGBA8) {
        let v = color.packed
        for y in 0..<height { row32(y).update(repeating: v, count: width) }
    }

    /// Sets every pixel to transparent black.
    package func clear() { fill(.transparent) }

    /// A new surface owning a copy of these pixels (tightly packed).
    package func copy() -> Surface {
        let s = try! Surface(width: width, height: height) // same size as an existing surface: valid
        for y in 0..<height { s.row(y).update(from: row(y), count: width * 4) }
        return s
    }

    /// The pixels as tightly packed bytes (R, G, B, A premultiplied), rows top to bottom.
    package func bytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { buf in
            for y in 0..<height { (buf.baseAddress! + y * width * 4).update(from: row(y), count: width * 4) }
        }
        return out
    }
}

/// One premultiplied RGBA8 pixel (colour ≤ alpha).
package struct PremultipliedRGBA8: Hashable, Sendable, CustomStringConvertible {
    package var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    package init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Premultiplies a straight colour with components in [0, 1] (clamped; NaN → 0),
    /// rounding to nearest.
    package init(straightRed r: Double, green g: Double, blue b: Double, alpha a: Double) {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        let al = clamp(a)
        self.init(r: UInt8((clamp(r) * al * 255).rounded()), g: UInt8((clamp(g) * al * 255).rounded()),
                  b: UInt8((clamp(b) * al * 255).rounded()), a: UInt8((al * 255).rounded()))
    }

    package static let transparent = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)

    /// The pixel as a little-endian 32-bit word 0xAABBGGRR (its in-memory form).
    package var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    package init(packed v: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: v), g: UInt8(truncatingIfNeeded: v >> 8),
                  b: UInt8(truncatingIfNeeded: v >> 16), a: UInt8(truncatingIfNeeded: v >> 24))
    }

    package var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}
