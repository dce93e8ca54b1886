import Benchmark
import Foundation

/// What every Lamina benchmark measures and how two runs of it are compared.
///
/// One sample is one operation — a frame, a commit, a tick — so every figure the harness prints
/// is per operation: wall and CPU time, and the mallocs and frees it made, counted by the
/// benchmark package's malloc interposer (every `malloc`, `calloc`, `realloc`,
/// `posix_memalign` of the process, Swift objects and arrays included, while the sample runs).
/// The first `warmupIterations` samples are not recorded: first-use costs (caches, lazily built
/// plans, pools filling) are not what a frame costs once running.
public enum LaminaBenchmarkConfiguration {
    /// Per sample: wall-clock time, CPU time (`cpuTime`), the number of mallocs, the bytes they
    /// asked for, and mallocs minus frees (above zero: the operation kept memory).
    ///
    /// The harness's own `cpuTotal` is left out: on Linux it is read in scheduler ticks (10 ms),
    /// longer than most of these operations.
    public static var metrics: [BenchmarkMetric] {
        [.wallClock, cpuTime, .mallocCountTotal, .mallocBytesCount, .mallocFreeDelta]
    }

    /// The process's CPU time during the sample, in microseconds (`CLOCK_PROCESS_CPUTIME_ID`:
    /// every thread, so render worker threads count; nanosecond resolution). Recorded by
    /// `Benchmark.measured(_:)`.
    public static var cpuTime: BenchmarkMetric {
        .custom("CPU time (μs)", polarity: .prefersSmaller, useScalingFactor: false)
    }

    /// Counts printed as they are (13,482 rather than "13 (K)"): the allocation figures are the
    /// point of these benchmarks.
    public static var units: [BenchmarkMetric: BenchmarkUnits] {
        [.mallocCountTotal: .count, .mallocFreeDelta: .count, cpuTime: .count]
    }

    /// Tolerances for `baseline check` / `baseline compare` / `thresholds check` (percent for
    /// relative ones; the metric's own unit for absolute ones — nanoseconds for wall-clock
    /// time, counts for mallocs). Times are loose, because this runs on shared machines (a
    /// frame's time moves by 10–20 % with what else runs). Malloc counts are nearly
    /// deterministic: 5 % more at the median is a regression, and for an operation that should
    /// allocate nothing (`allocationFree`) any malloc at the median or p90 is — a relative
    /// tolerance cannot see 0 becoming 1. A median operation that keeps memory (mallocs minus
    /// frees above 0) is always one.
    public static func thresholds(allocationFree: Bool) -> [BenchmarkMetric: BenchmarkThresholds] {
        [
            .wallClock: BenchmarkThresholds(relative: [.p50: 20, .p75: 30]),
            cpuTime: BenchmarkThresholds(relative: [.p50: 20, .p75: 30]),
            .mallocCountTotal: allocationFree
                ? BenchmarkThresholds(absolute: [.p50: 0, .p90: 0])
                : BenchmarkThresholds(relative: [.p50: 5]),
            .mallocBytesCount: BenchmarkThresholds(relative: [.p50: 10]),
            .mallocFreeDelta: BenchmarkThresholds(absolute: [.p50: 0]),
        ]
    }

    /// `LAMINA_BENCH_QUICK=1`: a couple of samples of each benchmark and at most a second or so,
    /// to check that the benchmarks build and run (CI), not to measure.
    public static var isQuick: Bool {
        ProcessInfo.processInfo.environment["LAMINA_BENCH_QUICK"].map { $0 != "" && $0 != "0" } ?? false
    }

    /// A configuration with these metrics and thresholds (plus `extraMetrics`, e.g. custom
    /// ones): `warmupIterations` unrecorded samples first, then samples until `maxIterations`
    /// or `maxDuration`, whichever comes first — or, in quick mode, one warm-up and two samples.
    /// Benchmarks whose samples differ by phase (an animation's cycle) set `maxIterations` to
    /// one cycle and a long `maxDuration`, so every run records the same frames.
    public static func make(extraMetrics: [BenchmarkMetric] = [], allocationFree: Bool = false,
                            warmupIterations: Int = 5, maxDuration: Duration = .seconds(3),
                            maxIterations: Int = 1000) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: metrics + extraMetrics,
            units: units.merging(extraMetrics.map { ($0, .count) }) { a, _ in a },
            warmupIterations: isQuick ? 1 : warmupIterations,
            maxDuration: isQuick ? .seconds(1) : maxDuration,
            maxIterations: isQuick ? 2 : maxIterations,
            thresholds: thresholds(allocationFree: allocationFree))
    }
}

extension Benchmark {
    /// Runs `body` as the measured part of the sample — between `startMeasurement()` and
    /// `stopMeasurement()`, so what came before it in the sample (building a tree on first use,
    /// input to a scene) is not counted — and records its CPU time as
    /// `LaminaBenchmarkConfiguration.cpuTime`.
    public func measured<R>(_ body: () throws -> R) rethrows -> R {
        startMeasurement()
        let start = processCPUNanoseconds()
        let result = try body()
        let cpu = processCPUNanoseconds() - start
        stopMeasurement()
        measurement(LaminaBenchmarkConfiguration.cpuTime, cpu / 1000)
        return result
    }
}

extension Benchmark {
    /// Runs a sample's `body`; an error it throws fails the benchmark (`error(_:)`, which the
    /// harness reports and `swift package benchmark` exits non-zero for). In quick mode it also
    /// stops the process: CI runs the benchmark executables directly, where a failure would
    /// only be recorded.
    public func checked(_ body: () throws -> Void) {
        do {
            try body()
        } catch {
            self.error("\(name): \(error)")
            if LaminaBenchmarkConfiguration.isQuick { fatalError("\(name): \(error)") }
        }
    }
}

/// A benchmark's own check that failed (a result that is not what was measured for).
public struct BenchmarkFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// CPU time of the whole process (all threads), nanoseconds.
private func processCPUNanoseconds() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return ts.tv_sec * 1_000_000_000 + ts.tv_nsec
}

/// A value built on first use: the benchmarks of a target share one large layer tree, built
/// inside the first sample that needs it, before its `startMeasurement()` (so not measured),
/// on the thread that runs the samples — layer trees and their implicit transactions belong to
/// one thread.
public final class Lazy<Value> {
    private var stored: Value?
    private let make: () throws -> Value

    public init(_ make: @escaping () throws -> Value) { self.make = make }

    /// The value, built now if this is the first use.
    public func get() throws -> Value {
        if let stored { return stored }
        let value = try make()
        stored = value
        return value
    }
}
