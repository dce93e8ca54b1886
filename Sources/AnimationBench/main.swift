// AnimationBench: the per-frame cost of animation evaluation for a large layer tree
// (issue 5's performance target: presentation values for 10,000 layers with 3 running
// animations each in ≤ 2 ms per frame on one core, release build).
//
//     swift run -c release AnimationBench [frames] [layers]
//
// Builds a tree of `layers` sublayers (default 10,000) under one root attached to a host,
// each with three running animations of a realistic mix (an eased position basic animation,
// a linear opacity basic animation, and a rotation that is a keyframe animation on even
// layers and a spring on odd ones), commits it, then measures per frame at advancing media
// times (60 fps steps), and prints the median and quartiles over `frames` frames (default 60)
// of the thread's CPU time per frame (the cost on one core; the wall-clock median follows):
//
// - presentation tree: `makePresentation()` of the whole tree (a fresh copy of every layer,
//   the render server's presented values written into the animated ones);
// - floor: positions / floor: walk: reading one property of every layer, and walking the tree
//   computing local times — what any evaluation that visits the model tree pays at least;
// - committed: the committed render tree's evaluation (`CommittedFrameSchedule.evaluate`: the
//   animations as copied at commit, no CALayer read) — the render server's per-frame cost;
// - committed frame: the same plus the frame's render tree (committed nodes with the
//   presented values written in);
// - commit+evaluate: a commit changing one animated layer, then an evaluation (which
//   rebuilds the committed schedule first);
// - tick: `AnimationEngine.tick(_:at:)` (start/stop bookkeeping);
// - props copy: the copy of every layer's properties alone (what copies cost besides the
//   evaluation);
// - easing: one easeInEaseOut timing-curve solve per layer.
//
// `BENCH_ONLY=keyed-adds` instead times 100,000 keyed `add(_:forKey:)` on one layer
// (KeyedAdds.swift; the arguments are then runs and adds).
//
// BENCH_ONLY=<name> runs one of them (for profiling: build with `-c release`, strip the DWARF 5
// debug info valgrind 3.19 cannot read — `objcopy --strip-debug` — and run callgrind with
// `--toggle-collect` on the function measured). Reads no clock but the timers around each
// frame; media time is injected.
import Foundation
import QuartzCore

final class BenchHost: LayerTreeHost {}

/// Wall-clock nanoseconds (monotonic).
func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// CPU time of this thread in nanoseconds: what a frame costs on one core, without the time
/// the thread waits for a core (this benchmark shares its machine with builds).
func cpuNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

