#!/usr/bin/env bash
# What reusing a module built at the same inputs saves a lane (issue 55), on a generated project:
# a parent, core (400 classes of 20 methods) and 49 leaf modules of 10 classes on core, in a main
# checkout with three lanes. The main checkout runs `verify` once (it stores every module); then
# the same one-file change to leaf m07 is built with `verify -Dqueuelock.build.affected` in lane 1
# with the store (core reused) and in lane 2 with the store moved aside (core built without tests).
# Prints each build's wall time and the affected line; lane 1 also logs how long the keys took.
#
#   bench/reuse-50-modules.sh MVN LOCAL_REPO
#
# MVN is any Maven the extension runs on (3.8.7, 3.9, 3.10, 4: a reused module is resolved from the store);
# LOCAL_REPO holds queue-lock-maven-extension at this checkout's version (the ITs' target/it-repo
# after `mvn -pl queue-lock-maven-plugin -am verify` does) and the build's plugins. Works under
# queue-lock-bench/target/reuse-50-modules.
set -euo pipefail
mvn=${1:?Maven binary}
repo=${2:?local repository}
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$root/pom.xml" | head -n 1)
work="$root/queue-lock-bench/target/reuse-50-modules"
rm -rf "$work" && mkdir -p "$work/main/.mvn" && cd "$work/main"
echo "<extensions><extension><groupId>dev.queuelock</groupId><artifactId>queue-lock-maven-extension</artifactId><version>$version</version></extension></extensions>" > .mvn/extensions.xml
modules="<module>core</module>"; for i in $(seq -w 1 49); do modules="$modules<module>m$i</module>"; done
plugins=""; for p in compiler:3.13.0 resources:3.3.1 jar:3.4.2 surefire:3.5.4; do
  plugins="$plugins<plugin><artifactId>maven-${p%%:*}-plugin</artifactId><version>${p##*:}</version></plugin>"; done
parent='<parent><groupId>gen50</groupId><artifactId>parent</artifactId><version>1.0-SNAPSHOT</version></parent>'
cat > pom.xml <<POM
<project><modelVersion>4.0.0</modelVersion><groupId>gen50</groupId><artifactId>parent</artifactId><version>1.0-SNAPSHOT</version>
<packaging>pom</packaging><modules>$modules</modules>
<properties><maven.compiler.release>11</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
<build><pluginManagement><plugins>$plugins</plugins></pluginManagement></build></project>
POM
mkdir -p core/src/main/java/gen/core
echo "<project><modelVersion>4.0.0</modelVersion>$parent<artifactId>core</artifactId></project>" > core/pom.xml
for c in $(seq 1 400); do
  { printf 'package gen.core;\npublic final class C%d {\n' "$c"
    for m in $(seq 1 20); do
      printf '    public static int m%d(int x) { java.util.List<Integer> l = new java.util.ArrayList<>(); for (int i = 0; i < x; i++) { l.add(i * %d); } return l.stream().mapToInt(Integer::intValue).sum(); }\n' "$m" "$m"
    done
    echo '}'; } > "core/src/main/java/gen/core/C$c.java"
done
for i in $(seq -w 1 49); do
  mkdir -p "m$i/src/main/java/gen/m$i"
  echo "<project><modelVersion>4.0.0</modelVersion>$parent<artifactId>m$i</artifactId><dependencies><dependency><groupId>gen50</groupId><artifactId>core</artifactId><version>\${project.version}</version></dependency></dependencies></project>" > "m$i/pom.xml"
  for c in $(seq 1 10); do
    printf 'package gen.m%s;\npublic final class L%d { public static int f() { return gen.core.C%d.m1(3); } }\n' "$i" "$c" "$c" > "m$i/src/main/java/gen/m$i/L$c.java"
  done
done
printf 'target/\n' > .gitignore
git init -q -b main && git add -A && git -c user.name=bench -c user.email=bench@example.invalid commit -q -m project
git init -q --bare -b main "$work/origin.git" && git remote add origin "$work/origin.git"
git push -q -u origin main && git remote set-head origin main
for n in 1 2; do git worktree add -q -b "lane-$n" "$work/lane-$n" origin/main; done

timed() { # dir log args...
  local dir=$1 log=$2; shift 2
  local start; start=$(date +%s%N)
  (cd "$dir" && "$mvn" -B -Dmaven.repo.local="$repo" "$@" > "$log" 2>&1)
  echo "$(( ($(date +%s%N) - start) / 1000000 )) ms"
}
echo "main checkout, verify: $(timed "$work/main" "$work/main.log" verify); load $(cut -d' ' -f1-3 /proc/loadavg)"
for n in 1 2; do
  printf 'package gen.m07;\nclass Note { int x() { return gen.core.C5.m2(4); } }\n' > "$work/lane-$n/m07/src/main/java/gen/m07/Note.java"
done
echo "lane 1, core reused: $(timed "$work/lane-1" "$work/lane-1.log" verify -Dqueuelock.build.affected -X); load $(cut -d' ' -f1-3 /proc/loadavg)"
grep -h 'reuse: the keys of\|INFO\] affected:' "$work/lane-1.log"
mv "$work/main/.git/queuelock/reuse" "$work/reuse-aside"
echo "lane 2, core built: $(timed "$work/lane-2" "$work/lane-2.log" verify -Dqueuelock.build.affected); load $(cut -d' ' -f1-3 /proc/loadavg)"
grep -h 'INFO\] affected:' "$work/lane-2.log"
