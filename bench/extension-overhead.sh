#!/usr/bin/env bash
# Scenario 6 of the benchmark: the cost of the build-queue extension on an uncontended build.
# Times `mvn -q -o validate` of a one-module project, alternating runs without and with the
# extension in .mvn/extensions.xml, and prints both medians and their ratio.
#
#   bench/extension-overhead.sh [RUNS] [LOCAL_REPO]
#   RUNS        runs of each kind (default 10)
#   LOCAL_REPO  a local Maven repository where queue-lock is installed (default ~/.m2/repository;
#               e.g. queue-lock-maven-plugin/target/it-repo after `mvn verify`)
set -euo pipefail
runs=${1:-10}
repo=${2:-$HOME/.m2/repository}
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$root/pom.xml" | head -n 1)
if [ ! -f "$repo/dev/queuelock/queue-lock-maven-plugin/$version/queue-lock-maven-plugin-$version.jar" ]; then
  echo "extension-overhead: queue-lock $version is not installed in $repo; run 'mvn install -DskipTests' or pass a repository that has it." >&2
  exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/queue-lock-overhead.XXXXXX")
trap 'rm -rf "$work"' EXIT
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR" "$work/p/.mvn"
cat > "$work/p/pom.xml" <<'XML'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>bench</groupId><artifactId>overhead</artifactId><version>1.0</version><packaging>pom</packaging>
</project>
XML
extensions="<extensions><extension><groupId>dev.queuelock</groupId><artifactId>queue-lock-maven-plugin</artifactId><version>$version</version></extension></extensions>"
time_run() {  # prints milliseconds of one `mvn -q -o validate`
  local start end
  start=$(date +%s%N)
  (cd "$work/p" && mvn -q -o -B "-Dmaven.repo.local=$repo" validate >/dev/null)
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# One warm-up of each kind, so both sides start with warm disk caches.
echo "$extensions" > "$work/p/.mvn/extensions.xml"; time_run >/dev/null
rm "$work/p/.mvn/extensions.xml"; time_run >/dev/null
: > "$work/without"; : > "$work/with"
for _ in $(seq 1 "$runs"); do
  rm -f "$work/p/.mvn/extensions.xml"; time_run >> "$work/without"
  echo "$extensions" > "$work/p/.mvn/extensions.xml"; time_run >> "$work/with"
done
without=$(median < "$work/without"); with=$(median < "$work/with")
echo "runs of each: $runs (alternated), cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "without extension: median ${without} ms   ($(tr '\n' ' ' < "$work/without"))"
echo "with extension:    median ${with} ms   ($(tr '\n' ' ' < "$work/with"))"
awk -v a="$with" -v b="$without" 'BEGIN { printf "ratio with/without: %.3f (overhead %+.1f %%)\n", a / b, (a / b - 1) * 100 }'
