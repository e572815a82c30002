package dev.queuelock.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario 8, hand-off of a freed slot (as fast as the single lock's, or several slots would cost what they save): N of our workers
 * on a build queue of {@code slots} slots, each acquiring and releasing K times, against the same
 * workers on one slot, in one run. The two settings alternate (1, S, S, 1, ...) so that a noisy
 * machine's drift hits both alike. A hand-off is counted as {@link HandOffs#of(List, int, int)}
 * counts it: a release while every slot was busy, to the next acquire by a worker already waiting.
 * Ours only: the npm tool has no slots.
 */
final class SlotHandOff {

    private final Launcher launcher;
    private final RunDir.Parent runs;
    private final int holdMs;
    private final int warmUpRounds;

    SlotHandOff(Launcher launcher, RunDir.Parent runs, int holdMs, int warmUpRounds) {
        this.launcher = launcher;
        this.runs = runs;
        this.holdMs = holdMs;
        this.warmUpRounds = warmUpRounds;
    }

    /** {@code reps} alternations of one slot and {@code slots}, {@code rounds} acquisitions per worker each. */
    Result measure(int workers, int slots, int rounds, int reps) throws InterruptedException {
        Result result = new Result(workers, slots, rounds, reps, holdMs, warmUpRounds);
        for (int rep = 0; rep < reps; rep++) {
            for (int setting : rep % 2 == 0 ? new int[] {1, slots} : new int[] {slots, 1}) {
                result.add(setting, once(workers, setting, rounds, rep));
            }
        }
        return result;
    }

    private HandOffs once(int count, int slots, int rounds, int rep) throws InterruptedException {
        RunDir run = runs.create("slot-handoff-s" + slots + "-" + rep);
        Workers workers = new Workers(run);
        for (int i = 0; i < count; i++) {
            workers.add("w" + i, launcher.worker(Side.OURS, run, "w" + i, "rounds=" + rounds, "hold=" + holdMs,
                    "slots=" + slots, "ready=" + run.resolve("ready-" + i)));
        }
        workers.awaitReady(count);
        workers.processes().forEach(Children::signal);
        workers.awaitAllSucceeded(120 + count * rounds * (holdMs + 1000) / 1000);
        return HandOffs.of(workers.acquisitions(), warmUpRounds, slots);
    }

    /** The hand-offs of each setting, every alternation's median kept apart to show the drift. */
    static final class Result {

        private final int workers;
        private final int slots;
        private final int rounds;
        private final int reps;
        private final int holdMs;
        private final int warmUpRounds;
        private final Map<Integer, List<Double>> samples = new LinkedHashMap<>();
        private final Map<Integer, List<Double>> medians = new LinkedHashMap<>();
        private final Map<Integer, Integer> overlaps = new LinkedHashMap<>();

        Result(int workers, int slots, int rounds, int reps, int holdMs, int warmUpRounds) {
            this.workers = workers;
            this.slots = slots;
            this.rounds = rounds;
            this.reps = reps;
            this.holdMs = holdMs;
            this.warmUpRounds = warmUpRounds;
            for (int setting : new int[] {1, slots}) {
                samples.put(setting, new ArrayList<>());
                medians.put(setting, new ArrayList<>());
                overlaps.put(setting, 0);
            }
        }

        void add(int setting, HandOffs handOffs) {
            samples.get(setting).addAll(handOffs.latenciesMs());
            medians.get(setting).add(Stats.of(handOffs.latenciesMs()).p50());
            overlaps.merge(setting, handOffs.overlaps(), Integer::sum);
        }

        Stats stats(int setting) {
            return Stats.of(samples.get(setting));
        }

        int overlaps(int setting) {
            return overlaps.get(setting);
        }

        /** Section 8 of {@code results.md}. */
        String markdown(String load) {
            StringBuilder md = new StringBuilder();
            md.append("\n## 8. Hand-off of a freed slot: ").append(workers).append(" workers, 1 slot and ").append(slots)
                    .append(" slots (load average ").append(load).append(")\n\n")
                    .append("Ours only (the npm tool has no slots). ").append(workers).append(" worker JVMs on one build queue, ")
                    .append("each acquiring and releasing ").append(rounds).append(" times, holding ").append(holdMs)
                    .append(" ms, under `queuelock.build.slots` = 1 and ").append(slots).append(", alternated ")
                    .append(reps).append(reps == 1 ? " time" : " times").append(" (1, ").append(slots).append(", ")
                    .append(slots).append(", 1, ...). **Hand-off**: from a release made while every slot was busy to the")
                    .append(" next acquire, by another worker that was already waiting at that release (with one slot,")
                    .append(" scenario 1's hand-off); each worker's first ").append(warmUpRounds)
                    .append(" round(s) left out. **Overlaps**: acquires that made more holders at once than slots.\n\n")
                    .append("| slots | hand-off min / median / p90 / max | hand-offs | median of each alternation, ms")
                    .append(" | overlaps |\n|---|---|---|---|---|\n");
            for (int setting : samples.keySet()) {
                Stats s = stats(setting);
                md.append("| ").append(setting).append(" | ").append(s.isEmpty() ? "no samples"
                                : Report.number(s.min()) + " / " + Report.number(s.p50()) + " / " + Report.number(s.p90())
                                        + " / " + Report.number(s.max()) + " ms")
                        .append(" | ").append(s.count()).append(" | ")
                        .append(String.join(", ", medians.get(setting).stream().map(Report::number).toList()))
                        .append(" | ").append(overlaps(setting) == 0 ? "0" : "**" + overlaps(setting) + "**").append(" |\n");
            }
            Stats one = stats(1);
            Stats more = stats(slots);
            md.append("\n").append(slots).append(" slots / 1 slot: min ").append(Report.ratio(more.min(), one.min()))
                    .append(" · median ").append(Report.ratio(more.p50(), one.p50()))
                    .append(" · p90 ").append(Report.ratio(more.p90(), one.p90()))
                    .append(" · max ").append(Report.ratio(more.max(), one.max()))
                    .append(". A freed slot should be handed off as fast as the single lock.\n");
            return md.toString();
        }
    }
}
