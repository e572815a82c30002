#!/usr/bin/env bash
# The main job: three lanes of one repository build at once and take turns through the build
# queue, then land at once through the land queue, one after another, onto a linear main.
# Needs only a JDK, Maven and git. Works in a temp dir and removes it afterwards.
#
#   ./demo/lanes.sh            builds queue-lock into ~/.m2 first if needed
#   QUEUELOCK_DEMO_REPO=DIR    use the local Maven repository DIR, where queue-lock is installed
set -euo pipefail

for tool in java mvn git; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "demo: '$tool' is not on PATH; install a JDK (17+), Maven and git, then run this again." >&2
    exit 1
  fi
done

root=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$root/pom.xml" | head -n 1)
mvn_opts=(-B -Dstyle.color=never)
if [ -n "${QUEUELOCK_DEMO_REPO:-}" ]; then
  mvn_opts+=("-Dmaven.repo.local=$QUEUELOCK_DEMO_REPO")
else
  jar="$HOME/.m2/repository/dev/queuelock/queue-lock-maven-extension/$version/queue-lock-maven-extension-$version.jar"
  if [ ! -f "$jar" ] || [ -n "$(find "$root"/queue-lock-*/src/main "$root/pom.xml" -newer "$jar" -print -quit)" ]; then
    # Building queue-lock needs 17 (what it ships runs on 11): say so before Maven's compiler does.
    java_major=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')
    if [ "${java_major%%.*}" -lt 17 ] 2>/dev/null; then
      echo "demo: building queue-lock needs JDK 17 or newer, and java is $java_major; set JAVA_HOME or PATH to a JDK 17+." >&2
      exit 1
    fi
    echo "demo: building queue-lock $version into ~/.m2 first (once: a few minutes, more when Maven fills an empty ~/.m2)..."
    # Each module as Maven starts it, so a first run says what it is doing; the whole output only if it
    # fails (Debian's Maven 3.8.7 ends even a quiet batch run with raw colour codes).
    install_log=$(mktemp "${TMPDIR:-/tmp}/queue-lock-demo-install.XXXXXX")
    started=$SECONDS
    if ! (cd "$root" && mvn "${mvn_opts[@]}" install -DskipTests -Dinvoker.skip=true) 2>&1 \
        | tee "$install_log" \
        | sed -u -E -e 's/\x1b\[[0-9;]*m//g' -n -e 's/^\[INFO\] Building (.+) [^ ]+ +\[([0-9]+\/[0-9]+)\]$/demo:   [\2] \1/p'; then
      cat "$install_log" >&2
      rm -f "$install_log"
      echo "demo: building queue-lock failed (above); fix that, then run this again." >&2
      exit 1
    fi
    rm -f "$install_log"
    echo "demo: queue-lock $version is in ~/.m2 ($((SECONDS - started)) s); now the demo itself"
  fi
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/queue-lock-demo.XXXXXX")
cleanup() {
  jobs -p | xargs -r kill 2>/dev/null || true
  rm -rf "$work"
  echo "demo: removed $work"
}
trap cleanup EXIT
# The demo's queues live in its own temp dir, so it never waits for (or blocks) your real builds.
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
export GIT_AUTHOR_NAME=${GIT_AUTHOR_NAME:-demo} GIT_AUTHOR_EMAIL=${GIT_AUTHOR_EMAIL:-demo@queue-lock.invalid}
export GIT_COMMITTER_NAME=${GIT_COMMITTER_NAME:-demo} GIT_COMMITTER_EMAIL=${GIT_COMMITTER_EMAIL:-demo@queue-lock.invalid}

say() { printf '\n=== %s\n' "$*"; }

say "a repository with a small Maven project, a bare remote and three lane worktrees in $work"
git init -q --bare --initial-branch=main "$work/origin.git"
git clone -q "$work/origin.git" "$work/main" 2>/dev/null
cd "$work/main"
git switch -q -c main
mkdir -p .mvn src/main/java/demo
cat > .mvn/extensions.xml <<XML
<extensions>
  <extension>
    <groupId>dev.queuelock</groupId>
    <artifactId>queue-lock-maven-extension</artifactId>
    <version>$version</version>
  </extension>
</extensions>
XML
cat > pom.xml <<'XML'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>demo</groupId><artifactId>demo</artifactId><version>1.0</version>
  <properties>
    <maven.compiler.release>11</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <!-- The demo holds its first lane's tests until this file exists (pom.xml: no hold). -->
    <demo.release>${project.basedir}/pom.xml</demo.release>
  </properties>
  <build>
    <plugins>
      <plugin><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
      <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
      <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.5.4</version></plugin>
      <plugin><artifactId>maven-jar-plugin</artifactId><version>3.4.2</version></plugin>
      <plugin>
        <!-- Stands in for a test suite: two seconds of "tests" per build. -->
        <artifactId>maven-antrun-plugin</artifactId><version>3.1.0</version>
        <executions><execution><id>tests</id><phase>test</phase><goals><goal>run</goal></goals>
          <configuration><target><echo level="info" message="[demo] running the test suite"/><sleep seconds="2"/>
            <waitfor maxwait="5" maxwaitunit="minute"><available file="${demo.release}"/></waitfor></target></configuration>
        </execution></executions>
      </plugin>
    </plugins>
  </build>
