#!/usr/bin/env bash
# Tricolore speed and memory goals:
#   1. all three 4x2 half-board tables (3321 searches each) in <= 5 s together;
#   2. one 4x4 backward search (3^16 boards x 17 last clicks) in <= 8 s and <= 256 MiB.
# Prints wall time, CPU time, peak memory and the ratios to each goal and to the reference; each
# measurement is appended to data/bench/measurements.csv (see scripts/bench_lib.sh). The machine
# may be shared: the load average is printed and recorded too, since other jobs slow every figure.
# Usage: scripts/bench_tricolore.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
source scripts/bench_lib.sh
bench_machine
bench_reference
T=$BENCH_TMP

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
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
