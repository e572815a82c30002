package dev.queuelock.bench;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Runs the benchmark: every scenario, ours and the peer alternately, then writes
 * {@code target/bench/results.md} and {@code target/bench/handoff.png}. Options are
 * {@code key=value} arguments; see {@link BenchConfig}.
 */
public final class BenchMain {

    /** The scenarios that run the peer beside ours. */
    private static final Set<String> PEER_SCENARIOS = Set.of("clean", "cli", "crash", "idle", "fifo");

    /** Scenario 9's load: this many waiters, each holding this long, this many rounds each. */
    private static final int WATCHED_WAITERS = 32;
    private static final int WATCHED_HOLD_MS = 50;
    private static final int WATCHED_ROUNDS = 4;

    private BenchMain() {
    }

    public static void main(String[] argv) {
        try {
            BenchConfig config = BenchConfig.from(BenchArgs.parse(argv));
            run(config);
        } catch (BenchException | IllegalArgumentException e) {
            System.err.println("queue-lock-bench: " + e.getMessage());
            System.exit(1);
        } catch (IOException e) {
            System.err.println("queue-lock-bench: " + e);
            System.exit(1);
        } catch (InterruptedException e) {
            System.err.println("queue-lock-bench: interrupted");
            System.exit(130);
        }
    }

    private static void run(BenchConfig config) throws IOException, InterruptedException {
        Path target = benchJar().getParent();
        Path repoRoot = target.getParent().getParent();
        Path out = Files.createDirectories(target.resolve("bench"));
        RunDir.Parent runs = new RunDir.Parent(Files.createDirectories(out.resolve("runs")));
        Set<String> only = config.only();
        boolean withPeer = only.stream().anyMatch(PEER_SCENARIOS::contains);
        PeerPackage peer = withPeer ? PeerPackage.install(target.resolve("npm-peer")) : null;
        Children children = new Children();
        Launcher launcher = new Launcher(children, benchJar(), cliJar(repoRoot), peer);
        Machine machine = Machine.describe(withPeer ? peer.nodeVersion() : "not used");
        String loadBefore = Machine.loadAverage();
        boolean slotHandOff = only.contains("slot-handoff");
        String clock = withPeer || slotHandOff ? ClockCheck.verify(launcher, withPeer)
                : "not checked (no hand-off measured in this run)";
        long started = System.nanoTime();
        Report report = new Report();
        LatencyPlot plot = new LatencyPlot();
        String slots = "";
        String freedSlot = "";
        String watching = "";
        try {
            if (withPeer) {
                measureHandOffs(config, launcher, runs, children, report, plot);
                report.notMeasured("6. extension overhead",
                        new ExtensionOverhead(repoRoot).notMeasuredBecause().orElse("measured"), "≤ 1.05 × an empty extension");
            }
            if (slotHandOff) {
                freedSlot = measureSlotHandOff(config, launcher, runs, children);
            }
            if (only.contains("slots")) {
                SlotsScenario.Result result = new SlotsScenario(config, children, runs, out.resolve("slots"), repoRoot,
                        BenchMain::progress).measure();
                slots = new SlotsReport(config, result).markdown();
                new SlotsPlot(config, result).write(out.resolve("slots.png"));
            }
            if (only.contains("watch")) {
                progress("watching: idle " + config.idleSeconds() + " s; " + WATCHED_WAITERS + " waiters, a hand-off every "
                        + WATCHED_HOLD_MS + " ms");
                watching = new WatchCost(launcher, children, runs).markdown(config.idleSeconds(), WATCHED_WAITERS, WATCHED_HOLD_MS,
                        WATCHED_ROUNDS);
            }
        } finally {
            children.killAll();
        }
        long minutes = ChronoUnit.SECONDS.between(java.time.Instant.EPOCH,
                java.time.Instant.EPOCH.plusNanos(System.nanoTime() - started));
        String markdown = header(config, machine, loadBefore, clock, minutes, withPeer) + "\n"
                + (withPeer ? report.markdown() : "") + slots + freedSlot + watching;
        Files.writeString(out.resolve("results.md"), markdown, StandardCharsets.UTF_8);
        if (withPeer) {
            plot.write(out.resolve("handoff.png"), "Hand-off latency, queue-lock (blue) vs claude-code-merge-queue 0.5.4 (orange)");
        }
        System.out.println();
        System.out.println(markdown);
        System.out.println("Written: " + out.resolve("results.md") + (withPeer ? " and " + out.resolve("handoff.png") : "")
                + (slots.isEmpty() ? "" : " and " + out.resolve("slots.png")));
    }

