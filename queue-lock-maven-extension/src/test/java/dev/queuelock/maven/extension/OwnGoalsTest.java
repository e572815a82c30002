package dev.queuelock.maven.extension;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class OwnGoalsTest {

    private final OwnGoals own = OwnGoals.ofThisPlugin();
    private final String pinned = "dev.queuelock:queue-lock-maven-plugin:" + System.getProperty("queuelock.it.version", "0.1.0-SNAPSHOT");

    @Test
    void prefixAndVersionlessGoalsArePinnedToThisVersion() {
        assertThat(own.pinned(List.of("clean", "queuelock:status", "dev.queuelock:queue-lock-maven-plugin:help@x", "verify")))
                .containsExactly("clean", pinned + ":status", pinned + ":help@x", "verify");
    }

    @Test
    void anExplicitVersionIsLeftAlone() {
        assertThat(own.pinned(List.of("dev.queuelock:queue-lock-maven-plugin:9.9:status")))
                .containsExactly("dev.queuelock:queue-lock-maven-plugin:9.9:status");
    }

    @Test
    void onlySessionsOfNothingButOwnGoalsAreOwn() {
        assertThat(own.onlyOwn(List.of("queuelock:status", "queuelock:help"))).isTrue();
        assertThat(own.onlyOwn(List.of("queuelock:status", "validate"))).isFalse();
        assertThat(own.onlyOwn(List.of())).as("default goals build").isFalse();
        assertThat(own.onlyOwn(List.of("queuelockx:status"))).isFalse();
    }
}
