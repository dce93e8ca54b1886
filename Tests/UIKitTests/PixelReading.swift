import UIKit

/// An image's pixels as premultiplied RGBA bytes, row 0 at the top,
/// read back through a Core Graphics bitmap context (public API only).
struct Pixels {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    init?(_ image: UIImage?) {
        guard let cg = image?.cgImage,
              let ctx = CGContext(data: nil, width: cg.width, height: cg.height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue),
              let data = ctx.data
        else { return nil }
        ctx.setBlendMode(.copy)
        ctx.draw(cg, in: CGRect(x: 0, y: 0, width: cg.width, height: cg.height))
        width = cg.width
        height = cg.height
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let src = data.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width * 4 { out[y * width * 4 + x] = src[y * ctx.bytesPerRow + x] }
        }
        bytes = out
    }

    /// The premultiplied RGBA of pixel (x, y), y down from the top row.
    subscript(x: Int, y: Int) -> [UInt8] {
        let i = (y * width + x) * 4
        return Array(bytes[i..<i + 4])
    }
}

/// Whether two byte values differ by at most `tolerance`.
func close(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 2) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
}

let opaqueRed: [UInt8] = [255, 0, 0, 255]
let opaqueBlue: [UInt8] = [0, 0, 255, 255]
let opaqueGreen: [UInt8] = [0, 255, 0, 255]
let transparent: [UInt8] = [0, 0, 0, 0]
