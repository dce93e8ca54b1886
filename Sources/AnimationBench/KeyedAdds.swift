import Foundation
import QuartzCore

/// Issue 19's scale target for keyed animations: 100,000 `add(_:forKey:)` calls with distinct
/// keys on one layer, the animations and keys created in the loop, then one commit — ≤ 0.5 s on
/// one core in a release build. Prints the median and minimum over `runs` rounds of the
/// thread's CPU time (the cost on one core, whatever else the machine runs).
///
///     BENCH_ONLY=keyed-adds swift run -c release AnimationBench [runs] [adds]
func runKeyedAdds(runs: Int, adds: Int) {
    var seconds: [Double] = []
    for _ in 0..<runs {
        let start = cpuNanoseconds()
        let layer = CALayer()
        for i in 0..<adds {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0
            a.toValue = 1
            a.duration = 1
            layer.add(a, forKey: "k\(i)")
        }
        CATransaction.flush()
        seconds.append(Double(cpuNanoseconds() - start) / 1e9)
        precondition(layer.animationKeys()?.count == adds, "every keyed animation is attached")
    }
    seconds.sort()
    print(String(format: "%d keyed add(_:forKey:) on one layer: median %.3f s, min %.3f s (%d runs, CPU time)",
                 adds, seconds[seconds.count / 2], seconds[0], runs))
}
