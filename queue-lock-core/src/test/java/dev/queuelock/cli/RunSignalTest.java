package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.awaitility.Awaitility.await;

import dev.queuelock.LockRecord;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.process.Liveness;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.CliLaneTestSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Real signals to a real {@code run}: CMD's whole tree stops, and the queue moves on. */
class RunSignalTest extends CliLaneTestSupport {

    /** CMD: a shell that starts a grandchild {@code sleep}, tells its pid, and waits for it. */
    private static final String TREE = "sleep 300 & echo $! > grandchild.pid; wait";

    @ParameterizedTest(name = "SIG{0}")
    @CsvSource({"TERM, 143", "INT, 130"})
    @Timeout(90)
    void signalToHoldingRunStopsTheWholeTreeAndReleases(String signal, int expectedExit) throws Exception {
        ChildProcess cli = lane.start("holder", "run", "--", "sh", "-c", TREE);
        Path pidFile = lane.dir().resolve("grandchild.pid");
        await().atMost(Duration.ofSeconds(45)).until(() -> Files.exists(pidFile) && Files.readString(pidFile).endsWith("\n"));
        long grandchild = Long.parseLong(Files.readString(pidFile).trim());
        // CMD's shell: the grandchild's parent, a child of the CLI (beside, for a moment, its launcher warm-up).
        long shell = ProcessHandle.of(grandchild).flatMap(ProcessHandle::parent).orElseThrow().pid();
        assertThat(cli.process().children().map(ProcessHandle::pid)).contains(shell);
        assertThat(lane.snapshot().holders().stream().findFirst().map(LockRecord::pid)).hasValue(cli.pid());
        assumeFalse(cli.ignores(signal), "SIG" + signal + " is ignored by the CLI's JVM: it inherited that from how the tests"
                + " were started (a background job ignores SIGINT) and env --default-signal could not undo it, so no"
                + " SIG" + signal + " can reach it");

        cli.signal(signal);

        assertThat(cli.awaitExit(Duration.ofSeconds(45))).isEqualTo(expectedExit);
        // Alive as the lock judges it: a zombie waiting to be reaped does not count.
        await().atMost(Duration.ofSeconds(20))
                .until(() -> !Liveness.isAlive(grandchild, null) && !Liveness.isAlive(shell, null));
        assertThat(lane.snapshot().holders().stream().findFirst()).isEmpty();

        ChildProcess next = lane.start("next", "run", "--", "true");
        assertThat(next.awaitExit(Duration.ofSeconds(45))).isZero();
    }

    @Test
    @Timeout(90)
    void sighupIsNoStopRequest() throws Exception {
        ChildProcess cli = lane.start("holder", "run", "--", "sleep", "120");
        lane.awaitQueue(s -> s.holders().stream().findFirst().map(LockRecord::pid).orElse(0L) == cli.pid());
        await().atMost(Duration.ofSeconds(45)).until(() -> cli.process().children().count() == 1);

        cli.signal("HUP");

        assertThat(cli.exitsWithin(Duration.ofSeconds(2))).as("run ignores SIGHUP").isFalse();
        assertThat(cli.process().children().count()).isEqualTo(1);
        assertThat(lane.snapshot().holders().stream().findFirst().map(LockRecord::pid)).hasValue(cli.pid());
    }

    @Test
    @Timeout(90)
    void sigtermToWaitingRunRemovesItsTicket() throws Exception {
        ChildProcess holder = lane.start("holder", "run", "--", "sleep", "120");
        lane.awaitQueue(s -> s.holders().stream().findFirst().map(LockRecord::pid).orElse(0L) == holder.pid());
        ChildProcess waiter = lane.start("waiter", "run", "--", "true");
        lane.awaitQueue(s -> s.waiters().stream().anyMatch(w -> w.pid() == waiter.pid()));
        lane.awaitStderr(waiter, "next up");

        waiter.signal("TERM");

        assertThat(waiter.awaitExit(Duration.ofSeconds(45))).isEqualTo(143);
        Path tickets = lane.snapshot().location().resolve("tickets");
        try (var names = Files.list(tickets)) {
            assertThat(names.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith("-" + waiter.pid()));
        }
        assertThat(lane.snapshot().holders().stream().findFirst().map(LockRecord::pid)).hasValue(holder.pid());
        assertThat(waiter.stderr()).doesNotContain("acquired");
    }
}
