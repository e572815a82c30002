package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.config.Setting;
import dev.queuelock.land.LandSettings;
import dev.queuelock.land.batch.BatchOptions;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class ConfigMojoTest extends HarnessTest {

    @TestFactory
    @InjectMojo(goal = "config")
    Stream<DynamicTest> parametersDefaultToTheDocumentedValues(ConfigMojo mojo) throws Exception {
        return defaultsAreTheDocumented("config", mojo);
    }

    @Test
    @InjectMojo(goal = "config")
    void everyKeyIsShownWithItsValueAndMeaning(ConfigMojo mojo) throws Exception {
        session.getUserProperties().setProperty(BatchOptions.BATCH, "3");
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        for (Setting<?> s : SettingsCatalog.all()) {
            assertThat(log.lines).anyMatch(l -> l.startsWith(s.name() + " = ")).contains("    " + s.meaning());
        }
        assertThat(log.lines).contains("queuelock.batch = 3 (set) [land]", "queuelock.skip = false (default) [build queue]");
    }

    @Test
    @InjectMojo(goal = "config")
    void aBadValueOfAnyKeyIsRefusedNamingIt(ConfigMojo mojo) throws Exception {
        session.getUserProperties().setProperty(LandSettings.CHECKS_REQUIRED, "nope");
        assertRefused(mojo, "queuelock.checksRequired must be true or false, not 'nope'");
    }

    @Test
    @InjectMojo(goal = "config")
    @MojoParameter(name = "pollMillis", value = "0")
    void everyBadKeyIsNamedAtOnce(ConfigMojo mojo) throws Exception {
        session.getUserProperties().setProperty(LandSettings.CHECKS_REQUIRED, "nope");
        session.getUserProperties().setProperty(dev.queuelock.config.LaneDirectorySettings.PORT_BASE, "abc");
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class).hasMessageContainingAll(
                "queuelock.pollMillis must be a whole number of 1 or more, not '0'; ",
                "queuelock.checksRequired must be true or false, not 'nope'", "queuelock.portBase must be a whole number");
    }

    @Test
    @InjectMojo(goal = "config")
    @MojoParameter(name = "skip", value = "maybe")
    void skipMustBeTrueOrFalse(ConfigMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.skip must be true or false, not 'maybe'");
    }

    @Test
    @InjectMojo(goal = "config")
    @MojoParameter(name = "pollMillis", value = "0")
    void pollMillisMustBePositive(ConfigMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.pollMillis must be a whole number of 1 or more, not '0'");
    }

    @Test
    @InjectMojo(goal = "config")
    @MojoParameter(name = "stuckWarnMinutes", value = "soon")
    void stuckWarnMinutesMustBeAWholeNumber(ConfigMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.stuckWarnMinutes must be a whole number of 1 or more, not 'soon'");
    }

    @Test
    @InjectMojo(goal = "config")
    @MojoParameter(name = "zookeeperSessionTimeout", value = "forever")
    void sessionTimeoutMustBeADuration(ConfigMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.zookeeper.sessionTimeout must be a duration such as 200ms, 30s, 5m or 1h, "
                + "more than zero, not 'forever'");
    }

    @Test
    @InjectMojo(goal = "config")
    @MojoParameter(name = "zookeeperConnectionTimeout", value = "0s")
    void connectionTimeoutMustBeMoreThanZero(ConfigMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.zookeeper.connectionTimeout must be a duration such as 200ms, 30s, 5m or 1h, "
                + "more than zero, not '0s'");
    }
}
