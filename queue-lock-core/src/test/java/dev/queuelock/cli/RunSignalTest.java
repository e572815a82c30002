package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueLockFactory;
import dev.queuelock.QueueSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Real signals to a real {@code run}: CMD's whole tree stops, and the queue moves on. */
class RunSignalTest {

    /** CMD: a shell that starts a grandchild {@code sleep}, tells its pid, and waits for it. */
    private static final String TREE = "sleep 300 & echo $! > grandchild.pid; wait";

    @TempDir
    Path tmp;

    private Path repo;
    private Path queues;
    private ChildJvm jvm;

    @BeforeEach
    void setUp() throws Exception {
        repo = Files.createDirectory(tmp.resolve("lane-a"));
        queues = Files.createDirectory(tmp.resolve("queues"));
        jvm = new ChildJvm(queues);
    }

    @AfterEach
    void stopChildren() {
        jvm.close();
    }

    @ParameterizedTest(name = "SIG{0}")
    @CsvSource({"TERM, 143", "INT, 130"})
    @Timeout(90)
    void signalToHoldingRunStopsTheWholeTreeAndReleases(String signal, int expectedExit) throws Exception {
        Process cli = jvm.start(repo, tmp.resolve("holder"), Main.class, "run", "--", "sh", "-c", TREE);
        Path pidFile = repo.resolve("grandchild.pid");
        await().atMost(Duration.ofSeconds(45)).until(() -> Files.exists(pidFile) && Files.readString(pidFile).endsWith("\n"));
        long grandchild = Long.parseLong(Files.readString(pidFile).trim());
        List<Long> shell = cli.children().map(ProcessHandle::pid).collect(Collectors.toList());
        assertThat(shell).hasSize(1);
        assertThat(snapshot().holder().map(LockRecord::pid)).hasValue(cli.pid());

        ChildJvm.kill(signal, cli.pid());

        assertThat(cli.waitFor(45, TimeUnit.SECONDS)).isTrue();
        assertThat(cli.exitValue()).isEqualTo(expectedExit);
        await().atMost(Duration.ofSeconds(20)).until(() -> !ChildJvm.isAlive(grandchild) && !ChildJvm.isAlive(shell.get(0)));
        assertThat(snapshot().holder()).isEmpty();

        Process next = jvm.start(repo, tmp.resolve("next"), Main.class, "run", "--", "true");
        assertThat(next.waitFor(45, TimeUnit.SECONDS)).isTrue();
        assertThat(next.exitValue()).isZero();
    }

    @Test
    @Timeout(90)
    void sighupIsNoStopRequest() throws Exception {
        Process cli = jvm.start(repo, tmp.resolve("holder"), Main.class, "run", "--", "sleep", "120");
        awaitQueue(s -> s.holder().map(LockRecord::pid).orElse(0L) == cli.pid());
        await().atMost(Duration.ofSeconds(45)).until(() -> cli.children().count() == 1);

        ChildJvm.kill("HUP", cli.pid());

        assertThat(cli.waitFor(2, TimeUnit.SECONDS)).as("run ignores SIGHUP").isFalse();
        assertThat(cli.children().count()).isEqualTo(1);
        assertThat(snapshot().holder().map(LockRecord::pid)).hasValue(cli.pid());
    }

    @Test
    @Timeout(90)
    void sigtermToWaitingRunRemovesItsTicket() throws Exception {
        Process holder = jvm.start(repo, tmp.resolve("holder"), Main.class, "run", "--", "sleep", "120");
        awaitQueue(s -> s.holder().map(LockRecord::pid).orElse(0L) == holder.pid());
        Process waiter = jvm.start(repo, tmp.resolve("waiter"), Main.class, "run", "--", "true");
        awaitQueue(s -> s.waiters().stream().anyMatch(w -> w.pid() == waiter.pid()));
        await().atMost(Duration.ofSeconds(45)).until(() -> Files.readString(tmp.resolve("waiter.err")).contains("next up"));

        ChildJvm.kill("TERM", waiter.pid());

        assertThat(waiter.waitFor(45, TimeUnit.SECONDS)).isTrue();
        assertThat(waiter.exitValue()).isEqualTo(143);
        Path tickets = snapshot().location().resolve("tickets");
        try (var names = Files.list(tickets)) {
            assertThat(names.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith("-" + waiter.pid()));
        }
        assertThat(snapshot().holder().map(LockRecord::pid)).hasValue(holder.pid());
        assertThat(Files.readString(tmp.resolve("waiter.err"))).doesNotContain("acquired");
    }

    @Test
    @Timeout(90)
    void stuckHolderIsReportedButNeverForcedOut() throws Exception {
        Process holder = jvm.start(repo, tmp.resolve("holder"), Main.class, "run", "--", "sleep", "120");
        awaitQueue(s -> s.holder().isPresent());
        jvm.start(repo, tmp.resolve("waiter"), Main.class, "run", "--stuck-warn", "1s", "--", "true");

        Path waitLog = tmp.resolve("waiter.err");
        await().atMost(Duration.ofSeconds(45)).until(() -> Files.readString(waitLog).lines()
                .filter(l -> l.startsWith("[queue-lock] build queue, lane lane-a: warning: next up; held by lane lane-a")).count() >= 2);
        assertThat(Files.readString(waitLog)).contains("kill " + holder.pid());
        assertThat(holder.isAlive()).isTrue();
        assertThat(snapshot().holder().map(LockRecord::pid)).hasValue(holder.pid());
    }

    private QueueSnapshot snapshot() {
        return QueueLockFactory.defaults().withTmpDir(queues).snapshot("build", repo);
    }

    private void awaitQueue(Predicate<QueueSnapshot> condition) {
        await().atMost(Duration.ofSeconds(45)).pollInterval(Duration.ofMillis(50))
                .until(this::snapshot, condition::test);
    }
}
