package dev.queuelock.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.config.LockSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a queue answers: where it lives, how many may hold it, which backend it runs on. */
class QueueTest {

    private static final Path TMP = Path.of("/tmp/queues");

    @Test
    void livesWhereTheNpmToolLooksAndKeepsItsHistoryThere() {
        Queue build = Queue.in(TMP, Queue.BUILD, "/home/me/repo/.git");
        // The npm tool: <tmp>/claude-code-merge-queue-<queue>-queue-<first 12 hex of sha1(key)>.
        assertThat(build.directory()).isEqualTo(TMP.resolve("claude-code-merge-queue-build-queue-" + Queue.hash("/home/me/repo/.git")));
        assertThat(build.usageHistory()).isEqualTo(build.directory().resolve("usage"));
        assertThat(Queue.in(TMP, Queue.LAND, "/home/me/repo/.git").directory().getFileName().toString())
                .startsWith("claude-code-merge-queue-land-queue-");
    }

    @Test
    void onlyTheBuildQueueHasSlots() {
        BackendContext three = new BackendContext(TMP, Duration.ofMillis(200), Map.of(LockSettings.BUILD_SLOTS, "3"));
        assertThat(new Queue(Queue.BUILD, "k", three).slots()).isEqualTo("3");
        assertThat(new Queue(Queue.BUILD, "k", three).slotsSetHere()).isTrue();
        assertThat(new Queue(Queue.LAND, "k", three).slots()).isEqualTo("1");
        assertThat(Queue.in(TMP, Queue.BUILD, "k").slots()).isEqualTo("1");
        assertThat(Queue.in(TMP, Queue.BUILD, "k").slotsSetHere()).as("unset: status trusts what the holders were told").isFalse();
        assertThat(Queue.in(TMP, Queue.LAND, "k").slotsSetHere()).isTrue();
    }

    @Test
    void theBuildQueueKeepsToTheFileBackendUnlessItsOwnSettingSays() {
        Map<String, String> zookeeper = Map.of(LockSettings.BACKEND, "zookeeper");
        assertThat(Queue.backendName(Queue.BUILD, zookeeper)).isEqualTo("file");
        assertThat(Queue.backendName(Queue.LAND, zookeeper)).isEqualTo("zookeeper");
        assertThat(Queue.backendName(Queue.BUILD, Map.of(LockSettings.BUILD_BACKEND, " zookeeper "))).isEqualTo("zookeeper");
        assertThat(Queue.backendName(Queue.LAND, Map.of(LockSettings.BACKEND, "zookeeper", LockSettings.LAND_BACKEND, "file")))
                .isEqualTo("file");
    }

    @Test
    void aNameThatCouldLeaveTheTempDirIsRefused() {
        assertThatThrownBy(() -> Queue.in(TMP, "../etc", "k")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("queue name must be letters, digits, '.', '_' or '-': ../etc");
        assertThatThrownBy(() -> Queue.checkName("")).isInstanceOf(IllegalArgumentException.class);
    }
}
