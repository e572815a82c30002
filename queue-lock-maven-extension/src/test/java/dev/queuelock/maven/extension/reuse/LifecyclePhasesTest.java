package dev.queuelock.maven.extension.reuse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A stored module's tests stand for a build's only where its build ran at least the tests that build would run. */
class LifecyclePhasesTest {

    @Test
    void theLastPhaseOfTheGoalsFromTestOnSaysWhichTestsRan() {
        assertThat(LifecyclePhases.of(List.of("clean", "verify"))).isEqualTo("verify");
        assertThat(LifecyclePhases.of(List.of("package", "queuelock:land"))).isEqualTo("package");
        assertThat(LifecyclePhases.of(List.of("install", "test"))).isEqualTo("install");
        assertThat(LifecyclePhases.of(List.of("compile"))).as("no test ran").isNull();
        assertThat(LifecyclePhases.of(List.of("surefire:test"))).as("a plugin goal alone: cannot be told").isNull();
    }

    @Test
    void aBuildPackagesFromThePackagePhaseOn() {
        assertThat(LifecyclePhases.packages(List.of("clean", "package"))).isTrue();
        assertThat(LifecyclePhases.packages(List.of("install"))).isTrue();
        assertThat(LifecyclePhases.packages(List.of("test", "queuelock:status"))).isFalse();
    }

    @Test
    void aPackagesPassIsNoPassForAVerifyWhoseIntegrationTestsItNeverRan() {
        assertThat(LifecyclePhases.covers("package", "verify")).isFalse();
        assertThat(LifecyclePhases.covers("test", "package")).isFalse();
        assertThat(LifecyclePhases.covers("verify", "verify")).isTrue();
        assertThat(LifecyclePhases.covers("verify", "install")).as("install runs no more tests than verify").isTrue();
        assertThat(LifecyclePhases.covers("install", "package")).isTrue();
        assertThat(LifecyclePhases.covers(null, "package")).as("a store entry from before this was recorded").isFalse();
        assertThat(LifecyclePhases.covers("verify", null)).isFalse();
    }
}
