package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.LockSettings;
import dev.queuelock.file.FileBackend;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which backend a queue runs on, by the settings. */
class QueueBackendSelectionTest {

    @Test
    void fileIsTheDefault() {
        assertThat(QueueLockFactory.defaults().backendFor("land").name()).isEqualTo(FileBackend.NAME);
        assertThat(QueueLockFactory.defaults().backendFor("build").name()).isEqualTo(FileBackend.NAME);
    }

    @Test
    void anUnknownBackendFailsListingTheKnownOnes() {
        QueueLockFactory factory = QueueLockFactory.defaults().withSettings(Map.of(LockSettings.BACKEND, "nfs"));
        assertThatThrownBy(() -> factory.backendFor("land"))
                .isInstanceOf(QueueLockException.class)
                .hasMessageStartingWith("unknown queue backend 'nfs'; known: ")
                .hasMessageContaining("file")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void theBuildQueueIgnoresTheGeneralSettingButNotItsOwn() {
        QueueLockFactory factory = QueueLockFactory.defaults().withSettings(Map.of(LockSettings.BACKEND, "nfs"));
        assertThat(factory.backendFor("build").name()).isEqualTo(FileBackend.NAME);
        QueueLockFactory own = QueueLockFactory.defaults().withSettings(Map.of(LockSettings.BUILD_BACKEND, "nfs"));
        assertThatThrownBy(() -> own.backendFor("build")).hasMessageContaining("'nfs'");
    }

    @Test
    void aQueueSettingOverridesTheGeneralOne() {
        QueueLockFactory factory = QueueLockFactory.defaults().withSettings(
                Map.of(LockSettings.BACKEND, "nfs", LockSettings.LAND_BACKEND, "file"));
        assertThat(factory.backendFor("land").name()).isEqualTo(FileBackend.NAME);
        assertThatThrownBy(() -> factory.backendFor("other")).hasMessageContaining("'nfs'");
    }
}
