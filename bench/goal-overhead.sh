#!/usr/bin/env bash
# What one of the plugin's goals costs against a plain build: every waiting lander and every IT
# starts `queuelock:status` (and the other goals) many times.
#
# Times two commands in one small project (one POM, its own git repository with an origin, the
# extension in .mvn/extensions.xml, nothing in the POM), alternated, the order swapped each round:
#   validate  mvn -B -q -o validate
#   status    mvn -B -q -o queuelock:status
# and prints the medians of wall and CPU (user+sys of mvn and every process it waited for: git...)
# and the ratio status/validate. Target (issue 54): status <= 1.3 x validate in CPU.
#
#   bench/goal-overhead.sh [--history N] [RUNS]   RUNS of each (default 15); 0 = only the facts below
#   --history N   the project has landed: N runs in its land-history.json (and a flaky test run in
#                 four in flaky-tests.json), written by land's own writers (bench/SeedLandHistory.java)
#
# Everything goes under queue-lock-bench/target/goal-overhead: a private local repository (nothing
# installed into ~/.m2) holding this checkout's extension, plugin, core, land and zookeeper under the
# release version a user's extensions.xml names (0.1.0 for 0.1.0-SNAPSHOT: no snapshot metadata),
# the plugin's other dependencies copied from the default local repository (~/.m2/repository, used
# as a file:// mirror, read only), the project, and the TMPDIR the build queue uses.
# Also writes, from untimed runs: the plugin realm of `mvn -X queuelock:status` (realm.txt), the
# classes each command loads, POMs read and programs run (strace -f, where installed).
set -euo pipefail
. "$(dirname "$0")/timing.sh"
. "$(dirname "$0")/private-repo.sh"
history=0
if [ "${1:-}" = --history ]; then history=${2:?--history needs a number of runs}; shift 2; fi
runs=${1:-15}
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/queue-lock-bench/target/goal-overhead"
repo="$work/repo"
project="$work/project"
version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$root/pom.xml" | head -n 1)
release=${version%-SNAPSHOT}
m2=${QUEUELOCK_BENCH_M2:-$HOME/.m2/repository}

rm -rf "$work"
mkdir -p "$repo" "$project/.mvn" "$work/tmp" "$work/jar"
# The build queue of every measured run lives here, never in the shared /tmp.
export TMPDIR="$work/tmp"

echo "goal-overhead: building queue-lock-maven-plugin $version and what it needs from $root" >&2
mvn -q -B -f "$root/pom.xml" -pl queue-lock-maven-plugin,queue-lock-maven-extension -am package -DskipTests -Dinvoker.skip >/dev/null

lay_out_queue_lock "$root" "$repo" "$work/jar" >/dev/null

cat > "$work/settings.xml" <<XML
<settings>
  <mirrors>
    <mirror><id>m2</id><mirrorOf>*</mirrorOf><url>file://$m2</url></mirror>
  </mirrors>
</settings>
XML
cat > "$project/pom.xml" <<'XML'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>bench</groupId><artifactId>goal-overhead</artifactId><version>1.0</version><packaging>pom</packaging>
</project>
XML
echo "<extensions><extension><groupId>dev.queuelock</groupId><artifactId>queue-lock-maven-extension</artifactId><version>$release</version></extension></extensions>" \
  > "$project/.mvn/extensions.xml"
# A user's repository: one commit, pushed to an origin, so status reads a real board.
git -C "$project" init -q -b main
git -C "$project" add -A
git -C "$project" -c user.name=bench -c user.email=bench@example.invalid commit -q -m "the project"
git clone -q --bare "$project" "$work/origin.git"
git -C "$project" remote add origin "$work/origin.git"
git -C "$project" fetch -q origin
if [ "$history" -gt 0 ]; then
  jackson=$(sed -n 's:.*<jackson.version>\(.*\)</jackson.version>.*:\1:p' "$root/pom.xml")
  seed_cp="$root/queue-lock-land/target/queue-lock-land-$version.jar:$root/queue-lock-repository/target/queue-lock-repository-$version.jar:$root/queue-lock-core/target/queue-lock-core-$version.jar"
  for a in databind core annotations; do
    seed_cp="$seed_cp:$m2/com/fasterxml/jackson/core/jackson-$a/$jackson/jackson-$a-$jackson.jar"
  done
  java -cp "$seed_cp" "$root/bench/SeedLandHistory.java" "$history" "$project/.git" >&2
