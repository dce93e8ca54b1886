#!/usr/bin/env bash
# Lamina vs the peer renderers (Blend2D, Skia gcc and clang builds, Cairo) on the shared scenes,
# interleaved per scene A B A B ... so the machine's drift hits everyone alike, then a fuzzy pixel
# comparison of our frames against the peers' renders.
#
#   bash bench/compare.sh            # ROUNDS=3 FRAMES=9 REPS=9 by default; SCENES="S1 S2 S3 S4 S5"
#   NICE=-10 bash bench/compare.sh   # run Lamina and the peers alike at a higher priority (root) when
#                                    # other work loads the machine
#
# Needs the peers' venv: bash "$PEERS/../setup-peers.sh" (PEERS defaults to ../shared/bench/peers
# next to the repository; override PEERS and PEERS_PY). Everything is written under bench/.work
# (git-ignored): lamina/*.png, peer_out/*.png, the JSON samples of every round.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
peers=${PEERS:-$(cd "$repo/.." && pwd)/shared/bench/peers}
py=${PEERS_PY:-$peers/../.venv-peers/bin/python}
rounds=${ROUNDS:-3}
frames=${FRAMES:-9}
reps=${REPS:-9}
scenes=${SCENES:-S1 S2 S3 S4 S5}
work=$repo/bench/.work
[ -x "$py" ] || { echo "peer venv missing: run bash $peers/../setup-peers.sh (or set PEERS_PY)"; exit 1; }

cd "$repo"
swift build -c release --product LaminaBench
exe=$repo/.build/release/LaminaBench
python3 bench/check_scenes.py "$exe" "$peers"
# The SIMD kernels are only fast when LLVM inlines the stdlib's generic SIMD conversions; once
# they were outlined module-wide (after a few more call sites were added) and S5 ran 10x slower.
if nm "$exe" | grep -q 'SIMD.*truncatingIfNeeded'; then
  echo "WARNING: SIMD truncatingIfNeeded conversions are outlined functions in $exe: kernels will be slow"
fi
rm -f "$work"/lamina_*.json "$work"/peers_*.json
mkdir -p "$work"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
run=()
[ -n "${NICE:-}" ] && run=(nice -n "$NICE")
for scene in $scenes; do
  for r in $(seq "$rounds"); do
    "${run[@]}" "$exe" --scene "$scene" --frames "$frames" --json "$work/lamina_${scene}_$r.json" --out "$work/lamina" | grep median
    (cd "$work" && REPS=$reps OUT_JSON="$work/peers_${scene}_$r.json" PYTHONPATH="$peers" \
       "${run[@]}" "$py" "$peers/bench_interleaved.py" "$scene")
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
"$py" bench/compare_table.py "$work"
echo
(cd "$work" && PYTHONPATH="$peers" "$py" "$repo/bench/peer_renders.py" "$work/peer_out" >/dev/null)
"$py" bench/pixel_compare.py "$work/lamina" "$work/peer_out"
