package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.process.ProcessStart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rehearsed take really takes, on a queue of its own, and leaves nothing behind. */
class TakeRehearsalTest {

    @TempDir
    Path tmp;

    @Test
    void takesOnAScratchQueueAndRemovesIt() throws Exception {
        QueueDirectory real = QueueDirectory.of(tmp, "build", "repo");
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
