#!/usr/bin/env bash
# Lights Out speed goals on this machine: wall time, CPU time and peak memory of each command, the
# ratio to the goal (< 1 = within the goal) and to the reference; each measurement appended to
# data/bench/measurements.csv (see scripts/bench_lib.sh). Builds the release binary first.
# Usage: scripts/bench_lightsout.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
source scripts/bench_lib.sh
bench_machine
bench_reference
OUT=$BENCH_TMP/out
mkdir -p "$OUT"
# run GOAL_ID NAME GOAL_S COMMAND...   (GOAL_S '-' = no goal); shows the command's first lines.
run() {
  local id=$1 name=$2 goal=$3
  shift 3
  bench_measure "$id" "$name" "$goal" - "$@"
  sed 's/^/    /' "$BENCH_TMP/stdout" | head -c 600 | head -n 3
}
run lightsout-sweep-25000 "plus/open nullity, every n <= 25000" 3 "$BIN" lightsout sweep --max-n 25000 --out "$OUT"
run lightsout-allones-10000 "solve all-ones 10000x10000" 3 "$BIN" lightsout solve --all-ones 10000 --presses "$OUT/p10000.txt"
run lightsout-allones-8000 "solve all-ones 8000x8000, singular (C++: 35.9 s)" - "$BIN" lightsout solve --all-ones 8000 --presses "$OUT/p8000.txt"
run lightsout-allones-1000 "solve all-ones 1000x1000 (seed 000: 'a few seconds')" 3 "$BIN" lightsout solve --all-ones 1000 --presses "$OUT/p1000.txt"
run lightsout-allones-10000-block "solve all-ones 10000x10000, block rule (Kronecker chasing)" - "$BIN" lightsout solve --all-ones 10000 --rule block --presses "$OUT/pb.txt"
run lightsout-allones-39 "solve all-ones 39x39, nullity 32: exact over 2^32 solutions" - "$BIN" lightsout solve --all-ones 39 --presses "$OUT/p39.txt"
run lightsout-allones-61 "solve all-ones 61x61, nullity 40: exact over 2^40 solutions" - "$BIN" lightsout solve --all-ones 61 --presses "$OUT/p61.txt"
run lightsout-dense-128 "dense elimination, 16384x16384 plus matrix n=128 (2x M4RI 0.26 s)" 0.52 "$BIN" lightsout dense --n 128
run lightsout-dense-torus-64 "dense elimination, 4096x4096 plus torus n=64" - "$BIN" lightsout dense --n 64 --topology torus
# The halved Sutner gcd (sweep and one board), the torus formula, the m x n dataset, God's numbers.
run lightsout-sweep-100000 "plus/open nullity, every n <= 100000" 10 "$BIN" lightsout sweep --max-n 100000 --out "$OUT"
run lightsout-nullity-1000000 "plus/open nullity of one 1000000x1000000 board" 10 "$BIN" lightsout nullity --n 1000000
run lightsout-sweep-torus-25000 "plus/torus nullity, every n <= 25000" - "$BIN" lightsout sweep --topology torus --max-n 25000 --out "$OUT"
run lightsout-rect-1000 "plus/open m x n table, m, n <= 1000, Parquet + heatmap" - "$BIN" lightsout rect-dataset --max 1000 --out "$OUT"
run lightsout-gods "God's numbers, n <= 50 and nullity-2 n <= 256" - "$BIN" lightsout gods --out "$OUT"
run lightsout-gods-17 "God's numbers, n <= 17: 9x9 and 16x16 closed by branch and bound" - "$BIN" lightsout gods --max-n 17 --max-n-d2 17 --out "$OUT"
