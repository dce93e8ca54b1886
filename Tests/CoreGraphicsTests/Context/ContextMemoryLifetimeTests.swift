import CoreGraphics
import LaminaRaster
import Testing

/// A bitmap context made without `data` allocates its pixels; the surface it hands out (and
/// views of it) must stay valid after the context is gone. It used to free them in deinit, so
/// `ctx.surface` read after the context's last use — ARC may release it there — was freed
/// memory, and under parallel tests other threads' allocations showed through
/// (ContextPaintTests' "sampler side unblended" flake).
@Suite struct ContextMemoryLifetimeTests {
    @Test func theSurfaceOutlivesItsContext() throws {
        let surface: Surface
        do {
            let ctx = try #require(CGContext(data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
            surface = ctx.surface
        }
        // The context is gone; allocations of the same size now get what it freed, if it did.
        var scribbles: [UnsafeMutableRawPointer] = []
        for _ in 0..<8 {
            let p = UnsafeMutableRawPointer.allocate(byteCount: 16 * 16 * 4, alignment: 16)
            p.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 16 * 16 * 4)
            scribbles.append(p)
        }
        defer { scribbles.forEach { $0.deallocate() } }
        #expect(surface[3, 3] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(surface.bytes().allSatisfy { $0 == 0 || $0 == 255 }, "no stranger's bytes in the pixels")
    }

    @Test func paddedRowsAreOwnedToo() throws {
        let view: Surface?
        do {
            let ctx = try #require(CGContext(data: nil, width: 10, height: 4, bitsPerComponent: 8, bytesPerRow: 64,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            #expect(ctx.bytesPerRow == 64)
            ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 4))
            view = ctx.surface.view(x: 2, y: 1, width: 4, height: 2)
        }
        let scribble = UnsafeMutableRawPointer.allocate(byteCount: 64 * 4, alignment: 16)
        scribble.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 64 * 4)
        defer { scribble.deallocate() }
        #expect(try #require(view)[1, 1] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
    }
}
