import CoreGraphics
import LaminaRaster
import Testing

@Suite("CGContext creation and memory layouts")
struct ContextCreationTests {
    let rgb = CGColorSpaceCreateDeviceRGB()

    @Test func validContextReportsItsLayout() throws {
        let c = try #require(CGContext(data: nil, width: 7, height: 5, bitsPerComponent: 8, bytesPerRow: 0,
                                       space: rgb, bitmapInfo: ContextTest.rgba))
        #expect(c.width == 7 && c.height == 5)
        #expect(c.bitsPerComponent == 8 && c.bitsPerPixel == 32)
        #expect(c.bytesPerRow == 28)
        #expect(c.alphaInfo == .premultipliedLast)
        #expect(c.colorSpace == rgb)
        #expect(c.data != nil)
        #expect(c.ctm == .identity)
        #expect(ContextTest.count(c, ContextTest.clear) == 35, "starts transparent")
    }

    @Test(arguments: [
        (0, 10, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue),   // zero width
        (10, -1, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue),  // negative height
        (40000, 10, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue), // too wide
        (20000, 20000, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue), // too many pixels
        (10, 10, 16, 0, CGImageAlphaInfo.premultipliedLast.rawValue), // 16-bit unsupported
        (10, 10, 5, 0, CGImageAlphaInfo.premultipliedLast.rawValue),  // nonsense bpc
        (10, 10, 8, 20, CGImageAlphaInfo.premultipliedLast.rawValue), // row too short
        (10, 10, 8, Int.max / 2, CGImageAlphaInfo.premultipliedLast.rawValue), // absurd row
        (10, 10, 8, 0, CGImageAlphaInfo.last.rawValue),               // non-premultiplied
        (10, 10, 8, 0, CGImageAlphaInfo.none.rawValue),               // RGB without alpha byte
        (10, 10, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.floatComponents.rawValue),
        (10, 10, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder16Little.rawValue),
        (10, 10, 8, 0, 31),                                           // undefined alpha info
    ])
    func invalidParametersReturnNil(w: Int, h: Int, bpc: Int, bpr: Int, info: UInt32) {
        let c = CGContext(data: nil, width: w, height: h, bitsPerComponent: bpc, bytesPerRow: bpr,
                          space: rgb, bitmapInfo: info)
        #expect(c == nil)
    }

    @Test func grayNeedsNoAlphaAndCMYKIsRefused() {
        let gray = CGColorSpaceCreateDeviceGray()
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: gray,
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: gray,
                          bitmapInfo: CGImageAlphaInfo.none.rawValue) != nil)
        let cmyk = CGColorSpace(name: nil, model: .cmyk)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: cmyk,
                          bitmapInfo: CGImageAlphaInfo.none.rawValue) == nil)
    }

    @Test func drawsIntoCallerMemory() throws {
        let w = 4, h = 3, stride = 20 // padded rows
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 7, count: stride * h)
        for i in 0..<(stride * h) where i % stride >= w * 4 { buffer.storeBytes(of: 0xEE, toByteOffset: i, as: UInt8.self) }
        // Make the pixels valid premultiplied transparent black.
        for y in 0..<h { (buffer + y * stride).initializeMemory(as: UInt8.self, repeating: 0, count: w * 4) }
        let c = try #require(CGContext(data: buffer, width: w, height: h, bitsPerComponent: 8, bytesPerRow: stride,
                                       space: rgb, bitmapInfo: ContextTest.rgba))
        #expect(c.data == buffer)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1)) // bottom-left pixel = last row in memory
        let bytes = buffer.assumingMemoryBound(to: UInt8.self)
        let last = (h - 1) * stride
        #expect(Array(UnsafeBufferPointer(start: bytes + last, count: 4)) == [255, 0, 0, 255])
        #expect(bytes[0] == 0 && bytes[3] == 0, "top row untouched")
        #expect(bytes[w * 4] == 0xEE && bytes[stride - 1] == 0xEE, "row padding untouched")
    }

    @Test func bgraLittleEndianLayout() throws {
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        let c = try #require(CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                                       space: rgb, bitmapInfo: info))
        c.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let bytes = c.data!.assumingMemoryBound(to: UInt8.self)
        // B, G, R, A in memory.
        #expect(Array(UnsafeBufferPointer(start: bytes, count: 8)) == [0, 128, 255, 255, 0, 0, 0, 0])
        #expect(c.surface[0, 0] == PremultipliedRGBA8(r: 255, g: 128, b: 0, a: 255))
        // The caller writing into the memory is seen by the next drawing call.
        bytes[4] = 255; bytes[7] = 255 // pixel 1 = opaque blue
        c.setFillColor(red: 0, green: 1, blue: 0, alpha: 0.5)
        c.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        #expect(Array(UnsafeBufferPointer(start: bytes + 4, count: 4)) == [127, 128, 0, 255], "blue 255 × (1 − 0.5) rounds to 127")
        let image = try #require(c.makeImage())
        #expect(image.alphaInfo == .premultipliedFirst && image.byteOrderInfo == .order32Little)
        #expect(image.premultipliedRGBA8[1, 0] == PremultipliedRGBA8(r: 0, g: 128, b: 127, a: 255))
    }

    @Test func skipAlphaContextIsOpaque() throws {
        let c = try #require(CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                                       bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue))
        #expect(c.surface[1, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255), "zeroed memory reads as opaque black")
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let bytes = c.data!.assumingMemoryBound(to: UInt8.self)
        #expect(Array(UnsafeBufferPointer(start: bytes, count: 4)) == [128, 128, 128, 255])
        c.clear(CGRect(x: 0, y: 0, width: 1, height: 1)) // no alpha to clear: black
        #expect(Array(UnsafeBufferPointer(start: bytes, count: 4)) == [0, 0, 0, 255])
    }

    @Test func grayAndAlphaOnlyContexts() throws {
        let g = try #require(CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                                       space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
        #expect(g.bitsPerPixel == 8 && g.bytesPerRow == 2)
        g.setFillColor(gray: 1, alpha: 1)
        g.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let gb = g.data!.assumingMemoryBound(to: UInt8.self)
        #expect(gb[0] == 0 && gb[1] == 255)
        let gi = try #require(g.makeImage())
        #expect(gi.bitsPerPixel == 8 && gi.colorSpace?.model == .monochrome)

        let a = try #require(CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                                       space: rgb, bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue))
        #expect(a.colorSpace == nil)
        a.setFillColor(red: 0.3, green: 0.2, blue: 0.1, alpha: 0.5)
        a.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let ab = a.data!.assumingMemoryBound(to: UInt8.self)
        #expect(ab[0] == 128 && ab[1] == 0)
    }

    @Test func makeImageIsACopy() throws {
        let c = ContextTest.make(4, 4)
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = try #require(c.makeImage())
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(image.width == 4 && image.height == 4)
        #expect(image.premultipliedRGBA8[2, 2] == ContextTest.blue)
        #expect(ContextTest.pixel(c, 2, 2) == ContextTest.red)
    }

    @Test func layerContextIsFlippedAndScaled() throws {
        let c = try #require(CGContext.makeLayerContext(width: 20, height: 10, scale: 2))
        #expect(c.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 10))
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1)) // top-left point = 2x2 pixels at the top-left
        #expect(c.surface[0, 0] == ContextTest.red && c.surface[1, 1] == ContextTest.red)
        #expect(c.surface[2, 2] == ContextTest.clear)
        #expect(ContextTest.count(c, ContextTest.red) == 4)
        #expect(CGContext.makeLayerContext(width: 20, height: 10, scale: 0) == nil)
        #expect(CGContext.makeLayerContext(width: 20, height: 10, scale: .nan) == nil)
        #expect(CGContext.makeLayerContext(width: 0, height: 10, scale: 1) == nil)
    }
}
