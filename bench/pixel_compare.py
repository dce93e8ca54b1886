"""Fuzzy pixel comparison of LaminaBench's renders against the peers' (renderers legitimately
differ on anti-aliased edges, so: PSNR and the share of pixels whose largest channel difference
exceeds 1, 8 and 32 levels). Prints a markdown table.

Usage: python pixel_compare.py LAMINA_DIR PEER_DIR"""
import os, sys
import numpy as np
from PIL import Image

ours, peers = sys.argv[1], sys.argv[2]


def load(path):
    return np.asarray(Image.open(path).convert("RGBA")).astype(np.int32)


rows = []
for scene in ["S1", "S2", "S3", "S4", "S5"]:
    a_path = f"{ours}/{scene}.png"
    if not os.path.exists(a_path):
        continue
    A = load(a_path)
    for lib in ["skia", "blend2d", "cairo"]:
        b_path = f"{peers}/{lib}_{scene}.png"
        if not os.path.exists(b_path):
            continue
        B = load(b_path)
        if A.shape != B.shape:
            rows.append(f"| {scene} | {lib} | size differs {A.shape} vs {B.shape} | | | | |")
            continue
        d = np.abs(A - B)
        mse = (d[..., :3].astype(np.float64) ** 2).mean()
        psnr = float("inf") if mse == 0 else 10 * np.log10(255.0 ** 2 / mse)
        m = d.max(axis=2)
        n = m.size
        rows.append(f"| {scene} | {lib} | {psnr:.1f} | {m.max()} | {100 * (m > 1).sum() / n:.2f} | "
                    f"{100 * (m > 8).sum() / n:.2f} | {100 * (m > 32).sum() / n:.3f} |")
print("| scene | Lamina vs | PSNR dB (RGB) | max channel diff | % px diff > 1 | % > 8 | % > 32 |")
print("|---|---|---|---|---|---|---|")
print("\n".join(rows))
