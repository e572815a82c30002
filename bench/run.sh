#!/bin/sh
# Benchmark queue-lock against claude-code-merge-queue 0.5.4 (needs JDK 17+, Maven, Node >= 18, npm),
# the build queue's slots with real Maven builds (needs GNU time; not Node: only=slots), and the
# hand-off of a freed slot against the single lock (not Node: only=slot-handoff).
# Builds what it needs through the reactor (no install into ~/.m2), then runs every scenario once.
# Options are key=value, e.g.: bench/run.sh workers=2,4 acquisitions=60 only=clean,crash
#   bench/run.sh only=slots slots.settings=1,2,unlimited,auto slots.reps=2
# Checks side by side (queuelock.land.parallel) run alone, as a measurement in queue-lock-land's test
# sources (real landers in child JVMs, real git; needs no Maven fixture):
#   bench/run.sh only=land-parallel land-parallel.settings=1,2,4,auto land-parallel.lanes=4
#     land-parallel.checkSeconds=10 land-parallel.cpuLoops=2000000
# Results: queue-lock-bench/target/bench/results.md, handoff.png and slots.png (land-parallel.md)
set -eu
cd "$(dirname "$0")/.."
case " $* " in
*" only=land-parallel "*)
    started=$(date +%s)
    load=$(uptime | sed 's/.*average[s]*: //')
    for arg in "$@"; do
        case "$arg" in
        only=land-parallel) ;;
        land-parallel.*=*) set -- "$@" "-Dqueuelock.measure.${arg#land-parallel.}" ;;
        *) echo "bench/run.sh: only=land-parallel runs alone; unknown option: $arg" >&2; exit 1 ;;
        esac
        shift
    done
    # surefire:test@default-test: not the module's second (portable) execution, which -Dtest would also run
    mvn -q -pl queue-lock-land -am test-compile surefire:test@default-test -Dtest=ParallelThroughputMeasurement \
        -Dsurefire.failIfNoSpecifiedTests=false \
        -Dqueuelock.measure=true "$@"
    mkdir -p queue-lock-bench/target/bench
    out=queue-lock-bench/target/bench/land-parallel.md
    { echo "Run $(date -u +%Y-%m-%dT%H:%MZ) in $(( $(date +%s) - started )) s on $(getconf _NPROCESSORS_ONLN) cores," \
        "commit $(git rev-parse --short HEAD), load average $load before / $(uptime | sed 's/.*average[s]*: //') after"
      echo; cat queue-lock-land/target/parallel-measurement.md; } > "$out"
    cat "$out"
    exit 0 ;;
esac
mvn -q -pl queue-lock-bench -am package -DskipTests
exec java -jar queue-lock-bench/target/queue-lock-bench.jar "$@"
