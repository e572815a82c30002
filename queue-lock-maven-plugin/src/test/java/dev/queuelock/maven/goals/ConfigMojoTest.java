package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.config.KnownKeys;
import dev.queuelock.repository.LaneDirectorySettings;
import dev.queuelock.config.LockSettings;
import dev.queuelock.config.Setting;
import dev.queuelock.land.batch.BatchOptions;
import dev.queuelock.land.engine.CheckAndPushSettings;
import dev.queuelock.zookeeper.ZooKeeperSettings;
import org.apache.maven.api.plugin.testing.InjectMojo;
import java.util.HashSet;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;

/** {@code queuelock:config}: every key of the catalog with its value, and every bad value at once. */
class ConfigMojoTest extends HarnessTest {

    @Test
    @InjectMojo(goal = "config")
    void everyKeyIsShownWithItsValueAndMeaning(ConfigMojo mojo) throws Exception {
        session.getUserProperties().setProperty(BatchOptions.BATCH.name(), "3");
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        for (Setting<?> s : SettingsCatalog.standard().all()) {
            assertThat(log.lines).anyMatch(l -> l.startsWith(s.name() + " = ")).contains("    " + s.meaning());
        }
        assertThat(log.lines).contains("queuelock.land.batch = 3 (set) [land]", "queuelock.build.skip = false (default) [build queue]");
    }

    @Test
    @InjectMojo(goal = "config")
    void aBadValueOfAnyKeyIsRefusedNamingIt(ConfigMojo mojo) throws Exception {
        session.getUserProperties().setProperty(CheckAndPushSettings.CHECKS_REQUIRED.name(), "nope");
        assertRefused(mojo, "queuelock.land.checksRequired must be true or false, not 'nope'");
    }

    @Test
    @InjectMojo(goal = "config")
    void everyBadKeyIsNamedAtOnce(ConfigMojo mojo) throws Exception {
        session.getUserProperties().setProperty(LockSettings.POLL_MILLIS, "0");
        session.getUserProperties().setProperty(CheckAndPushSettings.CHECKS_REQUIRED.name(), "nope");
        session.getUserProperties().setProperty(LaneDirectorySettings.PORT_BASE, "abc");
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class).hasMessageContainingAll(
                "queuelock.build.pollMillis must be a whole number of 1 or more, not '0'; ",
                "queuelock.land.checksRequired must be true or false, not 'nope'", "queuelock.lanes.portBase must be a whole number");
    }

    /** A goal warns of a queuelock.* name no key has, naming the nearest key; a renamed key's former name is no such name. */
    @Test
    @InjectMojo(goal = "config")
    void anUnknownKeyIsAWarningNamingTheNearestKey(ConfigMojo mojo) throws Exception {
        given("queuelock.land.paralel", "2");
        given("queuelock.landCheck", "full");
        session.getSystemProperties().setProperty("queuelock.foo", "1");
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        assertThat(log.lines).contains(
                "queuelock.land.paralel is not a queue-lock key, so nothing reads it: did you mean queuelock.land.parallel?",
                "queuelock.foo is not a queue-lock key, so nothing reads it, nor near one: mvn queuelock:config lists every key"
                        + " (so does the configuration page).");
        assertThat(log.text()).doesNotContain("queuelock.landCheck is not");
    }

    /** The build queue (or an earlier goal) warned already in this session: said once. */
    @Test
    @InjectMojo(goal = "config")
    void anUnknownKeyIsWarnedAboutOncePerSession(ConfigMojo mojo) throws Exception {
        given("queuelock.land.paralel", "2");
        Set<String> warned = new HashSet<>(Set.of("queuelock.land.paralel"));
        session.getRequest().getData().put(KnownKeys.WARNED, warned);
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        assertThat(log.text()).doesNotContain("is not a queue-lock key");
    }

    /** The keys no goal reads (the build queue's, the backends') are checked as well as listed. */
    @Test
    @InjectMojo(goal = "config")
    void skipMustBeTrueOrFalse(ConfigMojo mojo) throws Exception {
        session.getUserProperties().setProperty(LockSettings.SKIP, "maybe");
        assertRefused(mojo, "queuelock.build.skip must be true or false, not 'maybe'");
    }

    @Test
    @InjectMojo(goal = "config")
    void stuckWarnMinutesMustBeAWholeNumber(ConfigMojo mojo) throws Exception {
        session.getUserProperties().setProperty(LockSettings.STUCK_WARN_MINUTES, "soon");
        assertRefused(mojo, "queuelock.build.stuckWarnMinutes must be a whole number of 1 or more, not 'soon'");
    }

    @Test
    @InjectMojo(goal = "config")
    void sessionTimeoutMustBeADuration(ConfigMojo mojo) throws Exception {
        session.getUserProperties().setProperty(ZooKeeperSettings.ZOOKEEPER_SESSION_TIMEOUT.name(), "forever");
        assertRefused(mojo, "queuelock.zookeeper.sessionTimeout must be a duration such as 200ms, 30s, 5m or 1h, "
                + "more than zero, not 'forever'");
    }

    @Test
    @InjectMojo(goal = "config")
    void connectionTimeoutMustBeMoreThanZero(ConfigMojo mojo) throws Exception {
        session.getUserProperties().setProperty(ZooKeeperSettings.ZOOKEEPER_CONNECTION_TIMEOUT.name(), "0s");
        assertRefused(mojo, "queuelock.zookeeper.connectionTimeout must be a duration such as 200ms, 30s, 5m or 1h, "
                + "more than zero, not '0s'");
    }
}