    /** Scenarios 1-5: ours against the peer. */
    private static void measureHandOffs(BenchConfig config, Launcher launcher, RunDir.Parent runs, Children children,
            Report report, LatencyPlot plot) throws IOException, InterruptedException {
        Set<String> only = config.only();
        if (only.contains("clean")) {
            CleanHandOff clean = new CleanHandOff(launcher, runs, config.holdMs(), config.warmUpRounds());
            for (int n : config.workers()) {
                int rounds = config.roundsPerRep(n);
                progress("clean hand-off: N=" + n + ", " + rounds + " rounds each, " + config.reps() + " alternations");
                Measurement m = clean.measure(n, rounds, config.reps());
                children.killAll();
                report.latency("1. clean hand-off, N=" + n, m, Target.cleanHandOff(n));
                plot.add("N=" + n, m);
            }
        }
        if (only.contains("cli")) {
            progress("CLI hand-off: N=" + config.cliWorkers() + ", " + config.cliRounds() + " rounds");
            Measurement m = new CliHandOff(launcher, runs, config.holdMs()).measure(config.cliWorkers(), config.cliRounds());
            children.killAll();
            report.latency("2. CLI hand-off, N=" + config.cliWorkers(), m, Target.p50AtMostPeerOver(20));
            plot.add("CLI N=" + config.cliWorkers(), m);
        }
        if (only.contains("crash")) {
            progress("crash hand-off: " + config.crashReps() + " kills each");
            Measurement m = new CrashHandOff(launcher, runs).measure(config.crashReps());
            children.killAll();
            report.latency("3. crash hand-off (kill -9 holder)", m, Target.p99AtMost(25));
        }
        if (only.contains("idle")) {
            progress("idle waiter: " + config.idleSeconds() + " s each");
            Measurement m = new IdleWaiter(launcher, runs).measure(config.idleSeconds(), config.idleReps());
            children.killAll();
            report.cpu("4. idle waiter CPU over " + config.idleSeconds() + " s", m, Target.cpuAtMostPeer());
        }
        if (only.contains("fifo")) {
            progress("FIFO at scale: " + config.fifoWaiters() + " waiters");
            Measurement m = new FifoAtScale(launcher, runs, config.holdMs()).measure(config.fifoWaiters(), config.fifoReps());
            children.killAll();
            report.fifo("5. FIFO, " + config.fifoWaiters() + " waiters", m, Target.fifo());
        }
    }

    /** Scenario 8: a freed slot's hand-off against the single lock's; its section of the results. */
    private static String measureSlotHandOff(BenchConfig config, Launcher launcher, RunDir.Parent runs, Children children)
            throws InterruptedException {
        String before = Machine.loadAverage();
        progress("hand-off of a freed slot: " + config.handOffWorkers() + " workers, 1 and " + config.handOffSlots()
                + " slots, " + config.handOffRounds() + " rounds each, " + config.handOffReps() + " alternations");
        SlotHandOff.Result result = new SlotHandOff(launcher, runs, config.handOffHoldMs(), config.warmUpRounds())
                .measure(config.handOffWorkers(), config.handOffSlots(), config.handOffRounds(), config.handOffReps());
        children.killAll();
        return result.markdown(before + " before / " + Machine.loadAverage() + " after");
    }

    private static String header(BenchConfig config, Machine machine, String loadBefore, String clock, long seconds,
            boolean withPeer) {
        return "Run " + OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS) + " in " + seconds + " s: "
                + "`" + ("bench/run.sh " + config.describe()).trim() + "`\n\n"
                + "- Machine: " + machine.cores() + " cores (" + machine.cpu() + "), " + machine.os()
                + ", load average " + loadBefore + " before / " + Machine.loadAverage() + " after\n"
                + "- JDK: " + machine.jdk() + "; Node " + machine.node() + "\n"
                + "- Clock: " + clock + "\n"
                + (withPeer ? "- Ours and the peer alternate within every scenario; holds and CMDs: " + config.holdMs() + " ms;"
                        + " clean hand-off leaves out each worker's first " + config.warmUpRounds() + " round(s) (start-up)\n" : "");
    }

    private static void progress(String what) {
        System.out.println("[bench] " + what + " (load " + Machine.loadAverage() + ")");
    }

    private static Path benchJar() {
        try {
            return Path.of(BenchMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The CLI jar the reactor built: {@code queue-lock-core/target/queue-lock-core-<version>-cli.jar}. */
    private static Path cliJar(Path repoRoot) throws IOException {
        Path dir = repoRoot.resolve("queue-lock-core/target");
        List<Path> jars = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> found = Files.newDirectoryStream(dir, "queue-lock-core-*-cli.jar")) {
                found.forEach(jars::add);
            }
        }
        if (jars.isEmpty()) {
            throw new BenchException("no CLI jar in " + dir + "; build it first: mvn -q -pl queue-lock-bench -am package -DskipTests");
        }
        jars.sort(Comparator.comparing((Path p) -> p.toFile().lastModified()).reversed());
        return jars.get(0);
    }
}
