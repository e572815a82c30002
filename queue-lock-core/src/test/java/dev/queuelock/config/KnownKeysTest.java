package dev.queuelock.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** A {@code queuelock.*} name no key has is a warning naming the nearest key, once per session. */
class KnownKeysTest {

    private final KnownKeys known = KnownKeys.standard();

    @Test
    void aTypoNamesTheNearestKey() {
        assertThat(known.warning("queuelock.land.paralel"))
                .isEqualTo("queuelock.land.paralel is not a queue-lock key, so nothing reads it: did you mean queuelock.land.parallel?");
        assertThat(known.warning("queuelock.build.slot")).endsWith("did you mean queuelock.build.slots?");
        assertThat(known.warning("queuelock.land.Parallel")).endsWith("did you mean queuelock.land.parallel?");
    }

    @Test
    void aKeyUnderAnotherSectionNamesTheKey() {
        assertThat(known.warning("queuelock.parallel")).endsWith("did you mean queuelock.land.parallel?");
        assertThat(known.warning("queuelock.slots")).endsWith("did you mean queuelock.build.slots?");
    }

    @Test
    void aTypoOfAFormerNameNamesTheKeyAsItIsNow() {
        assertThat(known.warning("queuelock.landChek")).endsWith("did you mean queuelock.land.checkScope?");
    }

    @Test
    void aNameNearNoKeySaysWhereTheKeysAreListed() {
        assertThat(known.warning("queuelock.foo")).isEqualTo("queuelock.foo is not a queue-lock key, so nothing reads it, nor near"
                + " one: mvn queuelock:config lists every key (so does the configuration page).");
    }

    @Test
    void keysFormerNamesAndThePropertiesQueueLockSetsAreKnown() {
        assertThat(known.knows(LockSettings.SKIP)).isTrue();
        assertThat(known.knows("queuelock.skip")).as("former name, still read").isTrue();
        assertThat(known.knows("queuelock.land.parallel")).as("a key of queue-lock-land").isTrue();
        assertThat(known.knows("queuelock.lane.port")).as("set in every lane's build").isTrue();
        assertThat(known.knows("queuelock.foo")).isFalse();
    }

    @Test
    void aFamilyOfNamesIsKnownByItsStart() {
        KnownKeys family = new KnownKeys(List.of("queuelock.a.b", "queuelock.x.port.*"));
        assertThat(family.knows("queuelock.x.port.http")).as("a name of the family").isTrue();
        assertThat(family.knows("queuelock.x.port.")).as("the start alone names nothing").isFalse();
        assertThat(family.knows("queuelock.x.porthttp")).isFalse();
        assertThat(known.knows("queuelock.lane.port.http")).as("a lane's named port, set in its builds").isTrue();
    }

    @Test
    void eachUnknownNameIsWarnedAboutOncePerSession() {
        Map<String, Object> session = new HashMap<>();
        assertThat(KnownKeys.warnOnce(session, List.of("queuelock.foo", LockSettings.SKIP, "queuelock.land.paralel")))
                .hasSize(2).allMatch(w -> w.contains("is not a queue-lock key"));
        assertThat(KnownKeys.warnOnce(session, List.of("queuelock.foo", "queuelock.land.paralel"))).as("said already").isEmpty();
        assertThat(KnownKeys.warnOnce(session, List.of("queuelock.bar"))).hasSize(1);
        assertThat(KnownKeys.warnOnce(new HashMap<>(), List.of("queuelock.foo"))).as("another session").hasSize(1);
    }

    @Test
    void onlyQueuelockNamesNoGroupDeclaresAreLookedUp() {
        Properties user = new Properties();
        user.setProperty("maven.repo.local", "/tmp/repo");
        user.setProperty(LockSettings.BUILD_SLOTS, "2");
        user.setProperty("queuelock.skip", "false");
        user.setProperty("queuelock.foo", "1");
        Properties system = new Properties();
        system.setProperty("queuelock.foo", "1");
        system.setProperty("queuelock.land.parallel", "2");
        assertThat(SettingGroup.undeclared(List.of(LockSettings.SETTINGS), user, system))
                .containsExactlyInAnyOrder("queuelock.foo", "queuelock.land.parallel");
        assertThat(SettingGroup.undeclared(List.of(LockSettings.SETTINGS), new Properties())).isEmpty();
    }

    @Test
    void distanceCountsSingleCharacterEdits() {
        assertThat(KnownKeys.distance("parallel", "parallel")).isZero();
        assertThat(KnownKeys.distance("paralel", "parallel")).isEqualTo(1);
        assertThat(KnownKeys.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(KnownKeys.distance("", "abc")).isEqualTo(3);
    }
}
