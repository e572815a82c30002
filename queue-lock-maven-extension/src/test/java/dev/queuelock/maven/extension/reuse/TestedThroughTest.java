package dev.queuelock.maven.extension.reuse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A stored module's tests stand for a build's only where its build ran at least the tests that build would run. */
class TestedThroughTest {

    @Test
    void theLastPhaseOfTheGoalsFromTestOnSaysWhichTestsRan() {
        assertThat(TestedThrough.of(List.of("clean", "verify"))).isEqualTo("verify");
        assertThat(TestedThrough.of(List.of("package", "queuelock:land"))).isEqualTo("package");
        assertThat(TestedThrough.of(List.of("install", "test"))).isEqualTo("install");
        assertThat(TestedThrough.of(List.of("compile"))).as("no test ran").isNull();
        assertThat(TestedThrough.of(List.of("surefire:test"))).as("a plugin goal alone: cannot be told").isNull();
    }

    @Test
    void aPackagesPassIsNoPassForAVerifyWhoseIntegrationTestsItNeverRan() {
        assertThat(TestedThrough.covers("package", "verify")).isFalse();
        assertThat(TestedThrough.covers("test", "package")).isFalse();
        assertThat(TestedThrough.covers("verify", "verify")).isTrue();
        assertThat(TestedThrough.covers("verify", "install")).as("install runs no more tests than verify").isTrue();
        assertThat(TestedThrough.covers("install", "package")).isTrue();
        assertThat(TestedThrough.covers(null, "package")).as("a store entry from before this was recorded").isFalse();
        assertThat(TestedThrough.covers("verify", null)).isFalse();
    }
}
