package dev.queuelock.maven.extension;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
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
        MavenExecutionRequest resumed = new DefaultMavenExecutionRequest().setResumeFrom(":module-b");

        for (MavenExecutionRequest request : List.of(selected, resumed)) {
            assertThat(TopProjectOnly.apply(request)).isFalse();
            assertThat(request.isRecursive()).isTrue();
        }
    }

    @Test
    void exclusionsAloneAreDroppedWithTheModulesTheyWouldLeaveOut() {
        MavenExecutionRequest excluded = new DefaultMavenExecutionRequest()
                .setExcludedProjects(new ArrayList<>(List.of(":module-b")));

        assertThat(TopProjectOnly.apply(excluded)).isTrue();

        assertThat(excluded.isRecursive()).isFalse();
        assertThat(excluded.getExcludedProjects()).isEmpty();
    }
}
