package dev.queuelock.bench;

import dev.queuelock.config.LockSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code mvn -o -q verify} of the fixture in its lanes, as agents would: each build under
 * GNU time, in its lane, with the extension's lines (and only those, besides errors) printed with a
 * millisecond time stamp, and every build of one round queueing under the round's own TMPDIR.
 */
final class FixtureBuilds {

    private static final int TIMEOUT_MINUTES = 20;

    private final Children children;
    private final SlotsFixture fixture;
    private final Map<String, String> kindOptions;

    /**
     * @param kindOptions per kind ({@code cpu}, {@code wait}), the fixture's {@code -D} options
     */
    FixtureBuilds(Children children, SlotsFixture fixture, Map<String, String> kindOptions) {
        this.children = children;
        this.fixture = fixture;
        this.kindOptions = kindOptions;
    }

    /** One build in the first lane, online, so the local repository gets what the fixture needs; not timed. */
    void warmUp(RunDir run) throws IOException, InterruptedException {
        fixture.clean();
        Process p = start(run, run.tmp(), 0, "warm-up", List.of("-Dbench.kind=cpu", "-Dbench.cpu.rounds=1"),
                new SlotSetting("1"), false);
        Children.awaitSuccess(p, TIMEOUT_MINUTES * 60, run.resolve("warm-up.out"));
    }

    /** Empty if the extension takes {@code setting}; else the line in which it refused it. */
    Optional<String> refusal(RunDir run, SlotSetting setting) throws InterruptedException {
        Process p = children.start(command(run, "probe", setting, List.of(), true, "validate"), fixture.lanes().get(0),
                environment(run.tmp(), setting), run.resolve("probe.out"), false);
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            throw new BenchException("mvn validate with slots " + setting + " still running after 5 minutes");
        }
        if (p.exitValue() == 0) {
            return Optional.empty();
        }
        String out = Children.tail(run.resolve("probe.out"));
        Optional<String> refused = out.lines().filter(l -> l.contains(LockSettings.BUILD_SLOTS))
                .map(FixtureBuilds::errorText).findFirst();
        if (refused.isEmpty()) {
            throw new BenchException("mvn validate with slots " + setting + " failed: " + out);
        }
        return refused;
    }

    /** Maven's error line as a person reads it: no colour codes, time stamp, level or help link. */
    static String errorText(String line) {
        return line.replaceAll("\\e\\[[0-9;]*m", "").replaceFirst("^.*?\\[ERROR\\] ", "")
                .replaceFirst(" -> \\[Help \\d+\\]$", "").trim();
    }

    /**
     * {@code builds} builds of {@code kind} started together under {@code setting}, in lanes 1..builds,
     * queueing under {@code queueTmp} (their TMPDIR).
     */
    List<SlotBuild> round(RunDir run, Path queueTmp, String kind, SlotSetting setting, int builds)
            throws IOException, InterruptedException {
        fixture.clean();
        long[] starts = new long[builds];
        List<CompletableFuture<Long>> ends = new ArrayList<>();
        List<Process> processes = new ArrayList<>();
        for (int i = 0; i < builds; i++) {
            starts[i] = Clock.now();
            Process p = start(run, queueTmp, i, lane(i), List.of("-Dbench.kind=" + kind, kindOptions.get(kind)), setting, true);
            processes.add(p);
            ends.add(p.onExit().thenApply(done -> Clock.now()));
        }
        List<SlotBuild> result = new ArrayList<>();
        for (int i = 0; i < builds; i++) {
            Children.awaitSuccess(processes.get(i), TIMEOUT_MINUTES * 60, run.resolve(lane(i) + ".out"));
            long end = ends.get(i).join();
            result.add(SlotBuild.read(lane(i), starts[i], end, run.resolve(lane(i) + ".out"), run.resolve(lane(i) + ".time")));
        }
        return result;
    }

    private Process start(RunDir run, Path queueTmp, int lane, String name, List<String> options, SlotSetting setting,
            boolean offline) {
        List<String> command = new ArrayList<>(List.of("/usr/bin/time", "-o", run.resolve(name + ".time").toString(),
                "-f", "%e %U %S %M"));
        command.addAll(command(run, name, setting, options, offline, "verify"));
        return children.start(command, fixture.lanes().get(lane), environment(queueTmp, setting), run.resolve(name + ".out"), false);
    }

    private List<String> command(RunDir run, String name, SlotSetting setting, List<String> options, boolean offline,
            String goal) {
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-q", "-Dstyle.color=never",
                "-s", fixture.settings().toString(), "-Dmaven.repo.local=" + fixture.localRepository(),
                // -q hides INFO; the extension's lines stay, each with its time to the millisecond.
                "-Dorg.slf4j.simpleLogger.log.dev.queuelock=info", "-Dorg.slf4j.simpleLogger.showDateTime=true",
                "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSSXXX"));
        if (offline) {
            command.add("-o");
        }
        command.addAll(setting.mavenOptions());
        command.addAll(options);
        command.add(goal);
        return command;
    }

    private static Map<String, String> environment(Path queueTmp, SlotSetting setting) {
        Map<String, String> env = new HashMap<>(setting.environment());
        env.put("TMPDIR", queueTmp.toString());
        return env;
    }

    private static String lane(int i) {
        return "lane-" + (i + 1);
    }

    /** GNU time, which measures the build's whole process tree; refused early when missing. */
    static void requireTime() {
        if (!Files.isExecutable(Path.of("/usr/bin/time"))) {
            throw new BenchException("the slots scenario needs GNU time at /usr/bin/time (Debian: apt-get install time)");
        }
    }
}