struct Stats {
    var samples: [Double] = []  // ms
    mutating func add(_ ms: Double) { samples.append(ms) }
    func quantile(_ q: Double) -> Double {
        let s = samples.sorted()
        guard !s.isEmpty else { return .nan }
        return s[min(s.count - 1, Int((Double(s.count - 1) * q).rounded()))]
    }
    var summary: String {
        String(format: "median %7.3f ms  (q1 %7.3f, q3 %7.3f, min %7.3f; %d frames)",
               quantile(0.5), quantile(0.25), quantile(0.75), quantile(0), samples.count)
    }
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let frames = max(1, arguments.first ?? 60)
let count = max(1, arguments.dropFirst().first ?? 10_000)
let only = ProcessInfo.processInfo.environment["BENCH_ONLY"]  // run one mode (for profiling)
func wants(_ mode: String) -> Bool { only == nil || only == mode }
if only == "keyed-adds" {  // not part of the frame modes: issue 19's add(_:forKey:) target
    runKeyedAdds(runs: max(1, arguments.first ?? 5), adds: max(1, arguments.dropFirst().first ?? 100_000))
    exit(0)
}

// MARK: The tree

let host = BenchHost()
MediaClock.setManualTime(0)
let root = CALayer()
root.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
root.position = CGPoint(x: 150, y: 150)
root.attach(to: host)
CATransaction.flush()

var layers: [CALayer] = []
layers.reserveCapacity(count)
var buildStart = nanoseconds()
for i in 0..<count {
    let l = CALayer()
    l.frame = CGRect(x: Double(i % 100) * 3, y: Double(i / 100) * 3, width: 2, height: 2)
    l.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
    root.addSublayer(l)
    layers.append(l)
}
CATransaction.flush()
let buildMs = Double(nanoseconds() - buildStart) / 1e6

buildStart = nanoseconds()
for (i, l) in layers.enumerated() {
    let move = CABasicAnimation(keyPath: "position")
    move.fromValue = CGPoint(x: 0, y: 0)
    move.toValue = CGPoint(x: 300, y: 300)
    move.duration = 10
    move.repeatCount = .infinity
    move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    l.add(move, forKey: "move")

    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 2
    fade.autoreverses = true
    fade.repeatCount = .infinity
    l.add(fade, forKey: "fade")

    if i % 2 == 0 {
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = [0, Double.pi / 2, Double.pi, 2 * Double.pi]
        spin.keyTimes = [0, 0.2, 0.6, 1]
        spin.duration = 3
        spin.repeatCount = .infinity
        l.add(spin, forKey: "spin")
    } else {
        let wobble = CASpringAnimation(keyPath: "transform.rotation.z")
        wobble.fromValue = 0
        wobble.toValue = Double.pi / 4
        wobble.damping = 5
        wobble.duration = wobble.settlingDuration
        wobble.repeatCount = .infinity
        l.add(wobble, forKey: "spin")
    }
}
CATransaction.flush()
let addMs = Double(nanoseconds() - buildStart) / 1e6
print("AnimationBench: \(count) layers × 3 animations, \(frames) frames; "
      + String(format: "building the tree %.1f ms, adding animations %.1f ms", buildMs, addMs))

// MARK: Frames

/// Media time of frame `f` (the animations were committed at 0).
func frameTime(_ f: Int) -> Double { 1 + Double(f) / 60 }

func measure(_ name: String, _ body: (Double) -> Void) {
    guard wants(name) else { return }
    // Two warm-up frames (first-use costs: lazily built plans, caches).
    body(frameTime(0)); body(frameTime(1))
    var cpu = Stats(), wall = Stats()
    for f in 0..<frames {
        let t = frameTime(f + 2)
        let start = nanoseconds(), cpuStart = cpuNanoseconds()
        body(t)
        cpu.add(Double(cpuNanoseconds() - cpuStart) / 1e6)
        wall.add(Double(nanoseconds() - start) / 1e6)
    }
    print(name.padding(toLength: 18, withPad: " ", startingAt: 0) + "cpu " + cpu.summary
          + String(format: "; wall median %.3f ms", wall.quantile(0.5)))
}

var check = 0.0  // something the optimiser cannot drop
// The render server's path first, while the heap is as the tree left it: the copies the
// later modes make would otherwise scatter what it reads (compare modes run alone,
// BENCH_ONLY=<name>, across builds).
// The render server's path: the committed tree's schedule evaluated (compact per-animation
// programs copied at commit; no layer read), then the whole frame's render tree.
let committed = root.committedRenderTree()
measure("committed") { t in
    committed.withFrameSchedule(at: t) { _, _ in }
}
if wants("committed") {
    let sum = committed.withFrameSchedule(at: frameTime(frames + 1)) { _, s in
        s.targets.reduce(0.0) { $0 + Double($1.values.opacity) + Double($1.values.position.x) }
    }
    print(String(format: "(committed: %d animated layers, checksum %.3f)", committed.withFrameSchedule(at: 0) { $1.animatedCount }, sum))
}
measure("committed frame") { t in
    check += Double(committed.tree(at: t).count) * 1e-30
}

// A commit that changes one animated layer, then a frame's evaluation: the commit
// re-snapshots that layer and the frame rebuilds the schedule (struct of arrays) first.
var tint = 0
measure("commit+evaluate") { t in
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    tint += 1
    layers[tint % layers.count].backgroundColor = CGColor(gray: Double(tint % 2), alpha: 1)
    CATransaction.commit()
    committed.withFrameSchedule(at: t) { _, _ in }
}

measure("tick") { t in
    AnimationEngine.tick(root, at: t)
}

// Floors: touching every layer once (its position), and walking the tree.
measure("floor: positions") { t in
    var sum = 0.0
    for l in layers { sum += Double(l.props.animatable.position.x) }
    check += sum * 1e-30
}
measure("floor: walk") { t in
    var sum = 0.0
    func walk(_ l: CALayer, _ p: Double) {
        let local = l.localTime(fromParent: p)
        sum += local
        for c in l.sublayerStorage { walk(c, local) }
    }
    walk(root, t)
    check += sum * 1e-30
}

var keep: CALayer?
measure("presentation tree") { t in
    MediaClock.setManualTime(t)
    keep = root.presentation()
}
keep = nil
root.presentationCache = nil

let copies = layers.map { type(of: $0).init(presentationCopyOf: $0) }
// The property copy alone; then the timing curve alone, one easeInEaseOut solve per layer.
measure("props copy") { _ in
    for (model, copy) in zip(layers, copies) { copy.props = model.props }
}
let easeInEaseOut = CAMediaTimingFunction(name: .easeInEaseOut)
var easingFrame = 0
measure("easing") { _ in
    easingFrame += 1
    var sum = 0.0
    for i in 0..<count { sum += easeInEaseOut.progress(at: Double((i + easingFrame) % 1000) / 1000) }
    check += sum * 1e-30
}

for c in copies { check += Double(c.props.animatable.opacity) }
print(String(format: "(checksum %.3f)", check))
