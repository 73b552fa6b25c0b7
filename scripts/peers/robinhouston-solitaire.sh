#!/usr/bin/env bash
# A public peer for the English board (issue 38): Robin Houston's `solitaire`, whose `seq` program
# counts the positions reachable from the central game after each number of jumps (every position,
# not up to symmetry), holding each level as a binary trie of 33-bit boards.
#   https://github.com/robinhouston/solitaire, commit 72276dab67142b8f80d40d716021aae97d1b269a
#   (2020-06-16, "Update README.md"; no release tags, so the version is the commit)
# Obtains that commit (a git clone of the public URL; the commit id checks the whole tree), builds
# `seq` with the system C compiler (gcc and make: `apt-get install gcc make git` on a fresh Debian)
# and runs it, printing the counts as `jumps,reachable_positions` rows.
# Not timed by scripts/bench.sh: a trie node per bit of every board, allocated one by one, is slow
# and large (on 2026-11-27, stopped unfinished after 5.4 CPU minutes and 9 GB resident, where ours
# finishes the whole game in 2.3 CPU minutes and 2.3 GB); the faster peer is in
# scripts/peers/amend-peg-solitaire-rust.sh. Kept because it counts exactly what our game.csv's
# reachable_positions column holds, every position rather than orbits.
#
# Usage: scripts/peers/robinhouston-solitaire.sh [build|run|check GAME_CSV]
#   build           obtain and build only; prints the binary's path
#   run             (default) build, then run and print the counts
#   check GAME_CSV  build, run, and compare each level with the reachable_positions column of our
#                   game.csv (statespace peg --board english --start 17 --out DIR writes DIR/game.csv);
#                   exits 1 on any difference
# Environment: PEER_DIR (where the source and binary go; default target/peers), PEER_GIT_URL (a
# clone of the repository to read instead of the public URL, e.g. a local mirror on a machine
# without network; the commit id is checked all the same), PEER_CFLAGS (default -O2 -fcommon: the
# repository's Makefile says only -g, an unoptimised build that would not be a fair peer; and its
# moves.h defines the array ROTATED in a header, which links only as a common symbol since gcc 10
# made -fno-common the default).
set -euo pipefail
cd "$(dirname "$0")/../.."
NAME=robinhouston-solitaire
URL=https://github.com/robinhouston/solitaire
COMMIT=72276dab67142b8f80d40d716021aae97d1b269a
DIR=${PEER_DIR:-target/peers}/$NAME
CFLAGS=${PEER_CFLAGS:--O2 -fcommon}

. scripts/peers/obtain.sh

build() {
  obtain
  # The object is rebuilt when the flags change: make alone would keep an old -g build.
  local stamp="$DIR/.cflags"
  if [ ! -x "$DIR/seq" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$CFLAGS" ]; then
    rm -f "$DIR/seq"
    make --quiet -C "$DIR" seq CFLAGS="$CFLAGS" >&2
    echo "$CFLAGS" >"$stamp"
  fi
  echo "$PWD/$DIR/seq"
}

# `seq` prints `N: COUNT` after each jump N from 1 to 31, then draws the boards of the last level;
# the rows below keep the counts only, with jump 0 (the start) first.
counts() {
  echo "jumps,reachable_positions"
  echo "0,1"
  "$1" | sed -n 's/^\([0-9]*\): \([0-9]*\)$/\1,\2/p'
}

mode=${1:-run}
case $mode in
  build) build ;;
  run) counts "$(build)" ;;
  check)
    game=${2:?check needs our game.csv}
    bin=$(build)
    counts "$bin" >"$DIR/counts.csv"
    # Ours lists the levels that hold a position; the peer also prints the empty levels after the
    # last one (0), which must then be empty.
    awk -F, 'NR == FNR { if (FNR > 1) ours[$1] = $3; next }
      FNR > 1 { n++; if (($1 in ours ? ours[$1] : 0) != $2) { bad++; printf "jumps %s: peer %s, ours %s\n", $1, $2, ours[$1] } }
      END { if (bad) { printf "%d of %d levels differ\n", bad, n; exit 1 }
            printf "robinhouston-solitaire agrees with ours on all %d levels\n", n }' "$game" "$DIR/counts.csv"
    ;;
  *) echo "usage: $0 [build|run|check GAME_CSV]" >&2; exit 2 ;;
esac
