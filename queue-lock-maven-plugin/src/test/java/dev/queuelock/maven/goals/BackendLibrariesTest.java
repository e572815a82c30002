package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class BackendLibrariesTest {

    /** Maven reads the POM of every dependency of a plugin before any of its goals runs: Curator's tree cost each goal about 0.3 CPU-s. */
    @Test
    void thePluginsRealmHoldsNoLibraryOfTheZooKeeperBackend() throws Exception {
        assertThat(PluginDescriptor.dependencies()).contains("dev.queuelock:queue-lock-zookeeper")
                .noneMatch(d -> d.startsWith("org.apache.curator:") || d.startsWith("org.apache.zookeeper:")
                        || d.startsWith("io.netty:") || d.startsWith("com.google.guava:"));
    }

    @Test
    void aSessionOnFilesChoosesNoBackendToResolve() {
        assertThat(BackendLibraries.chosen(new Properties())).isEmpty();
        assertThat(BackendLibraries.chosen(props("queuelock.backend", "file"))).isEmpty();
    }

    @Test
    void theZooKeeperBackendIsResolvedWhenAnyQueueRunsOnIt() {
        assertThat(BackendLibraries.chosen(props("queuelock.land.backend", "zookeeper"))).containsExactly("zookeeper");
        assertThat(BackendLibraries.chosen(props("queuelock.backend", "zookeeper"))).containsExactly("zookeeper");
        assertThat(BackendLibraries.chosen(props("queuelock.build.backend", "zookeeper"))).containsExactly("zookeeper");
    }

    private static Properties props(String key, String value) {
        Properties p = new Properties();
        p.setProperty(key, value);
        return p;
    }
}
