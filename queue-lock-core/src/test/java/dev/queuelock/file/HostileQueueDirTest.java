package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.WaitEvent;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.PlantedQueue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A shared /tmp where anyone may have planted names first: other owners and symlinks are refused
 * with one line naming the path and owner, nothing is written through a link, broken JSON is "no
 * valid record", and names that are not tickets are left alone.
 */
class HostileQueueDirTest {

    private static final String ME = System.getProperty("user.name");
    private static final boolean ROOT = new com.sun.security.auth.module.UnixSystem().getUid() == 0;
    private static final String GIVING_AWAY = "giving a file to another user (chown) needs root; as an ordinary user"
            + " aRootOwnedDirectoryIsRefusedAsAnOrdinaryUsersQueueDir covers the refusal";
    private static final String VICTIM_CONTENT = "precious\n";

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private PlantedQueue build;
    private QueueDirectory queue;
    private Path victim;

    @BeforeEach
    void setUp() throws IOException {
        build = PlantedQueue.in(tmp);
        queue = build.directory();
        victim = Files.writeString(tmp.resolve("victim"), VICTIM_CONTENT);
    }

    @Test
    @Timeout(60)
    void queueDirOwnedByAnotherUserIsRefused() throws Exception {
        assumeTrue(ROOT, GIVING_AWAY);
        Files.createDirectory(queue.path());
        chownToNobody(queue.path());
        assertRefused(queue.path(), "owned by nobody");
    }

    @Test
    @Timeout(60)
    void aRootOwnedDirectoryIsRefusedAsAnOrdinaryUsersQueueDir() {
        assumeFalse(ROOT, "as root every file is yours: the chown tests above show the refusal instead");
        Path rootOwned = Path.of("/");

        assertThatThrownBy(() -> SafePaths.ensureOwnDirectory(rootOwned))
                .isInstanceOf(QueueLockException.class)
                .hasMessage("refusing /: it is owned by root (uid 0), not by you; remove it or set TMPDIR to a private directory.");
    }

    @Test
    @Timeout(60)
    void lockOwnedByAnotherUserIsRefused() throws Exception {
        assumeTrue(ROOT, GIVING_AWAY);
        queue.prepare();
        Files.writeString(queue.lockFile(), "{\"pid\":1,\"lane\":\"x\",\"ts\":1}");
        chownToNobody(queue.lockFile());
        assertRefused(queue.lockFile(), "owned by nobody");
    }

    @Test
    @Timeout(60)
    void ticketOwnedByAnotherUserIsRefused() throws Exception {
        assumeTrue(ROOT, GIVING_AWAY);
        queue.prepare();
        Path ticket = queue.ticketsDir().resolve("1000-1");
        Files.writeString(ticket, "{\"pid\":1,\"lane\":\"x\",\"ts\":1000}");
        chownToNobody(ticket);
        assertRefused(ticket, "owned by nobody");
    }

    @Test
    @Timeout(60)
    void queueDirThatIsASymlinkIsRefusedAndNothingIsCreatedThroughIt() throws Exception {
        Path elsewhere = Files.createDirectory(tmp.resolve("elsewhere"));
        Files.createSymbolicLink(queue.path(), elsewhere);
        assertRefused(queue.path(), "symbolic link (owner " + ME + ")");
        try (Stream<Path> inside = Files.list(elsewhere)) {
            assertThat(inside).isEmpty();
        }
    }

    @Test
    @Timeout(60)
    void lockThatIsASymlinkIsRefusedAndNotWrittenThrough() throws Exception {
        queue.prepare();
        Files.createSymbolicLink(queue.lockFile(), victim);
        assertRefused(queue.lockFile(), "symbolic link (owner " + ME + ")");
        assertThat(victim).hasContent(VICTIM_CONTENT.trim());
    }

    /** A look sees the lock free by java.io (no link check): the take must still refuse the link. */
    @Test
    @Timeout(60)
    void lockThatIsADanglingSymlinkIsRefusedAndNothingIsCreatedThroughIt() throws Exception {
        queue.prepare();
        Path nowhere = tmp.resolve("nowhere");
        Files.createSymbolicLink(queue.lockFile(), nowhere);
        assertRefused(queue.lockFile(), "symbolic link (owner " + ME + ")");
        assertThat(nowhere).doesNotExist();
    }

    @Test
    @Timeout(60)
    void ticketThatIsASymlinkIsRefusedAndNotWrittenThrough() throws Exception {
        queue.prepare();
        Path ticket = queue.ticketsDir().resolve("1000-1");
        Files.createSymbolicLink(ticket, victim);
        assertRefused(ticket, "symbolic link (owner " + ME + ")");
        assertThat(victim).hasContent(VICTIM_CONTENT.trim());
    }

