# The timing and summary part of bench/extension-overhead.sh and bench/goal-overhead.sh, sourced by
# both: one timed run, the medians, the table and the ratios they print. Needs $work (where the
# times go) and $project (where a run starts).

time_run() {  # NAME COMMAND...: runs COMMAND in $project and appends its "wall_ms cpu_ms" to $work/times-NAME
  local name=$1 start end; shift
  start=$(date +%s%N)
  # /usr/bin/time counts the JVM and every process it waited for (git, say).
  (cd "$project" && /usr/bin/time -o "$work/rusage" -f '%U %S' "$@" >/dev/null 2>"$work/stderr") \
    || { cat "$work/stderr" >&2; exit 1; }
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000000 )) $(awk '{ printf "%d", ($1 + $2) * 1000 }' "$work/rusage")" >> "$work/times-$name"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

load_average() { cut -d' ' -f1-3 /proc/loadavg; }

machine() {  # the line that says where it ran
  echo "cores: $(nproc), $(mvn -v 2>/dev/null | sed -n 1p | sed 's/\x1b\[[0-9;]*m//g'), Java $(java -version 2>&1 | head -n 1 | cut -d'"' -f2)"
}

declare -A wall_ms cpu_ms
times_table() {  # COLUMN NAME...: the median wall and CPU of each NAME's runs, kept in wall_ms and cpu_ms, as a table
  local column=$1 n; shift
  printf '%-9s %10s %10s\n' "$column" "wall ms" "cpu ms"
  for n; do
    wall_ms[$n]=$(cut -d' ' -f1 "$work/times-$n" | median)
    cpu_ms[$n]=$(cut -d' ' -f2 "$work/times-$n" | median)
    printf '%-9s %10s %10s\n' "$n" "${wall_ms[$n]}" "${cpu_ms[$n]}"
  done
}

ratio() {  # A B: A's medians over B's, from times_table
  awk -v wa="${wall_ms[$1]}" -v wb="${wall_ms[$2]}" -v ca="${cpu_ms[$1]}" -v cb="${cpu_ms[$2]}" \
    'BEGIN { printf "wall %.3f  cpu %.3f", wa / wb, ca / cb }'
}
