@testable import LaminaRaster
#if canImport(Glibc)
import Glibc
import _LaminaTestSupport
#endif

extension SplitMix64 {
    /// A random valid premultiplied pixel (each colour channel ≤ alpha), packed as the raster
    /// module packs them.
    mutating func premultiplied() -> UInt32 {
        let a = UInt32(byte())
        func c() -> UInt32 { a == 0 ? 0 : UInt32(next() % UInt64(a + 1)) }
        return c() | c() << 8 | c() << 16 | a << 24
    }
}

/// Coverage of `polygon` rendered into a fresh mask of the given size.
func coverageMask(_ polygon: Polygon, rule: FillRule = .nonZero, width: Int, height: Int,
                  clip: PixelRect? = nil) throws -> AlphaMask {
    let mask = try AlphaMask(width: width, height: height)
    var sink = MaskWriterSink(mask)
    PolygonRasterizer().fill(polygon, rule: rule, clip: clip ?? PixelRect(mask), into: &sink)
    return mask
}

func coverageSum(_ mask: AlphaMask) -> Double {
    mask.bytes().reduce(0.0) { $0 + Double($1) } / 255
}

func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
}

/// A rounded rect flattened finely (each corner arc as `segments` chords), clockwise.
func flattenedRoundedRect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, r: Double, segments: Int = 256) -> [RasterPoint] {
    var pts: [RasterPoint] = []
    let corners: [(Double, Double, Double)] = [(x1 - r, y0 + r, -Double.pi / 2), (x1 - r, y1 - r, 0),
                                               (x0 + r, y1 - r, Double.pi / 2), (x0 + r, y0 + r, Double.pi)]
    for (cx, cy, a0) in corners {
        for i in 0...segments {
            let a = a0 + Double(i) / Double(segments) * Double.pi / 2
            pts.append(RasterPoint(cx + r * cos(a), cy + r * sin(a)))
        }
    }
    return pts
}

/// Writes a surface as PNG to `path` through python3 (for looking at output by eye only).
func dumpPNG(_ s: Surface, _ path: String) {
    let raw = "/tmp/lamina-dump.rgba"
    guard let f = fopen(raw, "wb") else { return }
    let bytes = s.bytes()
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
    let py = "import zlib,struct;d=open('\(raw)','rb').read();w,h=\(s.width),\(s.height);"
        + "rows=b''.join(b'\\x00'+d[y*w*4:(y+1)*w*4] for y in range(h));"
        + "c=lambda t,x:struct.pack('>I',len(x))+t+x+struct.pack('>I',zlib.crc32(t+x)&0xffffffff);"
        + "open('\(path)','wb').write(b'\\x89PNG\\r\\n\\x1a\\n'+c(b'IHDR',struct.pack('>IIBBBBB',w,h,8,6,0,0,0))+c(b'IDAT',zlib.compress(rows))+c(b'IEND',b''))"
    _ = system("python3 -c \"\(py)\"")
}
