package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.spi.Queue;
import dev.queuelock.testsupport.BackgroundAcquire;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.PlantedQueue;
import dev.queuelock.testsupport.Timing;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Each POSIX record-lock pitfall, shown with a second real process, and how the queue avoids it. */
class OsLockPitfallsTest {

    private static final Duration PATIENCE = Timing.seconds(60);

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(120)
    void locksArePerProcessSoNoProcessWaitsOnItself() throws Exception {
        Path file = tmp.resolve("ticket");
        HeldFile held = HeldFile.publish(tmp.resolve("ticket.tmp"), file, record(1));
        assertThat(held.osLocked()).isTrue();
        // Read as this JVM must read its own files (Files.readString here would drop the lock).
        assertThat(new String(OwnFiles.read(file), StandardCharsets.UTF_8)).endsWith(",\"oslock\":true}");
        assertThat(probe(file)).as("another process sees the lock").isEqualTo("held");
        // Our own request would be granted at once (or, in Java, refused): never wait on our own file.
        assertThat(ExitWaits.KernelWait.on(file, () -> { })).isNull();

        held.close();
        assertThat(probe(file)).as("closed: dropped").isEqualTo("free");
    }

    @Test
    @Timeout(120)
    void closingAnyChannelDropsTheLockSoThisJvmReadsItsOwnFilesThroughTheHeldChannel() throws Exception {
        PlantedQueue queue = PlantedQueue.in(tmp);
        try (QueueLock lock = queue.open()) {
            lock.acquire(AcquireOptions.defaults().withLabel("holder"));
            Path lockFile = queue.directory().lockFile();
            for (int i = 0; i < 3; i++) {
                assertThat(queue.snapshot().holders().stream().findFirst()).isPresent(); // status in the holding JVM
                assertThat(new LockFile(queue.directory()).holder()).isPresent();
            }
            assertThat(probe(lockFile)).as("status reads in the holding JVM keep its OS lock").isEqualTo("held");

            // The pitfall itself: one plain open and close of the file in this JVM drops the lock.
            try (InputStream in = Files.newInputStream(lockFile)) {
                assertThat(in.read()).isEqualTo('{');
            }
            assertThat(probe(lockFile)).as("any close drops the process's lock").isEqualTo("free");
        }
    }

    @Test
    @Timeout(120)
    void twoLocksOfOneJvmOnOneFileOverlapSoASecondWaitFailsQuietly() throws Exception {
        Path file = tmp.resolve("lock");
        ChildProcess owner = own(file);
        AtomicInteger done = new AtomicInteger();
        try (ExitWaits.KernelWait one = ExitWaits.KernelWait.on(file, done::incrementAndGet);
                ExitWaits.KernelWait other = ExitWaits.KernelWait.on(file, done::incrementAndGet)) {
            // Each blocks in its own thread, so either may ask the kernel first: whichever is second fails.
            await().atMost(PATIENCE).until(() -> one.state() == ExitWaits.KernelWait.State.FAILED
                    || other.state() == ExitWaits.KernelWait.State.FAILED);
            ExitWaits.KernelWait waiting = one.state() == ExitWaits.KernelWait.State.FAILED ? other : one;
            try (FileChannel third = FileChannel.open(file, StandardOpenOption.READ)) {
                assertThatThrownBy(() -> third.lock(0, Long.MAX_VALUE, true)).isInstanceOf(OverlappingFileLockException.class);
            }
            assertThat(waiting.state()).isEqualTo(ExitWaits.KernelWait.State.PENDING);
            assertThat(done).hasValue(1);

            owner.kill9();
            await().atMost(PATIENCE).until(() -> waiting.state() == ExitWaits.KernelWait.State.GRANTED);
            assertThat(done).hasValue(2);
        }
    }

