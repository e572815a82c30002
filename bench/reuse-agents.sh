#!/usr/bin/env bash
# What reusing modules built at the same inputs saves agents on a real project (issue 55): three
# agents' leaf builds started together, a leaf lane's land check, and a speculative check (a lane
# checked on top of the lane ahead), each with reuse on and with it off, alternated in one run.
#
# Usage:
#   bench/reuse-agents.sh [options] PROJECT_DIR
#   bench/reuse-agents.sh -t [options]      the same on a generated 4-module project (the script's test)
#
#   PROJECT_DIR   a git checkout of a multi-module Maven project; its HEAD commit (the tracked files
#                 only) is the starting point. Its dependencies and plugins must be in
#                 MAVEN_REPO_TAIL, or downloaded by the main checkout's build with -O: every timed
#                 build runs offline (mvn -o).
#   -r ROUNDS     rounds of each measurement (default 3); each round runs it with reuse on and off,
#                 the order swapped every round (on/off, off/on, ...)
#   -m WHAT       comma-separated, in order (default agents,land,speculative):
#                   agents       three lanes, one uncommitted comment in a main source file of a leaf
#                                module each, their `verify -Dqueuelock.build.affected` started at
#                                the same moment; each timed from that moment to its exit (they take
#                                turns in the build queue, so a later agent's time includes its wait)
#                   land         one lane, the comment in the first file committed, `queuelock:land`
#                                (an affected check, verify) onto the run's local bare origin
#                   speculative  two lanes, comments committed in two files of the first file's module,
#                                both `queuelock:land -Dqueuelock.land.parallel=2 -Dqueuelock.build.slots=2`
#                                started together: the one queued second is checked on top of the
#                                other (same module: its check on main could not stand for it), its
#                                time from the leader's 'check: B on A passed (N s)' line
#   -f FILE       a main source file of a leaf module, relative to PROJECT_DIR, one per agent (give
#                 three); default: the first three bench/real-project.sh -p picks
#   -s FILE       the speculative pair's second file (default: another main Java file of the first
#                 file's module)
#   -x ARTIFACT   leave the module with this artifactId out of every build (repeatable); as -D, written
#                 to .mvn/maven.config, so lanes and check builds read it too. Beware: that -pl makes
#                 every build choose its projects, so -Dqueuelock.build.affected is not applied (said
#                 only under -X) and the agents build everything: seen on javaparser, 2026-12-07
#   -D NAME=VALUE a user property for every build (repeatable)
#   -O            the main checkout's build (not timed) runs online: what the project needs and
#                 MAVEN_REPO_TAIL lacks is downloaded into the private local repository; every timed
#                 build stays offline
#   -c            a third arm, "build cache": reuse off plus Maven's build cache extension
#                 (org.apache.maven.extensions:maven-build-cache-extension, BUILD_CACHE_VERSION) in
#                 .mvn/extensions.xml beside queue-lock's, with a .mvn/maven-build-cache-config.xml
#                 whose local cache is one directory shared by that arm's main checkout, lanes and
#                 check worktrees (BENCH_DIR/run/build-cache). The arm has a clone of its own (its
#                 snapshot one commit further: the extension and its config), built once by its main
#                 checkout like the other; its runs alternate with on and off in every round
#   -F            a "floor" arm for the agents measurement only: each agent builds its leaf module
#                 alone (verify -pl <its module>, reuse off, no affected build), the modules below
#                 resolved from the local repository, where the main checkout installed them once
#                 (install -DskipTests, after its verify): what any reuse could give at best, nothing
#                 below built, keyed or looked up, the build lock still taken in turn
#   -k            keep the run's repositories (default: only logs and results are kept)
#   -t            test mode: PROJECT_DIR is not given; a project of a parent, core (60 classes) and
#                 leaves a, b, c (each a class and a test) is generated and measured, 1 round unless -r;
#                 with -c, the build cache arm's reuse is then checked in lanes of its own (below)
#
# "Reuse off" is -Dqueuelock.build.reuseMegabytes=0 on the agents' builds and the landers (land
# passes it on to its check builds): today's affected builds, which compile everything below the
# change. "On" is the default store. "Build cache" (-c) is off plus Maven's build cache extension.
#
# Environment: MVN (a Maven 3.9 or newer: only its resolver gives a lane a part of its own in the
# local repository, without which nothing is reused; default: mvn on PATH if it is one, else the
# Maven the ITs use, ${it.maven39.version} of the root pom, unpacked from MAVEN_REPO_TAIL),
# MAVEN_REPO_TAIL (default ~/.m2/repository: read only, as maven.repo.local.tail), QUEUELOCK_REPO (a
# private local repository that already holds this checkout's extension and plugin: skips building
# them), BENCH_DIR (default: a new dir under ${TMPDIR:-/tmp}), BUILD_CACHE_VERSION (the build cache
# extension's version for -c, default 1.3.0, its newest release on 2026-12-07; the arm's main
# checkout resolves it online when neither the private repository nor MAVEN_REPO_TAIL has it).
#
# How: this checkout's extension and plugin are built and laid out in a private local repository
# (BENCH_DIR/repo, by bench/private-repo.sh, under the release version: nothing is installed into
# ~/.m2), which every build uses with MAVEN_REPO_TAIL behind it. One snapshot of the project (bench/snapshot.sh: its HEAD as one commit, then the
# extension in .mvn/extensions.xml) is the origin (a local bare repository) of one main clone; a
# worktree of it is made first (reuse stores only in a clone with lanes), then the main checkout
# runs `verify` once: the build every lane and check reuses from. Each measurement then makes fresh
# worktrees from origin/main as lanes (removed after it, so no round starts with another's target/).
# Landed lanes move origin/main; what they change is a comment in a leaf, so the modules below keep
# their keys. Prints each measurement, the affected line of each agent and the `check:` lines
# (what each check tested, built and reused) of each lander, then a table of means, the on/off
# ratio and the issue's target, with the load average before and after. Everything under BENCH_DIR.
set -euo pipefail
. "$(dirname "$0")/snapshot.sh"
. "$(dirname "$0")/private-repo.sh"

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "reuse-agents: $*" >&2; exit 1; }

