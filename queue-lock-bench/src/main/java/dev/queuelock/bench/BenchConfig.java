package dev.queuelock.bench;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The benchmark's knobs, as {@code key=value} arguments (the defaults of scenarios 1-5 keep them
 * under 5 minutes on 2 cores, where the peer's 200 ms poll dominates; the hand-off of a freed slot
 * takes about 30 s more, the slots scenario's real Maven builds about 20 minutes):
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
 *   <li>{@code slots.settings=1,2,unlimited,auto} build-queue settings compared (unlimited: QUEUELOCK_SKIP=1;
 *       auto is left out, with a note, if the extension refuses it)
 *   <li>{@code slots.reps=2} alternations of the settings (1, 2, unlimited, auto, 1, 2, ...)
 *   <li>{@code slots.builds=4} builds started together, one per lane
 *   <li>{@code slots.kinds=cpu,wait} CPU-bound builds, and builds whose tests mostly wait
 *   <li>{@code slots.cpu.rounds=1000} sieves of 2 million per module test in a CPU-bound build: its length
 *   <li>{@code slots.wait.seconds=20} seconds a waiting build's tests sleep, over its three modules
 *   <li>{@code slots.pause.seconds=0} seconds of rest before each round, so the load the round before left
 *       has decayed (auto counts load that is not its own builds' as others' work)
 *   <li>{@code slots.model.cores=16}, {@code slots.model.agents=6}, {@code slots.model.memory.gb=64},
 *       {@code slots.model.settings=1,2,3,4,6,unlimited,auto}: the machine the measured builds are scaled to
 *   <li>{@code slot-handoff.workers=4}, {@code slot-handoff.slots=2}: the hand-off of a freed slot, these many workers
 *       on this many slots against the same workers on one slot
 *   <li>{@code slot-handoff.rounds=40} acquisitions per worker in one alternation, {@code slot-handoff.reps=4}
 *       alternations (1, 2, 2, 1, ...), {@code slot-handoff.hold} ms each holder keeps its slot (default
 *       {@code hold}'s, so the 1-slot row is scenario 1's hand-off with as many workers)
 *   <li>{@code only=clean,cli,crash,idle,fifo,slot-handoff,slots} a subset of scenarios
 * </ul>
 */
record BenchConfig(BenchArgs args) {

    static BenchConfig from(BenchArgs args) {
        Set<String> known = Set.of("workers", "acquisitions", "k", "reps", "warmup", "hold", "cli.workers", "cli.rounds",
                "crash.reps", "idle.seconds", "idle.reps", "fifo.waiters", "fifo.reps", "slots.settings", "slots.reps",
                "slots.builds", "slots.kinds", "slots.cpu.rounds", "slots.wait.seconds", "slots.pause.seconds", "slots.model.cores",
                "slots.model.agents", "slots.model.memory.gb", "slots.model.settings", "slot-handoff.workers",
                "slot-handoff.slots", "slot-handoff.rounds", "slot-handoff.reps", "slot-handoff.hold", "only");
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

    int handOffWorkers() {
        return Math.max(2, args.integer("slot-handoff.workers", 4));
    }

    /** The slots compared against one; fewer than the workers, or no worker ever waits. */
    int handOffSlots() {
        int slots = args.integer("slot-handoff.slots", 2);
        if (slots < 2 || slots >= handOffWorkers()) {
            throw new IllegalArgumentException("slot-handoff.slots must be 2 or more and fewer than slot-handoff.workers ("
                    + handOffWorkers() + "), got " + slots);
        }
        return slots;
    }

    int handOffRounds() {
        return Math.max(warmUpRounds() + 2, args.integer("slot-handoff.rounds", 40));
    }

    int handOffReps() {
        return Math.max(1, args.integer("slot-handoff.reps", 4));
    }

    int handOffHoldMs() {
        return Math.max(0, args.integer("slot-handoff.hold", holdMs()));
    }

    List<SlotSetting> slotSettings() {
        return settings("slots.settings", "1,2,unlimited,auto");
    }

    int slotReps() {
        return Math.max(1, args.integer("slots.reps", 2));
    }

    int slotBuilds() {
        return Math.max(1, args.integer("slots.builds", 4));
    }

    List<String> slotKinds() {
        List<String> kinds = List.of(args.get("slots.kinds", "cpu,wait").split(","));
        for (String kind : kinds) {
            if (!kind.equals("cpu") && !kind.equals("wait")) {
                throw new IllegalArgumentException("slots.kinds: '" + kind + "' is neither cpu nor wait");
            }
        }
        return kinds;
    }

    int slotCpuRounds() {
        return Math.max(1, args.integer("slots.cpu.rounds", 1000));
    }

    int slotWaitSeconds() {
        return Math.max(1, args.integer("slots.wait.seconds", 20));
    }

    int slotPauseSeconds() {
        return Math.max(0, args.integer("slots.pause.seconds", 0));
    }

    int modelCores() {
        return Math.max(1, args.integer("slots.model.cores", 16));
    }

    int modelAgents() {
        return Math.max(1, args.integer("slots.model.agents", 6));
    }

    int modelMemoryGb() {
        return Math.max(1, args.integer("slots.model.memory.gb", 64));
    }

    List<SlotSetting> modelSettings() {
        return settings("slots.model.settings", "1,2,3,4,6,unlimited,auto");
    }

    private List<SlotSetting> settings(String key, String fallback) {
        return List.of(args.get(key, fallback).split(",")).stream().map(SlotSetting::parse).distinct().toList();
    }

    Set<String> only() {
        String all = "clean,cli,crash,idle,fifo,slot-handoff,slots,watch";
        Set<String> only = new LinkedHashSet<>(List.of(args.get("only", all).split(",")));
        for (String scenario : only) {
            if (!List.of(all.split(",")).contains(scenario)) {
                throw new IllegalArgumentException("only: no scenario '" + scenario + "'; known: " + all);
            }
        }
        return only;
    }

    /** The options given, for the report's "how to reproduce" line. */
    String describe() {
        Map<String, String> given = args.asMap();
        return given.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
