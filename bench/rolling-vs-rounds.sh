#!/usr/bin/env bash
# Rolling speculative checks against rounds (issue 56): lanes whose `mvn queuelock:land` start a
# few seconds apart, as agents finish, each check mostly waiting, landed by two codes alternated in
# one run (rounds, rolling, rounds, rolling, ...):
#   rounds   the code at 9ff19c0^, the last that checked in rounds: a round took the lanes queued
#            at its start, and a lane queued a moment later waited for the next round
#   rolling  this checkout: a lane that queues while checks run starts its check at once on a free
#            build slot, on top of the lanes ahead (9ff19c0 and later)
# Both through real `mvn queuelock:land` processes, each code from its own private local
# repository, with the same settings (both codes read them under the same names):
#   -Dqueuelock.land.parallel=4 -Dqueuelock.build.slots=S -Dqueuelock.land.checkCommand=sleep,15
# (N checks at once is never more than the slots: at 2 slots, 2.) Per code and slots it prints
# landings per hour (lanes over the wall time from the first land's start to the last lander's
# exit) and the mean time from each land's start to its lander's exit, having landed, with the
# load average before and after each run and the whole run.
#
#   bench/rolling-vs-rounds.sh [reps=2] [slots=2,4] [lanes=4] [gap=2] [check=15] [pause=5] [rounds=9ff19c0^]
#     reps    runs of each code at each number of slots
#     slots   the build slots of each run (queuelock.land.parallel stays 4)
#     lanes   lanes per run; gap: seconds between two lands' starts; check: seconds each check sleeps
#     pause   seconds of quiet before each run
#     rounds  the commit built as the rounds code
#
# Every run starts from the same point: a one-POM project (its .mvn/extensions.xml names the
# code's extension) pushed to a fresh bare origin, a fresh clone, and one lane per lander (a git
# worktree from origin/main with one commit adding a file of its own). A run counts only if every
# lander exited 0 and origin's main gained the lanes, linear; the table says the order they landed in.
#
# Everything goes under queue-lock-bench/target/rolling-vs-rounds: the rounds code's git worktree
# (built once, kept: never committed), each code's private local repository (the plugin's other
# dependencies copied from ~/.m2/repository, used as a file:// mirror, read only), the runs with the
# landers' logs, the TMPDIR their queues live in, and result.md. Needs a JDK, Maven, git, unzip.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/private-repo.sh"
root=$(cd "$here/.." && pwd)
work="$root/queue-lock-bench/target/rolling-vs-rounds"
m2=${QUEUELOCK_BENCH_M2:-$HOME/.m2/repository}

reps=2 slots_csv=2,4 lanes=4 gap=2 check=15 pause=5 rounds=9ff19c0^
for arg in "$@"; do
  case $arg in
    reps=*|lanes=*|gap=*|check=*|pause=*) declare "${arg%%=*}=${arg#*=}" ;;
    slots=*) slots_csv=${arg#*=} ;;
    rounds=*) rounds=${arg#*=} ;;
    *) echo "rolling-vs-rounds: unknown option $arg (reps= slots= lanes= gap= check= pause= rounds=)" >&2; exit 2 ;;
  esac
done
for n in "$reps" "$lanes" "$check"; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "rolling-vs-rounds: reps, lanes and check want a whole number of 1 or more, not '$n'" >&2; exit 2; }
done
[[ $gap =~ ^[0-9]+(\.[0-9]+)?$ && $pause =~ ^[0-9]+$ ]] || { echo "rolling-vs-rounds: gap wants seconds (2, 0.5), pause whole seconds" >&2; exit 2; }
IFS=, read -r -a slot_counts <<< "$slots_csv"
rounds_commit=$(git -C "$root" rev-parse --verify -q "$rounds^{commit}") || { echo "rolling-vs-rounds: no commit $rounds" >&2; exit 2; }
started=$(date +%s)
mkdir -p "$work"
rm -rf "$work/runs" "$work/tmp"
mkdir -p "$work/runs" "$work/tmp"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@queue-lock.invalid
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@queue-lock.invalid
load() { cut -d' ' -f1 /proc/loadavg; }
now() { date +%s.%N; }

# ---- the two codes, each in its own private local repository ---------------------------------

declare -A src_of=([rolling]="$root" [rounds]="$work/rounds-src") release_of
src=$work/rounds-src
if [ "$(git -C "$src" rev-parse -q --verify HEAD 2>/dev/null)" != "$rounds_commit" ]; then
  git -C "$root" worktree remove --force "$src" 2>/dev/null || rm -rf "$src"
  git -C "$root" worktree prune
  git -C "$root" worktree add -q --detach "$src" "$rounds_commit"
