package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.process.ProcessStart;
import dev.queuelock.spi.Queue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rehearsed take really takes, on a queue of its own, and leaves nothing behind. */
class TakeRehearsalTest {

    @TempDir
    Path tmp;

    /** A rehearsal cut off by a kill leaves its scratch queue; the next one removes it, and no live one's. */
    @Test
    void removesTheLeftoverOfAKilledRehearsalOnly() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path leftover = scratchQueueOf(gone.pid());
        Path live = scratchQueueOf(ProcessHandle.current().parent().orElseThrow().pid());

        assertThat(TakeRehearsal.rehearse(tmp, ProcessHandle.current().pid(), ProcessStart.current())).isTrue();

        assertThat(leftover).doesNotExist();
        assertThat(live).exists();
    }

    /** A scratch queue as a rehearsal of {@code pid} leaves it when killed after its take. */
    private Path scratchQueueOf(long pid) throws Exception {
        Path scratch = Files.createDirectory(tmp.resolve("queue-lock-rehearsal-" + pid + "-12345"));
        QueueDirectory dir = QueueDirectory.of(Queue.in(scratch, "rehearsal", "rehearsal"));
        dir.prepare();
        Files.writeString(dir.lockFile(), "{}");
        return scratch;
    }

    @Test
    void takesOnAScratchQueueAndRemovesIt() throws Exception {
        QueueDirectory real = QueueDirectory.of(Queue.in(tmp, "build", "repo"));
        real.prepare();

        assertThat(TakeRehearsal.rehearse(tmp, ProcessHandle.current().pid(), ProcessStart.current())).isTrue();

        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).containsExactly(real.path());
        }
        assertThat(real.lockFile()).doesNotExist();
        try (Stream<Path> tickets = Files.list(real.ticketsDir())) {
            assertThat(tickets).isEmpty();
        }
    }
}
