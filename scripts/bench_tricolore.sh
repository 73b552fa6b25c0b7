#!/usr/bin/env bash
# Speed and memory goals of issue #3 (Tricolore), measured with /usr/bin/time -v:
#   1. all three 4x2 half-board tables (3321 searches each) in <= 5 s together;
#   2. one 4x4 backward search (3^16 boards x 17 last clicks) in <= 8 s and <= 256 MiB.
# Prints wall time, peak memory and the ratio to each goal. The machine may be shared: the load
# average is printed too, since other jobs slow every figure down.
# Usage: scripts/bench_tricolore.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
BIN=$PWD/target/release/statespace
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# measure NAME GOAL_SECONDS GOAL_MIB COMMAND...   (GOAL_MIB "-" = no memory goal)
measure() {
    local name=$1 goal_s=$2 goal_mib=$3
    shift 3
    /usr/bin/time -v "$@" >"$TMP/out.txt" 2>"$TMP/time.txt" || { cat "$TMP/time.txt"; exit 1; }
    local wall rss_kb
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]; print s}' "$TMP/time.txt")
    rss_kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$TMP/time.txt")
    awk -v n="$name" -v w="$wall" -v g="$goal_s" -v r="$rss_kb" -v m="$goal_mib" 'BEGIN {
        mib = r / 1024;
        line = sprintf("%-58s wall %6.2f s (goal %s s, ratio %.2f)  peak %6.1f MiB", n, w, g, w / g, mib);
        if (m != "-") line = line sprintf(" (goal %s MiB, ratio %.2f)", m, mib / m);
        print line;
    }'
}

echo "machine: $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "half tables, all three regimes (no dataset)" 5 - \
    bash -c "for r in unrestricted hybrid restricted; do '$BIN' tricolore half --regime \$r --no-dataset --out '$TMP/h-'\$r --charts '$TMP/c'; done"
for r in unrestricted hybrid restricted; do
    measure "  half --regime $r (no dataset)" 5 - "$BIN" tricolore half --regime $r --no-dataset --out "$TMP/h-$r" --charts "$TMP/c"
done
measure "half --regime unrestricted with the 6561x6561 Parquet" 5 - \
    "$BIN" tricolore half --regime unrestricted --out "$TMP/hd" --charts "$TMP/c"
measure "full 4x4 backward search to RRRR.RRRR.RRRR.RRRR" 8 256 \
    "$BIN" tricolore full --target RRRR.RRRR.RRRR.RRRR --halves-sample 0 --out "$TMP/f" --charts "$TMP/c"
measure "full 4x4 backward search to WBWB.BWBW.WBWB.BWBW" 8 256 \
    "$BIN" tricolore full --target WBWB.BWBW.WBWB.BWBW --halves-sample 0 --out "$TMP/f" --charts "$TMP/c"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