fi
build() {  # CODE: its plugin and extension (with what they need) packaged, tests not run
  echo "rolling-vs-rounds: building $1 ($(git -C "${src_of[$1]}" rev-parse --short HEAD)) in ${src_of[$1]}" >&2
  mvn -q -B -Dstyle.color=never -f "${src_of[$1]}/pom.xml" -pl queue-lock-maven-plugin,queue-lock-maven-extension -am package \
    -DskipTests -Dinvoker.skip > "$work/build-$1.log" 2>&1 \
    || { echo "rolling-vs-rounds: building $1 failed; the end of $work/build-$1.log:" >&2; tail -n 30 "$work/build-$1.log" >&2; exit 1; }
}
# The rounds code never changes: built once, kept beside its worktree.
[ -f "$src/queue-lock-maven-plugin/target/built-for-bench" ] || { build rounds; touch "$src/queue-lock-maven-plugin/target/built-for-bench"; }
build rolling
cat > "$work/settings.xml" <<XML
<settings>
  <mirrors>
    <mirror><id>m2</id><mirrorOf>*</mirrorOf><url>file://$m2</url></mirror>
  </mirrors>
</settings>
XML
for code in rounds rolling; do
  release_of[$code]=$(lay_out_queue_lock "${src_of[$code]}" "$work/repo-$code" "$work/jar")
done

mvn_of() {  # CODE GOAL ARGS...: Maven with CODE's private repository, in the current directory
  local code=$1; shift
  mvn -B -s "$work/settings.xml" "-Dmaven.repo.local=$work/repo-$code" "$@"
}

# ---- one run ----------------------------------------------------------------------------------

project() {  # CODE DIR: a fresh origin, clone and lanes in DIR for CODE
  local code=$1 dir=$2 i
  mkdir -p "$dir/seed/.mvn"
  cat > "$dir/seed/pom.xml" <<'XML'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>bench</groupId><artifactId>rolling-vs-rounds</artifactId><version>1.0</version><packaging>pom</packaging>
</project>
XML
  echo "<extensions><extension><groupId>dev.queuelock</groupId><artifactId>queue-lock-maven-extension</artifactId><version>${release_of[$code]}</version></extension></extensions>" \
    > "$dir/seed/.mvn/extensions.xml"
  git -C "$dir/seed" init -q -b main
  git -C "$dir/seed" add -A
  git -C "$dir/seed" commit -q -m "the project"
  git clone -q --bare "$dir/seed" "$dir/origin.git"
  git clone -q "$dir/origin.git" "$dir/main"
  for i in $(seq 1 "$lanes"); do
    git -C "$dir/main" worktree add -q -b "lane-$i" "$dir/lane-$i" origin/main
    echo "lane $i" > "$dir/lane-$i/lane-$i.txt"
    git -C "$dir/lane-$i" add "lane-$i.txt"
    git -C "$dir/lane-$i" commit -q -m "lane $i"
  done
}

# Each code once untimed: the plugin's dependencies copied into its repository, and land working.
for code in rounds rolling; do
  dir="$work/runs/warm-$code"
  project "$code" "$dir"
  (cd "$dir/main" && TMPDIR="$work/tmp" mvn_of "$code" queuelock:status) > "$dir/status.log" 2>&1 \
    || { echo "rolling-vs-rounds: $code's queuelock:status failed; its log:" >&2; tail -n 30 "$dir/status.log" >&2; exit 1; }
done

