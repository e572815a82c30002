package dev.queuelock.bench;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The benchmark's knobs, as {@code key=value} arguments (defaults keep a run under 10 minutes on
 * 2 cores; the peer's 200 ms poll dominates it):
 *
 * <ul>
 *   <li>{@code workers=2,4,8,32} worker processes of the clean hand-off
 *   <li>{@code acquisitions=160} acquisitions per side and N (K = max(6, acquisitions / N) per worker),
 *       or {@code k=K} to fix K
 *   <li>{@code reps=2} alternations of ours and the peer per N (K is split among them)
 *   <li>{@code warmup=1} first rounds of each worker whose hand-offs are left out
 *   <li>{@code hold=20} ms each holder keeps the lock (and the CLI's CMD runs)
 *   <li>{@code cli.workers=4}, {@code cli.rounds=8} concurrent CLIs, and rounds of them per side
 *   <li>{@code crash.reps=10} kills per side
 *   <li>{@code idle.seconds=10}, {@code idle.reps=1}
 *   <li>{@code fifo.waiters=32}, {@code fifo.reps=1}
 *   <li>{@code only=clean,cli,crash,idle,fifo} a subset of scenarios
 * </ul>
 */
record BenchConfig(BenchArgs args) {

    static BenchConfig from(BenchArgs args) {
        Set<String> known = Set.of("workers", "acquisitions", "k", "reps", "warmup", "hold", "cli.workers", "cli.rounds",
                "crash.reps", "idle.seconds", "idle.reps", "fifo.waiters", "fifo.reps", "only");
        for (String key : args.asMap().keySet()) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException("unknown option " + key + "; known: " + new java.util.TreeSet<>(known));
            }
        }
        return new BenchConfig(args);
    }

    List<Integer> workers() {
        return args.integers("workers", "2,4,8,32");
    }

    int reps() {
        return Math.max(1, args.integer("reps", 2));
    }

    /** Rounds per worker in one alternation. */
    int roundsPerRep(int workers) {
        int k = args.has("k") ? args.integer("k", 6)
                : Math.max(6, (int) Math.ceil(args.integer("acquisitions", 160) / (double) workers));
        return Math.max(warmUpRounds() + 2, (int) Math.ceil(k / (double) reps()));
    }

    int warmUpRounds() {
        return Math.max(0, args.integer("warmup", 1));
    }

    int holdMs() {
        return args.integer("hold", 20);
    }

    int cliWorkers() {
        return args.integer("cli.workers", 4);
    }

    int cliRounds() {
        return args.integer("cli.rounds", 8);
    }

    int crashReps() {
        return args.integer("crash.reps", 10);
    }

    int idleSeconds() {
        return args.integer("idle.seconds", 10);
    }

    int idleReps() {
        return args.integer("idle.reps", 1);
    }

    int fifoWaiters() {
        return args.integer("fifo.waiters", 32);
    }

    int fifoReps() {
        return args.integer("fifo.reps", 1);
    }

    Set<String> only() {
        return new LinkedHashSet<>(List.of(args.get("only", "clean,cli,crash,idle,fifo").split(",")));
    }

    /** The options given, for the report's "how to reproduce" line. */
    String describe() {
        Map<String, String> given = args.asMap();
        return given.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
