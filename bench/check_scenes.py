"""Checks that LaminaBench generates exactly the numbers of the shared scenes.py.

Usage: python3 bench/check_scenes.py PATH/TO/LaminaBench PATH/TO/peers
Compares every S1-S4 parameter (doubles by their round-trip repr, so bit for bit)."""
import subprocess, sys

exe, peers = sys.argv[1], sys.argv[2]
sys.path.insert(0, peers)
import scenes  # noqa: E402

sc = scenes.all_scenes()
want = []
for r in sc["S1"]["rects"]:
    want.append(f"S1 {r['cx']!r} {r['cy']!r} {r['angle']!r} {r['r']} {r['g']} {r['b']}")
for q in sc["S2"]["quads"]:
    want.append(f"S2 {q['cx']!r} {q['cy']!r} {q['theta']!r} " + " ".join(repr(v) for row in q["H"] for v in row))
for r in sc["S3"]["rects"]:
    want.append(f"S3 {r['x']!r} {r['y']!r} {r['r']} {r['g']} {r['b']}")
for c in sc["S4"]["curves"]:
    want.append("S4 " + " ".join(f"{x!r} {y!r}" for x, y in c["p"]) + f" {c['r']} {c['g']} {c['b']}")
got = subprocess.run([exe, "--dump-scenes"], capture_output=True, text=True, check=True).stdout.strip().split("\n")
bad = [(i, w, g) for i, (w, g) in enumerate(zip(want, got)) if w != g]
if len(got) != len(want):
    print(f"line count differs: LaminaBench {len(got)}, scenes.py {len(want)}")
for i, w, g in bad[:10]:
    print(f"line {i}:\n  scenes.py   {w}\n  LaminaBench {g}")
print(f"{len(want) - len(bad)}/{len(want)} scene lines identical")
sys.exit(1 if bad or len(got) != len(want) else 0)
