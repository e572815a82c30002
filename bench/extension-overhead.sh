#!/usr/bin/env bash
# Scenario 6 of the benchmark: what the build-queue extension costs an uncontended build.
#
# Times `mvn -B -q -o validate` of a one-module project three ways in one alternated run:
#   none   no .mvn/extensions.xml
#   empty  a do-nothing core extension this script compiles itself (a lifecycle participant with
#          @Named/@Singleton, a sisu index, no dependencies, --release 11): the floor Maven charges
#          for loading any core extension
#   ours   queue-lock-maven-extension built from this checkout (one jar, queue-lock-core's classes
#          inside), installed under the release version (a 0.1.0-SNAPSHOT checkout is measured as 0.1.0)
# and prints wall and CPU (user+sys of mvn and every process it waited for) medians and the
# ratios ours/empty and ours/none. Target: ours <= 1.05 x empty, wall and CPU.
#
#   bench/extension-overhead.sh [RUNS]        RUNS of each kind (default 40: one kind's runs spread
#                                             by +-15 %, so 15 runs could not tell 1.03 from 1.07)
#
# Everything goes under queue-lock-bench/target/extension-overhead: a private local repository
# holding both extensions (and nothing installed into ~/.m2), the project, and the TMPDIR the
# build queue uses. Needs a JDK (javac, jar), Maven, and the build's dependencies cached in the
# default local repository. Also writes the extension realm of `ours` from a real `mvn -X` run
# to realm.txt and the classes each extension loads to classes-<kind>.txt.
set -euo pipefail
. "$(dirname "$0")/timing.sh"
runs=${1:-40}
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/queue-lock-bench/target/extension-overhead"
repo="$work/repo"
project="$work/project"
version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$root/pom.xml" | head -n 1)
maven_home=$(mvn -v | sed -n 's/^Maven home: //p')

rm -rf "$work"
mkdir -p "$repo" "$project/.mvn" "$work/tmp" "$work/empty/src/bench/empty" "$work/empty/classes/META-INF/sisu"
# The build queue of every measured run lives here, never in the shared /tmp.
export TMPDIR="$work/tmp"

echo "extension-overhead: building queue-lock-maven-extension $version from $root" >&2
mvn -q -B -f "$root/pom.xml" -pl queue-lock-maven-extension -am package -DskipTests >/dev/null
install_file() {  # FILE POM: into the private repository, as `mvn install` would lay it out
  mvn -q -B install:install-file "-Dfile=$1" "-DpomFile=$2" "-DlocalRepositoryPath=$repo" >/dev/null
}
# The jars just built, installed under the release version a user's extensions.xml names: a
# SNAPSHOT would make Maven read snapshot metadata that neither a user nor the empty extension pays.
release=${version%-SNAPSHOT}
# The extension jar carries queue-lock-core's classes, and the POM installed with it (the shade
# plugin's dependency-reduced one) names no dependency: core itself is not installed here, so a POM
# that still named it would fail this offline build instead of quietly costing a resolution.
mkdir -p "$work/poms/queue-lock-maven-extension"
sed "s:<version>$version</version>:<version>$release</version>:" "$root/pom.xml" > "$work/poms/pom.xml"
sed "s:<version>$version</version>:<version>$release</version>:" "$root/queue-lock-maven-extension/dependency-reduced-pom.xml" \
  > "$work/poms/queue-lock-maven-extension/pom.xml"
install_file "$work/poms/pom.xml" "$work/poms/pom.xml"
install_file "$root/queue-lock-maven-extension/target/queue-lock-maven-extension-$version.jar" \
  "$work/poms/queue-lock-maven-extension/pom.xml"
echo "extension-overhead: compiling the empty extension" >&2
cat > "$work/empty/src/bench/empty/EmptyParticipant.java" <<'JAVA'
package bench.empty;

import javax.inject.Named;
import javax.inject.Singleton;
import org.apache.maven.AbstractMavenLifecycleParticipant;

/** Does nothing: what Maven charges for any core extension. */
@Named("empty")
@Singleton
public class EmptyParticipant extends AbstractMavenLifecycleParticipant {
}
JAVA
javac --release 11 -nowarn -cp "$maven_home/lib/*" -d "$work/empty/classes" \
  "$work/empty/src/bench/empty/EmptyParticipant.java"
echo "bench.empty.EmptyParticipant" > "$work/empty/classes/META-INF/sisu/javax.inject.Named"
jar --create --file "$work/empty/empty-extension-1.0.jar" -C "$work/empty/classes" .
cat > "$work/empty/pom.xml" <<'XML'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>bench</groupId><artifactId>empty-extension</artifactId><version>1.0</version>
</project>
XML
install_file "$work/empty/empty-extension-1.0.jar" "$work/empty/pom.xml"

