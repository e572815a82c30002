package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.json.RecordJson;
import dev.queuelock.process.Processes;
import dev.queuelock.spi.Queue;
import dev.queuelock.testsupport.ProcessTree;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The build queue under the Maven Daemon, where one JVM runs many builds (mvnd 1.x on Maven 3.9, 2.x on Maven 4), each distribution of
 * {@code ../shared/mvnd/} unpacked into {@code target/mvnd/}, its daemons registered in the test's
 * own storage and stopped at the end: a goal's answer reaches the client's standard output alone
 * under {@code -q}; a second build in a daemon sees nothing of the first; two lanes take turns,
 * the waiter naming the holder as the build in its daemon; {@code kill -9} of the holding daemon
 * hands the lock over at once; {@code mvnd queuelock:land} lands. Skipped where the distributions are
 * not ({@link #NO_MVND}).
 */
class MvndIT {

    private static final Duration MVN = Timing.forMaven();
    private static final Duration START = Timing.forMavenToStart();
    /** The distributions for tests, beside the repository (see its README). */
    private static final Path DISTRIBUTIONS = Path.of(System.getProperty("queuelock.it.mvndDists", "../../shared/mvnd")).toAbsolutePath();

    @TempDir
    Path work;

    private Path mvnd;
    private final List<Process> clients = new ArrayList<>();

    /** Why the tests are skipped where no distribution is found. */
    static final String NO_MVND = "no mvnd distribution (maven-mvnd-*.tar.gz) in " + DISTRIBUTIONS + "; the package"
            + " registries do not serve mvnd, so put the tarballs there or name their directory with -Dit.mvndDists=<dir>";

    /** The distributions found, or {@code none}: each test then skips, saying why ({@link #NO_MVND}). */
    static List<String> distributions() throws IOException {
        if (!Files.isDirectory(DISTRIBUTIONS)) {
            return List.of("none");
        }
        try (Stream<Path> files = Files.list(DISTRIBUTIONS)) {
            List<String> found = files.map(f -> f.getFileName().toString()).filter(n -> n.matches("maven-mvnd-.*\\.tar\\.gz"))
                    .sorted().collect(Collectors.toList());
            return found.isEmpty() ? List.of("none") : found;
        }
    }

    @AfterEach
    void stopDaemons() throws Exception {
        clients.forEach(ProcessTree::destroy);
        if (mvnd != null) {
            run(work, "stop", "--stop");
        }
    }

    /**
     * The answers of {@code port} and {@code lane}, then two builds in one daemon: the first with
     * what a build can bring (another lane where the daemon is shared, other goals, two slots, the
     * portable process layer by environment), the second with none of it. While the test holds
     * slot 1, the first takes slot 2; the second must wait for slot 1, and its lines, its lock record
     * and its process layer (both run with {@code -X}, which prints it) are its own.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void answersReachTheClientAndASecondBuildInTheDaemonSeesNothingOfTheFirst(String distribution) throws Exception {
        assumeTrue(!distribution.equals("none"), NO_MVND);
        mvnd = unpack(distribution);
        Path main = TestRepos.repoWithWorktrees(work.resolve("shop")).get(0);
        Path lane2 = work.resolve("shop-lane-2");
        TestRepos.git(main, "worktree", "add", "-q", "-b", "lane/2", lane2.toString());

        assertThat(run(lane2, "port", "-q", "queuelock:port")).as("$(mvnd -q queuelock:port)").isEqualTo("8082");
        String made = lastLine(run(lane2, "lane", "-q", "queuelock:lane"));
        Path lane1 = work.resolve("shop-lane-1");
        assertThat(Path.of(made).toRealPath()).as("$(mvnd -q queuelock:lane | tail -n 1)").isEqualTo(lane1.toRealPath());
        assertThat(TestRepos.git(lane1, "symbolic-ref", "--short", "HEAD")).isEqualTo("lane/1");

        // mvnd 1.x runs a build in any idle daemon with the same extensions; 2.x keeps a daemon per
        // checkout (its daemon key hashes the path of .mvn/extensions.xml), so there both builds are lane 2's.
        boolean lanesShareADaemon = distribution.startsWith("maven-mvnd-1.");
        Path firstLane = lanesShareADaemon ? lane1 : lane2;
        Path releaseFirst = work.resolve("release-first");
        Path releaseSecond = work.resolve("release-second");
        Process second;
        QueueLock slot1 = QueueLockFactory.defaults().withTmpDir(tmp()).open(Queue.BUILD, main);
        slot1.acquire(AcquireOptions.defaults().withLabel("test-holds-slot-1"));
        LockRecord first;
        try {
            Process firstBuild = start(firstLane, "first", Map.of(Processes.ENV, "portable"),
                    "-B", "-X", "initialize", "-Dqueuelock.build.slots=2", "-Drelease=" + releaseFirst);
            // Slot 1's file is not read here: closing it in this JVM would drop the test's own OS lock.
            first = awaitRecord("slot-2", r -> true, firstBuild, "first");
            assertThat(first.lane()).isEqualTo(firstLane.getFileName().toString());
            assertThat(first.label()).contains("initialize");
            assertThat(first.runsIn()).contains("mvnd daemon");
            Files.createFile(releaseFirst);
            assertThat(awaitExit(firstBuild, "first")).as(out("first")).isZero();
            assertThat(out("first")).contains("process facts: portable (QUEUELOCK_PROCESSES=portable)",
                    "Build lock acquired (lane " + firstLane.getFileName() + ", repo queue).");

            second = start(lane2, "second", Map.of(), "-B", "-X", "validate", "-Drelease=" + releaseSecond);
            awaitOutput(second, "second", "Build queue: next up; ");
            assertThat(queueDir().resolve("slot-2")).as("the second build, of one slot, waits for slot 1").doesNotExist();
        } finally {
            slot1.release();
        }
        LockRecord held = awaitRecord("lock", r -> r.lane().equals("shop-lane-2"), second, "second");
        assertThat(held.pid()).as("the same daemon ran both builds").isEqualTo(first.pid());
        assertThat(held.label()).contains("validate");
        assertThat(held.runsIn()).contains("mvnd daemon");
        Files.createFile(releaseSecond);
        assertThat(awaitExit(second, "second")).as(out("second")).isZero();

        String secondOut = out("second");
        assertThat(daemonId(secondOut)).as("the same daemon ran both builds").isEqualTo(daemonId(out("first")));
        assertThat(secondOut).contains("process facts: linux").doesNotContain("process facts: portable");
        List<String> queueLines = secondOut.lines().filter(l -> l.contains("Build queue") || l.contains("Build lock"))
                .collect(Collectors.toList());
        // Its own slots (the waiter's reason line), not the first build's 2.
        assertThat(queueLines).as("the second build's queue lines").anyMatch(l -> l.contains("Build lock acquired after waiting"))
                .anyMatch(l -> l.endsWith("Build queue: slots: 1 (fixed)"))
                .noneMatch(l -> l.contains("initialize") || l.contains("slots: 2") || l.contains("2 slots") || l.contains("portable")
                        || lanesShareADaemon && l.contains("shop-lane-1"));
        assertThat(run(lane2, "status", "-q", "queuelock:status")).contains("build queue (repo scope)").contains("holder: none");
    }

    /**
     * Lane A holds the build lock in one daemon and lane B's build waits in another. A {@code kill -9}
     * of B's client: the daemon would run that build for nobody, so the build leaves the queue (its
     * ticket is gone) and fails, its daemon idle again, while A holds on. B builds again, waits and
     * names A's build; a {@code kill -9} of A's daemon gives B the lock within a second; then B lands
     * through {@code mvnd queuelock:land}, its check build run by the plain Maven that mvnd bundles.
     * One scene for both kills: each needs a holder in one daemon and a waiter in another.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void aWaitingBuildWhoseClientIsKilledLeavesTheQueueAndAKilledHoldersDaemonHandsOverAtOnceThenALaneLands(String distribution)
            throws Exception {
        assumeTrue(!distribution.equals("none"), NO_MVND);
        mvnd = unpack(distribution);
        LandingRepo repo = LandingRepo.create(work, "shop", "main", true);
        Path laneA = repo.lane("shop-lane-2", "a.txt", "main");
        Path laneB = repo.lane("shop-lane-3", "b.txt", "main");
        Process a = start(laneA, "lane-a", Map.of(), "-B", "validate", "-Drelease=" + work.resolve("never"));
        LockRecord holder = awaitRecord("lock", r -> r.lane().equals("shop-lane-2"), a, "lane-a");
        assertThat(holder.runsIn()).contains("mvnd daemon");

        Process gone = start(laneB, "lane-b-gone", Map.of(), "-B", "validate");
        awaitOutput(gone, "lane-b-gone", "Build queue: next up; ");
        long daemon = onlyTicketPid();
        long clientKilled = System.nanoTime();
        gone.destroyForcibly(); // kill -9 of the client: its daemon runs on
        Awaitility.await().atMost(Timing.seconds(20)).pollInterval(Duration.ofMillis(50)).until(() -> tickets().isEmpty());
        System.out.printf("MvndIT %s: kill -9 of the client to its build leaving the queue: %d ms%n", distribution,
                Duration.ofNanos(System.nanoTime() - clientKilled).toMillis());
        assertThat(ProcessHandle.of(daemon).map(ProcessHandle::isAlive)).as("the daemon lives on").contains(true);
        // The build failed (its lines went to the client that is gone): its daemon is idle again, ready for the next.
        Awaitility.await().atMost(Timing.seconds(30)).pollInterval(Duration.ofSeconds(1))
                .until(() -> run(laneB, "status", "--status").lines()
                        .anyMatch(l -> l.contains(" " + daemon + " ") && l.contains("Idle")));
        assertThat(record(queueDir().resolve("lock"))).as("lane A holds on").contains(holder);
        assertThat(a.isAlive()).isTrue();

        Process b = start(laneB, "lane-b", Map.of(), "-B", "validate");
        awaitOutput(b, "lane-b", "Build queue: next up; lane shop-lane-2 (validate), in mvnd daemon " + holder.pid() + ",");
        long waiter = onlyTicketPid();
        assertThat(waiter).as("lane B waits in a daemon of its own").isNotEqualTo(holder.pid());

        long killed = System.nanoTime();
        assertThat(ProcessHandle.of(holder.pid()).orElseThrow().destroyForcibly()).as("kill -9 " + holder.pid()).isTrue();
        Duration handOver = handOverTo(waiter, killed);
        System.out.printf("MvndIT %s: kill -9 of daemon %d to the lock naming daemon %d: %d ms%n", distribution, holder.pid(),
                waiter, handOver.toMillis());
        assertThat(handOver).as("kill -9 of daemon %d to the lock naming daemon %d took %d ms", holder.pid(), waiter, handOver.toMillis())
                .isLessThanOrEqualTo(Timing.scaled(Duration.ofSeconds(1)));
        assertThat(awaitExit(b, "lane-b")).as(out("lane-b")).isZero();
        assertThat(out("lane-b")).contains("died; taking over", "Build lock acquired after waiting");

        String land = run(laneB, "land", "-B", "queuelock:land", "-Dqueuelock.land.checkGoals=validate");
        String check = land.lines().filter(l -> l.contains("checking the rebased commit")).findFirst().orElse("no check in:\n" + land);
        assertThat(check).as("the plain Maven mvnd bundles, given the user's properties only")
                .contains(mvnd.getParent().getParent().resolve("mvn/bin/mvn") + " -B ")
                .doesNotContain("-Dmvnd.", "-Dmaven.multiModuleProjectDirectory", "-Dmaven.installation.", "-Dmaven.project.", "-Dsession.");
        assertThat(land).contains("lane shop-lane-3 landed on origin/main");
        assertThat(repo.remoteSubjects("main")).containsExactly("shop-lane-3 work", "project");
    }

    private List<String> tickets() throws IOException {
        try (Stream<Path> tickets = Files.list(queueDir().resolve("tickets"))) {
            return tickets.map(t -> t.getFileName().toString()).collect(Collectors.toList());
        }
    }

    /** Polls the lock file every 20 ms from the kill until it names {@code waiter}: how long the hand-over took. */
    private Duration handOverTo(long waiter, long killedAtNanos) throws Exception {
        Path lock = queueDir().resolve("lock");
        Duration limit = Timing.seconds(30);
        while (true) {
            Duration elapsed = Duration.ofNanos(System.nanoTime() - killedAtNanos);
            if (record(lock).filter(r -> r.pid() == waiter).isPresent()) {
                return elapsed;
            }
            assertThat(elapsed).as("the lock never named daemon " + waiter + ":\n" + out("lane-b")).isLessThan(limit);
            Thread.sleep(20);
        }
    }

    /** Waits for the record of {@code file} in the build queue to match; fails early with the build's output if it ends. */
    private LockRecord awaitRecord(String file, Predicate<LockRecord> matches, Process build, String name) {
        LockRecord[] found = new LockRecord[1];
        Awaitility.await().atMost(START).pollInterval(Duration.ofMillis(100)).until(() -> {
            Optional<LockRecord> record = queueDirIfMade().flatMap(dir -> record(dir.resolve(file))).filter(matches);
            if (record.isPresent()) {
                found[0] = record.get();
                return true;
            }
            assertThat(build.isAlive()).as(name + " ended before its record was in " + file + ":\n" + out(name)).isTrue();
            return false;
        });
        return found[0];
    }

    private static Optional<LockRecord> record(Path file) {
        try {
            return RecordJson.decode(Files.readAllBytes(file));
        } catch (IOException e) {
            return Optional.empty(); // not there yet, or between a release and the next take
        }
    }

    /** The pid of the one waiter's ticket ({@code <ts>-<pid>}): the waiting build's daemon. */
    private long onlyTicketPid() throws IOException {
        try (Stream<Path> tickets = Files.list(queueDir().resolve("tickets"))) {
            List<String> names = tickets.map(t -> t.getFileName().toString()).collect(Collectors.toList());
            assertThat(names).hasSize(1);
            return Long.parseLong(names.get(0).substring(names.get(0).indexOf('-') + 1));
        }
    }

    private Path tmp() throws IOException {
        return Files.createDirectories(work.resolve("tmp"));
    }

    /** The only repo-scoped build queue under this test's TMPDIR. */
    private Path queueDir() throws IOException {
        return queueDirIfMade().orElseThrow();
    }

    private Optional<Path> queueDirIfMade() throws IOException {
        try (Stream<Path> dirs = Files.list(tmp())) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("claude-code-merge-queue-build-queue-")).findFirst();
        }
    }

    private static String lastLine(String out) {
        List<String> lines = out.lines().collect(Collectors.toList());
        return lines.get(lines.size() - 1);
    }

    /** The id in mvnd's {@code Processing build on daemon <id>} line. */
    private static String daemonId(String out) {
        return out.lines().filter(l -> l.contains("Processing build on daemon ")).findFirst()
                .map(l -> l.substring(l.indexOf("daemon ") + 7).strip()).orElse("none in:\n" + out);
    }

    /** Unpacks the distribution into target/mvnd once; its client launcher. */
    private static Path unpack(String distribution) throws Exception {
        Path into = Path.of("target/mvnd").toAbsolutePath();
        Path home = into.resolve(distribution.replace("-linux-amd64.tar.gz", "-linux-amd64"));
        if (!Files.isDirectory(home)) {
            Files.createDirectories(into);
            Process tar = new ProcessBuilder("tar", "xzf", DISTRIBUTIONS.resolve(distribution).toString(), "-C", into.toString())
                    .inheritIO().start();
            assertThat(tar.waitFor(120, TimeUnit.SECONDS) && tar.exitValue() == 0).as("tar xzf " + distribution).isTrue();
        }
        return home.resolve("bin/mvnd.sh");
    }

    /** Runs the mvnd client in {@code dir} to its end; its standard output (standard error goes to a log of its own). */
    private String run(Path dir, String name, String... args) throws Exception {
        Process client = start(dir, name, Map.of(), args);
        assertThat(awaitExit(client, name)).as(name + ": " + out(name) + Files.readString(work.resolve(name + ".err"))).isZero();
        return out(name);
    }

    /** Starts the mvnd client in {@code dir}, {@code env} added to the test's environment for mvnd. */
    private Process start(Path dir, String name, Map<String, String> env, String... args) throws IOException {
        // The daemon's JVM is started by mvnd, not from MAVEN_OPTS: its native libraries go to the test's temp dir
        // too, and it runs a few builds of seconds, as MavenRun's Mavens do.
        List<String> command = new ArrayList<>(List.of(mvnd.toString(), "-Dmaven.repo.local=" + MavenRun.IT_REPO,
                "-Dmvnd.jvmArgs=" + MavenRun.SHORT_JVM + " -Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(work.resolve(name + ".out").toFile()).redirectError(work.resolve(name + ".err").toFile());
        // The daemon takes each build's environment from its client: this is all a build brings.
        pb.environment().put("MVND_DAEMON_STORAGE", work.resolve("mvnd-storage").toString());
        pb.environment().put("TMPDIR", tmp().toString());
        pb.environment().remove("QUEUELOCK_SKIP");
        pb.environment().remove(Processes.ENV);
        // mvnd's Java client warns on standard output when it has no terminal; a dumb one is asked for.
        pb.environment().put("MAVEN_OPTS", MavenRun.SHORT_JVM + " -Dorg.jline.terminal.dumb=true -Djava.io.tmpdir="
                + System.getProperty("java.io.tmpdir"));
        pb.environment().putAll(env);
        Process client = pb.start();
        clients.add(client);
        return client;
    }

    private int awaitExit(Process client, String name) throws InterruptedException {
        assertThat(client.waitFor(MVN.toSeconds(), TimeUnit.SECONDS)).as(name + " ends:\n" + out(name)).isTrue();
        return client.exitValue();
    }

    /** Waits until the client's output contains {@code text}: mvnd streams a build's lines to it as they come. */
    private void awaitOutput(Process client, String name, String text) {
        Awaitility.await().atMost(START).pollInterval(Duration.ofMillis(100)).until(() -> {
            if (out(name).contains(text)) {
                return true;
            }
            assertThat(client.isAlive()).as(name + " ended before printing '" + text + "':\n" + out(name)).isTrue();
            return false;
        });
    }

    private String out(String name) {
        try {
            return Files.readString(work.resolve(name + ".out"), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
