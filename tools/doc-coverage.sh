#!/usr/bin/env bash
# Documentation coverage per module: how many of the symbols DocC documents for a module (its
# public types, members and globals, as its catalog shows them) have documentation: a doc
# comment, or a documentation extension page in the module's .docc catalog (DocC's
# "abstract"). Issue 24 item 1: every public symbol documented; .ci/run checks --min 100.
#
#   tools/doc-coverage.sh                       the six catalogued modules, a table
#   tools/doc-coverage.sh --list UIKit          also every symbol of UIKit without a comment
#   tools/doc-coverage.sh --min 100             exit 1 when a module is below 100 %
#   tools/doc-coverage.sh --no-build            the numbers of this script's last run
#
# It runs swift-docc-plugin's `generate-documentation` with DocC's experimental coverage
# (`--experimental-documentation-coverage`), which writes `documentation-coverage.json` into
# each archive, and sums that file's `hasAbstract` per module. Compiler-synthesized symbols
# are left out (`--experimental-skip-synthesized-symbols`): the standard library's default
# implementations a conformance brings (`!=`, an OptionSet's `union(_:)`, `contains(_:)`…)
# have no source to comment, and DocC shows them under the protocol's name anyway. For the
# same reason the `rawValue` and `init(rawValue:)` the compiler writes for an enum with raw
# values are not counted (a struct's, written in source, are). Reuses the debug build, as the
# DocC step of .ci/run does (about a minute when the build is current). Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."

min="" list=0 build=1 targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --min) min="$2"; shift 2 ;;
    --list) list=1; shift ;;
    --no-build) build=0; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(QuartzCore CoreGraphics UIKit LaminaKit ImageIO CoreImage)

if [ "$build" = 1 ]; then
  mkdir -p .build
  args=()
  for t in "${targets[@]}"; do args+=(--target "$t"); done
  swift package generate-documentation "${args[@]}" \
    --experimental-documentation-coverage --coverage-summary-level brief \
    --experimental-skip-synthesized-symbols \
    </dev/null > .build/doc-coverage.log 2>&1 || { tail -30 .build/doc-coverage.log; exit 1; }
fi

python3 - "$list" "$min" "${targets[@]}" <<'PY'
import json, os, sys
list_missing, minimum, targets = sys.argv[1] == "1", sys.argv[2], sys.argv[3:]
outputs = ".build/plugins/Swift-DocC/outputs"
failed = []
rows = []
for t in targets:
    # The archive of the last run: the plugin writes it under outputs/, or under
    # outputs/intermediates/ when it stops after the per-target archives.
    found = [p for p in (os.path.join(outputs, f"{t}.doccarchive", "documentation-coverage.json"),
                         os.path.join(outputs, "intermediates", f"{t}.doccarchive", "documentation-coverage.json"))
             if os.path.exists(p)]
    path = max(found, key=os.path.getmtime) if found else None
    if path is None:
        print(f"{t}: no documentation-coverage.json (run without --no-build)", file=sys.stderr)
        failed.append(t); continue
    entries = [e for e in json.load(open(path)) if e.get("kind", {}).get("isSymbol")]
    kinds = {e["referencePath"]: e["kind"]["id"] for e in entries}
    def synthesized_raw_value(e):
        parent, _, last = e["referencePath"].rpartition("/")
        return last in ("rawValue", "init(rawValue:)") and kinds.get(parent, "") == "org.swift.docc.kind.enumeration"
    entries = [e for e in entries if not synthesized_raw_value(e)]
    missing = sorted(e["referencePath"].split("/documentation/", 1)[-1] for e in entries if not e.get("hasAbstract"))
    total = len(entries)
    pct = 100.0 * (total - len(missing)) / total if total else 100.0
    rows.append((t, total, total - len(missing), pct, missing))
print(f"{'module':<14} {'symbols':>8} {'documented':>11} {'coverage':>9}")
for t, total, documented, pct, _ in rows:
    print(f"{t:<14} {total:>8} {documented:>11} {pct:>8.1f}%")
if list_missing:
    for t, _, _, _, missing in rows:
        for m in missing: print(f"  undocumented: {m}")
if minimum:
    for t, _, _, pct, _ in rows:
        if pct < float(minimum):
            print(f"doc-coverage: {t} is below {minimum}%", file=sys.stderr); failed.append(t)
sys.exit(1 if failed else 0)
PY