cat > "$project/pom.xml" <<'XML'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>bench</groupId><artifactId>overhead</artifactId><version>1.0</version><packaging>pom</packaging>
</project>
XML
# Its own git repository, as a user's project is: the build queue keys off it.
git -C "$project" init -q 2>/dev/null || true

extensions_of() {
  case $1 in
    none) ;;
    empty) echo "<extensions><extension><groupId>bench</groupId><artifactId>empty-extension</artifactId><version>1.0</version></extension></extensions>" ;;
    ours) echo "<extensions><extension><groupId>dev.queuelock</groupId><artifactId>queue-lock-maven-extension</artifactId><version>$release</version></extension></extensions>" ;;
  esac
}
use() {
  rm -f "$project/.mvn/extensions.xml"
  local xml; xml=$(extensions_of "$1")
  [ -z "$xml" ] || echo "$xml" > "$project/.mvn/extensions.xml"
}
mvn_validate() {
  (cd "$project" && mvn -B -q -o "-Dmaven.repo.local=$repo" "$@" validate)
}
measure() {  # KIND: one timed run of KIND
  use "$1"
  time_run "$1" mvn -B -q -o "-Dmaven.repo.local=$repo" validate
}

kinds=(none empty ours)
declare -A fact_classes fact_threads fact_poms fact_execs
for k in "${kinds[@]}"; do  # each kind must work, and its disk caches be warm, before timing
  use "$k"; mvn_validate >/dev/null
  : > "$work/times-$k"
done
# Facts about the realm, classes, threads and files, from real runs (not timed).
use ours
mvn_validate -X > "$work/debug-ours.log" 2>&1 || true
awk '/Populating class realm coreExtension>/ { on = 1; next } on && /Included/ { print $NF; next } { on = 0 }' \
  "$work/debug-ours.log" | sed 's:.*/::' > "$work/realm.txt"
trace=(); command -v strace >/dev/null && trace=(strace -f -qq -e trace=openat,execve -o "$work/strace.log")
for k in "${kinds[@]}"; do
  use "$k"
  (cd "$project" && MAVEN_OPTS="${MAVEN_OPTS:-} -Xlog:class+load=info:file=$work/classload-$k.log -Xlog:os+thread=info:file=$work/threads-$k.log" \
     "${trace[@]}" mvn -B -q -o "-Dmaven.repo.local=$repo" validate >/dev/null 2>&1)
  grep -E "source: file:.*/extension-overhead/(project/\.\./)?repo/" "$work/classload-$k.log" | awk '{print $2}' > "$work/classes-$k.txt" || true
  fact_classes[$k]=$(grep -c . "$work/classload-$k.log")
  fact_threads[$k]=$(grep -c 'Thread .*started\|Thread attached' "$work/threads-$k.log")
  if [ ${#trace[@]} -gt 0 ]; then
    fact_poms[$k]=$(grep -v ENOENT "$work/strace.log" | grep -c 'openat(.*/repo/.*\.pom"') || true
    fact_execs[$k]=$(grep -c 'execve(' "$work/strace.log") || true
  fi
done

load_before=$(load_average)
for i in $(seq 1 "$runs"); do  # RUNS=0: the facts only
  # Rotate the order each round so no kind always runs right after another.
  for j in 0 1 2; do measure "${kinds[$(( (i + j) % 3 ))]}"; done
done
load_after=$(load_average)

{
  machine
  if [ "$runs" -gt 0 ]; then
    echo "runs of each: $runs (alternated, order rotated); load average before: $load_before, after: $load_after"
    times_table kind "${kinds[@]}"
    echo "ours/empty: $(ratio ours empty)   (target <= 1.05)"
    echo "ours/none:  $(ratio ours none)"
    echo "empty/none: $(ratio empty none)"
  fi
  printf '%-6s %14s %16s %14s %14s\n' kind "classes loaded" "threads started" "POMs read" "programs run"
  for k in "${kinds[@]}"; do
    printf '%-6s %14s %16s %14s %14s\n' "$k" "${fact_classes[$k]}" "${fact_threads[$k]}" "${fact_poms[$k]:-?}" "${fact_execs[$k]:-?}"
  done
  echo "extension realm of ours (mvn -X): $(tr '\n' ' ' < "$work/realm.txt")"
  echo "classes loaded from the extension's own jars: empty $(grep -c . "$work/classes-empty.txt"), ours $(grep -c . "$work/classes-ours.txt")"
  [ "$runs" -eq 0 ] || echo "raw (wall_ms cpu_ms): $work/times-{none,empty,ours}"
} | tee "$work/result.txt"
