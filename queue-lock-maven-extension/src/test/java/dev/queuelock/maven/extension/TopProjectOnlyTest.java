package dev.queuelock.maven.extension;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.MavenExecutionRequest;
import org.junit.jupiter.api.Test;

class TopProjectOnlyTest {

    @Test
    void aPlainSessionReadsTheTopProjectOnly() {
        MavenExecutionRequest request = new DefaultMavenExecutionRequest();
        assertThat(request.isRecursive()).isTrue();

        assertThat(TopProjectOnly.apply(request)).isTrue();

        assertThat(request.isRecursive()).isFalse();
    }

    @Test
    void projectsTheUserChoseAreStillFound() {
        MavenExecutionRequest selected = new DefaultMavenExecutionRequest().setSelectedProjects(List.of("module-a"));
        MavenExecutionRequest excluded = new DefaultMavenExecutionRequest().setExcludedProjects(List.of("module-b"));
        MavenExecutionRequest resumed = new DefaultMavenExecutionRequest().setResumeFrom(":module-b");

        for (MavenExecutionRequest request : List.of(selected, excluded, resumed)) {
            assertThat(TopProjectOnly.apply(request)).isFalse();
            assertThat(request.isRecursive()).isTrue();
        }
    }
}
