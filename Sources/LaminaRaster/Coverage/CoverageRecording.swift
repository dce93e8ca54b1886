import Synchronization

/// The coverage calls one rasterization made (spans with their bytes, constant runs), kept to
/// be replayed into any sink: the same calls in the same order, so the same pixels. For
/// shapes that do not change between frames (a layer's rounded background or border that has
/// not moved), replaying skips the exact-area arithmetic. Immutable once recorded.
package final class CoverageRecording: @unchecked Sendable {
    /// A span (value < 0: bytes at `offset`) or a run (value = coverage).
    private struct Op { var y: Int32; var x: Int32; var count: Int32; var value: Int16; var offset: Int32 }
    private let ops: [Op]
    private let bytes: [UInt8]

    private init(ops: [Op], bytes: [UInt8]) { self.ops = ops; self.bytes = bytes }

    /// Memory held (for cache accounting).
    package var byteCount: Int { ops.count * MemoryLayout<Op>.stride + bytes.count + 64 }

    /// Records the calls of the rounded rect's fill (`AnalyticCoverage.fillRoundedRect`).
    package static func roundedRect(_ rr: RoundedRect, clip: PixelRect) -> CoverageRecording {
        record { AnalyticCoverage.fillRoundedRect(rr, clip: clip, generic: &$0) }
    }

    /// Records the calls of the ring's fill (`AnalyticCoverage.fillRoundedRectRing`).
    package static func ring(outer: RoundedRect, inner: RoundedRect, clip: PixelRect) -> CoverageRecording {
        record { AnalyticCoverage.fillRoundedRectRing(outer: outer, inner: inner, clip: clip, generic: &$0) }
    }

    /// Recorders whose arrays have grown, kept for the next recording: a region render records
    /// its rounded rects anew each frame (the clip moves with the damage), and growing fresh
    /// arrays call by call was a dozen allocations per shape. Each recording is copied out at
    /// its exact size (what the cache accounts for), and the recorder goes back here.
    private static let idleRecorders = Mutex<[Recorder]>([])
    /// Most recorders kept idle (one per thread recording at the same time).
    private static let maxIdleRecorders = 8

    /// Runs `fill` on a recorder (a reused one when one is idle) and keeps what it recorded.
    private static func record(_ fill: (inout Recorder) -> Void) -> CoverageRecording {
        var sink = idleRecorders.withLock { $0.popLast() } ?? Recorder()
        sink.ops.removeAll(keepingCapacity: true)
        sink.bytes.removeAll(keepingCapacity: true)
        fill(&sink)
        let recording = CoverageRecording(ops: exactCopy(sink.ops), bytes: exactCopy(sink.bytes))
        idleRecorders.withLock { if $0.count < maxIdleRecorders { $0.append(sink) } }
        return recording
    }

    /// A new array holding `a`'s elements in a buffer of their count (not `a`'s buffer).
    private static func exactCopy<T>(_ a: [T]) -> [T] {
        guard !a.isEmpty else { return [] }
        return [T](unsafeUninitializedCapacity: a.count) { buffer, initialized in
            a.withUnsafeBufferPointer { source in _ = buffer.initialize(fromContentsOf: source) }
            initialized = a.count
        }
    }

    /// Makes the recorded calls of rows `rows` only, in their order, on `sink`: for a shape
    /// whose calls in a row do not depend on the clip's rows (the analytic rounded rects and
    /// rings), the calls a fill clipped to those rows would make — so one recording over a
    /// layer's whole rows serves every region render that crosses it.
    package func replay<S: CoverageSink>(into sink: inout S, rows: Range<Int>) {
        bytes.withUnsafeBufferPointer { b in
            for op in ops where rows.contains(Int(op.y)) {
                if op.value < 0 {
                    sink.blendSpan(y: Int(op.y), x: Int(op.x), count: Int(op.count), coverage: b.baseAddress! + Int(op.offset))
                } else {
                    sink.blendRun(y: Int(op.y), x: Int(op.x), count: Int(op.count), coverage: UInt8(op.value))
                }
            }
        }
    }

    /// Makes the recorded calls on `sink`.
    package func replay<S: CoverageSink>(into sink: inout S) {
        bytes.withUnsafeBufferPointer { b in
            for op in ops {
                if op.value < 0 {
                    sink.blendSpan(y: Int(op.y), x: Int(op.x), count: Int(op.count), coverage: b.baseAddress! + Int(op.offset))
                } else {
                    sink.blendRun(y: Int(op.y), x: Int(op.x), count: Int(op.count), coverage: UInt8(op.value))
                }
            }
        }
    }

    /// Collects the calls in local arrays (no class property access per call).
    private struct Recorder: CoverageSink, Sendable {
        var ops: [Op] = []
        var bytes: [UInt8] = []

        mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
            ops.append(Op(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: count),
                          value: -1, offset: Int32(truncatingIfNeeded: bytes.count)))
            bytes.append(contentsOf: UnsafeBufferPointer(start: coverage, count: count))
        }

        mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
            ops.append(Op(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: count),
                          value: Int16(coverage), offset: 0))
        }
    }
}
