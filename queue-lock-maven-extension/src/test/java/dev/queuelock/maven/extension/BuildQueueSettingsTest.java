package dev.queuelock.maven.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.config.BuildScope;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class BuildQueueSettingsTest {

    @Test
    void defaultsMatchTheNpmTool() {
        BuildQueueSettings s = BuildQueueSettings.from(new Properties(), Map.of());
        assertThat(s.takesLock(false)).isTrue();
        assertThat(s.scope()).isEqualTo(BuildScope.REPO);
        assertThat(s.stuckWarnInterval()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void propertiesAndEnvironmentAreRead() {
        Properties p = props("queuelock.build.scope", "Machine", "queuelock.build.stuckWarnMinutes", "2");
        BuildQueueSettings s = BuildQueueSettings.from(p, Map.of("QUEUELOCK_SKIP", "1"));
        assertThat(s.takesLock(false)).as("QUEUELOCK_SKIP=1").isFalse();
        assertThat(s.scope()).isEqualTo(BuildScope.MACHINE);
        assertThat(s.stuckWarnInterval()).isEqualTo(Duration.ofMinutes(2));
        assertThat(BuildQueueSettings.from(props("queuelock.build.skip", "true"), Map.of()).takesLock(false)).isFalse();
        assertThat(BuildQueueSettings.from(new Properties(), Map.of("QUEUELOCK_SKIP", "0")).takesLock(false)).isTrue();
    }

    @Test
    void badValuesNameTheProperty() {
        assertThatThrownBy(() -> BuildQueueSettings.from(props("queuelock.build.scope", "galaxy"), Map.of()))
                .hasMessage("queuelock.build.scope must be repo or machine, not 'galaxy'");
        assertThatThrownBy(() -> BuildQueueSettings.from(props("queuelock.build.skip", "maybe"), Map.of()))
                .hasMessage("queuelock.build.skip must be true or false, not 'maybe'");
    }

    private static Properties props(String... kv) {
        Properties p = new Properties();
        for (int i = 0; i < kv.length; i += 2) {
            p.setProperty(kv[i], kv[i + 1]);
        }
        return p;
    }
}