rows=()
declare -A lph_sum mean_sum counted
run() {  # CODE SLOTS REP
  local code=$1 slots=$2 rep=$3 dir i first end wall mean rc e failed=0 load_before order
  dir="$work/runs/$code-s$slots-r$rep"
  project "$code" "$dir"
  mkdir -p "$dir/tmp"
  sleep "$pause"
  load_before=$(load)
  local -a land=(mvn -B -s "$work/settings.xml" "-Dmaven.repo.local=$work/repo-$code" queuelock:land -Dqueuelock.land.parallel=4
                 "-Dqueuelock.build.slots=$slots" "-Dqueuelock.land.checkCommand=sleep,$check")
  # A lander that has not ended long after all of them should have is stopped, and the run not counted.
  local limit=$(( 300 + lanes * (check + 30) ))
  first=$(now)
  for i in $(seq 1 "$lanes"); do
    # Lander i starts (i-1) gaps after the first, whatever the JVMs before it took to start.
    sleep "$(awk -v f="$first" -v n="$(now)" -v g="$gap" -v i="$i" 'BEGIN { s = f + (i - 1) * g - n; printf "%.3f", (s > 0 ? s : 0) }')"
    ( now > "$dir/start-$i"; rc=0
      (cd "$dir/lane-$i" && TMPDIR="$dir/tmp" timeout "$limit" "${land[@]}") > "$dir/land-$i.log" 2>&1 || rc=$?
      echo "$rc $(now)" > "$dir/end-$i" ) &
  done
  wait
  end=0 mean=0
  for i in $(seq 1 "$lanes"); do
    read -r rc e < "$dir/end-$i"
    [ "$rc" = 0 ] || { failed=1; echo "rolling-vs-rounds: $code, $slots slots, rep $rep: lane-$i's land exited $rc; the end of $dir/land-$i.log:" >&2; tail -n 15 "$dir/land-$i.log" >&2; }
    end=$(awk -v a="$end" -v b="$e" 'BEGIN { print (b > a) ? b : a }')
    mean=$(awk -v m="$mean" -v s="$(cat "$dir/start-$i")" -v e="$e" -v n="$lanes" 'BEGIN { printf "%.3f", m + (e - s) / n }')
  done
  wall=$(awk -v a="$first" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
  # The order the lanes reached origin's main, and that it is linear with all of them.
  order=$(git -C "$dir/origin.git" log --reverse --format=%s main | sed -n 's/^lane \([0-9]*\)$/\1/p' | paste -sd' ')
  [ "$(git -C "$dir/origin.git" rev-list --count main)" = $((lanes + 1)) ] && [ "$(git -C "$dir/origin.git" rev-list --merges --count main)" = 0 ] \
    || { failed=1; echo "rolling-vs-rounds: $code, $slots slots, rep $rep: origin's main is not the project and the $lanes lanes, linear" >&2; }
  local lph verdict=landed
  lph=$(awk -v n="$lanes" -v w="$wall" 'BEGIN { printf "%.0f", n * 3600 / w }')
  if [ $failed -eq 0 ]; then
    lph_sum[$code-$slots]=$(awk -v a="${lph_sum[$code-$slots]:-0}" -v b="$lph" 'BEGIN { print a + b }')
    mean_sum[$code-$slots]=$(awk -v a="${mean_sum[$code-$slots]:-0}" -v b="$mean" 'BEGIN { print a + b }')
    counted[$code-$slots]=$(( ${counted[$code-$slots]:-0} + 1 ))
  else
    verdict="FAILED (not counted)"
  fi
  rows+=("$(printf '| %s | %s | %s | %s | %.1f s | %s s | %s | %s → %s | %s |' "$code" "$slots" "$rep" "$lph" "$mean" "$wall" "$order" \
            "$load_before" "$(load)" "$verdict")")
  echo "${rows[-1]}" >&2
}

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
for rep in $(seq 1 "$reps"); do
  for slots in "${slot_counts[@]}"; do
    for code in rounds rolling; do run "$code" "$slots" "$rep"; done
  done
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

{
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ) in $(( $(date +%s) - started )) s on $(nproc) cores; rolling $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . || echo ' (uncommitted changes)'), rounds $(git -C "$src" rev-parse --short HEAD) ($rounds)"
  echo "$lanes lanes, lands started $gap s apart, checks of sleep $check s, queuelock.land.parallel=4; load average $load_start before / $load_end after"
  echo
  echo "| code | slots | rep | landings/hour | mean land → landed | wall | lanes in landing order | load | |"
  echo "|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "| slots | rounds landings/hour | rolling landings/hour | rolling / rounds | rounds mean → landed | rolling mean → landed |"
  echo "|---|---|---|---|---|---|"
  for slots in "${slot_counts[@]}"; do
    awk -v s="$slots" -v rl="${lph_sum[rounds-$slots]:-0}" -v rm="${mean_sum[rounds-$slots]:-0}" -v rn="${counted[rounds-$slots]:-0}" \
        -v gl="${lph_sum[rolling-$slots]:-0}" -v gm="${mean_sum[rolling-$slots]:-0}" -v gn="${counted[rolling-$slots]:-0}" \
      'BEGIN { if (rn == 0 || gn == 0) { printf "| %s | no run of both landed |||||\n", s; exit }
               printf "| %s | %.0f | %.0f | %.2f x | %.1f s | %.1f s |\n", s, rl / rn, gl / gn, (gl / gn) / (rl / rn), rm / rn, gm / gn }'
  done
  echo
  echo "Means over the runs that landed. Lane i's land started (i-1) x $gap s after the first; it queues once its JVM and"
  echo "Maven have started, so under load the queue (and landing) order can differ from that. Landers' logs:"
  echo "$work/runs/<code>-s<slots>-r<rep>/land-<i>.log"
} | tee "$work/result.md"
