#!/bin/sh
# Benchmark queue-lock against claude-code-merge-queue 0.5.4 (needs JDK 17+, Maven, Node >= 18, npm).
# Builds what it needs through the reactor (no install into ~/.m2), then runs every scenario once.
# Options are key=value, e.g.: bench/run.sh workers=2,4 acquisitions=60 only=clean,crash
# Results: queue-lock-bench/target/bench/results.md and handoff.png
set -eu
cd "$(dirname "$0")/.."
mvn -q -pl queue-lock-bench -am package -DskipTests
exec java -jar queue-lock-bench/target/queue-lock-bench.jar "$@"
