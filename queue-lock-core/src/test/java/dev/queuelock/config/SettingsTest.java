package dev.queuelock.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The parsers every reader of a key shares; core's own keys as examples, and keys made up for the test. */
class SettingsTest {

    private static final Setting<Boolean> SYNC = Setting.flag("queuelock.land.sync", true, "land", "Sync.");
    private static final Setting<Integer> BATCH = Setting.number("queuelock.land.batch", 1, 1, "land", "Batch.");
    private static final Setting<Integer> RETRIES = Setting.number("queuelock.land.pushRetries", 0, 3, "land", "Retries.");
    private static final Setting<Duration> TIMEOUT = Setting.duration("queuelock.zookeeper.sessionTimeout",
            Duration.ofSeconds(30), "zookeeper backend", "Timeout.");
    private static final Setting<List<String>> BRANCHES = Setting.list("queuelock.land.protectedBranches", "land", "Branches.");

    @Test
    void everySettingHasAMeaningAndSaysWhoReadsIt() {
        assertThat(LockSettings.SETTINGS.all()).allSatisfy(s -> {
            assertThat(s.meaning()).as(s.name()).endsWith(".").doesNotContain("\n");
            assertThat(s.readBy()).as(s.name()).isNotBlank();
            assertThat(s.defaultText()).as(s.name()).isNotBlank();
        });
    }

    @Test
    void aClassesSettingsJoinItsGroupInTheOrderTheyAreDeclared() {
        assertThat(LockSettings.SETTINGS.all()).containsExactly(LockSettings.SKIP_BUILD_QUEUE, LockSettings.SCOPE,
                LockSettings.SLOTS, LockSettings.POLL, LockSettings.STUCK_WARN, LockSettings.DEFAULT_BACKEND, LockSettings.LAND_QUEUE_BACKEND,
                LockSettings.BUILD_QUEUE_BACKEND);
    }

    @Test
    void flagsAcceptTrueOrFalseOnlyAndSaySo() {
        assertThat(LockSettings.SKIP_BUILD_QUEUE.parse("TRUE")).isTrue();
        assertThat(SYNC.parse(" false ")).isFalse();
        assertThatThrownBy(() -> LockSettings.SKIP_BUILD_QUEUE.parse("maybe"))
                .hasMessage("queuelock.build.skip must be true or false, not 'maybe'");
        assertThatThrownBy(() -> SYNC.parse("maybe"))
                .hasMessage("queuelock.land.sync must be true or false, not 'maybe'");
        assertThatThrownBy(() -> SYNC.parse("nope"))
                .hasMessage("queuelock.land.sync must be true or false, not 'nope'");
    }

    @Test
    void numbersAreWholeAndAtLeastTheirMinimum() {
        assertThat(BATCH.parse("4")).isEqualTo(4);
        assertThat(RETRIES.parse("0")).isZero();
        assertThatThrownBy(() -> BATCH.parse("abc"))
                .hasMessage("queuelock.land.batch must be a whole number of 1 or more, not 'abc'");
        assertThatThrownBy(() -> BATCH.parse("0"))
                .hasMessage("queuelock.land.batch must be a whole number of 1 or more, not '0'");
        assertThatThrownBy(() -> RETRIES.parse("-1"))
                .hasMessage("queuelock.land.pushRetries must be a whole number of 0 or more, not '-1'");
        assertThatThrownBy(() -> LockSettings.POLL.parse("99999999999"))
                .hasMessage("queuelock.build.pollMillis must be a whole number of 1 or more, not '99999999999'");
    }

    @Test
    void choicesAndDurationsNameWhatTheyAccept() {
        assertThat(LockSettings.SCOPE.parse("Machine")).isEqualTo(BuildScope.MACHINE);
        assertThatThrownBy(() -> LockSettings.SCOPE.parse("galaxy"))
                .hasMessage("queuelock.build.scope must be repo or machine, not 'galaxy'");
        assertThat(TIMEOUT.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThatThrownBy(() -> TIMEOUT.parse("soon"))
                .hasMessage("queuelock.zookeeper.sessionTimeout must be a duration such as 200ms, 30s, 5m or 1h, "
                        + "more than zero, not 'soon'");
    }

    @Test
    void unsetOrBlankIsTheDefault() {
        assertThat(BATCH.parse(null)).isEqualTo(1);
        assertThat(SYNC.parse("  ")).isTrue();
        assertThat(LockSettings.SCOPE.from(Map.of())).isEqualTo(BuildScope.REPO);
        assertThat(TIMEOUT.parse(null)).isEqualTo(Duration.ofSeconds(30));
        assertThat(TIMEOUT.defaultValue()).isEqualTo("30s");
        assertThat(LockSettings.LAND_QUEUE_BACKEND.parse(null)).isNull();
        assertThat(BRANCHES.parse("release, ,hotfix")).containsExactly("release", "hotfix");
    }
}