    @Test
    @Timeout(60)
    void lockTempFileThatIsASymlinkIsRefusedAndNotWrittenThrough() throws Exception {
        queue.prepare();
        Path temp = queue.lockTempFile(ProcessHandle.current().pid());
        Files.createSymbolicLink(temp, victim);
        assertRefused(temp, "symbolic link (owner " + ME + ")");
        assertThat(victim).hasContent(VICTIM_CONTENT.trim());
        assertThat(queue.lockFile()).doesNotExist();
    }

    static Stream<Arguments> corruptRecords() {
        String huge = "{\"pid\":1,\"lane\":\"" + "x".repeat(70 * 1024) + "\",\"ts\":1}";
        return Stream.of(
                Arguments.of("empty", new byte[0]),
                Arguments.of("truncated", "{\"pid\":1,\"lane\":\"x\",\"ts".getBytes(StandardCharsets.UTF_8)),
                Arguments.of("garbage", new byte[] {0, (byte) 0xff, (byte) 0xfe, 'n', 'o', 't', ' ', '{', 0x7f}),
                Arguments.of("not an object", "[1,2,3]".getBytes(StandardCharsets.UTF_8)),
                Arguments.of("huge", huge.getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corruptRecords")
    @Timeout(60)
    void corruptLockIsNoValidRecord(String kind, byte[] content) throws Exception {
        queue.prepare();
        Files.write(queue.lockFile(), content);
        assertThat(build.snapshot().holders().stream().findFirst()).isEmpty();
        try (QueueLock lock = build.open()) {
            assertAcquiresWithin(lock, Duration.ofSeconds(30));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corruptRecords")
    @Timeout(60)
    void corruptTicketIsOrderedByItsNameAndPrunedWhenItsPidIsDead(String kind, byte[] content) throws Exception {
        queue.prepare();
        ChildProcess live = children.sleeper(tmp.resolve("sleep.log"));
        Path liveTicket = Files.write(queue.ticketsDir().resolve("1000-" + live.pid()), content);
        // A live pid's broken ticket still holds its place: the name is the truth.
        assertThat(build.snapshot().waiters()).singleElement()
                .satisfies(w -> assertThat(w.pid()).isEqualTo(live.pid()));

        Path deadTicket = Files.write(queue.ticketsDir().resolve("999-" + deadPid()), content);
        live.kill9();
        try (QueueLock lock = build.open()) {
            assertAcquiresWithin(lock, Duration.ofSeconds(30));
        }
        assertThat(liveTicket).doesNotExist();
        assertThat(deadTicket).doesNotExist();
    }

    @Test
    @Timeout(60)
    void foreignNamesInTicketsAreIgnoredNotDeletedNotCounted() throws Exception {
        queue.prepare();
        List<String> foreign = List.of("README", "notes.txt", "123", "abc-123", "12-ab", "-5", "5-", ".1000-1",
                "1000-1.tmp", "1000-1-2");
        for (String name : foreign) {
            Files.writeString(queue.ticketsDir().resolve(name), "{\"pid\":1,\"lane\":\"x\",\"ts\":1}");
        }
        Files.createDirectory(queue.ticketsDir().resolve("a-dir"));
        assertThat(build.snapshot().waiters()).isEmpty();

        List<WaitEvent> events = new CopyOnWriteArrayList<>();
        try (QueueLock lock = build.open()) {
            lock.acquire(AcquireOptions.defaults().withListener(events::add));
            assertThat(lock.isHeld()).isTrue();
        }
        assertThat(events).noneMatch(e -> e.ahead() > 0);
        for (String name : foreign) {
            assertThat(queue.ticketsDir().resolve(name)).exists();
        }
    }

    private void assertRefused(Path path, String why) throws InterruptedException {
        try (QueueLock lock = build.open()) {
            assertThatThrownBy(() -> lock.acquire(AcquireOptions.defaults()))
                    .isInstanceOf(QueueLockException.class)
                    .hasMessageContaining(path.toString())
                    .hasMessageContaining(why)
                    .satisfies(e -> assertThat(e.getMessage()).as("one line").doesNotContain("\n"));
            assertThat(lock.isHeld()).isFalse();
        }
    }

    private static void assertAcquiresWithin(QueueLock lock, Duration timeout) throws Exception {
        Thread acquiring = new Thread(() -> {
            try {
                lock.acquire(AcquireOptions.defaults());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        acquiring.start();
        acquiring.join(timeout.toMillis());
        acquiring.interrupt();
        acquiring.join(5000);
        assertThat(lock.isHeld()).isTrue();
    }

    /** A real chown, as another user's process would have left it. We run as root. */
    private static void chownToNobody(Path path) throws Exception {
        Process chown = new ProcessBuilder("chown", "nobody", path.toString()).redirectErrorStream(true).start();
        assertThat(chown.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(chown.exitValue()).as(new String(chown.getInputStream().readAllBytes())).isZero();
    }

    private static long deadPid() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        return gone.pid();
    }
}