fi

commands=(validate status)
goal_of() { case $1 in validate) echo validate ;; status) echo queuelock:status ;; esac; }
mvn_run() {  # COMMAND [MAVEN ARGS...]
  local goal; goal=$(goal_of "$1"); shift
  (cd "$project" && mvn -B -q -o -s "$work/settings.xml" "-Dmaven.repo.local=$repo" "$@" "$goal")
}
# Each must work, and the plugin's dependencies be copied into the private repository, before timing.
for c in "${commands[@]}"; do
  (cd "$project" && mvn -B -q -s "$work/settings.xml" "-Dmaven.repo.local=$repo" "$(goal_of "$c")") > "$work/warm-$c.log" 2>&1 \
    || { cat "$work/warm-$c.log" >&2; exit 1; }
  : > "$work/times-$c"
done
measure() {  # COMMAND: one timed run of COMMAND
  time_run "$1" mvn -B -q -o -s "$work/settings.xml" "-Dmaven.repo.local=$repo" "$(goal_of "$1")"
}

# Facts from untimed runs.
mvn_run status -X > "$work/debug-status.log" 2>&1 || true
awk '/Populating class realm plugin>/ { on = 1; next } on && /Included/ { print $NF; next } { on = 0 }' \
  "$work/debug-status.log" | sed 's:.*/::' > "$work/realm.txt"
trace=(); command -v strace >/dev/null && trace=(strace -f -qq -e trace=openat,execve -o "$work/strace.log")
declare -A fact_classes fact_poms fact_execs fact_jars
for c in "${commands[@]}"; do
  (cd "$project" && MAVEN_OPTS="${MAVEN_OPTS:-} -Xlog:class+load=info:file=$work/classload-$c.log" \
     "${trace[@]}" mvn -B -q -o -s "$work/settings.xml" "-Dmaven.repo.local=$repo" "$(goal_of "$c")" >/dev/null 2>&1)
  fact_classes[$c]=$(grep -c . "$work/classload-$c.log")
  # Classes by the jar of the private repository they came from.
  grep -o 'source: file:[^ ]*/goal-overhead/repo/[^ ]*' "$work/classload-$c.log" | sed 's:.*/::' | sort | uniq -c | sort -rn \
    > "$work/classes-by-jar-$c.txt" || true
  fact_jars[$c]=$(grep -c . "$work/classes-by-jar-$c.txt" || true)
  if [ ${#trace[@]} -gt 0 ]; then
    fact_poms[$c]=$(grep -v ENOENT "$work/strace.log" | grep -c 'openat(.*\.pom"') || true
    # An execve that failed (ENOENT) is a PATH lookup, not a program run.
    grep 'execve(' "$work/strace.log" | grep -v ENOENT | grep -o 'execve("[^"]*", \[[^]]*' | sed 's/execve("[^"]*", //' \
      > "$work/programs-$c.txt" || true
    fact_execs[$c]=$(grep -c . "$work/programs-$c.txt") || true
  fi
done

load_before=$(load_average)
for i in $(seq 1 "$runs"); do
  # Swap the order each round so neither always runs right after the other.
  if [ $((i % 2)) -eq 1 ]; then measure validate; measure status; else measure status; measure validate; fi
done
load_after=$(load_average)

{
  echo "$(machine), commit $(git -C "$root" rev-parse --short HEAD)"
  if [ "$runs" -gt 0 ]; then
    echo "runs of each: $runs (alternated, order swapped each round); landing history: $history runs; load average before: $load_before, after: $load_after"
    times_table command "${commands[@]}"
    echo "status/validate: $(ratio status validate)   (target: cpu <= 1.3)"
  fi
  printf '%-9s %14s %16s %14s %14s\n' command "classes loaded" "jars used (repo)" "POMs read" "programs run"
  for c in "${commands[@]}"; do
    printf '%-9s %14s %16s %14s %14s\n' "$c" "${fact_classes[$c]}" "${fact_jars[$c]}" "${fact_poms[$c]:-?}" "${fact_execs[$c]:-?}"
  done
  echo "plugin realm of status (mvn -X): $(grep -c . "$work/realm.txt") jars: $(tr '\n' ' ' < "$work/realm.txt")"
  [ "$runs" -eq 0 ] || echo "raw (wall_ms cpu_ms): $work/times-{validate,status}"
} | tee "$work/result.txt"
