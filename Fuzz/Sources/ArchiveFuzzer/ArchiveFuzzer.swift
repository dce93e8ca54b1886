import Foundation
import FuzzSupport
// The archive reader through QuartzCore's public API (`CALayerArchive`), as the CLI reads it.
import QuartzCore

/// Feeds the bytes to the JSON layer archive reader as a whole document, then draws the
/// decoded tree into a 24 × 24 point CARenderer at a time taken from the bytes' hash (so the
/// JSON stays plain JSON for the mutator and still reaches animations at varied times).
/// Decoding errors are the expected outcome for most inputs; only crashes, hangs and
/// memory blow-ups are findings.
/// The process entry point: SwiftPM links `main` to `ArchiveFuzzer_main`.
@_cdecl("ArchiveFuzzer_main")
public func archiveFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // A small memory budget keeps a declared-huge PNG (or a frame's huge offscreen surface)
    // an error rather than a 1 GiB allocation.
    RenderMemory.withLimit(64 << 20) { fuzzUnderBudget(data, size) }
}

private func fuzzUnderBudget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let origin: CFTimeInterval = 1000
    guard let root = try? CALayerArchive.unarchivedLayer(from: bytes, timeOrigin: origin) else { return 0 }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for i in 0..<size { hash = (hash ^ UInt64(data[i])) &* 0x100_0000_01b3 }
    let t = Double(hash % 4000) / 1000 - 1        // −1 … 3 s after the archive's start
    let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 24, height: 24), scale: hash & 1 == 0 ? 1 : 2)
    renderer.layer = root
    for dt in [0, 0.25] {
        renderer.beginFrame(atTime: origin + t + dt)
        renderer.render()
        renderer.endFrame()
    }
    _ = renderer.makeImage()
    renderer.layer = nil
    return 0
}
