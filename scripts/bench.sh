#!/usr/bin/env bash
# Benchmarks (speed goals live here, never in tests): wall time, CPU time and peak memory of each
# goal's command on this machine, with the ratio to the goal (< 1 meets it) and to a reference
# timed in the same run. Each measurement is appended as a row to data/bench/measurements.csv;
# `cargo run --release -- reproduce` renders them into reports/benchmarks.md.
# Usage: scripts/bench.sh [peg|peg-peer|peg-boards|peg-european-full|peg-plays|peg-lower-bounds|tricolore|lightsout|lightsout-gods|lightsout-graphs|reproduce]...
#   (default: peg tricolore lightsout lightsout-graphs)
#   BENCH_PEG8=1       also the side-8 union and problem table (about 25 min each, 8 GiB of levels
#                      under BENCH_PEG8_DIR, default target/)
#   BENCH_PEG_FRENCH=0 peg-boards without the French union (45 to 75 min on a 2-core machine)
#   BENCH_REPRODUCE=1  also the default `reproduce` (into a scratch copy of data/ and reports/)
#   BENCH_PEG_PEER=1   also peg-peer: the English central game against the fastest public solver
#                      found (scripts/peers/; about 5 min; obtains and builds the peer first)
#   BENCH_RECORD=0     print only; BENCH_NOTE=... adds a note to every row (see scripts/bench_lib.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
source scripts/bench_lib.sh
export BENCH_CSV BENCH_NOTE="${BENCH_NOTE:-}"
bench_machine
bench_reference

