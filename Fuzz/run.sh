#!/usr/bin/env bash
# Builds Lamina's libFuzzer targets (this package) and runs each on its seed corpus.
#
#   Fuzz/run.sh [seconds] [Fuzzer…]     default: 60 s each, all four, one after another
#
# Each fuzzer starts from its committed seeds (Corpus/<name>/, read-only) plus the inputs it
# found on earlier runs (.work/corpus/<name>/, not committed). A crash, timeout (-timeout=20 s
# per input: see below) or memory blow-up (-rss_limit_mb=2048, also the largest single allocation) stops
# that fuzzer, saves the input as .work/crashes/<name>-crash-… (or timeout-/oom-) and makes
# the script exit non-zero once all have run. Reproduce one input with
#   Fuzz/.build/debug/<Fuzzer> <file>
# and turn it into a regression test in Lamina's matching test target (see README.md here).
#
# FUZZ_SKIP_BUILD=1 skips the build; FUZZ_JOBS=2 runs two fuzzers at a time; FUZZ_SEED=N fixes
# libFuzzer's random seed (CI does, so each run replays the same mutations from the seeds:
# a failure there is reproducible, not luck; local runs keep random seeds to explore).
set -uo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
shift || true
fuzzers=("$@")
if [ ${#fuzzers[@]} -eq 0 ]; then fuzzers=(ArchiveFuzzer ImageFuzzer PathFuzzer AnimationFuzzer); fi

if [ "${FUZZ_SKIP_BUILD:-0}" != 1 ]; then
  swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library </dev/null || exit 1
fi
bin="$(swift build -c debug --show-bin-path)"

corpus_name() {
  case "$1" in
    ArchiveFuzzer) echo archive ;; ImageFuzzer) echo image ;;
    PathFuzzer) echo path ;; AnimationFuzzer) echo animation ;;
    *) echo "unknown fuzzer $1" >&2; return 1 ;;
  esac
}

run_one() {
  local fuzzer="$1" name
  name="$(corpus_name "$fuzzer")" || return 1
  mkdir -p ".work/corpus/$name" .work/crashes .work/logs
  local log=".work/logs/$name.log"
  local started=$SECONDS
  # LeakSanitizer is off (ASan's and libFuzzer's, which re-runs inputs to look for leaks):
  # render caches live until exit. The 20 s timeout is for hangs: under debug + ASan +
  # coverage, capped worst cases (a curve scaled to 1e300 flattens to 65,536 chords) take
  # up to ~6 s on an idle core, and CI machines are not idle.
  # Swift's own crash backtracer is off: it reads memory ASan has poisoned and hides the trap.
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" \
    "$bin/$fuzzer" ".work/corpus/$name" "Corpus/$name" \
      -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 -detect_leaks=0 -print_final_stats=1 \
      ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
      -artifact_prefix=".work/crashes/$name-" >"$log" 2>&1 </dev/null
  local status=$?
  local execs
  execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)"
  if [ $status -eq 0 ]; then
    echo "fuzz: $fuzzer ran $((SECONDS - started)) s, ${execs:-?} inputs, no crash"
  else
    echo "fuzz: $fuzzer FAILED (status $status) after $((SECONDS - started)) s; log $PWD/$log:"
    grep -E "ERROR|SUMMARY|Test unit written|Fatal error|==[0-9]+==" "$log" | head -20
    tail -40 "$log"
  fi
  return $status
}

failed=0
if [ "${FUZZ_JOBS:-1}" -ge 2 ]; then
  pids=()
  for f in "${fuzzers[@]}"; do
    run_one "$f" & pids+=($!)
    if [ ${#pids[@]} -ge "${FUZZ_JOBS}" ]; then wait "${pids[0]}" || failed=1; pids=("${pids[@]:1}"); fi
  done
  for p in "${pids[@]}"; do wait "$p" || failed=1; done
else
  for f in "${fuzzers[@]}"; do run_one "$f" || failed=1; done
fi
exit $failed
