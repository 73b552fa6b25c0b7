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
  /usr/bin/time -f "%e %M %U %S" -o "$SCRATCH/time.log" "$@" >/dev/null 2>"$SCRATCH/stderr" || {
    echo "$label: FAILED"; cat "$SCRATCH/stderr"; return 1; }
  local secs kb user sys
  read -r secs kb user sys <"$SCRATCH/time.log"
  LAST_CPU=$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')
  awk -v l="$label" -v s="$secs" -v c="$LAST_CPU" -v g="$goal_s" -v m="$((kb / 1024))" -v gm="$goal_mb" 'BEGIN {
    printf "%-52s %8.2f s (goal %s s, ratio %.2f)  CPU %8.1f s  peak %6d MiB", l, s, g, s / g, c, m;
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
      if [ "${BENCH_PEG8:-0}" = 1 ]; then  # about 30 min each on a 2-core machine: opt in
        # The level files (8 GiB) go beside the repo, not to a small /tmp.
        T8DIR=$(mktemp -d -p "${BENCH_PEG8_DIR:-$PWD/target}")
        measure "peg T8 union + winnable (levels.csv, layered)" 1800 16384 \
          "$BIN" peg --side 8 --levels-only --keep-levels "$T8DIR/levels" --out "$SCRATCH/T8L" --charts "$SCRATCH/c"
        # 2^36 positions, each visited once by the forward pull: states/s/core against the floor above.
        awk -v s="$LAST_CPU" 'BEGIN { printf "  T8 union: %.3e states/s/core (2^36 states / %.0f CPU s)\n", 2^36 / s, s }'
        # The problem table alone: the union's levels are reused from the run above.
        measure "peg T8 solvability table (finishes.csv)" 1800 16384 \
          "$BIN" peg --side 8 --keep-levels "$T8DIR/levels" --out "$SCRATCH/T8" --charts "$SCRATCH/c"
        rm -rf "$T8DIR"
      fi
      measure "peg T7 full per-start analysis (all files)" 60 - \
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