</project>
XML
printf 'package demo;\n\npublic class App {\n}\n' > src/main/java/demo/App.java
printf 'target/\n' > .gitignore
git add -A && git commit -q -m "demo project" && git push -q -u origin main 2>/dev/null
git remote set-head origin main

lanes=(lane-a lane-b lane-c)
for lane in "${lanes[@]}"; do
  git worktree add -q -b "$lane" "$work/$lane" origin/main
  class=$(echo "${lane#lane-}" | tr a-z A-Z)
  printf 'package demo;\n\npublic class Feature%s {\n}\n' "$class" > "$work/$lane/src/main/java/demo/Feature$class.java"
  git -C "$work/$lane" add -A && git -C "$work/$lane" commit -q -m "$lane: add Feature$class"
done

# Runs mvn in a lane in the background, its lines prefixed with the lane; shows only the lines
# that tell the story (queue positions, acquisitions, landings, results), the demo's own plainly
# (without Ant's "[INFO] [echo]"). The full log is kept.
run_lane() {
  local lane=$1; shift
  # The status is caught, not left to set -e (which would end the subshell before it is written).
  ( cd "$work/$lane" && { status=0; mvn "${mvn_opts[@]}" "$@" 2>&1 || status=$?; echo $status > "$work/$lane.exit"; } ) \
    | tee "$work/$lane.log" \
    | grep --line-buffered -E '(Build|Land|land) queue|Build lock|landed|\[demo\]|checking the rebased|BUILD (SUCCESS|FAILURE)|ERROR' \
    | sed -u -E -e 's/\x1b\[[0-9;]*m//g' -e 's/^\[[A-Z]+\] +\[echo\] //' -e "s/^/[$lane] /" &
}
# Waits until a lane has joined its queue (holds or waits), so the next lane arrives after it.
await_queued() {
  local lane=$1 pattern=$2
  for _ in $(seq 1 600); do
    grep -qE "$pattern" "$work/$lane.log" 2>/dev/null && return 0
    [ -f "$work/$lane.exit" ] && return 0
    sleep 0.2
  done
  echo "demo: $lane did not reach its queue within 2 minutes" >&2
  return 1
}
# Starts the three lanes one after another, each once the one before it has joined the queue. The
# first lane's tests wait for a release file until the other two wait behind it, so they are seen
# waiting however slowly their Mavens start (15 s each on a busy machine: longer than a whole build).
take_turns() {
  local goal=$1 holds=$2 waits=$3 release="$work/release-${1#*:}"
  run_lane lane-a "$goal" "-Ddemo.release=$release"; await_queued lane-a "$holds"
  for lane in lane-b lane-c; do run_lane "$lane" "$goal"; await_queued "$lane" "$waits"; done
  if grep -q "$waits" "$work/lane-b.log" && grep -q "$waits" "$work/lane-c.log"; then
    echo "demo: lane-b and lane-c wait behind lane-a; lane-a's tests go on"
  fi
  touch "$release"
}
wait_lanes() {
  wait
  local failed=0
  for lane in "${lanes[@]}"; do
    if [ "$(cat "$work/$lane.exit" 2>/dev/null)" != 0 ]; then
      echo "demo: $lane failed; its full log:" >&2; cat "$work/$lane.log" >&2; failed=1
    fi
    rm -f "$work/$lane.exit" "$work/$lane.log"
  done
  return $failed
}

say "three 'mvn verify' at once: they take turns through the build queue, in arrival order"
take_turns verify 'Build lock acquired' 'Build queue:'
wait_lanes

say "three 'mvn queuelock:land' at once: fetch, rebase, check and push, one lane at a time"
take_turns queuelock:land 'land queue acquired' 'Land queue:'
wait_lanes

say "main on the remote: one linear history with every lane's commit"
git -C "$work/main" log --oneline --graph refs/remotes/origin/main

say "mvn queuelock:status: the queues and the landing history"
if ! (cd "$work/main" && mvn "${mvn_opts[@]}" queuelock:status -Dqueuelock.status.output="$work/status.txt" > "$work/status.log" 2>&1); then
  echo "demo: queuelock:status failed:" >&2; cat "$work/status.log" >&2; exit 1
fi
cat "$work/status.txt"

say "done: three lanes built in turn and landed in order"
