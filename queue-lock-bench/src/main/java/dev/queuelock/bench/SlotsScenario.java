package dev.queuelock.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Scenario 7, build slots: {@code builds} real Maven builds of the fixture project started together
 * in as many lanes, under each slots setting in turn (1, 2, unlimited, auto, then again: the
 * settings alternate so a noisy machine's drift hits each alike), for each kind of build (CPU-bound,
 * or mostly waiting as integration tests do). Before the rounds, one build of each kind alone (under
 * auto when auto is measured, so that auto's first round has a recent build to decide from): its
 * duration and CPU are what {@link SharingModel} scales to a bigger machine. All builds of a kind
 * queue in one queue directory, whose usage history auto reads.
 */
final class SlotsScenario {

    private final BenchConfig config;
    private final Children children;
    private final RunDir.Parent runs;
    private final Path stage;
    private final Path repoRoot;
    private final Consumer<String> progress;

    SlotsScenario(BenchConfig config, Children children, RunDir.Parent runs, Path stage, Path repoRoot,
            Consumer<String> progress) {
        this.config = config;
        this.children = children;
        this.runs = runs;
        this.stage = stage;
        this.repoRoot = repoRoot;
        this.progress = progress;
    }

    Result measure() throws IOException, InterruptedException {
        FixtureBuilds.requireTime();
        progress.accept("slots: fixture repository with " + config.slotBuilds() + " lanes, the extension from this checkout");
        SlotsFixture fixture = SlotsFixture.create(stage, repoRoot, config.slotBuilds());
        FixtureBuilds builds = new FixtureBuilds(children, fixture, Map.of(
                "cpu", "-Dbench.cpu.rounds=" + config.slotCpuRounds(),
                "wait", "-Dbench.wait.millis=" + config.slotWaitSeconds() * 1000L / FixtureSources.MODULES.size()));
        progress.accept("slots: warm-up build (fills the private local repository from ~/.m2)");
        builds.warmUp(runs.create("slots-warm-up"));
        List<SlotSetting> settings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (SlotSetting setting : config.slotSettings()) {
            Optional<String> refused = setting.isAuto() ? builds.refusal(runs.create("slots-probe-auto"), setting) : Optional.empty();
            if (refused.isPresent()) {
                notes.add("`auto` left out: the extension refused it (" + refused.get() + ")");
            } else {
                settings.add(setting);
            }
        }
        Map<String, SlotBuild> solo = new LinkedHashMap<>();
        List<SlotRound> rounds = new ArrayList<>();
        Map<String, String> load = new LinkedHashMap<>();
        // Under auto, a build alone first: auto decides from this queue's recent builds, and only builds under auto record theirs.
        SlotSetting alone = settings.stream().filter(SlotSetting::isAuto).findFirst().orElse(new SlotSetting("1"));
        for (String kind : config.slotKinds()) {
            String before = Machine.loadAverage();
            // One queue directory (TMPDIR) for all of a kind's builds: its recent builds are of this kind.
            Path queueTmp = runs.create("slots-" + kind + "-queue").tmp();
            progress.accept("slots: " + kind + " build alone");
            solo.put(kind, builds.round(runs.create("slots-" + kind + "-alone"), queueTmp, kind, alone, 1).get(0));
            for (int rep = 1; rep <= config.slotReps(); rep++) {
                for (SlotSetting setting : inRepOrder(settings, rep)) {
                    if (config.slotPauseSeconds() > 0) {
                        Thread.sleep(config.slotPauseSeconds() * 1000L);
                    }
                    progress.accept("slots: " + kind + ", " + config.slotBuilds() + " builds, slots " + setting + ", rep " + rep);
                    RunDir run = runs.create("slots-" + kind + "-" + setting + "-" + rep);
                    rounds.add(new SlotRound(kind, setting, rep, builds.round(run, queueTmp, kind, setting, config.slotBuilds())));
                    children.killAll();
                }
            }
            load.put(kind, before + " before / " + Machine.loadAverage() + " after");
        }
        return new Result(settings, notes, solo, rounds, load);
    }

    /**
     * The settings forwards in odd reps and backwards in even ones (1, 2, auto, then auto, 2, 1): a
     * machine that drifts over the run (its load falling after earlier work, say) then weighs on
     * every setting alike instead of on the last one.
     */
    static List<SlotSetting> inRepOrder(List<SlotSetting> settings, int rep) {
        List<SlotSetting> order = new ArrayList<>(settings);
        if (rep % 2 == 0) {
            Collections.reverse(order);
        }
        return order;
    }

    /**
     * What was measured.
     *
     * @param settings the settings measured (auto left out if refused)
     * @param notes    what the report must say besides the numbers
     * @param solo     per kind, one build alone
     * @param rounds   every round, in the order run
     * @param load     per kind, the load average before its first build and after its last
     */
    record Result(List<SlotSetting> settings, List<String> notes, Map<String, SlotBuild> solo, List<SlotRound> rounds,
            Map<String, String> load) {

        List<SlotRound> rounds(String kind, SlotSetting setting) {
            return rounds.stream().filter(r -> r.kind().equals(kind) && r.setting().equals(setting)).toList();
        }
    }
}
