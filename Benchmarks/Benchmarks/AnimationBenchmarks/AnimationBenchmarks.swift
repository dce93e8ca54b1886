// The model level of Core Animation, through QuartzCore's public API: what AnimationBench
// (Sources/AnimationBench, issue 5 and 19's targets) times with its own loop, here in the
// harness with malloc counts, baselines and thresholds. One sample is one operation on a tree
// of 10,000 layers with 3 running animations each (AnimatedTree), at a new 60 Hz frame time:
//
//   Transaction commit   one animated layer's colour changed and committed
//   Animation tick       a host's frame turn without drawing: beginFrame (commit, animation clock), endFrame
//   Animated frame       beginFrame, the damage query, render(into:) of the 300 × 300 frame, endFrame
//   Presentation tree    root.presentation(): a copy of every layer with its animated values
//   Keyed adds           100,000 add(_:forKey:) with distinct keys on one layer, then a commit
//                        (issue 19's target: ≤ 0.5 s on one core)
//   Harness floor        an empty sample: what the harness itself allocates (0 expected)
import Benchmark
import LaminaBenchmarkSupport
import QuartzCore

let benchmarks: @Sendable () -> Void = {
    let tree = Lazy { AnimatedTree(count: 10_000) }

    Benchmark("Transaction commit (1 of 10,000 animated layers changed)",
              configuration: LaminaBenchmarkConfiguration.make(maxIterations: 2000)) { benchmark in
        benchmark.checked {
            let t = try tree.get()
            benchmark.measured { t.commitOneChange() }
        }
    }

    Benchmark("Animation tick (10,000 layers x 3 animations)",
              configuration: LaminaBenchmarkConfiguration.make(allocationFree: true, maxIterations: 2000)) { benchmark in
        benchmark.checked {
            let t = try tree.get()
            benchmark.measured { t.tick() }
        }
    }

    Benchmark("Animated frame (10,000 layers x 3 animations, 300 x 300 px)",
              configuration: LaminaBenchmarkConfiguration.make()) { benchmark in
        benchmark.checked {
            let t = try tree.get()
            blackHole(try benchmark.measured { try t.drawFrame() })
        }
    }

    Benchmark("Presentation tree (10,000 layers x 3 animations)",
              configuration: LaminaBenchmarkConfiguration.make()) { benchmark in
        benchmark.checked {
            let t = try tree.get()
            // Dropping the copy (after the measured part) is not part of making it.
            blackHole(benchmark.measured { t.presentation() })
        }
    }

    Benchmark("Keyed adds (100,000 add(_:forKey:) on one layer, then a commit)",
              configuration: LaminaBenchmarkConfiguration.make(warmupIterations: 1, maxIterations: 20)) { benchmark in
        let layer = benchmark.measured {
            let layer = CALayer()
            for i in 0..<100_000 {
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0
                a.toValue = 1
                a.duration = 1
                layer.add(a, forKey: "k\(i)")
            }
            CATransaction.flush()
            return layer
        }
        benchmark.checked {
            let attached = layer.animationKeys()?.count ?? 0
            if attached != 100_000 { throw BenchmarkFailure("\(attached) of 100,000 keyed animations attached") }
        }
    }

    Benchmark("Harness floor (an empty sample)",
              configuration: LaminaBenchmarkConfiguration.make(allocationFree: true, maxDuration: .seconds(1))) { benchmark in
        benchmark.measured {}
    }
}
