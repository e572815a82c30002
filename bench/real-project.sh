#!/usr/bin/env bash
# Lands lanes of a real multi-module Maven project through queue-lock and measures it:
# landings per hour, and each landing's queue wait, check time and the modules its check built.
#
# Usage:
#   bench/real-project.sh [options] PROJECT_DIR
#
#   PROJECT_DIR   a git checkout of a multi-module Maven project; its HEAD commit (the tracked
#                 files only) is the starting point of every run. Its dependencies must already
#                 be in the local Maven repository: every build here runs offline (mvn -o).
#   -m MODES      comma-separated runs, in order (default: seq-full,seq-affected,par-full,par-affected)
#                   seq-*  the lanes land one by one: each 'mvn queuelock:land' starts when the
#                          previous one has ended
#                   par-*  all lanes start 'mvn queuelock:land' at once, in the background; they
#                          take turns through the land queue
#                   *-full / *-affected   -Dqueuelock.land.checkScope=full or =affected
#                   a suffix :bN (e.g. par-affected:b3) adds -Dqueuelock.land.batch=N
#   -n N          number of lanes (default 6); ignored when files are given with -f
#   -f FILE       a main source file to change, relative to PROJECT_DIR, one lane per -f (repeat);
#                 default: one Java file under src/main/java of each of the first N leaf modules
#                 in reactor order (jar modules whose artifactId no other non-pom module's
#                 pom.xml mentions, so nothing else in the reactor builds on them)
#   -x ARTIFACT   leave the module with this artifactId out of every build (repeatable): written
#                 as '-pl !:A,!:B' into .mvn/maven.config of the runs' main clone, so the lanes
#                 and the check builds read it too; such modules are never picked
#   -D NAME=VALUE a user property for every build (repeatable), also written to .mvn/maven.config
#   -k            keep each run's repositories (default: only its logs and results are kept)
#   -p            print the files the lanes would change (one per line) and stop
#
# Environment: QUEUELOCK_VERSION (default: the version in the pom.xml next to this script's
# directory; it must be installed in ~/.m2: mvn -q install -DskipTests -Dinvoker.skip),
# MAVEN_REPO_LOCAL (default: ~/.m2/repository; only checked for queue-lock, not passed to Maven),
# MVN (default: mvn), BENCH_DIR (default: a new dir under ${TMPDIR:-/tmp}).
#
# Example (zalando/logbook, 4.1.0-SNAPSHOT; logbook-ktor-server needs io.ktor artifacts that
# this machine's Maven repository lacks, and logbook-ktor builds on it):
#   bench/real-project.sh -x logbook-ktor-server -x logbook-ktor /work/logbook-src
# picks logbook-jmh, -jaxrs, -jdkserver, -okhttp, -okhttp2 and -spring-boot-webflux-autoconfigure
# (-p lists them); on 2 cores a full check is about 4m40s and an affected one 20-40 s, so the four
# runs take about 70 minutes, the two *-full runs nearly all of it.
#
# Each run starts from the same point: a fresh bare origin (cloned from one snapshot repository:
# the project's HEAD tree as one commit, then one commit adding queue-lock's core extension to
# .mvn/extensions.xml and the -x/-D flags to .mvn/maven.config), a fresh main clone, and N lanes
# made with 'mvn queuelock:lane', each with one commit appending a comment line to one file.
# Each run prints its wall time (from the first land's start to the last land's end), landings
# per hour over that wall time (and queue-lock's own figure from 'mvn queuelock:status'), and per
# landing, from the landing history (.git/queuelock/land-history.json of the main clone): outcome,
# total time, queue wait, check time, and the modules the check built (counted from the check
# log in .git/queuelock/logs/, with land's own 'check:' report lines). A summary table of all
# runs comes last. Everything is kept under BENCH_DIR (results/<mode>/, ':' made '-').
set -euo pipefail
. "$(dirname "$0")/snapshot.sh"

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "real-project: $*" >&2; exit 1; }

modes_csv=seq-full,seq-affected,par-full,par-affected
lanes_wanted=6
files=()
excluded=()
props=()
keep=false
list_only=false
while getopts ':m:n:f:x:D:kph' opt; do
  case $opt in
    m) modes_csv=$OPTARG ;;
    n) lanes_wanted=$OPTARG ;;
    f) files+=("$OPTARG") ;;
    x) excluded+=("$OPTARG") ;;
    D) props+=("$OPTARG") ;;
    k) keep=true ;;
    p) list_only=true ;;
    h) usage; exit 0 ;;
    :) die "-$OPTARG needs a value (-h for help)" ;;
    *) die "unknown option -$OPTARG (-h for help)" ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { usage >&2; exit 2; }
