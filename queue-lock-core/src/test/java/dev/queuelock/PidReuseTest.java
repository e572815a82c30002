package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.file.QueueDirectory;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.testsupport.BackgroundAcquire;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.PlantedQueue;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recorded pid now used by an unrelated live process (a {@code sleep} started here): with a
 * start token that does not match, the record is dead; without one (the npm tool's records),
 * plain pid liveness applies and the record is respected.
 */
class PidReuseTest {

    private static final Duration PATIENCE = Timing.seconds(30);
    private static final Duration BLOCKED_FOR = Duration.ofMillis(1500);

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private PlantedQueue build;
    private QueueDirectory queue;
    private ChildProcess unrelated;

    @BeforeEach
    void setUp() throws IOException {
        build = PlantedQueue.in(tmp);
        queue = build.directory();
        Files.createDirectories(queue.ticketsDir());
        unrelated = children.sleeper(tmp.resolve("sleep.log"));
    }

    @Test
    @Timeout(60)
    void lockOfARecycledPidIsReclaimed() throws Exception {
        write(queue.lockFile(), record(unrelated.pid(), "\"" + otherStart() + "\""));
        try (BackgroundAcquire acquire = BackgroundAcquire.start(build.open())) {
            assertThat(acquire.finishedWithin(PATIENCE)).isTrue();
            assertThat(acquire.failure()).isNull();
            assertThat(acquire.lock().isHeld()).isTrue();
            assertThat(Files.readString(queue.lockFile())).contains("\"pid\":" + ProcessHandle.current().pid());
        }
        assertThat(unrelated.isAlive()).as("reclaiming a lock never touches the process").isTrue();
    }

    @Test
    @Timeout(60)
    void ticketOfARecycledPidIsPruned() throws Exception {
        Path ticket = queue.ticketsDir().resolve("1000-" + unrelated.pid());
        write(ticket, record(unrelated.pid(), "\"" + otherStart() + "\""));
        try (BackgroundAcquire acquire = BackgroundAcquire.start(build.open())) {
            assertThat(acquire.finishedWithin(PATIENCE)).isTrue();
            assertThat(acquire.lock().isHeld()).isTrue();
            assertThat(acquire.events()).noneMatch(e -> e.ahead() > 0);
        }
        assertThat(ticket).doesNotExist();
    }

    @Test
    @Timeout(60)
    void lockWithoutStartTokenIsRespectedWhileThePidLives() throws Exception {
        write(queue.lockFile(), record(unrelated.pid(), null));
        assertHeldByUnrelatedUntilItDies();
    }

    @Test
    @Timeout(60)
    void lockWithTheRightStartTokenIsRespected() throws Exception {
        String token = ProcessStart.of(unrelated.pid()).orElseThrow();
        write(queue.lockFile(), record(unrelated.pid(), "\"" + token + "\""));
        assertHeldByUnrelatedUntilItDies();
    }

    @Test
    @Timeout(60)
    void ticketWithoutStartTokenIsRespectedWhileThePidLives() throws Exception {
        Path ticket = queue.ticketsDir().resolve("1000-" + unrelated.pid());
        write(ticket, record(unrelated.pid(), null));
        try (BackgroundAcquire acquire = BackgroundAcquire.start(build.open())) {
            assertThat(acquire.finishedWithin(BLOCKED_FOR)).as("waits behind the older ticket").isFalse();
            assertThat(acquire.events()).isNotEmpty();
            assertThat(acquire.events().get(0).ahead()).isEqualTo(1);

            unrelated.kill9();
            assertThat(acquire.finishedWithin(PATIENCE)).isTrue();
            assertThat(acquire.lock().isHeld()).isTrue();
        }
        assertThat(ticket).doesNotExist();
    }

    private void assertHeldByUnrelatedUntilItDies() throws Exception {
        try (BackgroundAcquire acquire = BackgroundAcquire.start(build.open())) {
            assertThat(acquire.finishedWithin(BLOCKED_FOR)).as("waits for the live holder").isFalse();
            assertThat(acquire.events()).isNotEmpty();
            assertThat(acquire.events().get(0).holders().stream().findFirst()).get().extracting(LockRecord::pid).isEqualTo(unrelated.pid());

            unrelated.kill9();
            assertThat(acquire.finishedWithin(PATIENCE)).isTrue();
            assertThat(acquire.failure()).isNull();
            assertThat(acquire.lock().isHeld()).isTrue();
        }
    }

    /**
     * A start token of the scheme this JVM's process layer writes (a token of the other scheme
     * cannot be compared, so it never frees a lock) that is not the unrelated process's.
     */
    private String otherStart() {
        String real = ProcessStart.of(unrelated.pid()).orElseThrow();
        return real.startsWith("linux:") ? "linux:some-other-boot:12345" : "epoch-ms:12345";
    }

    /** A record as the npm tool writes it, plus {@code start} when given (already JSON-quoted). */
    private static String record(long pid, String startJson) {
        return "{\"pid\":" + pid + ",\"lane\":\"ghost\",\"label\":\"old build\",\"ts\":"
                + (System.currentTimeMillis() - 60_000) + (startJson == null ? "" : ",\"start\":" + startJson) + "}";
    }

    private static void write(Path file, String content) throws IOException {
        Files.write(file, content.getBytes(StandardCharsets.UTF_8));
    }
}
