#!/usr/bin/env bash
# Lights Out speed goals (issue #4), on this machine: wall time and peak memory of each command
# (GNU time -v) and the ratio to the goal (< 1 = within the goal). Builds the release binary first.
# Usage: scripts/bench_lightsout.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
BIN=target/release/statespace
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
printf '%-58s %9s %9s %8s %7s\n' "goal" "wall_s" "peak_MiB" "goal_s" "ratio"
run() { # name goal_seconds command...
  local name=$1 goal=$2; shift 2
  /usr/bin/time -v -o "$OUT/time" "$@" > "$OUT/stdout" 2> "$OUT/stderr" || { echo "FAILED: $*"; cat "$OUT/stderr"; exit 1; }
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$OUT/time")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2/1024}' "$OUT/time")
  printf '%-58s %9.2f %9s %8s %7.2f\n' "$name" "$wall" "$rss" "$goal" "$(echo "$wall / $goal" | bc -l)"
  sed 's/^/    /' "$OUT/stdout" | head -c 600 | head -n 3
}
run "plus/open nullity, every n <= 25000 (goal 3 s)" 3 $BIN lightsout sweep --max-n 25000 --out "$OUT"
run "solve all-ones 10000x10000 (goal 3 s)" 3 $BIN lightsout solve --all-ones 10000 --presses "$OUT/p10000.txt"
run "solve all-ones 8000x8000, singular (no goal; C++ 35.9 s class)" 36 $BIN lightsout solve --all-ones 8000 --presses "$OUT/p8000.txt"
run "solve all-ones 1000x1000 (seed 000: 'a few seconds')" 3 $BIN lightsout solve --all-ones 1000 --presses "$OUT/p1000.txt"
run "solve all-ones 10000x10000, block rule (Kronecker chasing; no goal)" 3 $BIN lightsout solve --all-ones 10000 --rule block --presses "$OUT/pb.txt"
run "solve all-ones 39x39, nullity 32: exact minimum over 2^32 solutions (no goal)" 10 $BIN lightsout solve --all-ones 39 --presses "$OUT/p39.txt"
run "solve all-ones 61x61, nullity 40: exact minimum over 2^40 solutions (no goal)" 300 $BIN lightsout solve --all-ones 61 --presses "$OUT/p61.txt"
run "dense elimination, 16384x16384 plus matrix n=128 (2x M4RI 0.26 s)" 0.52 $BIN lightsout dense --n 128
run "dense elimination, 4096x4096 plus torus n=64 (no goal)" 1 $BIN lightsout dense --n 64 --topology torus
# Issue 9: the halved Sutner gcd (sweep and one board), the torus formula, the m x n dataset, God's numbers.
run "plus/open nullity, every n <= 100000 (goal 10 s)" 10 $BIN lightsout sweep --max-n 100000 --out "$OUT"
run "plus/open nullity of one 1000000x1000000 board (goal 10 s)" 10 $BIN lightsout nullity --n 1000000
run "plus/torus nullity, every n <= 25000 (no goal; was refused past 1000)" 10 $BIN lightsout sweep --topology torus --max-n 25000 --out "$OUT"
run "plus/open m x n table, m, n <= 1000, Parquet + heatmap (no goal)" 60 $BIN lightsout rect-dataset --max 1000 --out "$OUT"
run "God's numbers, n <= 30 and nullity-2 n <= 256 (no goal)" 600 $BIN lightsout gods --out "$OUT"
run "God's numbers, n <= 17: 9x9 and 16x16 closed by branch and bound (no goal)" 60 $BIN lightsout gods --max-n 17 --max-n-d2 17 --out "$OUT"
