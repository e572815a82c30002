package dev.queuelock.bench;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The slots scenario's part of {@code results.md}: one table per kind of build, then the model. */
final class SlotsReport {

    static final String CPU = "cpu";
    static final String WAIT = "wait";

    private final BenchConfig config;
    private final SlotsScenario.Result result;

    SlotsReport(BenchConfig config, SlotsScenario.Result result) {
        this.config = config;
        this.result = result;
    }

    static String title(String kind) {
        return kind.equals(CPU) ? "CPU-bound builds" : "Builds that mostly wait";
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("\n## 7. Build slots: ").append(config.slotBuilds()).append(" builds started together\n\n")
                .append("Each build is `mvn -o -q verify` of the fixture project (a shared module and two modules depending")
                .append(" on it) in its own lane, a git worktree of one fixture repository whose `.mvn/extensions.xml` lists")
                .append(" the extension built from this checkout. Settings alternate in the order ")
                .append(result.settings().stream().map(s -> "`" + s + "`").collect(Collectors.joining(", ")))
                .append(" (").append(config.slotReps()).append(config.slotReps() == 1 ? " round" : " rounds")
                .append(" of each, every second round in the reverse order); `unlimited` is `QUEUELOCK_SKIP=1`.")
                .append(" **Time to result**: each agent's `mvn`, process start to exit. **Total**: the first start to the")
                .append(" last exit. **Wait**: from the build's own log, the time stamp of the extension's first waiting line")
                .append(" to that of its `Build lock acquired` line (0: a free slot at once; — : no lock taken).")
                .append(" **CPU**: user + system time of the build's process tree (GNU time), per build.\n\n");
        result.notes().forEach(n -> md.append("- ").append(n).append('\n'));
        if (!result.notes().isEmpty()) {
            md.append('\n');
        }
        for (String kind : result.solo().keySet()) {
            measured(md, kind);
        }
        model(md);
        return md.toString();
    }

    private void measured(StringBuilder md, String kind) {
        SlotBuild alone = result.solo().get(kind);
        md.append("### ").append(title(kind)).append(" (load average ").append(result.load().get(kind)).append(")\n\n")
                .append(kind.equals(CPU) ? "Each module's test sieves primes below 2 million " + config.slotCpuRounds() + " times."
                        : "Each module's test sleeps " + s(config.slotWaitSeconds() / 3.0) + " s in 50 ms steps.")
                .append(" One build alone: ").append(s(alone.durationSeconds())).append(" s, ").append(s(alone.cpuSeconds()))
                .append(" s of CPU (").append(two(alone.cores())).append(" cores busy), peak resident set of its largest")
                .append(" process ").append(Math.round(alone.peakRssMb())).append(" MB.\n\n")
                .append("| slots | total, s (each rep) | time to result, s: mean | last | wait per build, s: mean / max")
                .append(" | CPU per build, s | peak RSS, MB |\n|---|---|---|---|---|---|---|\n");
        for (SlotSetting setting : result.settings()) {
            List<SlotRound> rounds = result.rounds(kind, setting);
            if (rounds.isEmpty()) {
                continue;
            }
            List<Double> waits = rounds.stream().flatMap(r -> r.waitSeconds().stream()).toList();
            String seen = rounds.stream().map(SlotRound::slotsSeen).filter(n -> n > 0).distinct().map(String::valueOf)
                    .collect(Collectors.joining(", "));
            md.append("| ").append(setting).append(setting.isAuto() && !seen.isEmpty() ? " (" + seen + ")" : "").append(" | ")
                    .append(s(mean(rounds.stream().map(SlotRound::totalSeconds).toList()))).append(" (")
                    .append(rounds.stream().map(r -> s(r.totalSeconds())).collect(Collectors.joining(" / "))).append(") | ")
                    .append(s(mean(rounds.stream().flatMap(r -> r.resultSeconds().stream()).toList()))).append(" | ")
                    .append(s(mean(rounds.stream().map(SlotRound::lastResultSeconds).toList()))).append(" | ")
                    .append(waits.isEmpty() ? "—" : s(mean(waits)) + " / " + s(waits.stream().mapToDouble(d -> d).max().orElseThrow()))
                    .append(" | ").append(s(mean(rounds.stream().map(SlotRound::meanCpuSeconds).toList())))
                    .append(" | ").append(Math.round(rounds.stream().mapToDouble(SlotRound::maxPeakRssMb).max().orElseThrow()))
                    .append(" |\n");
        }
        md.append('\n');
        autoAgainstBest(kind).ifPresent(line -> md.append(line).append("\n\n"));
    }

