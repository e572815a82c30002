#!/bin/sh
# Benchmark queue-lock against claude-code-merge-queue 0.5.4 (needs JDK 17+, Maven, Node >= 18, npm),
# the build queue's slots with real Maven builds (needs GNU time; not Node: only=slots), and the
# hand-off of a freed slot against the single lock (not Node: only=slot-handoff).
# Builds what it needs through the reactor (no install into ~/.m2), then runs every scenario once.
# Options are key=value, e.g.: bench/run.sh workers=2,4 acquisitions=60 only=clean,crash
#   bench/run.sh only=slots slots.settings=1,2,unlimited,auto slots.reps=2
# Results: queue-lock-bench/target/bench/results.md, handoff.png and slots.png
set -eu
cd "$(dirname "$0")/.."
mvn -q -pl queue-lock-bench -am package -DskipTests
exec java -jar queue-lock-bench/target/queue-lock-bench.jar "$@"
