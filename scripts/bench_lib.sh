# Shared by scripts/bench*.sh (sourced, not run): measure a command, print its ratios, and append
# the measurement as one row to data/bench/measurements.csv, which `reproduce` renders into
# reports/benchmarks.md. Every run first times a reference that runs none of this project's code
# (so only the machine moves it) and records it in each of its rows: this machine's speed varies
# from day to day, and only ratios to a same-run reference compare across days.
#
# Environment: BENCH_CSV (default data/bench/measurements.csv), BENCH_RECORD=0 (print only, append
# nothing), BENCH_NOTE (text added to every row's note), REF_LABEL/REF_WALL (a reference already
# measured by the calling script; set by bench_reference), BENCH_LEVELS (a directory shown as
# $LEVELS in the recorded command).

BENCH_CSV=${BENCH_CSV:-data/bench/measurements.csv}
BENCH_HEADER="date,goal_id,command,wall_s,cpu_s,peak_mib,goal_s,goal_mib,cores,mem_gib,cpu_model,reference_label,reference_wall_s,note"
BENCH_TMP=$(mktemp -d)
trap 'rm -rf "$BENCH_TMP"' EXIT
BENCH_TARGET=${CARGO_TARGET_DIR:-target}
[[ $BENCH_TARGET == /* ]] || BENCH_TARGET=$PWD/$BENCH_TARGET
BIN=$BENCH_TARGET/release/statespace
BENCH_CORES=$(nproc)
BENCH_MEM_GIB=$(awk '/MemTotal/ {printf "%.0f", $2 / 1048576}' /proc/meminfo)
BENCH_CPU=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)

# One CSV field: quoted when it holds a comma or a quote; line breaks become spaces.
csv_field() {
  local s=${1//$'\n'/ }
  if [[ $s == *[,\"]* ]]; then s="\"${s//\"/\"\"}\""; fi
  printf '%s' "$s"
}

# Appends one row (fields already in column order) and keeps the file sorted by date; rows of one
# date stay in the order measured (stable sort on the first column, which is never quoted).
bench_append() {
  [ "${BENCH_RECORD:-1}" = 0 ] && return 0
  mkdir -p "$(dirname "$BENCH_CSV")"
  [ -s "$BENCH_CSV" ] || echo "$BENCH_HEADER" >"$BENCH_CSV"
  local row="" f
  for f in "$@"; do row+="${row:+,}$(csv_field "$f")"; done
  { head -n 1 "$BENCH_CSV"; { tail -n +2 "$BENCH_CSV"; echo "$row"; } | LC_ALL=C sort -s -t, -k1,1; } >"$BENCH_TMP/csv"
  cat "$BENCH_TMP/csv" >"$BENCH_CSV"
}

# The reference: sha256sum of 1 GiB of zeros, two at once (both cores), fastest of three runs.
bench_reference() {
  if [ -n "${REF_WALL:-}" ]; then return 0; fi
  REF_LABEL="sha256sum of 1 GiB of zeros, two at once, fastest of 3"
  local i t best=""
  for i in 1 2 3; do
    t=$EPOCHREALTIME
    sh -c 'head -c 1G /dev/zero | sha256sum >/dev/null & head -c 1G /dev/zero | sha256sum >/dev/null & wait'
    t=$(awk -v a="$t" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
    if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
  done
  REF_WALL=$best
  export REF_LABEL REF_WALL
  echo "reference: $REF_LABEL: $REF_WALL s"
}

bench_machine() {
  echo "machine: $BENCH_CORES cores, $BENCH_MEM_GIB GiB, $BENCH_CPU; load average $(cut -d' ' -f1-3 /proc/loadavg)"
}

# bench_measure GOAL_ID LABEL GOAL_S GOAL_MIB COMMAND...   (GOAL_S, GOAL_MIB '-' = no goal)
# Prints wall time, CPU time, peak memory and the ratios to the goal and to the reference; appends
# the row. Sets LAST_WALL, LAST_CPU and LAST_MIB.
bench_measure() {
  local id=$1 label=$2 goal_s=$3 goal_mib=$4
  shift 4
  local load t0
  load=$(cut -d' ' -f1 /proc/loadavg)
  t0=$EPOCHREALTIME
  /usr/bin/time -f "%M %U %S" -o "$BENCH_TMP/time.log" "$@" >"$BENCH_TMP/stdout" 2>"$BENCH_TMP/stderr" || {
    echo "$label: FAILED"; cat "$BENCH_TMP/stderr"; return 1; }
  LAST_WALL=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
  local kb user sys mib
  read -r kb user sys <"$BENCH_TMP/time.log"
  LAST_CPU=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  # Written as a float (the column is a number, empty where not recorded: floats load as one type).
  mib=$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }')
  LAST_MIB=$mib
  awk -v l="$label" -v s="$LAST_WALL" -v c="$LAST_CPU" -v g="$goal_s" -v m="$mib" -v gm="$goal_mib" -v r="$REF_WALL" 'BEGIN {
    printf "%-60s %8.2f s", l, s;
    if (g != "-") printf " (goal %s s, ratio %.2f)", g, s / g;
    printf "  CPU %8.1f s  peak %6.0f MiB", c, m;
    if (gm != "-") printf " (goal %s MiB, ratio %.2f)", gm, m / gm;
    printf "  %.2f x reference\n", s / r;
  }'
  local command="$*"
  command=${command//"$BIN"/statespace}
  command=${command//"$BENCH_TMP"/\$TMP}
  [ -n "${BENCH_LEVELS:-}" ] && command=${command//"$BENCH_LEVELS"/\$LEVELS}
  local note="load average $load before"
  [ -n "${BENCH_NOTE:-}" ] && note="$note; $BENCH_NOTE"
  [ "$goal_s" = - ] && goal_s=""
  if [ "$goal_mib" = - ]; then goal_mib=""; else goal_mib=$(awk -v m="$goal_mib" 'BEGIN { printf "%.1f", m }'); fi
  bench_append "$(date -u +%F)" "$id" "$command" "$LAST_WALL" "$LAST_CPU" "$mib" "$goal_s" "$goal_mib" \
    "$BENCH_CORES" "$BENCH_MEM_GIB" "$BENCH_CPU" "$REF_LABEL" "$REF_WALL" "$note"
}
