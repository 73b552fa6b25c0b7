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
# The sweep shared out over MPI ranks (issue 22): one thread per rank against one process with two
# threads, at n <= 300000 (about 7 min in all; at 100000, 5 s each, mpirun's start-up of 0.3 s
# decided the comparison; the 10^6 sweep takes about 1.9 CPU hours: BENCH_SWEEP1M=1 runs it).
# Goals: -n 2 at least 1.8 x faster than -n 1, and no slower than one process with 2 threads.
if command -v mpirun >/dev/null; then
  cargo build --release --quiet --features mpi
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  run lightsout-sweep-300000-2threads "plus/open sweep n <= 300000, one process, 2 threads (reference of -n 2)" - \
    env RAYON_NUM_THREADS=2 "$BIN" lightsout sweep --max-n 300000 --out "$OUT/one"
  ONE_WALL=$LAST_WALL
  run lightsout-sweep-300000-mpi1 "plus/open sweep n <= 300000, mpirun -n 1, one thread" - \
    env RAYON_NUM_THREADS=1 mpirun --oversubscribe -n 1 "$BIN" lightsout sweep --max-n 300000 --out "$OUT/mpi1"
  MPI1_WALL=$LAST_WALL
  # The goal is the tighter of the two: one process's wall, and -n 1's wall / 1.8.
  GOAL=$(awk -v a="$ONE_WALL" -v b="$MPI1_WALL" 'BEGIN { g = b / 1.8; if (a < g) g = a; printf "%.2f", g }')
  run lightsout-sweep-300000-mpi2 "plus/open sweep n <= 300000, mpirun -n 2, one thread per rank" "$GOAL" \
    env RAYON_NUM_THREADS=1 mpirun --oversubscribe -n 2 "$BIN" lightsout sweep --max-n 300000 --out "$OUT/mpi2"
  awk -v a="$MPI1_WALL" -v b="$LAST_WALL" -v c="$ONE_WALL" 'BEGIN {
    printf "    -n 2 is %.2f x faster than -n 1 (goal >= 1.8); %.2f x the wall of one process with 2 threads (goal <= 1)\n", a / b, b / c }'
  cmp "$OUT/one/sweep_plus_open.csv" "$OUT/mpi2/sweep_plus_open.csv"
  if [ "${BENCH_SWEEP1M:-0}" = 1 ]; then  # about an hour on this 2-core machine, idle
    run lightsout-sweep-1000000-mpi2 "plus/open sweep n <= 1000000, mpirun -n 2, one thread per rank" - \
      env RAYON_NUM_THREADS=1 mpirun --oversubscribe -n 2 "$BIN" lightsout sweep --max-n 1000000 --format parquet --out "$OUT/mpi2m"
    cmp "$OUT/mpi2m/sweep_plus_open.parquet" data/lightsout/n1000000/sweep_plus_open.parquet
  fi
  cargo build --release --quiet  # back to the default build for the rows below
fi
run lightsout-nullity-1000000 "plus/open nullity of one 1000000x1000000 board" 10 "$BIN" lightsout nullity --n 1000000
run lightsout-sweep-torus-25000 "plus/torus nullity, every n <= 25000" - "$BIN" lightsout sweep --topology torus --max-n 25000 --out "$OUT"
run lightsout-rect-1000 "plus/open m x n table, m, n <= 1000, Parquet + heatmap" - "$BIN" lightsout rect-dataset --max 1000 --out "$OUT"
run lightsout-gods "God's numbers, n <= 50 and nullity-2 n <= 256" - "$BIN" lightsout gods --out "$OUT"
run lightsout-gods-17 "God's numbers, n <= 17: 9x9 and 16x16 closed by branch and bound" - "$BIN" lightsout gods --max-n 17 --max-n-d2 17 --out "$OUT"
