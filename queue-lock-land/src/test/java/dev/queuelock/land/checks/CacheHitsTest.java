package dev.queuelock.land.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which modules a check restored from maven-build-cache-extension's cache, and what the land report
 * says of them: a check that tested little says so.
 */
class CacheHitsTest {

    @TempDir
    Path dir;

    @Test
    void eachRestoredModuleOnceInBuildOrder() {
        assertThat(CacheHits.in(List.of(
                "[INFO] --- build-cache: Going to calculate checksum for project [groupId=shop, artifactId=shared]",
                "[INFO] Found cached build, restoring shop:shared from cache by checksum 1a2b3c4d",
                "[INFO] Skipping plugin execution (cached): surefire:test",
                "[INFO] Found cached build, restoring shop:api from cache by checksum 5e6f",
                "[INFO] Found cached build, restoring shop:shared from cache by checksum 1a2b3c4d",
                "[INFO] Saved Build to local file: /home/dev/.m2/build-cache/v1.1/shop/app/9a8b/local/buildinfo.xml")))
                .containsExactly("shop:shared", "shop:api");
        assertThat(CacheHits.in(List.of("[INFO] BUILD SUCCESS"))).isEmpty();
    }

    @Test
    void theReportNamesThemWhetherTheCheckPassedOrNot() throws Exception {
        List<String> said = new ArrayList<>();
        Checks failing = new Checks() {
            @Override
            public String describe() {
                return "mvn -B verify";
            }

            @Override
            public boolean run(Path worktree, Path log) {
                try {
                    Files.writeString(log, "[INFO] Found cached build, restoring shop:shared from cache by checksum 1a\n[ERROR] BUILD FAILURE\n");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                return false;
            }
        };

        boolean passed = new CacheHitReportingChecks(failing, said::add).run(dir, dir.resolve("check.log"));

        assertThat(passed).isFalse();
        assertThat(said).containsExactly("check: restored from the build cache (not built): shop:shared");
    }
}
