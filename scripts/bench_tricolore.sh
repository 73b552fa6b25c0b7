#!/usr/bin/env bash
# Tricolore speed and memory goals:
#   1. all three 4x2 half-board tables (3321 searches each) in <= 5 s together;
#   2. one 4x4 backward search (3^16 boards x 17 last clicks) in <= 8 s and <= 256 MiB;
#   3. one 5x4 backward search (3^20 boards x 21 last clicks) per target in <= 240 s and
#      <= 6144 MiB (all red, all white, the checkerboard; 3.3 GiB each, so they run only when
#      MemAvailable leaves 2 GiB beside them: the machine is shared).
# Prints wall time, CPU time, peak memory and the ratios to each goal and to the reference; each
# measurement is appended to data/bench/measurements.csv (see scripts/bench_lib.sh). The machine
# may be shared: the load average is printed and recorded too, since other jobs slow every figure.
# Usage: scripts/bench_tricolore.sh [5x4 [TARGET...]]   (5x4: only the 5x4 searches, one after
#   another, or only the TARGETs named; BENCH_5X4=0: skip them; BENCH_5X4_OUT=DIR keeps their
#   tables, e.g. data/tricolore/full_5x4, which `reproduce` then reads back and re-checks;
#   BENCH_NICE=10 runs them under `nice -n 10` beside other jobs, recorded in the command)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
source scripts/bench_lib.sh
bench_machine
bench_reference
T=$BENCH_TMP

bench_5x4() {
  local need_kib=$(( (3486784401 / 1024 + 96 * 1024) + 2 * 1024 * 1024 ))
  local target id targets=("$@") nice=()
  [ ${#targets[@]} -gt 0 ] || targets=(RRRRR.RRRRR.RRRRR.RRRRR WWWWW.WWWWW.WWWWW.WWWWW WBWBW.BWBWB.WBWBW.BWBWB)
  [ -z "${BENCH_NICE:-}" ] || nice=(nice -n "$BENCH_NICE")
  for target in "${targets[@]}"; do
    case $target in R*) id=rrrrr ;; WW*) id=wwwww ;; *) id=wbwbw ;; esac
    local avail
    avail=$(awk '/MemAvailable/ {print $2}' /proc/meminfo)
    if [ "$avail" -lt "$need_kib" ]; then
      echo "full 5x4 to $target: skipped, $((avail / 1024)) MiB available, $((need_kib / 1024)) MiB needed with 2 GiB to spare"
      continue
    fi
    bench_measure "tricolore-full-5x4-$id" "full 5x4 backward search to $target" 240 6144 \
        "${nice[@]}" "$BIN" tricolore full --width 5 --height 4 --target $target --out "${BENCH_5X4_OUT:-$T/f5}" --charts "$T/c"
  done
}
if [ "${1:-}" = 5x4 ]; then
  bench_5x4 "${@:2}"
  echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi

bench_measure tricolore-half-all "half tables, all three regimes (no dataset)" 5 - \
    bash -c "for r in unrestricted hybrid restricted; do '$BIN' tricolore half --regime \$r --no-dataset --out '$T/h-'\$r --charts '$T/c'; done"
for r in unrestricted hybrid restricted; do
    bench_measure "tricolore-half-$r" "  half --regime $r (no dataset)" - - \
        "$BIN" tricolore half --regime $r --no-dataset --out "$T/h-$r" --charts "$T/c"
done
bench_measure tricolore-half-unrestricted-dataset "half --regime unrestricted with the 6561x6561 Parquet" - - \
    "$BIN" tricolore half --regime unrestricted --out "$T/hd" --charts "$T/c"
bench_measure tricolore-full-rrrr "full 4x4 backward search to RRRR.RRRR.RRRR.RRRR" 8 256 \
    "$BIN" tricolore full --target RRRR.RRRR.RRRR.RRRR --out "$T/f" --charts "$T/c"
bench_measure tricolore-full-wbwb "full 4x4 backward search to WBWB.BWBW.WBWB.BWBW" 8 256 \
    "$BIN" tricolore full --target WBWB.BWBW.WBWB.BWBW --out "$T/f" --charts "$T/c"
[ "${BENCH_5X4:-1}" = 0 ] || bench_5x4
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
