package dev.queuelock.maven.land;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.checks.SpeculativeCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A check run beside others installs into a part of its own, removed after it; one run alone keeps its lander's. */
class SpeculativePartTest {

    static final String PART = "-Daether.enhancedLocalRepository.localPrefix=.queuelock/shop/checks/lane-b";

    @TempDir
    Path tmp;

    Path run(boolean speculative) throws Exception {
        Path repository = Files.createDirectories(tmp.resolve("repository"));
        Path log = tmp.resolve("logs/speculative-2-20261206.log");
        if (speculative) {
            SpeculativeCheck.ahead(log, "abc123");
        }
        // The check records the part it was given and installs into it.
        String script = "p=${0#*=}; echo \"$p\" > \"$1/seen\"; mkdir -p \"$1/repository/$p\"";
        Path worktree = tmp.resolve("work");
        assertThat(new ProcessBuilder("git", "init", "-q", worktree.toString()).inheritIO().start().waitFor()).isZero();
        boolean passed = new SpeculativePart(List.of("sh", "-c", script, PART, tmp.toString()), Map.of(), repository)
                .run(worktree, log);
        assertThat(passed).isTrue();
        return tmp.resolve("seen");
    }

    @Test
    void aCheckBesideOthersGetsItsOwnPartRemovedWhenItEnds() throws Exception {
        String part = Files.readString(run(true)).trim();
        assertThat(part).isEqualTo(".queuelock/shop/checks/lane-b/speculative-2-20261206");
        assertThat(tmp.resolve("repository").resolve(part)).doesNotExist();
        assertThat(tmp.resolve("repository/.queuelock/shop/checks/lane-b")).exists();
    }

    @Test
    void aCheckAloneKeepsItsLandersPart() throws Exception {
        assertThat(Files.readString(run(false)).trim()).isEqualTo(".queuelock/shop/checks/lane-b");
    }
}
