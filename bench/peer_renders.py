"""Renders each scene once with the peers (Skia gcc build, Blend2D, Cairo) into OUTDIR/<lib>_<scene>.png,
using the shared peer scripts' own drawing functions. Run with the peers' venv python, cwd = a scratch
folder (Blend2D writes its image inputs to ./tmpimg), PYTHONPATH = the shared peers folder.

Usage: python peer_renders.py OUTDIR"""
import os, sys
import numpy as np
from PIL import Image

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
os.environ.setdefault("RUNS", "1")
import bench_skia as BS  # noqa: E402
import bench_blend2d as BB  # noqa: E402
import bench_cairo as BC  # noqa: E402

skia_cases = {"S1": (BS.draw_s1, BS.WHITE), "S2": (BS.draw_s2, BS.WHITE), "S3": (BS.draw_s3_maskfilter, BS.WHITE),
              "S4": (BS.draw_s4, BS.WHITE), "S5": (BS.draw_s5, BS.BLACK)}
for name, (maker, bg) in skia_cases.items():
    BS.reset_to(bg)()
    maker(BS.canvas)()
    BS.surface.flushAndSubmit()
    arr = BS.surface.toarray()  # BGRA premultiplied (opaque scenes: straight = premultiplied)
    Image.fromarray(np.ascontiguousarray(arr[..., [2, 1, 0, 3]])).save(f"{out}/skia_{name}.png")

b2d_cases = {"S1": (BB.draw_s1, (1.0, 1.0, 1.0, 1.0)), "S4": (BB.draw_s4, (1.0, 1.0, 1.0, 1.0)),
             "S5": (BB.draw_s5, (0.0, 0.0, 0.0, 1.0))}
for name, (maker, bg) in b2d_cases.items():
    BB.reset_to(bg)()
    maker(BB.ctx)()
    BB.ctx.flush()
    BB.img.writeToFile(f"{out}/blend2d_{name}.png")

cairo_cases = {"S1": (BC.draw_s1, (1, 1, 1)), "S4": (BC.draw_s4, (1, 1, 1)), "S5": (BC.draw_s5, (0, 0, 0))}
for name, (maker, bg) in cairo_cases.items():
    BC.reset_to(bg)()
    maker(BC.ctx)()
    BC.surf.flush()
    BC.surf.write_to_png(f"{out}/cairo_{name}.png")
print("peer renders written to", out)
