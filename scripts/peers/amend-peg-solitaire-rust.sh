#!/usr/bin/env bash
# The fastest public peer found for the English board (issue 38): Bernd Amend's "peg-solitaire rust
# edition", which computes the positions reachable from the central game level by level, up to the
# board's symmetries, with a given number of threads, and prints each level's count.
#   https://github.com/BerndAmend/peg-solitaire-rust, commit 0bab638813bc29deda42e794ae8a2da962927158
#   (2019-01-13, "fix typo"; Cargo version 0.0.1, no release tags, so the version is the commit)
# Why that commit: it needs no crate at all (the Rust standard library only). The last commit
# (58ce56d, 2020-11-21) adds backends that need LLVM 10 through a git dependency and OpenCL, which
# do not build offline on a fresh Debian.
# Obtains that commit (a git clone of the public URL; the commit id checks the whole tree), builds
# it with cargo (the toolchain this project needs anyway; no network: `cargo build --offline`),
# and runs it on the English board, printing `jumps,positions_up_to_symmetry` rows.
#
# Usage: scripts/peers/amend-peg-solitaire-rust.sh [build|run [THREADS]|check [OUTPUT]]
#   build   obtain and build only; prints the binary's path
#   run     (default) build, then run with THREADS threads (default: nproc) and print the counts
#   check [OUTPUT]  build, run (or read OUTPUT, what the binary printed in a run timed elsewhere,
#           as scripts/bench.sh does), and compare each level with OEIS A112737 as committed in
#           tests/data/peg_boards/english_central_levels.csv, and the total with
#           english_central_totals.csv; exits 1 on any difference
# Environment: PEER_DIR (where the source and build go; default target/peers), PEER_GIT_URL (a
# clone of the repository to read instead of the public URL, e.g. a local mirror on a machine
# without network; the commit id is checked all the same).
set -euo pipefail
cd "$(dirname "$0")/../.."
NAME=amend-peg-solitaire-rust
URL=https://github.com/BerndAmend/peg-solitaire-rust
COMMIT=0bab638813bc29deda42e794ae8a2da962927158
DIR=${PEER_DIR:-target/peers}/$NAME

. scripts/peers/obtain.sh

build() {
  obtain
  # Its own target directory, so that this project's CARGO_TARGET_DIR is not mixed in.
  # Its 2018 code draws lint warnings from today's rustc: capped, they say nothing about the run.
  (cd "$DIR" && CARGO_TARGET_DIR=target RUSTFLAGS="--cap-lints allow" cargo build --release --offline --quiet) >&2
  echo "$PWD/$DIR/target/release/peg_solitaire"
}

# It prints "search fields with K removed pegs, found N fields in T ms" for K = 2, 3, ...: K holes,
# the start's one included, so the level of K - 1 jumps; then "number of possible fields TOTAL".
counts() {
  echo "jumps,positions_up_to_symmetry"
  echo "0,1"
  sed -n 's/^search fields with \([0-9]*\) removed pegs, found \([0-9]*\) fields.*/\1 \2/p' |
    awk '{ printf "%d,%s\n", $1 - 1, $2 }'
}

mode=${1:-run}
case $mode in
  build) build ;;
  run) "$(build)" english "${2:-$(nproc)}" | counts ;;
  check)
    mkdir -p "$DIR"
    if [ -n "${2:-}" ]; then counts <"$2"; else "$(build)" english "$(nproc)" | counts; fi >"$DIR/counts.csv"
    awk -F, '/^#/ || /^jumps/ { next }
      NR == FNR { oeis[$1] = $2; next }
      { n++; total += $2; want = ($1 in oeis) ? oeis[$1] : 0
        if (want != $2) { bad++; printf "jumps %s: peer %s, OEIS A112737 %s\n", $1, $2, want } }
      END { if (bad) { printf "%d of %d levels differ\n", bad, n; exit 1 }
            printf "%s agrees with OEIS A112737 on all %d levels (%d positions up to symmetry)\n", "'$NAME'", n, total }' \
      tests/data/peg_boards/english_central_levels.csv "$DIR/counts.csv"
    total=$(awk -F, '$1 == "positions_up_to_symmetry" { print $2 }' tests/data/peg_boards/english_central_totals.csv)
    sum=$(awk -F, 'NR > 1 { s += $2 } END { print s }' "$DIR/counts.csv")
    [ "$sum" = "$total" ] || { echo "$NAME: total $sum, expected $total" >&2; exit 1; }
    ;;
  *) echo "usage: $0 [build|run [THREADS]|check [OUTPUT]]" >&2; exit 2 ;;
esac
