package dev.queuelock.maven.extension;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.repository.LaneDirectorySettings;
import dev.queuelock.build.localrepo.LocalRepositorySettings;
import dev.queuelock.config.KnownKeys;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.MavenExecutionRequest;
import org.junit.jupiter.api.Test;

/**
 * The build queue warns of a {@code queuelock.*} name no key has, naming the nearest key, once per
 * session; a build without one loads nothing more for it (the list of every key stays unread).
 */
class UnknownKeysTest {

    @Test
    void aTypoIsAWarningNamingTheNearestKeyOncePerSession() {
        MavenExecutionRequest request = new DefaultMavenExecutionRequest();
        request.getUserProperties().setProperty("queuelock.land.paralel", "2");
        request.getSystemProperties().setProperty("queuelock.land.paralel", "2");
        assertThat(BuildQueueSettings.unknownKeys(request)).containsExactly(
                "queuelock.land.paralel is not a queue-lock key, so nothing reads it: did you mean queuelock.land.parallel?");
        assertThat(BuildQueueSettings.unknownKeys(request)).as("said once per session").isEmpty();
        assertThat(request.getData().get(KnownKeys.WARNED)).as("what the goals of the session see").asString()
                .contains("queuelock.land.paralel");
    }

    @Test
    void keysOfOtherModulesFormerNamesAndWhatQueueLockSetsAreNoWarning() {
        MavenExecutionRequest request = new DefaultMavenExecutionRequest();
        request.getUserProperties().setProperty("queuelock.land.parallel", "2");
        request.getUserProperties().setProperty("queuelock.landCheck", "full");
        request.getUserProperties().setProperty("queuelock.lane.port", "8081");
        request.getUserProperties().setProperty("queuelock.check.plan", "/tmp/plan");
        request.getSystemProperties().setProperty("queuelock.skip", "false");
        request.getSystemProperties().setProperty("queuelock.zookeeper.connect", "localhost:2181");
        assertThat(BuildQueueSettings.unknownKeys(request)).isEmpty();
    }

    @Test
    void aBuildWithoutAnUnknownNameNeverLoadsTheListOfKeys() throws Exception {
        try (Isolated realm = new Isolated()) {
            MavenExecutionRequest request = new DefaultMavenExecutionRequest();
            request.getUserProperties().setProperty("queuelock.build.slots", "2");
            request.getUserProperties().setProperty("queuelock.build.affected", "lanes");
            request.getUserProperties().setProperty("queuelock.lane.number", "3");
            request.getSystemProperties().setProperty("user.home", "/home/someone");
            assertThat(realm.unknownKeys(request)).isEmpty();
            assertThat(realm.loaded(KnownKeys.class.getName())).as("KnownKeys loaded by a plain build").isFalse();

            request.getUserProperties().setProperty("queuelock.foo", "1");
            assertThat(realm.unknownKeys(request)).containsExactly("queuelock.foo is not a queue-lock key, so nothing reads it,"
                    + " nor near one: mvn queuelock:config lists every key (so does the configuration page).");
            assertThat(realm.loaded(KnownKeys.class.getName())).isTrue();
        }
    }

    /** queue-lock's classes loaded afresh, as in a new session's realm; Maven's and the JDK's shared. */
    private static final class Isolated extends URLClassLoader {

        Isolated() {
            super(new URL[] {codeOf(BuildQueueSettings.class), codeOf(KnownKeys.class), codeOf(LocalRepositorySettings.class),
                    codeOf(LaneDirectorySettings.class)},
                    UnknownKeysTest.class.getClassLoader());
        }

        private static URL codeOf(Class<?> type) {
            return type.getProtectionDomain().getCodeSource().getLocation();
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("dev.queuelock.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> type = findLoadedClass(name);
                return type != null ? type : findClass(name);
            }
        }

        boolean loaded(String name) {
            return findLoadedClass(name) != null;
        }

        @SuppressWarnings("unchecked")
        List<String> unknownKeys(MavenExecutionRequest request) throws Exception {
            Method method = loadClass(BuildQueueSettings.class.getName()).getDeclaredMethod("unknownKeys", MavenExecutionRequest.class);
            method.setAccessible(true);
            return (List<String>) method.invoke(null, request);
        }
    }
}
