#!/usr/bin/env bash
# Benchmarks (speed goals live here, never in tests): wall time and peak memory of each goal's
# command on this machine, with the ratio to the goal (< 1 meets it).
# Usage: scripts/bench.sh [peg|tricolore|lightsout]...   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
BIN="${CARGO_TARGET_DIR:-target}/release/statespace"
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
export BIN SCRATCH
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"

# measure LABEL GOAL_SECONDS GOAL_MIB COMMAND...   (GOAL_MIB may be '-')
measure() {
  local label=$1 goal_s=$2 goal_mb=$3
  shift 3
  /usr/bin/time -f "%e %M" -o "$SCRATCH/time.log" "$@" >/dev/null 2>"$SCRATCH/stderr" || {
    echo "$label: FAILED"; cat "$SCRATCH/stderr"; return 1; }
  local secs kb
  read -r secs kb <"$SCRATCH/time.log"
  awk -v l="$label" -v s="$secs" -v g="$goal_s" -v m="$((kb / 1024))" -v gm="$goal_mb" 'BEGIN {
    printf "%-52s %8.2f s (goal %s s, ratio %.2f)  peak %6d MiB", l, s, g, s / g, m;
    if (gm != "-") printf " (goal %s MiB, ratio %.2f)", gm, m / gm;
    printf "\n";
  }'
}
export -f measure

families=("$@")
[ ${#families[@]} -eq 0 ] && families=(peg tricolore lightsout)
for f in "${families[@]}"; do
  case $f in
    peg)
      measure "peg T7 union + winnable (levels.csv, layered)" 5 1024 \
        "$BIN" peg --side 7 --levels-only --out "$SCRATCH/T7L" --charts "$SCRATCH/c"
      # The floor the layered engine is read against: one layer's bits scanned, walked, ranked.
      cargo build --release --quiet --example layer_scan
      "${CARGO_TARGET_DIR:-target}/release/examples/layer_scan" 28 14
      if [ "${BENCH_PEG8:-0}" = 1 ]; then  # hours on a shared 2-core machine: opt in
        measure "peg T8 union + winnable (levels.csv, layered)" 1800 16384 \
          "$BIN" peg --side 8 --levels-only --keep-levels "$SCRATCH/T8levels" --out "$SCRATCH/T8L" --charts "$SCRATCH/c"
      fi
      measure "peg T7 full per-start analysis (all files)" 300 - \
        "$BIN" peg --side 7 --out "$SCRATCH/T7" --charts "$SCRATCH/c"
      measure "peg T6 full (with dataset and move histogram)" 30 - \
        "$BIN" peg --side 6 --out "$SCRATCH/T6" --charts "$SCRATCH/c"
      ;;
    tricolore|lightsout)
      if [ -f "scripts/bench_$f.sh" ]; then bash "scripts/bench_$f.sh"; else echo "$f: no benchmark script"; fi
      ;;
    *) echo "unknown family $f (expected peg, tricolore, lightsout)"; exit 2 ;;
  esac
done