families=("$@")
if [ ${#families[@]} -eq 0 ]; then
  families=(peg tricolore lightsout lightsout-graphs)
  [ "${BENCH_PEG_PEER:-0}" = 1 ] && families+=(peg-peer)
  [ "${BENCH_REPRODUCE:-0}" = 1 ] && families+=(reproduce)
fi
for f in "${families[@]}"; do
  case $f in
    peg)
      bench_measure peg-t7-levels "peg T7 union + winnable (levels.csv, layered)" 5 1024 \
        "$BIN" peg --side 7 --levels-only --out "$BENCH_TMP/T7L" --charts "$BENCH_TMP/c"
      if [ "${BENCH_PEG8:-0}" = 1 ]; then  # about 25 min each on a 2-core machine: opt in
        # The level files (8 GiB) go beside the repo, not to a small /tmp.
        T8DIR=$(mktemp -d -p "${BENCH_PEG8_DIR:-$BENCH_TARGET}")
        BENCH_LEVELS=$T8DIR
        bench_measure peg-t8-levels "peg T8 union + winnable (levels.csv, layered)" 600 16384 \
          "$BIN" peg --side 8 --levels-only --keep-levels "$T8DIR/levels" --out "$BENCH_TMP/T8L" --charts "$BENCH_TMP/c"
        T8_ONE_WALL=$LAST_WALL T8_ONE_MIB=$LAST_MIB   # the reference of the -n 2 run below
        # 2^36 positions, each visited once by the forward pull: states/s/core against the floor below.
        awk -v s="$LAST_CPU" 'BEGIN { printf "  T8 union: %.3e states/s/core (2^36 states / %.0f CPU s)\n", 2^36 / s, s }'
        # The problem table alone: the union's levels are reused from the run above.
        bench_measure peg-t8-finishes "peg T8 solvability table (finishes.csv)" 1800 16384 \
          "$BIN" peg --side 8 --keep-levels "$T8DIR/levels" --out "$BENCH_TMP/T8" --charts "$BENCH_TMP/c"
        rm -rf "$T8DIR"
      fi
      if command -v mpirun >/dev/null; then  # the distributed union (issue 22): needs Open MPI
        cargo build --release --quiet --features mpi
        export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
        # The goals name the shared-memory transport: Open MPI's ob1 over its vader BTL. Left to
        # choose, Open MPI 4.1 starts UCX, which adds 0.2 s to every run (0.31 s against 0.11 s
        # for side 4 under -n 2, measured): a tenth of the side-7 run, nothing on side 8.
        SHM="--mca pml ob1 --mca btl self,vader"
        bench_measure peg-t7-levels-2threads "peg T7 union, one process, 2 threads (reference of -n 2)" - - \
          env RAYON_NUM_THREADS=2 "$BIN" peg --side 7 --levels-only --out "$BENCH_TMP/T7one" --charts "$BENCH_TMP/c"
        # Goal: at most 1.5 x the wall of one process with 2 threads; peak is one rank's.
        bench_measure peg-t7-levels-mpi2 "peg T7 union, mpirun -n 2, one thread per rank" \
          "$(awk -v w="$LAST_WALL" 'BEGIN { printf "%.1f", 1.5 * w }')" - \
          env RAYON_NUM_THREADS=1 mpirun $SHM --oversubscribe -n 2 "$BIN" peg --side 7 --levels-only --out "$BENCH_TMP/T7mpi" --charts "$BENCH_TMP/c"
        cmp "$BENCH_TMP/T7one/levels.csv" "$BENCH_TMP/T7mpi/levels.csv"
        grep 'exchanged' "$BENCH_TMP/stderr" | sed 's/^/  /'   # bytes per level, and the plan's rates
        if [ "${BENCH_PEG8:-0}" = 1 ]; then  # about 14 min on a 2-core machine, 1.4 GiB per rank
          T8MPI=$(mktemp -d -p "${BENCH_PEG8_DIR:-$BENCH_TARGET}")
          BENCH_LEVELS=$T8MPI
          "$BIN" peg --side 8 --plan --ranks 2 --memory 4 --out "$BENCH_TMP/plan8"
          # Goals: at most 1.3 x the wall of one process with 2 threads (the row above), and
          # each rank's peak at most 0.6 x that process's.
          bench_measure peg-t8-levels-mpi2 "peg T8 union, mpirun -n 2, one thread per rank" \
            "$(awk -v w="${T8_ONE_WALL:-0}" 'BEGIN { print (w > 0 ? sprintf("%.0f", 1.3 * w) : "-") }')" \
            "$(awk -v m="${T8_ONE_MIB:-0}" 'BEGIN { print (m > 0 ? sprintf("%.0f", 0.6 * m) : "-") }')" \
            env RAYON_NUM_THREADS=1 mpirun $SHM --oversubscribe -n 2 "$BIN" peg --side 8 --levels-only --keep-levels "$T8MPI/levels" --out "$BENCH_TMP/T8mpi" --charts "$BENCH_TMP/c"
          grep 'exchanged' "$BENCH_TMP/stderr" | sed 's/^/  /'
          # The plan against the run: peak per rank (bit arrays and buffers against the largest
          # rank's resident set), bytes exchanged and forward time (both summed over the levels).
          awk -F, -v mib="$LAST_MIB" -v line="$(grep 'forward levels in all' "$BENCH_TMP/stderr")" '
            NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
            { if ($col["bytes_per_rank"] > peak) peak = $col["bytes_per_rank"]; bytes += $col["bytes_exchanged"]; secs += $col["seconds"] }
            END {
              split(line, w, " "); for (i = 1; i <= length(w); i++) { if (w[i] == "bytes") mb = w[i - 1]; if (w[i] == "s") ms = w[i - 1] }
              printf "  plan of T8 over 2 ranks against the run: peak %.0f / %d MiB = %.2f; bytes %.3g / %.3g = %.2f; forward time %.0f / %.0f s = %.2f (within 25%%: 0.75 to 1.25)\n",
                peak / 2^20, mib, peak / 2^20 / mib, bytes, mb, bytes / mb, secs, ms, secs / ms
            }' "$BENCH_TMP/plan8/plan_T8_2ranks.csv"
          rm -rf "$T8MPI"
        fi
        cargo build --release --quiet  # back to the default build for the rows below
      fi
      # The floor the layered engine is read against: one layer's bits scanned, walked, ranked.
      cargo build --release --quiet --example layer_scan
      "$BENCH_TARGET/release/examples/layer_scan" 28 14
      bench_measure peg-t7-full "peg T7 full per-start analysis (all files)" 60 - \
        "$BIN" peg --side 7 --out "$BENCH_TMP/T7" --charts "$BENCH_TMP/c"
      bench_measure peg-t6-full "peg T6 full (with dataset and move histogram)" - - \
        "$BIN" peg --side 6 --out "$BENCH_TMP/T6" --charts "$BENCH_TMP/c"
      ;;
    peg-peer)
      # Issue 38: the central game of the English board against a public solver, in the same run.
      # The peer (Bernd Amend's peg-solitaire rust edition, pinned in its script) counts the
      # positions after each jump up to symmetry, forward only; so does `--positions-only`.
      PEER=scripts/peers/amend-peg-solitaire-rust.sh
      PEER_BIN=$("$PEER" build)
      PEER_LABEL="peg-solitaire rust edition (Bernd Amend) at 0bab638, $BENCH_CORES threads"
      BENCH_RECORD=0 bench_measure peg-english-peer-run "peer: $PEER_LABEL" - - "$PEER_BIN" english "$BENCH_CORES"
      "$PEER" check "$BENCH_TMP/stdout" | sed 's/^/  /'
      PEER_WALL=$LAST_WALL PEER_CPU=$LAST_CPU PEER_MIB=$LAST_MIB
      SAVED_NOTE=$BENCH_NOTE
      BENCH_NOTE="peer CPU $PEER_CPU s, peak $PEER_MIB MiB; machine reference ($REF_LABEL) $REF_WALL s${SAVED_NOTE:+; $SAVED_NOTE}"
      REF_LABEL="$PEER_LABEL" REF_WALL=$PEER_WALL \
        bench_measure peg-english-peer "peg English central game, positions per jump up to symmetry (positions.csv), against the peer" "$PEER_WALL" - \
        "$BIN" peg --board english --positions-only --out "$BENCH_TMP/english"
      BENCH_NOTE=$SAVED_NOTE
      # Both counted the same positions: our orbits per level against the peer's counts.
      awk -F, 'NR == FNR { if (FNR > 1) peer[$1] = $2; next }
        FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        { n++; if (peer[$1] != $col["reachable_orbits"]) bad++ }
        END { if (bad || n == 0) { print "  ours and the peer differ on " bad " levels"; exit 1 }
              print "  ours and the peer agree on the orbits of all " n " levels" }' \
        "${PEER_DIR:-target/peers}/amend-peg-solitaire-rust/counts.csv" "$BENCH_TMP/english/positions.csv"
      awk -v o="$LAST_WALL" -v p="$PEER_WALL" -v oc="$LAST_CPU" -v pc="$PEER_CPU" -v om="$LAST_MIB" -v pm="$PEER_MIB" 'BEGIN {
        printf "  ours / peer: wall %.2f (%.1f / %.1f s), CPU %.2f, peak memory %.2f\n", o / p, o, p, oc / pc, om / pm }'
      ;;
    peg-boards)
      # Issue 38's goals for the English and French boards (the English two about 10 min).
      bench_measure peg-english-game "peg English central game with fewest moves to every finish (game.csv, finishes.csv)" 60 4096 \
        "$BIN" peg --board english --start 17 --out "$BENCH_TMP/english-game" --charts "$BENCH_TMP/c"
      bench_measure peg-english-union "peg English union over all 33 single-vacancy starts (levels.csv)" 120 - \
        "$BIN" peg --board english --levels-only --out "$BENCH_TMP/english-union" --charts "$BENCH_TMP/c"
      if [ "${BENCH_PEG_FRENCH:-1}" = 1 ]; then  # 11 to 20 min on a 2-core machine: BENCH_PEG_FRENCH=0 skips it
        FRDIR=$(mktemp -d -p "${BENCH_PEG8_DIR:-$BENCH_TARGET}")
        BENCH_LEVELS=$FRDIR bench_measure peg-european-union "peg French union over all 37 single-vacancy starts (levels.csv, layers on disk)" 900 8192 \
          "$BIN" peg --board european --levels-only --keep-levels "$FRDIR/levels" --out "$BENCH_TMP/european" --charts "$BENCH_TMP/c"
        rm -rf "$FRDIR"
      fi
      ;;
    peg-european-full)
      # Everything `peg --board european` writes (union, central game, solvability of every
      # problem, fewest-moves balls at the default radii): about an hour, so only when asked.
      bench_measure peg-european-full "peg French board, every analysis (levels, game, problems)" - - \
        "$BIN" peg --board european --out "$BENCH_TMP/european-full" --charts "$BENCH_TMP/c"
      ;;
    peg-plays)
      # Issue 40's beam searches for plays with few moves (OEIS A127500), at the widths of the
      # committed data/peg/T9..T12/plays.csv; no goal: their time and memory.
      for run in 9:50000 10:50000 11:50000 12:100000; do
        side=${run%%:*} width=${run#*:}
        bench_measure "peg-t$side-plays" "peg T$side plays with few moves (plays.csv, 3 beams of $width per start orbit)" - - \
          "$BIN" peg --side "$side" --few-moves --width "$width" --out "$BENCH_TMP/T$side-plays"
      done
      ;;
    peg-lower-bounds)
      # Issue 40's proven lower bounds (Merson regions and a refuting search), as the committed
      # data/peg/T11 and T12/lower_bounds.csv were made: every start at 2M positions, then each
      # side's weakest starts again at 30M (about 55 and 95 min; BENCH_LB_WEAK=0 skips them). No
      # goal: their time and memory. BENCH_LB_OUT=data/peg writes the tables there, not to scratch.
      lb_out=${BENCH_LB_OUT:-$BENCH_TMP}
      for run in 11:2000000 11:30000000:2,4,11 12:2000000 12:30000000:2,4,7,11,16,17,18; do
        IFS=: read -r side budget starts <<<"$run"
        if [ -z "$starts" ]; then
          bench_measure "peg-t$side-lower-bounds" "peg T$side lower bounds (lower_bounds.csv, budget $budget positions)" - - \
            "$BIN" peg --side "$side" --lower-bounds --budget "$budget" --out "$lb_out/T$side"
        elif [ "${BENCH_LB_WEAK:-1}" = 1 ]; then
          bench_measure "peg-t$side-lower-bounds-weak" \
            "peg T$side lower bounds, starts $starts again (budget $budget positions)" - - \
            "$BIN" peg --side "$side" --lower-bounds --starts "$starts" --budget "$budget" --out "$lb_out/T$side"
        fi
      done
      ;;
    tricolore|lightsout)
      bash "scripts/bench_$f.sh"
      ;;
    lightsout-gods)
      # The open God's numbers past nullity 24: the active-set witness, then the subcodes' refutations.
      bench_measure lightsout-gods-39 "God's number 39x39 (witness, 100 rounds; subcode bound)" - - \
        "$BIN" lightsout gods --sides 39 --active-rounds 100 --out "$BENCH_TMP/gods39"
      bench_measure lightsout-gods-47 "God's number 47x47 (witness, 300 rounds; subcode bound)" - - \
        "$BIN" lightsout gods --sides 47 --active-rounds 300 --out "$BENCH_TMP/gods47"
      # Issue 40's method 3: the exact subspace bound at every node (--node-subspace 5) against
      # averaging alone, on two refutations it can finish (16x16 refutes 125, 29x29 refutes 444 in
      # the odd-first basis after the given basis runs out): time here, each tree's nodes printed.
      for j in 0 5; do
        bench_measure "lightsout-gods-node-subspace-$j" "God's numbers 16x16 and 29x29 (branch and bound, node subspace $j)" - - \
          "$BIN" lightsout gods --sides 16,29 --node-subspace "$j" --out "$BENCH_TMP/gods-node-subspace-$j"
        cut -d, -f3,12 "$BENCH_TMP/gods-node-subspace-$j/gods_numbers.csv" | tail -n +2 | sed 's/^/  /'
      done
      ;;
    lightsout-graphs)
      # The hexagonal sweep: the n x n rhombi by light chasing against dense elimination of each
      # member's press matrix (the same rhombi as a tiled motif without holes), same run.
      printf 'lattice: hexagonal\nooo\n' >"$BENCH_TMP/hexfull.board"
      bench_measure lightsout-hex-dense-128 "hexagonal rhombi n <= 128, dense elimination (reference)" - - \
        "$BIN" lightsout family --board-file "$BENCH_TMP/hexfull.board" --max-n 128 --out "$BENCH_TMP/hex"
      DENSE_WALL=$LAST_WALL
      bench_measure lightsout-hex-128 "hexagonal rhombi n <= 128, light chasing" 1 - \
        "$BIN" lightsout family --family hex --max-n 128 --out "$BENCH_TMP/hex"
      awk -v d="$DENSE_WALL" -v c="$LAST_WALL" 'BEGIN { printf "  chasing against dense elimination, n <= 128: %.0f x faster\n", d / c }'
      bench_measure lightsout-hex-1024 "hexagonal rhombi n <= 1024, light chasing (the sweep's reach)" 60 - \
        "$BIN" lightsout family --family hex --max-n 1024 --out "$BENCH_TMP/hex"
      ;;
    reproduce)
      # `reproduce` reads results that take long to compute back from data/, so it runs on a copy.
      cp -a data reports "$BENCH_TMP/"
      bench_measure reproduce "reproduce (default)" 240 - \
        "$BIN" reproduce --data "$BENCH_TMP/data" --reports "$BENCH_TMP/reports" --peg-levels "$BENCH_TMP/levels"
      ;;
    *) echo "unknown family $f (expected peg, peg-peer, peg-boards, peg-plays, peg-lower-bounds, tricolore, lightsout, lightsout-gods, lightsout-graphs, reproduce)"; exit 2 ;;
  esac
done
if [ "${BENCH_RECORD:-1}" != 0 ]; then
  echo "appended to $BENCH_CSV; regenerate reports/benchmarks.md with: cargo run --release -- reproduce"
fi
