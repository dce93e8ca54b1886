"""Side-by-side medians of an interleaved compare.sh run: LaminaBench samples (lamina_<scene>_<round>.json)
and the peers' bench_interleaved.py samples (peers_<scene>_<round>.json), pooled over the rounds.
Prints a markdown table: median (and minimum) ms/frame (1 thread, 1920x1080) and Lamina's speed-up
over the best peer (by medians). Under heavy machine load the minimum is the better estimate: a
3 ms frame often fits in one scheduler time slice while a 10 ms one is preempted several times.

Usage: python compare_table.py WORKDIR"""
import glob, json, statistics, sys

work = sys.argv[1]
TARGETS = {"S1": 10, "S2": 100, "S3": 20, "S4": 40, "S5": 12}
PEERS = ["blend2d", "skia_clang", "skia_gcc", "skia_gcc_maskfilter", "skia_gcc_imagefilter", "cairo"]
ours, theirs, rounds = {}, {}, {}
for path in sorted(glob.glob(f"{work}/lamina_*_*.json")):
    for scene, r in json.load(open(path))["results"].items():
        ours.setdefault(scene, []).extend(r["samples"])
        rounds[scene] = rounds.get(scene, 0) + 1
for path in sorted(glob.glob(f"{work}/peers_*_*.json")):
    for scene, libs in json.load(open(path))["results"].items():
        for lib, r in libs.items():
            theirs.setdefault(scene, {}).setdefault(lib, []).extend(r["samples"])

present = [p for p in PEERS if any(p in theirs.get(s, {}) for s in theirs)]
print("| scene | target | Lamina | " + " | ".join(present) + " | best peer / Lamina |")
print("|---|---|---|" + "---|" * len(present) + "---|")
for scene in ["S1", "S2", "S3", "S4", "S5"]:
    if scene not in ours:
        continue
    med, lo = statistics.median(ours[scene]), min(ours[scene])
    cells, best = [], None
    for p in present:
        v = theirs.get(scene, {}).get(p)
        if v:
            m = statistics.median(v)
            best = m if best is None else min(best, m)
            cells.append(f"{m:.1f} ({min(v):.1f})")
        else:
            cells.append("—")
    ratio = f"{best / med:.2f}x" if best else "—"
    print(f"| {scene} | ≤ {TARGETS[scene]} | **{med:.1f}** ({lo:.1f}) | " + " | ".join(cells) + f" | {ratio} |")
n = {s: len(v) for s, v in ours.items()}
print(f"\nmedian (min) in ms per frame over all samples of {max(rounds.values(), default=0)} interleaved rounds "
      f"(Lamina samples per scene: {n}); skia_clang is (K copies - background) / K, see bench_interleaved.py")
