package dev.queuelock.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SettingsTest {

    @Test
    void everyKeyNameHasExactlyOneSettingAndEverySettingANamedKey() throws IllegalAccessException {
        List<String> names = new ArrayList<>();
        for (Field f : QueueLockProperties.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                String value = (String) f.get(null);
                if (value.startsWith(QueueLockProperties.PREFIX) && !value.equals(QueueLockProperties.PREFIX)) {
                    names.add(value);
                }
            }
        }
        assertThat(Settings.all().stream().map(Setting::name).collect(Collectors.toList()))
                .containsExactlyInAnyOrderElementsOf(names);
    }

    @Test
    void everySettingHasAMeaningAndSaysWhoReadsIt() {
        assertThat(Settings.all()).allSatisfy(s -> {
            assertThat(s.meaning()).as(s.name()).endsWith(".").doesNotContain("\n");
            assertThat(s.readBy()).as(s.name()).isNotBlank();
            assertThat(s.defaultText()).as(s.name()).isNotBlank();
        });
    }

    @Test
    void flagsAcceptTrueOrFalseOnlyAndSaySo() {
        assertThat(Settings.SKIP_BUILD_QUEUE.parse("TRUE")).isTrue();
        assertThat(Settings.LAND_SYNC.parse(" false ")).isFalse();
        assertThatThrownBy(() -> Settings.SKIP_BUILD_QUEUE.parse("maybe"))
                .hasMessage("queuelock.skip must be true or false, not 'maybe'");
        assertThatThrownBy(() -> Settings.LAND_SYNC.parse("maybe"))
                .hasMessage("queuelock.sync must be true or false, not 'maybe'");
        assertThatThrownBy(() -> Settings.LAND_CHECKS_REQUIRED.parse("nope"))
                .hasMessage("queuelock.checksRequired must be true or false, not 'nope'");
    }

    @Test
    void numbersAreWholeAndAtLeastTheirMinimum() {
        assertThat(Settings.LAND_BATCH.parse("4")).isEqualTo(4);
        assertThat(Settings.LAND_PUSH_RETRIES.parse("0")).isZero();
        assertThatThrownBy(() -> Settings.LAND_BATCH.parse("abc"))
                .hasMessage("queuelock.batch must be a whole number of 1 or more, not 'abc'");
        assertThatThrownBy(() -> Settings.LAND_BATCH.parse("0"))
                .hasMessage("queuelock.batch must be a whole number of 1 or more, not '0'");
        assertThatThrownBy(() -> Settings.LAND_PUSH_RETRIES.parse("-1"))
                .hasMessage("queuelock.pushRetries must be a whole number of 0 or more, not '-1'");
        assertThatThrownBy(() -> Settings.POLL.parse("99999999999"))
                .hasMessage("queuelock.pollMillis must be a whole number of 1 or more, not '99999999999'");
    }

    @Test
    void choicesAndDurationsNameWhatTheyAccept() {
        assertThat(Settings.SCOPE.parse("Machine")).isEqualTo(BuildScope.MACHINE);
        assertThatThrownBy(() -> Settings.SCOPE.parse("galaxy"))
                .hasMessage("queuelock.build.scope must be repo or machine, not 'galaxy'");
        assertThat(Settings.ZK_SESSION_TIMEOUT.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThatThrownBy(() -> Settings.ZK_SESSION_TIMEOUT.parse("soon"))
                .hasMessage("queuelock.zookeeper.sessionTimeout must be a duration such as 200ms, 30s, 5m or 1h, "
                        + "more than zero, not 'soon'");
    }

    @Test
    void unsetOrBlankIsTheDefault() {
        assertThat(Settings.LAND_BATCH.parse(null)).isEqualTo(1);
        assertThat(Settings.LAND_CHECKS_REQUIRED.parse("  ")).isTrue();
        assertThat(Settings.SCOPE.from(Map.of())).isEqualTo(BuildScope.REPO);
        assertThat(Settings.ZK_SESSION_TIMEOUT.parse(null)).isEqualTo(Duration.ofSeconds(30));
        assertThat(Settings.ZK_SESSION_TIMEOUT.defaultValue()).isEqualTo("30s");
        assertThat(Settings.LAND_INTEGRATION_BRANCH.parse(null)).isNull();
        assertThat(Settings.LAND_PROTECTED_BRANCHES.parse("release, ,hotfix")).containsExactly("release", "hotfix");
    }
}
