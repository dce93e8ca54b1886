import CoreGraphics
import Foundation
import LaminaRaster

// LaminaBench: renders the shared benchmark scenes S1–S5 (../shared/bench/peers/scenes.py) on
// LaminaRaster, prints median and minimum milliseconds per frame, and writes each scene's
// last frame as a PNG for comparison with the peer renderers' output.
//
//   swift run -c release LaminaBench [--scene S1] [--frames N] [--warmup N] [--threads N]
//                                     [--band N] [--out DIR] [--json FILE] [--verify] [--dump-scenes]
//   swift run -c release LaminaBench --kernels   # S2's image shading and S3's shadows alone
//
// Timing follows the peers' harness (harness.py): reset the frame (not timed), then render
// (timed), `warmup` untimed frames first. Clock: CLOCK_MONOTONIC.

struct Options {
    var scenes: [String] = ["S1", "S2", "S3", "S4", "S5"]
    var frames = 15
    var warmup = 3
    var threads = 1
    var band = 0
    var out: String? = "bench/out"
    var json: String?
    var verify = false
    var dumpScenes = false
    var kernels = false
}

func usage() -> Never {
    print("""
    usage: LaminaBench [--scene S1[,S2...]] [--frames N] [--warmup N] [--threads N] [--band ROWS]
                       [--out DIR | --no-png] [--json FILE] [--verify] [--dump-scenes]
      --scene        scenes to run (default all: S1,S2,S3,S4,S5)
      --frames       timed frames per scene (default 15); --warmup untimed frames first (default 3)
      --threads      worker threads including the caller (default 1)
      --band         band height in rows when threads > 1 (default 32)
      --out          folder for <scene>.png (default bench/out); --no-png writes none
      --json         also write the timings (every sample) as JSON
      --verify       check that 1 thread and 3 threads with odd bands give identical bytes
      --dump-scenes  print every generated scene number (for bench/check_scenes.py) and exit
      --kernels      time the paint kernels of S2 and S3 on their own (PaintKernelBench) and exit
    """)
    exit(2)
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    func value(_ flag: String) -> String {
        guard let v = args.popFirst() else { print("missing value after \(flag)"); usage() }
        return v
    }
    func int(_ flag: String, min lo: Int) -> Int {
        let v = value(flag)
        guard let n = Int(v), n >= lo else { print("\(flag) needs an integer ≥ \(lo), got \(v)"); usage() }
        return n
    }
    while let a = args.popFirst() {
        switch a {
        case "--scene": o.scenes = value(a).split(separator: ",").map { $0.uppercased() }
        case "--frames": o.frames = int(a, min: 1)
        case "--warmup": o.warmup = int(a, min: 0)
        case "--threads": o.threads = min(64, int(a, min: 1))
        case "--band": o.band = int(a, min: 1)
        case "--out": o.out = value(a)
        case "--no-png": o.out = nil
        case "--json": o.json = value(a)
        case "--verify": o.verify = true
        case "--dump-scenes": o.dumpScenes = true
        case "--kernels": o.kernels = true
        case "-h", "--help": usage()
        default: print("unknown argument \(a)"); usage()
        }
    }
    for s in o.scenes where !["S1", "S2", "S3", "S4", "S5"].contains(s) { print("unknown scene \(s)"); usage() }
    return o
}

func makeScene(_ name: String) throws -> BenchScene {
    switch name {
    case "S1": return SceneS1()
    case "S2": return try SceneS2()
    case "S3": return SceneS3()
    case "S4": return SceneS4()
    default: return try SceneS5()
    }
}

func nowMs() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
}

func median(_ v: [Double]) -> Double {
    let s = v.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Renders `scene` once into a fresh frame with the given threads and band height.
func renderOnce(_ scene: BenchScene, threads: Int, band: Int) throws -> Surface {
    let surface = try Surface(width: BenchScenes.width, height: BenchScenes.height)
    let pool = WorkerPool(threadCount: threads)
    let tools = (0..<pool.workerCount).map { _ in WorkerTools() }
    surface.fill(scene.background)
    scene.render(into: surface, pool: pool, tools: tools, bandHeight: band)
    return surface
}

func run() throws {
    let o = parseOptions()
    if o.dumpScenes { print(BenchScenes.dump()); return }
    if o.kernels {
        if try !PaintKernelBench.run() { print("LaminaBench: a kernel drew less than it must"); exit(1) }
        return
    }
    let surface = try Surface(width: BenchScenes.width, height: BenchScenes.height)
    let pool = WorkerPool(threadCount: o.threads)
    let tools = (0..<pool.workerCount).map { _ in WorkerTools() }
    let band = o.threads == 1 ? (o.band > 0 ? o.band : BenchScenes.height) : (o.band > 0 ? o.band : 32)
    var results: [String: Any] = [:]
    var failed = false
    print("LaminaBench: \(BenchScenes.width)x\(BenchScenes.height), \(pool.workerCount) thread(s), band \(band) rows, "
          + "\(o.frames) frames after \(o.warmup) warm-up")
    for name in o.scenes {
        let scene = try makeScene(name)
        var samples: [Double] = []
        for f in 0..<(o.warmup + o.frames) {
            surface.fill(scene.background)
            let t0 = nowMs()
            scene.render(into: surface, pool: pool, tools: tools, bandHeight: band)
            let t = nowMs() - t0
            if f >= o.warmup { samples.append(t) }
        }
        let med = median(samples), lo = samples.min() ?? 0
        print(String(format: "%@  median %8.2f ms   min %8.2f ms", name, med, lo))
        results[name] = ["median_ms": med, "min_ms": lo, "samples": samples]
        if let dir = o.out {
            try ImageCodec.writePNG(surface: surface, to: "\(dir)/\(name).png", compressionLevel: 1)
        }
        if o.verify {
            let a = try renderOnce(scene, threads: 1, band: BenchScenes.height).bytes()
            let b = try renderOnce(scene, threads: 3, band: 7).bytes()
            let same = a == b && a == surface.bytes()
            print("\(name)  1 thread vs 3 threads (band 7) vs timed frame: \(same ? "identical" : "DIFFERENT")")
            failed = failed || !same
        }
    }
    if let path = o.json {
        let data = try JSONSerialization.data(withJSONObject: ["threads": pool.workerCount, "results": results],
                                              options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
    }
    if failed { exit(1) }
}

do {
    try run()
} catch {
    print("LaminaBench: \(error)")
    exit(1)
}