    /** Whether auto spares tuning slots by hand: its mean time to a result within 10 % of the best fixed number's. */
    private Optional<String> autoAgainstBest(String kind) {
        Optional<SlotSetting> auto = result.settings().stream().filter(SlotSetting::isAuto).findFirst();
        Optional<SlotSetting> best = result.settings().stream().filter(st -> st.name().matches("\\d+"))
                .filter(st -> !result.rounds(kind, st).isEmpty())
                .min(java.util.Comparator.comparingDouble(st -> meanResult(kind, st)));
        if (auto.isEmpty() || best.isEmpty() || result.rounds(kind, auto.get()).isEmpty()) {
            return Optional.empty();
        }
        double ratio = meanResult(kind, auto.get()) / meanResult(kind, best.get());
        return Optional.of("`auto`'s mean time to a result is " + String.format(Locale.ROOT, "%.0f", 100 * ratio)
                + " % of the best fixed number's (slots = " + best.get() + "); the target is at most 110 %: "
                + (ratio <= 1.10 ? "met" : "**missed**") + ".");
    }

    private double meanResult(String kind, SlotSetting setting) {
        return mean(result.rounds(kind, setting).stream().flatMap(r -> r.resultSeconds().stream()).toList());
    }

    private void model(StringBuilder md) {
        int cores = config.modelCores();
        int agents = config.modelAgents();
        md.append("### Scaled on paper: ").append(cores).append(" cores, ").append(agents).append(" agents\n\n")
                .append("Processor sharing: ").append(agents).append(" builds like the one measured alone above start")
                .append(" together; at most `slots` run, the rest wait in line; with k running, each gets")
                .append(" min(its cores busy alone, ").append(cores).append(" / k) cores and progresses at that share of")
                .append(" its speed alone. Assumed: a build's cores busy stay even over its life (they do not: javac and")
                .append(" Maven's start-up use one core, tests another share); memory, caches, memory bandwidth, disk")
                .append(" and the JIT's threads cost nothing to share (each makes running builds together dearer on a real")
                .append(" machine than here); no swap; a freed slot is taken at once; all builds are alike.\n\n")
                .append("| slots |");
        List<String> kinds = List.copyOf(result.solo().keySet());
        for (String kind : kinds) {
            md.append(' ').append(title(kind)).append(": total / mean result / mean wait, s |");
        }
        md.append("\n|---|").append("---|".repeat(kinds.size())).append('\n');
        for (SlotSetting setting : config.modelSettings()) {
            md.append("| ").append(setting).append(" |");
            for (String kind : kinds) {
                SlotBuild alone = result.solo().get(kind);
                int slots = setting.isAuto() ? ModelAuto.slots(cores, config.modelMemoryGb(), alone) : setting.modelSlots();
                SharingModel.Outcome o = SharingModel.run(agents, slots, cores, alone.durationSeconds(), alone.cores());
                md.append(' ').append(setting.isAuto() ? "(" + slots + ") " : "").append(s(o.total())).append(" / ")
                        .append(s(o.meanResult())).append(" / ").append(s(o.meanWait())).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
        if (config.modelSettings().stream().anyMatch(SlotSetting::isAuto)) {
            for (String kind : kinds) {
                md.append("- `auto` for ").append(title(kind).toLowerCase(Locale.ROOT)).append(": ")
                        .append(ModelAuto.describe(cores, config.modelMemoryGb(), result.solo().get(kind))).append('\n');
            }
            md.append('\n');
        }
    }

    static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** Seconds: one decimal below 100, whole above. */
    static String s(double seconds) {
        if (Double.isNaN(seconds)) {
            return "—";
        }
        return String.format(Locale.ROOT, seconds < 100 ? "%.1f" : "%.0f", seconds);
    }

    private static String two(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