    @Test
    @Timeout(120)
    void aDeletedAndRecreatedFileIsANewInodeAndIsWaitedOnAnew() throws Exception {
        Path file = tmp.resolve("lock");
        Path signals = Files.createDirectory(tmp.resolve("signals"));
        ChildProcess owner = children.jvm(OsLockProbe.class, "own", file.toString(), signals.toString())
                .log(tmp.resolve("owner.log")).start();
        await().atMost(PATIENCE).until(() -> Files.exists(signals.resolve("1")));
        Ticket participant = Ticket.holder(file, new LockRecord(owner.pid(), "probe", null, 1, null), true);
        try (ExitWaits target = sleeper()) {
            assertThat(target.arm(List.of(participant))).isEqualTo(WaitForTurn.FOREVER);
            Object firstInode = OwnFiles.keyOf(file);

            Files.createFile(signals.resolve("go"));
            assertWokenWithin(target, PATIENCE); // the old inode's lock went with it
            await().atMost(PATIENCE).until(() -> Files.exists(signals.resolve("2")));
            assertThat(OwnFiles.keyOf(file)).isNotEqualTo(firstInode);
            assertThat(target.arm(List.of(participant))).as("a new wait on the new inode, not a look-again").isEqualTo(WaitForTurn.FOREVER);

            owner.kill9();
            assertWokenWithin(target, PATIENCE);
            assertThat(target.arm(List.of(participant))).as("granted, on the same inode: look again soon").isLessThan(1000);
        }
    }

    @Test
    @Timeout(120)
    void aFileNotYetMarkedIsNotWaitedOnSoItsOwnerCanStillLockIt() throws Exception {
        // A ticket re-created under its name is created, then locked, then written. A waiter that read
        // the old, marked record must not put a shared lock on the new inode in that moment: it would
        // be granted, and the owner's exclusive lock refused.
        Path file = tmp.resolve("ticket");
        Files.write(file, record(1));
        Ticket readBefore = Ticket.holder(file, new LockRecord(1, "x", null, 1, null), true);
        assertThat(ExitWaits.KernelWait.on(file, () -> { })).as("no wait on an unmarked file").isNull();
        try (ExitWaits target = sleeper()) {
            long first = target.arm(List.of(readBefore));
            assertThat(first).as("look again soon").isLessThan(1000);
            assertThat(target.arm(List.of(readBefore))).as("backing off").isGreaterThan(first).isLessThan(1000);
        }
    }

    @Test
    @Timeout(120)
    void aMarkedRecordOfALiveProcessWithoutItsOsLockIsNotTakenForDead() throws Exception {
        // A process that claims an OS lock it does not hold (it is exiting, or lost it): judged by pid.
        PlantedQueue queue = PlantedQueue.in(tmp);
        ChildProcess live = children.sleeper(tmp.resolve("sleep.log"));
        Files.createDirectories(queue.directory().ticketsDir());
        Files.writeString(queue.directory().lockFile(), "{\"pid\":" + live.pid()
                + ",\"lane\":\"x\",\"ts\":" + System.currentTimeMillis() + ",\"oslock\":true}");
        try (BackgroundAcquire acquire = BackgroundAcquire.start(queue.open())) {
            assertThat(acquire.finishedWithin(Duration.ofMillis(1500))).as("waits for the live holder").isFalse();
            live.kill9();
            assertThat(acquire.finishedWithin(PATIENCE)).isTrue();
            assertThat(acquire.failure()).isNull();
            assertThat(acquire.lock().isHeld()).isTrue();
        }
    }

    /** A waiter's exit waits beside a file watch never opened: only the kernel's grants wake it. */
    private ExitWaits sleeper() {
        QueueDirectory dir = QueueDirectory.of(Queue.in(tmp, "pitfalls", "r"));
        return new ExitWaits(new FileWatch(dir.path(), "unused", null), new Wakeup(), ProcessHandle.current().pid(),
                Duration.ofSeconds(60).toMillis());
    }

    /** The kernel grants the waiter's wait: the owner let go of the file. */
    private static void assertWokenWithin(ExitWaits sleeper, Duration timeout) {
        await().atMost(timeout).until(() -> !sleeper.covered());
    }

    private ChildProcess own(Path file) {
        Path signals = tmp.resolve("signals-" + file.getFileName());
        try {
            Files.createDirectory(signals);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        ChildProcess owner = children.jvm(OsLockProbe.class, "own", file.toString(), signals.toString())
                .log(tmp.resolve("owner.log")).start();
        await().atMost(PATIENCE).until(() -> Files.exists(signals.resolve("1")));
        return owner;
    }

    /** What another process sees: "held" or "free". */
    private String probe(Path file) throws Exception {
        ChildProcess probe = children.jvm(OsLockProbe.class, "probe", file.toString())
                .log(tmp.resolve("probe-" + System.nanoTime() + ".log")).start();
        assertThat(probe.awaitExit(PATIENCE)).as(probe.output()).isZero();
        return probe.output().trim();
    }

    private static byte[] record(long pid) {
        return ("{\"pid\":" + pid + ",\"lane\":\"x\",\"ts\":1}").getBytes(StandardCharsets.UTF_8);
    }
}