rounds=''
what_csv=agents,land,speculative
files=()
second=''
excluded=()
props=()
keep=false
online=false
test_mode=false
cache_arm=false
floor_arm=false
while getopts ':r:m:f:s:x:D:OcFkth' opt; do
  case $opt in
    r) rounds=$OPTARG ;;
    m) what_csv=$OPTARG ;;
    f) files+=("$OPTARG") ;;
    s) second=$OPTARG ;;
    x) excluded+=("$OPTARG") ;;
    D) props+=("$OPTARG") ;;
    O) online=true ;;
    c) cache_arm=true ;;
    F) floor_arm=true ;;
    k) keep=true ;;
    t) test_mode=true ;;
    h) usage; exit 0 ;;
    :) die "-$OPTARG needs a value (-h for help)" ;;
    *) die "unknown option -$OPTARG (-h for help)" ;;
  esac
done
shift $((OPTIND - 1))
if $test_mode; then [ $# -eq 0 ] || die "-t generates its project: give no PROJECT_DIR"; else [ $# -eq 1 ] || { usage >&2; exit 2; }; fi
rounds=${rounds:-$($test_mode && echo 1 || echo 3)}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "-r wants a whole number of 1 or more, not '$rounds'"
IFS=, read -r -a whats <<< "$what_csv"
for w in "${whats[@]}"; do [[ $w =~ ^(agents|land|speculative)$ ]] || die "unknown measurement '$w' (agents, land, speculative)"; done
[ ${#files[@]} -eq 0 ] || [ ${#files[@]} -eq 3 ] || die "give three files with -f (one per agent), not ${#files[@]}"
for tool in git jq; do command -v "$tool" >/dev/null 2>&1 || die "'$tool' is not on PATH"; done

here=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$here/pom.xml" | sed -n 1p)
tail_repo=${MAVEN_REPO_TAIL:-$HOME/.m2/repository}
work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/queue-lock-reuse-agents.XXXXXX")}
mkdir -p "$work/results" "$work/tmp"
work=$(cd "$work" && pwd)
out=$work/results
cleanup() {
  local pids
  pids=$(jobs -p)
  [ -z "$pids" ] || kill $pids 2>/dev/null || true
}
trap cleanup EXIT
say() { printf '\n=== %s\n' "$*"; }
strip() { sed -u 's/\x1b\[[0-9;]*m//g'; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

# ---- Maven 3.9 or newer, and queue-lock in a private local repository ---------------------------

maven_version() { "$1" -v 2>/dev/null | strip | sed -n 's/^Apache Maven \([0-9][^ ]*\).*/\1/p'; }
at_least_3_9() { [[ $1 =~ ^([0-9]+)\.([0-9]+) ]] && { [ "${BASH_REMATCH[1]}" -gt 3 ] || { [ "${BASH_REMATCH[1]}" -eq 3 ] && [ "${BASH_REMATCH[2]}" -ge 9 ]; }; }; }
mvn_bin=${MVN:-}
if [ -z "$mvn_bin" ] && command -v mvn >/dev/null 2>&1 && at_least_3_9 "$(maven_version mvn)"; then mvn_bin=mvn; fi
if [ -z "$mvn_bin" ]; then
  v39=$(sed -n 's:.*<it.maven39.version>\(.*\)</it.maven39.version>.*:\1:p' "$here/pom.xml")
  dist=$tail_repo/org/apache/maven/apache-maven/$v39/apache-maven-$v39-bin.tar.gz
  [ -f "$dist" ] || die "mvn on PATH is older than 3.9 and $dist is missing: set MVN to a Maven 3.9 or newer"
  mkdir -p "$work/maven"
  [ -x "$work/maven/apache-maven-$v39/bin/mvn" ] || tar -xzf "$dist" -C "$work/maven"
  mvn_bin=$work/maven/apache-maven-$v39/bin/mvn
fi
maven=$(maven_version "$mvn_bin")
at_least_3_9 "$maven" || die "$mvn_bin is Maven ${maven:-of unknown version}: a lane gets a part of its own in the local repository (and reuses) only on 3.9 or newer; set MVN"
# The builds' queues live in the bench's own temp dir: they never wait for (or block) other builds.
export TMPDIR=$work/tmp
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@queue-lock.invalid
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@queue-lock.invalid

repo=${QUEUELOCK_REPO:-$work/repo}
if [ -z "${QUEUELOCK_REPO:-}" ]; then
  say "queue-lock $version from $here, laid out in $repo ($tail_repo read only)"
  # Packaged only (nothing installed), with the Maven and local repository of queue-lock's own builds.
  mvn -B -Dstyle.color=never -f "$here/pom.xml" -pl queue-lock-maven-extension,queue-lock-maven-plugin -am package \
    -DskipTests -Dinvoker.skip > "$out/queue-lock-build.log" 2>&1 \
    || { strip < "$out/queue-lock-build.log" | tail -n 30; die "building queue-lock failed: $out/queue-lock-build.log"; }
  # As bench/goal-overhead.sh does (bench/private-repo.sh): under the release version, nothing into ~/.m2.
  lay_out_queue_lock "$here" "$repo" "$work/jar" > /dev/null
fi
version=${version%-SNAPSHOT}
for a in queue-lock-maven-extension queue-lock-maven-plugin; do
  [ -f "$repo/dev/queuelock/$a/$version/$a-$version.jar" ] || die "$repo holds no $a $version"
done
mvn_online=("$mvn_bin" -B -Dstyle.color=never "-Dmaven.repo.local=$repo" "-Dmaven.repo.local.tail=$tail_repo")
mvn_cmd=("${mvn_online[@]}" -o)

# ---- the project ------------------------------------------------------------------------------

# A parent, core (60 classes of 20 methods) and three leaves on it, each with a class and a JUnit test.
generate() {
  local dir=$1 c m leaf junit surefire
  junit=$(sed -n 's:.*<junit.version>\(.*\)</junit.version>.*:\1:p' "$here/pom.xml")
  surefire=$(sed -n '/<artifactId>maven-surefire-plugin<\/artifactId>/{n;s:.*<version>\(.*\)</version>.*:\1:p}' "$here/pom.xml" | sed -n 1p)
  rm -rf "$dir" && mkdir -p "$dir/core/src/main/java/gen/core"
  cat > "$dir/pom.xml" <<POM
<project><modelVersion>4.0.0</modelVersion><groupId>gen4</groupId><artifactId>parent</artifactId><version>1.0-SNAPSHOT</version>
<packaging>pom</packaging>
<modules>
<module>core</module>
<module>a</module>
<module>b</module>
<module>c</module>
<module>flavour</module>
</modules>
<properties><maven.compiler.release>11</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding><gen.flavour>main</gen.flavour></properties>
<profiles><profile><id>alt</id><properties><gen.flavour>alt</gen.flavour></properties></profile></profiles>
<dependencies><dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>$junit</version><scope>test</scope></dependency></dependencies>
<build><pluginManagement><plugins>
<plugin><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
<plugin><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
<plugin><artifactId>maven-jar-plugin</artifactId><version>3.4.2</version></plugin>
<plugin><artifactId>maven-surefire-plugin</artifactId><version>${surefire:-3.5.4}</version></plugin>
</plugins></pluginManagement></build></project>
POM
  # Each module, <parent> and </parent> on a line of its own: bench/real-project.sh -p reads POMs line by line.
  local parent='<parent>
<groupId>gen4</groupId><artifactId>parent</artifactId><version>1.0-SNAPSHOT</version>
</parent>'
  printf '<project><modelVersion>4.0.0</modelVersion>\n%s\n<artifactId>core</artifactId></project>\n' "$parent" > "$dir/core/pom.xml"
  # flavour: a resource filtered with gen.flavour, what -Palt or -Dgen.flavour=... changes (the -c arm's
  # checks). Nothing depends on it and it has no Java file: no affected build builds it, and the
  # agents' files are never in it.
  mkdir -p "$dir/flavour/src/main/resources"
  printf '<project><modelVersion>4.0.0</modelVersion>\n%s\n<artifactId>flavour</artifactId>\n<build><resources><resource><directory>src/main/resources</directory><filtering>true</filtering></resource></resources></build></project>\n' "$parent" > "$dir/flavour/pom.xml"
  printf 'flavour=${gen.flavour}\n' > "$dir/flavour/src/main/resources/gen.properties"
  for c in $(seq 1 60); do
    { printf 'package gen.core;\npublic final class C%d {\n' "$c"
      for m in $(seq 1 20); do
        printf '    public static int m%d(int x) { java.util.List<Integer> l = new java.util.ArrayList<>(); for (int i = 0; i < x; i++) { l.add(i * %d); } return l.stream().mapToInt(Integer::intValue).sum(); }\n' "$m" "$m"
      done
      echo '}'; } > "$dir/core/src/main/java/gen/core/C$c.java"
  done
  for leaf in a b c; do
    mkdir -p "$dir/$leaf/src/main/java/gen/$leaf" "$dir/$leaf/src/test/java/gen/$leaf"
    printf '<project><modelVersion>4.0.0</modelVersion>\n%s\n<artifactId>%s</artifactId>\n<dependencies><dependency><groupId>gen4</groupId><artifactId>core</artifactId><version>${project.version}</version></dependency></dependencies></project>\n' "$parent" "$leaf" > "$dir/$leaf/pom.xml"
    printf 'package gen.%s;\npublic final class Leaf { public static int f() { return gen.core.C1.m1(3); } }\n' "$leaf" > "$dir/$leaf/src/main/java/gen/$leaf/Leaf.java"
    printf 'package gen.%s;\npublic final class Other { public static int g() { return gen.core.C2.m2(3); } }\n' "$leaf" > "$dir/$leaf/src/main/java/gen/$leaf/Other.java"
    printf 'package gen.%s;\nclass LeafTest { @org.junit.jupiter.api.Test void f() { org.junit.jupiter.api.Assertions.assertEquals(3, Leaf.f()); } }\n' "$leaf" > "$dir/$leaf/src/test/java/gen/$leaf/LeafTest.java"
  done
  printf 'target/\n' > "$dir/.gitignore"
  git -C "$dir" init -q -b main && git -C "$dir" add -A && git -C "$dir" commit -q -m "a parent, core and three leaves"
}
if $test_mode; then
  project=$work/gen4
  generate "$project"
else
  project=$(cd "$1" && pwd) || die "no directory $1"
  git -C "$project" rev-parse --verify -q HEAD >/dev/null || die "$project is not a git checkout with a commit"
  git -C "$project" cat-file -e HEAD:pom.xml 2>/dev/null || die "$project's HEAD has no pom.xml"
fi
config=()
if [ ${#excluded[@]} -gt 0 ]; then pl=$(printf '!:%s,' "${excluded[@]}"); config+=(-pl "${pl%,}"); fi
for prop in "${props[@]}"; do config+=("-D$prop"); done
say "snapshot of $project at $(git -C "$project" rev-parse --short HEAD); Maven $maven ($mvn_bin); work in $work"
make_snapshot "$project" "$work/snapshot" "$version" "${config[@]}"
if [ ${#files[@]} -eq 0 ]; then
  pick=(-p -n 3)
  for x in "${excluded[@]}"; do pick+=(-x "$x"); done
  mapfile -t files < <(MAVEN_REPO_LOCAL=$repo QUEUELOCK_VERSION=$version "$here/bench/real-project.sh" "${pick[@]}" "$work/snapshot") \
    || die "no three leaf files: name them with -f"
  [ ${#files[@]} -eq 3 ] || die "found ${#files[@]} leaf files, not three: name them with -f"
fi
module=${files[0]%%/src/main/*}
if [ -z "$second" ]; then
  second=$(git -C "$work/snapshot" ls-tree -r --name-only HEAD -- "$module/src/main/java" | grep '\.java$' \
    | grep -v -e '/package-info\.java$' -e '/module-info\.java$' -e "^${files[0]}\$" | LC_ALL=C sort | sed -n 1p)
  [ -n "$second" ] || die "${files[0]}'s module has no other main Java file for the speculative pair: name one with -s"
fi
for file in "${files[@]}" "$second"; do
  [ -f "$work/snapshot/$file" ] || die "$file is not a file of $project's HEAD"
done

echo "agents change: ${files[*]}; the speculative pair: ${files[0]} and $second"
[ ${#config[@]} -eq 0 ] || echo ".mvn/maven.config adds: ${config[*]}"

run=$work/run
rm -rf "$run" && mkdir -p "$run/lanes"
git clone -q --bare "$work/snapshot" "$run/origin.git"
main=$run/$(basename "$project")
git clone -q "$run/origin.git" "$main"
gitdir=$main/.git
# A lane for the whole run: the reuse store fills only in a clone with lanes, the main checkout's build too.
git -C "$main" worktree add -q -b bench-keep "$run/lanes/bench-keep" origin/main
say "the main checkout: verify, once$($online && echo ", online") (load $(load))"
start=$(now)
if $online; then main_mvn=("${mvn_online[@]}"); else main_mvn=("${mvn_cmd[@]}"); fi
(cd "$main" && "${main_mvn[@]}" verify) > "$out/main-verify.log" 2>&1 \
  || { strip < "$out/main-verify.log" | tail -n 40
       die "the main checkout's verify failed: $out/main-verify.log$($online || echo " (offline: -O lets it download what $tail_repo lacks)")"; }
echo "verify of the main checkout: $(secs "$start" "$(now)") s; the store: $(du -sh "$gitdir/queuelock/reuse" 2>/dev/null | cut -f1 || echo none)"
store_main=$main
if $floor_arm; then
  say "the floor arm: the main checkout installs every module once (install -DskipTests) (load $(load))"
  (cd "$main" && "${mvn_cmd[@]}" install -DskipTests -Dqueuelock.build.reuseMegabytes=0) > "$out/main-install.log" 2>&1 \
    || { strip < "$out/main-install.log" | tail -n 40; die "the main checkout's install failed: $out/main-install.log"; }
fi

# ---- the build cache arm (-c): a clone of its own whose snapshot adds Maven's build cache extension ----

cache_version=${BUILD_CACHE_VERSION:-1.3.0}
cache_dir=$run/build-cache
# add_build_cache DIR: one commit adding the extension beside queue-lock's and its config, whose local
# cache is one absolute directory: the main checkout, every lane and every check worktree share it.
# No scanProfiles (multiModule discovery): it is for profiles that add modules, which neither javaparser
# nor the generated project has; the project root is .mvn's directory (maven.multiModuleProjectDirectory).
add_build_cache() {
  local dir=$1 entry
  entry="  <extension>
    <groupId>org.apache.maven.extensions</groupId>
    <artifactId>maven-build-cache-extension</artifactId>
    <version>$cache_version</version>
  </extension>"
  awk -v e="$entry" '/<\/extensions>/ && !done { print e; done = 1 } { print }' "$dir/.mvn/extensions.xml" > "$dir/.mvn/extensions.xml.new"
  mv "$dir/.mvn/extensions.xml.new" "$dir/.mvn/extensions.xml"
  cat > "$dir/.mvn/maven-build-cache-config.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<cache xmlns="http://maven.apache.org/BUILD-CACHE-CONFIG/1.2.0">
  <configuration>
    <enabled>true</enabled>
    <hashAlgorithm>XX</hashAlgorithm>
    <local>
      <location>$cache_dir</location>
    </local>
  </configuration>
</cache>
XML
  git -C "$dir" add -f .mvn/extensions.xml .mvn/maven-build-cache-config.xml
  git -C "$dir" commit -q -m "Maven's build cache extension $cache_version, its local cache in $cache_dir"
}
if $cache_arm; then
  rm -rf "$work/snapshot-cache"
  git clone -q "$work/snapshot" "$work/snapshot-cache"
  add_build_cache "$work/snapshot-cache"
  git clone -q --bare "$work/snapshot-cache" "$run/origin-cache.git"
  cache_main=$run/cache/$(basename "$project")
  git clone -q "$run/origin-cache.git" "$cache_main"
  git -C "$cache_main" worktree add -q -b bench-keep-cache "$run/lanes/bench-keep-cache" origin/main
  # Online when asked, or when the extension is in neither repository (offline, its build could not start).
  cache_mvn=("${mvn_cmd[@]}")
  jar=org/apache/maven/extensions/maven-build-cache-extension/$cache_version/maven-build-cache-extension-$cache_version.jar
  if $online || { [ ! -f "$repo/$jar" ] && [ ! -f "$tail_repo/$jar" ]; }; then cache_mvn=("${mvn_online[@]}"); fi
  say "the build cache arm's main checkout: verify -Dqueuelock.build.reuseMegabytes=0, once, the extension $cache_version (load $(load))"
  start=$(now)
  (cd "$cache_main" && "${cache_mvn[@]}" verify -Dqueuelock.build.reuseMegabytes=0) > "$out/main-verify-cache.log" 2>&1 \
    || { strip < "$out/main-verify-cache.log" | tail -n 40; die "the build cache arm's main checkout failed: $out/main-verify-cache.log"; }
  echo "verify of its main checkout: $(secs "$start" "$(now)") s; the build cache: $(du -sh "$cache_dir" 2>/dev/null | cut -f1 || echo none)"
fi
# the clone a measurement's lanes come from: the build cache arm has its own
use_clone() {
  if [ "$1" = cache ]; then main=$cache_main; else main=$store_main; fi
  gitdir=$main/.git
}

# ---- one measurement, reuse on or off ---------------------------------------------------------

# new_lane NAME FILE COMMIT: a worktree from origin/main with a comment appended to FILE (committed if COMMIT=yes)
new_lane() {
  local lane=$run/lanes/$1
  git -C "$main" fetch -q origin
  git -C "$main" worktree add -q -b "$1" "$lane" origin/main
  printf '// queue-lock bench: %s\n' "$1" >> "$lane/$2"
  [ "$3" != yes ] || git -C "$lane" commit -q -am "$1: a comment in $2"
}
drop_lane() {
  git -C "$main" worktree remove --force "$run/lanes/$1"
  git -C "$main" branch -q -D "$1"
}
reuse_flag() { [ "$1" = on ] || echo -Dqueuelock.build.reuseMegabytes=0; }
# what an agent runs in mode MODE, its leaf module LEAF: the floor builds that module alone
agent_goals() { if [ "$1" = floor ]; then echo "verify -pl $2 -Dqueuelock.build.reuseMegabytes=0"; else echo "verify -Dqueuelock.build.affected $(reuse_flag "$1")"; fi; }
# build_logs NAME: NAME's output and the check logs written since $out/NAME.start (a check's build logs
# there, not to the lander; named by its lane, or speculative-N for checks side by side)
build_logs() {
  echo "$out/$1.log"
  [ ! -f "$out/$1.start" ] || find "$gitdir/queuelock/logs" -maxdepth 1 -name '*.log' -newer "$out/$1.start" 2>/dev/null || true
}
# cache_lines FILE...: what the build cache extension restored (or built) in these logs, one line each
cache_lines() {
  cat "$@" 2>/dev/null | strip | sed -n -e 's/.*\(Found cached build, restoring [^ ]*\).*/\1/p' \
    -e 's/.*\(Cache entry not found\|Local build was not found\|[^]]*mismatch[^,]*\).*/\1/p' | sort | uniq -c | sed 's/^ */      /'
}
# ended START NAME...: "NAME seconds exit" of each NAME run in the background, from $out/NAME.end
ended() {
  local name rc t start=$1; shift
  for name; do
    read -r rc t < "$out/$name.end"
    echo "$name $(secs "$start" "$t") $rc"
  done
}
# landed NAME: "outcome total_s checks_s" of NAME's landing, from the history
landed() {
  jq -r --arg lane "$1" '[.[] | select(.lane == $lane)] | last // {} | [(.outcome // "none"),
      ((.totalMs // 0) / 1000 * 10 | round / 10), (((.phases // {}).checks // 0) / 1000 * 10 | round / 10)] | @tsv' \
    "$gitdir/queuelock/land-history.json" 2>/dev/null || echo 'none 0 0'
}
check_lines() { strip < "$out/$1.log" | sed -n 's/^\[INFO\] \(check: .*\)/    \1/p'; }
# nothing_reused MODE NAME PATTERN: says so where a build with reuse on reused nothing (its log lacks PATTERN)
nothing_reused() {
  # grep without -q: under pipefail, -q's early exit fails strip with SIGPIPE and so the test
  if [ "$1" = cache ]; then
    cat $(build_logs "$2") 2>/dev/null | strip | grep -e 'Found cached build, restoring' >/dev/null && return 0
    echo "  ! $2 restored nothing from the build cache: the lines above say why (its log: $out/$2.log, checks: $gitdir/queuelock/logs)"
    return 0
  fi
  [ "$1" = on ] && ! strip < "$out/$2.log" | grep -e "$3" >/dev/null || return 0
  echo "  ! $2 reused nothing: no module below its change had stored outputs at its inputs; a build with -X says why (grep 'reuse:')"
}
failed() { echo "--- $1 failed; the end of its output ($out/$1.log):"; strip < "$out/$1.log" | tail -n 30; }

declare -A sums counts
add() { sums[$1]=$(awk -v a="${sums[$1]:-0}" -v b="$2" 'BEGIN { print a + b }'); counts[$1]=$(( ${counts[$1]:-0} + 1 )); }
mean() { awk -v s="${sums[$1]:-0}" -v n="${counts[$1]:-0}" 'BEGIN { if (n == 0) print "n/a"; else printf "%.1f", s / n }'; }

agents() {  # ROUND ON|OFF
  local mode=$2 i name t rc start names=()
  for i in 0 1 2; do
    name=r$1-$mode-agent$((i + 1)); names+=("$name")
    new_lane "$name" "${files[$i]}" no
  done
  echo "agents, reuse $mode: ${names[*]} run $(agent_goals "$mode" '<its leaf module>')"
  start=$(now)
  for i in 0 1 2; do
    name=${names[$i]}
    ( rc=0; (cd "$run/lanes/$name" && "${mvn_cmd[@]}" $(agent_goals "$mode" "${files[$i]%%/src/main/*}")) > "$out/$name.log" 2>&1 || rc=$?
      echo "$rc $(now)" > "$out/$name.end" ) &
  done
  wait
  while read -r name t rc; do
    echo "  $name: $t s, exit $rc; $(strip < "$out/$name.log" | sed -n 's/^\[INFO\] \(affected: .*\); changed since .*/\1/p' | sed -n 1p)"
    [ "$rc" = 0 ] || failed "$name"
    [ "$mode" != cache ] || cache_lines "$out/$name.log"
    nothing_reused "$mode" "$name" ' module[s]* reused ('
    add "agents-$mode" "$t"
  done < <(ended "$start" "${names[@]}" | sort -k2 -n)
  for name in "${names[@]}"; do drop_lane "$name"; done
}

land() {  # ROUND ON|OFF
  local mode=$2 name=r$1-$2-land start t rc outcome total checks
  new_lane "$name" "${files[0]}" yes
  touch "$out/$name.start"
  start=$(now)
  rc=0; (cd "$run/lanes/$name" && "${mvn_cmd[@]}" queuelock:land $(reuse_flag "$mode")) > "$out/$name.log" 2>&1 || rc=$?
  t=$(secs "$start" "$(now)")
  read -r outcome total checks < <(landed "$name")
  echo "land, reuse $mode: $name: land $t s, exit $rc, $outcome; its check $checks s"
  check_lines "$name"
  [ "$mode" != cache ] || cache_lines $(build_logs "$name")
  [ "$rc" = 0 ] || failed "$name"
  nothing_reused "$mode" "$name" 'check: reused: '
  add "land-$mode" "$t"; add "land-check-$mode" "$checks"
  drop_lane "$name"
}

speculative() {  # ROUND ON|OFF
  local mode=$2 first=r$1-$2-pair1 next=r$1-$2-pair2 start name t rc outcome total checks lane base on_top=''
  new_lane "$first" "${files[0]}" yes
  new_lane "$next" "$second" yes
  local -a landing=(queuelock:land -Dqueuelock.land.parallel=2 -Dqueuelock.build.slots=2)
  echo "speculative, reuse $mode: $first and $next run ${landing[*]} $(reuse_flag "$mode")"
  touch "$out/r$1-$2-pair.start"
  start=$(now)
  for name in "$first" "$next"; do
    ( rc=0; (cd "$run/lanes/$name" && "${mvn_cmd[@]}" "${landing[@]}" $(reuse_flag "$mode")) > "$out/$name.log" 2>&1 || rc=$?
      echo "$rc $(now)" > "$out/$name.end" ) &
  done
  wait
  local wall=0
  while read -r name t rc; do
    read -r outcome total checks < <(landed "$name")
    echo "  $name: land $t s, exit $rc, $outcome; the checks of its landing $checks s (history)"
    [ "$rc" = 0 ] || failed "$name"
    wall=$t
  done < <(ended "$start" "$first" "$next" | sort -k2 -n)
  add "spec-wall-$mode" "$wall"
  # Whoever leads runs both checks and logs each as it ends: 'check: B on A passed (41 s)', 'A on origin/main'.
  while read -r lane base t; do
    if [ "$base" = "$first" ] || [ "$base" = "$next" ]; then
      on_top=$lane; add "spec-top-$mode" "$t"; echo "  the check of $lane on top of $base: $t s"
    else
      add "spec-main-$mode" "$t"; echo "  the check of $lane on $base beside it: $t s"
    fi
  done < <(cat "$out/$first.log" "$out/$next.log" | strip \
             | sed -n 's/.*: check: \([^ ]*\) on \([^ ]*\) passed (\([0-9]*\) s)$/\1 \2 \3/p' | sort -u)
  [ -n "$on_top" ] || echo "  no lane was checked on top of the other (not side by side): nothing counted for the speculative check"
  for name in "$first" "$next"; do check_lines "$name" | sed "s/^/  ($name's output) /"; done
  cat "$out/$first.log" "$out/$next.log" > "$out/r$1-$2-pair.log"
  [ "$mode" != cache ] || cache_lines $(build_logs "r$1-$2-pair")
  nothing_reused "$mode" "r$1-$2-pair" 'check: reused: '
  drop_lane "$first"; drop_lane "$next"
}

load_before=$(load)
started_at=$(date -u +%H:%M)
if $cache_arm; then arms=(on off cache); else arms=(on off); fi
! $floor_arm || arms+=(floor)
for w in "${whats[@]}"; do
  for r in $(seq 1 "$rounds"); do
    # alternated: on/off(/cache) in odd rounds, the reverse in even ones
    if [ $((r % 2)) -eq 1 ]; then order=("${arms[@]}"); else order=(); for mode in "${arms[@]}"; do order=("$mode" "${order[@]}"); done; fi
    for mode in "${order[@]}"; do
      [ "$mode" != floor ] || [ "$w" = agents ] || continue # the floor is the agents' alone
      say "$w, round $r of $rounds, reuse $mode$([ "$mode" != cache ] || echo " (off, Maven's build cache extension $cache_version)") (load $(load))"
      use_clone "$mode"
      "$w" "$r" "$mode"
    done
  done
done
load_after=$(load)

# ---- -t -c: does the build cache arm reuse only what it may? ---------------------------------------

# module_key MODULE LOG: the build cache extension's checksum of gen4:MODULE in LOG (empty when it computed none);
# awk reads to the end: an early exit would fail strip with SIGPIPE, and so the run under pipefail
module_key() {
  strip < "$2" | awk -v id="artifactId=$1," 'index($0, "Going to calculate checksum for project") && index($0, id) { want = 1 }
    want && !done && match($0, /checksum \[[0-9a-f]+\]/) { print substr($0, RSTART + 10, RLENGTH - 11); done = 1 }'
}
# cache_probe NAME MODULE EXPECT CHANGE [ARG...]: a lane of the build cache arm, CHANGE (shell) run in
# it, then its verify with ARG...; says whether MODULE was restored or built, under which key (and the
# main checkout's), what its jar holds (core: the class a lane added; flavour: the filtered value),
# against EXPECT (restored|built)
cache_probe() {
  local name=$1 module=$2 expect=$3 change=$4 lane rc key restored jar holds verdict
  shift 4
  lane=$run/lanes/$name
  git -C "$main" worktree add -q -b "$name" "$lane" origin/main
  (cd "$lane" && eval "$change")
  rc=0; (cd "$lane" && "${mvn_cmd[@]}" verify -Dqueuelock.build.reuseMegabytes=0 "$@") > "$out/$name.log" 2>&1 || rc=$?
  key=$(module_key "$module" "$out/$name.log")
  if strip < "$out/$name.log" | grep -e "Found cached build, restoring gen4:$module" >/dev/null; then restored=restored; else restored=built; fi
  jar=$(ls "$lane/$module"/target/"$module"-*.jar 2>/dev/null | sed -n 1p || true)
  if [ -z "$jar" ]; then holds="no jar in $module/target"
  elif [ "$module" = flavour ]; then holds="its jar says flavour=$(unzip -p "$jar" gen.properties | sed -n 's/^flavour=//p')"
  elif unzip -l "$jar" | grep -e 'gen/core/Marker.class' >/dev/null; then holds="its jar holds Marker (probe-core's class)"
  else holds="its jar has no Marker"; fi
  if [ "$restored" = "$expect" ]; then verdict=right; else verdict=WRONG; fi
  echo "  $name, ${*:-no flags}: exit $rc; $module $restored, key ${key:-none} (the main checkout's: $(module_key "$module" "$out/main-verify-cache.log")); $holds; expected $expect: $verdict"
  [ "$rc" = 0 ] || failed "$name"
}
if $test_mode && $cache_arm; then
  say "build cache arm: what its lanes reuse (load $(load))"
  use_clone cache
  # A lane changing core (an untracked class): builds its own core, which the cache then holds under its key.
  cache_probe probe-core core built "printf 'package gen.core;\\npublic final class Marker { }\\n' > core/src/main/java/gen/core/Marker.java" -Dqueuelock.build.affected
  # Isolation: a lane changing only b gets the main checkout's core, never the lane above's.
  cache_probe probe-b core restored "printf '// probe\\n' >> b/src/main/java/gen/b/Leaf.java" -Dqueuelock.build.affected
  # A profile and a user property that change flavour's filtered resource (the whole reactor: no
  # affected build holds flavour): flavour must be built, and hold alt, then cli.
  cache_probe probe-profile flavour built "printf '// probe\\n' >> a/src/main/java/gen/a/Leaf.java" -Palt
  cache_probe probe-property flavour built "printf '// probe\\n' >> a/src/main/java/gen/a/Other.java" -Dgen.flavour=cli
  # And back to the defaults: the main checkout's flavour (main), whatever the two before stored.
  cache_probe probe-default flavour restored "printf '// probe\\n' >> c/src/main/java/gen/c/Leaf.java"
fi

ratio() { awk -v a="$(mean "$1")" -v b="$(mean "$2")" 'BEGIN { if (a == "n/a" || b == "n/a" || b == 0) print "n/a"; else printf "%.2f", a / b }'; }
row() {
  if $cache_arm; then
    printf '%-52s %9s %9s %7s %11s %9s  %s\n' "$1" "$(mean "$2-on")" "$(mean "$2-off")" "$(ratio "$2-on" "$2-off")" \
      "$(mean "$2-cache")" "$(ratio "$2-cache" "$2-off")" "$3"
  else
    printf '%-52s %9s %9s %7s  %s\n' "$1" "$(mean "$2-on")" "$(mean "$2-off")" "$(ratio "$2-on" "$2-off")" "$3"
  fi
}
floor_row() {
  ! $floor_arm || printf '%-52s %9s %9s %7s  %s\n' "  floor: each leaf alone, nothing below built" "$(mean agents-floor)" "$(mean agents-off)" \
    "$(ratio agents-floor agents-off)" "what any reuse could give at best"
}
{
  say "summary: $(basename "$project") at $(git -C "$project" rev-parse --short HEAD), queue-lock $(git -C "$here" rev-parse --short HEAD), Maven $maven, $(nproc) cores, $rounds round(s), $started_at-$(date -u +%H:%M) UTC"
  echo "load average before: $load_before, after: $load_after"
  ! $cache_arm || echo "build cache: reuse off plus Maven's build cache extension $cache_version, one local cache for the arm's clone ($cache_dir)"
  if $cache_arm; then
    printf '%-52s %9s %9s %7s %11s %9s  %s\n' 'mean, s' 'reuse on' 'off' 'on/off' 'build cache' 'cache/off' target
  else
    printf '%-52s %9s %9s %7s  %s\n' 'mean, s' 'reuse on' 'off' 'on/off' target
  fi
  for w in "${whats[@]}"; do
    case $w in
      agents) row "three agents' leaf builds, time to each result" agents '<= 0.33'; floor_row ;;
      land) row "a leaf lane's land check (history: checks)" land-check '<= 0.50'
            row "  its mvn queuelock:land, start to exit" land '' ;;
      speculative) row "speculative check: a lane's check on top of the other" spec-top '<= 0.50'
                   row "  the other lane's check on main, beside it" spec-main ''
                   row "  both landed, start to the last exit" spec-wall '' ;;
    esac
  done
  echo "logs: $out"
} | tee "$out/summary.txt"
if $keep; then echo "kept: $run"; else rm -rf "$run"; fi
