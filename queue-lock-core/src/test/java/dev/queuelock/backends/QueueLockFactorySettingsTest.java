package dev.queuelock.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.config.LockSettings;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The factory reads its own keys from a session's user properties: the build lock the extension
 * takes and the land and build locks {@code queuelock:land} opens are all made by
 * {@link QueueLockFactory#fromProperties}, so all of them poll at {@code -Dqueuelock.build.pollMillis}
 * (the land goal's build lock used to keep 200 ms whatever was set).
 */
class QueueLockFactorySettingsTest {

    @Test
    void thePollIntervalIsReadFromTheUserProperties() {
        Properties user = new Properties();
        user.setProperty(LockSettings.POLL_MILLIS, "37");
        assertThat(QueueLockFactory.fromProperties(user).pollInterval()).isEqualTo(Duration.ofMillis(37));
        assertThat(QueueLockFactory.fromProperties(new Properties()).pollInterval()).isEqualTo(Duration.ofMillis(200));
    }

    @Test
    void aBadPollIntervalNamesTheKey() {
        Properties user = new Properties();
        user.setProperty(LockSettings.POLL_MILLIS, "soon");
        assertThatThrownBy(() -> QueueLockFactory.fromProperties(user))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("queuelock.build.pollMillis must be a whole number of 1 or more, not 'soon'");
    }
}