[[ $lanes_wanted =~ ^[1-9][0-9]*$ ]] || die "-n wants a whole number of 1 or more, not '$lanes_wanted'"
project=$(cd "$1" && pwd) || die "no directory $1"
git -C "$project" rev-parse --verify -q HEAD >/dev/null || die "$project is not a git checkout with a commit"
[ -f "$project/pom.xml" ] || die "$project has no pom.xml"
IFS=, read -r -a modes <<< "$modes_csv"
for mode in "${modes[@]}"; do
  [[ $mode =~ ^(seq|par)-(full|affected)(:b[1-9][0-9]*)?$ ]] || die "unknown mode '$mode' (seq|par)-(full|affected)[:bN]"
done
for tool in git "${MVN:-mvn}" jq; do
  command -v "$tool" >/dev/null 2>&1 || die "'$tool' is not on PATH"
done

here=$(cd "$(dirname "$0")/.." && pwd)
version=${QUEUELOCK_VERSION:-$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$here/pom.xml" | sed -n 1p)}
mvn_cmd=("${MVN:-mvn}" -B -o -Dstyle.color=never)
local_repo=${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}
[ -f "$local_repo/dev/queuelock/queue-lock-maven-extension/$version/queue-lock-maven-extension-$version.jar" ] \
  || die "queue-lock $version is not in $local_repo; in queue-lock's clone: mvn -q install -DskipTests -Dinvoker.skip"

# ---- the modules of the reactor, and which of them are leaves --------------------------------

# The module directories of the reactor below $1 (recursively, <module> in profiles too).
modules_of() {
  local dir=$1 sub
  printf '%s\n' "$dir"
  while IFS= read -r sub; do
    # (a <module> naming a POM file other than pom.xml is left out)
    if [ -f "$dir/$sub/pom.xml" ]; then
      modules_of "$(cd "$dir/$sub" && pwd)"
    fi
  done < <(sed -n 's:.*<module>[[:space:]]*\([^<]*\)[[:space:]]*</module>.*:\1:p' "$dir/pom.xml")
}
# A POM's own artifactId and packaging (the <parent> block left out).
pom_field() { sed '/<parent>/,/<\/parent>/d' "$1" | sed -n "s:.*<$2>[[:space:]]*\([^<]*\)</$2>.*:\1:p" | sed -n 1p; }

pick_files() {
  local mod id pack other oid hit file
  local -a dirs ids packs
  mapfile -t dirs < <(modules_of "$project" | awk '!seen[$0]++')
  for mod in "${dirs[@]}"; do
    ids+=("$(pom_field "$mod/pom.xml" artifactId)")
    pack=$(pom_field "$mod/pom.xml" packaging)
    packs+=("${pack:-jar}")
  done
  for i in "${!dirs[@]}"; do
    mod=${dirs[$i]} id=${ids[$i]}
    [ "${packs[$i]}" = jar ] || continue
    [[ " ${excluded[*]} " == *" $id "* ]] && continue
    hit=false
    for j in "${!dirs[@]}"; do
      [ "$j" = "$i" ] && continue
      other=${dirs[$j]} oid=${ids[$j]}
      [ "${packs[$j]}" = pom ] && continue
      [[ " ${excluded[*]} " == *" $oid "* ]] && continue
      if grep -q "<artifactId>[[:space:]]*$id[[:space:]]*</artifactId>" "$other/pom.xml"; then hit=true; break; fi
    done
    if $hit || [ ! -d "$mod/src/main/java" ]; then continue; fi
    file=$(cd "$mod" && find src/main/java -name '*.java' ! -name package-info.java ! -name module-info.java | LC_ALL=C sort | sed -n 1p)
    [ -n "$file" ] || continue
    printf '%s\n' "${mod#"$project"/}/$file"
  done
}

if [ ${#files[@]} -eq 0 ]; then
  mapfile -t leaves < <(pick_files)
  [ ${#leaves[@]} -ge "$lanes_wanted" ] \
    || die "found ${#leaves[@]} leaf modules with main Java files, fewer than $lanes_wanted: ${leaves[*]:-none}; name files with -f"
  files=("${leaves[@]:0:$lanes_wanted}")
fi
for file in "${files[@]}"; do
  git -C "$project" cat-file -e "HEAD:$file" 2>/dev/null || die "$file is not a file of $project's HEAD"
done
if $list_only; then printf '%s\n' "${files[@]}"; exit 0; fi

work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/queue-lock-real-project.XXXXXX")}
mkdir -p "$work/results"
cleanup() {
  local pids
  pids=$(jobs -p)
  [ -z "$pids" ] || kill $pids 2>/dev/null || true
}
trap cleanup EXIT
# The runs' queues live in the bench's own temp dir: they never wait for (or block) other builds.
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@queue-lock.invalid
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@queue-lock.invalid
name=$(basename "$project")
say() { printf '\n=== %s\n' "$*"; }
strip() { sed -u 's/\x1b\[[0-9;]*m//g'; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# ---- the starting point: one snapshot repository all runs clone --------------------------------

say "snapshot of $project at $(git -C "$project" rev-parse --short HEAD) in $work/snapshot"
snapshot=$work/snapshot
config=()
if [ ${#excluded[@]} -gt 0 ]; then
  pl=$(printf '!:%s,' "${excluded[@]}")
  config+=(-pl "${pl%,}")
fi
for prop in "${props[@]}"; do config+=("-D$prop"); done
make_snapshot "$project" "$snapshot" "$version" "${config[@]}"
echo "lanes change: ${files[*]}"
[ ${#config[@]} -eq 0 ] || echo ".mvn/maven.config adds: ${config[*]}"

# ---- one run ----------------------------------------------------------------------------------

summary=()
run_mode() {
  local mode=$1 order check batch=1 run main out gitdir lane i start end wall landed lph ql_lph
  order=${mode%%-*}
  check=${mode#*-}; check=${check%%:*}
  [[ $mode == *:b* ]] && batch=${mode##*:b}
  # No ':' in the directories: it separates class path entries, and builds would break on it.
  run=$work/run/${mode//:/-} out=$work/results/${mode//:/-}
  rm -rf "$run" "$out"
  mkdir -p "$run" "$out"
  say "$mode: ${#files[@]} lanes, landCheck=$check, batch=$batch, $([ "$order" = seq ] && echo one by one || echo all at once)"
  git clone -q --bare "$snapshot" "$run/origin.git"
  git clone -q "$run/origin.git" "$run/$name"
  main=$run/$name
  gitdir=$(cd "$main" && cd "$(git rev-parse --git-common-dir)" && pwd)
  local -a lane_dirs=() lane_names=()
  for i in "${!files[@]}"; do
    lane=$(cd "$main" && "${mvn_cmd[@]}" -q queuelock:lane 2>&1 | strip | tail -n 1) || true
    [ -d "$lane" ] || die "mvn queuelock:lane made no lane; it printed: $lane"
    printf '// queue-lock bench: lane %s\n' "$((i + 1))" >> "$lane/${files[$i]}"
    git -C "$lane" commit -q -am "lane $((i + 1)): a comment in ${files[$i]}"
    lane_dirs+=("$lane")
    lane_names+=("$(basename "$lane")")
  done
  local -a land=("${mvn_cmd[@]}" queuelock:land "-Dqueuelock.land.checkScope=$check" "-Dqueuelock.land.batch=$batch")
  echo "lanes: ${lane_names[*]}; each runs: ${land[*]}"
  local failed=0 rc lane_end
  # One lander: its output to <lane>.log, then its exit code and end time to <lane>.end.
  land_one() {
    local rc=0
    (cd "${lane_dirs[$1]}" && "${land[@]}") > "$out/${lane_names[$1]}.log" 2>&1 || rc=$?
    echo "$rc $(now)" > "$out/${lane_names[$1]}.end"
  }
  start=$(now)
  for i in "${!lane_dirs[@]}"; do
    if [ "$order" = seq ]; then land_one "$i"; else land_one "$i" & fi
  done
  wait
  end=$(now)
  wall=$(secs "$start" "$end")
  local ends=''
  for i in "${!lane_names[@]}"; do
    read -r rc lane_end < "$out/${lane_names[$i]}.end"
    [ "$rc" = 0 ] || failed=1
    ends+="$(secs "$start" "$lane_end") ${lane_names[$i]} $rc"$'\n'
  done
  sort -n <<< "${ends%$'\n'}" | while read -r t lane rc; do echo "  $lane: mvn queuelock:land ended after $t s, exit $rc"; done
  if [ $failed -ne 0 ]; then
    for i in "${!lane_names[@]}"; do
      grep -q 'BUILD SUCCESS' "$out/${lane_names[$i]}.log" \
        || { echo "--- ${lane_names[$i]} failed; the end of its output ($out/${lane_names[$i]}.log):"; strip < "$out/${lane_names[$i]}.log" | tail -n 40; }
    done
  fi

  cp "$gitdir/queuelock/land-history.json" "$out/land-history.json" 2>/dev/null || echo '[]' > "$out/land-history.json"
  cp -r "$gitdir/queuelock/logs" "$out/check-logs" 2>/dev/null || true
  (cd "$main" && "${mvn_cmd[@]}" -q queuelock:status -Dqueuelock.status.json=true -Dqueuelock.status.output="$out/status.json") > "$out/status-json.log" 2>&1 \
    || echo "(mvn queuelock:status -Dqueuelock.status.json=true failed: $out/status-json.log)"
  (cd "$main" && "${mvn_cmd[@]}" -q queuelock:status -Dqueuelock.status.output="$out/status.txt") > "$out/status-text.log" 2>&1 \
    || echo "(mvn queuelock:status failed: $out/status-text.log)"
  landed=$(jq '[.[] | select(.outcome == "landed")] | length' "$out/land-history.json")
  lph=$(awk -v n="$landed" -v w="$wall" 'BEGIN { printf "%.1f", n * 3600 / w }')
  ql_lph=$(jq -r '.landings.landingsPerHour // "n/a" | if type == "number" then . * 10 | round / 10 else . end' "$out/status.json" 2>/dev/null || echo n/a)
  echo "wall ${wall} s, $landed of ${#files[@]} landed, $lph landings/hour (queue-lock's status: $ql_lph)"
  echo "main on origin: $(git -C "$run/origin.git" rev-list --count main) commits, $(git -C "$run/origin.git" log --oneline -1 main)"
  printf '  %-22s %-14s %8s %8s %8s %6s  %s\n' lane outcome total 'q wait' checks built 'what the check built (land report; modules from the check log)'
  local lname outcome total qwait checks leader logs nbuilt built plan tested
  while IFS=$'\t' read -r lname outcome total qwait checks leader; do
    # The check logs of this lane (a batch's are batch-<stamp>.log), the newest last.
    mapfile -t logs < <(ls "$out/check-logs/$lname"-[0-9]*.log "$out/check-logs/batch-"*.log 2>/dev/null | LC_ALL=C sort)
    built='' nbuilt='?'
    if [ ${#logs[@]} -gt 0 ]; then
      [ "$batch" -gt 1 ] || logs=("$(ls "$out/check-logs/$lname"-[0-9]*.log 2>/dev/null | LC_ALL=C sort | tail -n 1 || true)")
      built=$(strip < "${logs[-1]}" | sed -n 's/^\[INFO\] Building \([^:]*\) [^ :]*\( *\[[0-9]*\/[0-9]*\]\)\{0,1\}$/\1/p' | awk '{ print $1 }' | paste -sd' ')
      nbuilt=$(wc -w <<< "$built")
    fi
    plan=$(strip < "$out/$lname.log" | sed -n 's/^\[INFO\] check: //p' | grep -v -E '^(tested|built without tests): ' | paste -sd';' || true)
    tested=$(strip < "$out/$lname.log" | sed -n 's/^\[INFO\] check: tested: [^:]*:\([^ ]*\) .*/\1/p' | awk '!seen[$0]++' | paste -sd',' || true)
    printf '  %-22s %-14s %7ss %7ss %7ss %6s  %s\n' "$lname" "$outcome" "$total" "$qwait" "$checks" "$nbuilt" \
      "${plan:-$([ "$check" = full ] && echo "full build (landCheck=full reports no plan)" || echo "no check report")}${tested:+; tested: $tested}${leader:+ (batch led by $leader)}"
  done < <(jq -r '.[] | [.lane, .outcome, (.totalMs / 1000 * 10 | round / 10), ((.phases.queueWait // 0) / 1000 * 10 | round / 10),
                           ((.phases.checks // 0) / 1000 * 10 | round / 10), (.batch.leader // "")] | @tsv' "$out/land-history.json")
  [ ! -f "$out/status.txt" ] || { echo "mvn queuelock:status:"; sed 's/^/  /' "$out/status.txt"; }
  local checks_list
  checks_list=$(jq -r '[.[] | select(.outcome == "landed") | (.phases.checks // 0) / 1000 | round | tostring] | join(" ")' "$out/land-history.json")
  summary+=("$(printf '%-22s %8s %6s %10s %8s  %s' "$mode" "$wall" "$landed" "$lph" "$ql_lph" "$checks_list")")
  if $keep; then
    echo "kept: $run"
  else
    # Lanes are worktrees of the main clone: remove them with it.
    rm -rf "$run"
  fi
  return 0
}

for mode in "${modes[@]}"; do run_mode "$mode"; done

say "summary ($(nproc) cores, load now $(cut -d' ' -f1-3 /proc/loadavg)); results in $work/results"
printf '%-22s %8s %6s %10s %8s  %s\n' mode 'wall s' landed 'landings/h' 'ql /h' 'check s of each landing, in landing order'
printf '%s\n' "${summary[@]}"
