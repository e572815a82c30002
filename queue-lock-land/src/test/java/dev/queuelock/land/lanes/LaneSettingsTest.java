package dev.queuelock.land.lanes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.repository.LaneDirectorySettings;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LaneSettingsTest {

    @Test
    void defaultsAreTheNpmToolsNamesWithAMavenPort() {
        LaneSettings s = LaneSettings.defaults();
        assertThat(s.branch(3)).isEqualTo("lane/3");
        assertThat(s.directory().path(Path.of("/w/shop"), 3)).isEqualTo(Path.of("/w/shop-lane-3"));
        assertThat(s.directory().port(3)).isEqualTo(8083);
        assertThat(s.autoLand()).isTrue();
        assertThat(s.productionBranch()).isEmpty();
    }

    @Test
    void everyInvalidSettingIsListedInOneMessage() {
        assertThatThrownBy(() -> LaneSettings.from(Map.of(
                LaneSettings.BRANCH_PREFIX.name(), "-x..",
                LaneDirectorySettings.WORKTREE_SUFFIX, "a/b",
                LaneDirectorySettings.PORT_BASE, "-1",
                LaneSettings.PRODUCTION_BRANCH.name(), "pro d",
                LaneSettings.SYMLINKS.name(), ".env,../secret",
                LaneSettings.AUTO_LAND.name(), "yes")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll(LaneSettings.BRANCH_PREFIX.name(), LaneDirectorySettings.WORKTREE_SUFFIX, LaneDirectorySettings.PORT_BASE,
                        LaneSettings.PRODUCTION_BRANCH.name(), "'../secret'", LaneSettings.AUTO_LAND.name());
    }

    @Test
    void aLaneNumberIsReadOffTheDirectoryNameOfASiblingOnly() {
        LaneSettings s = LaneSettings.from(Map.of(LaneDirectorySettings.WORKTREE_SUFFIX, "-wt-"));
        assertThat(s.directory().number(Path.of("/w/shop-wt-12"))).hasValue(12);
        assertThat(s.directory().number(Path.of("/w/shop-wt-0"))).isEmpty();
        assertThat(s.directory().numberBeside(Path.of("/w/shop"), Path.of("/w/shop-wt-2"))).hasValue(2);
        assertThat(s.directory().numberBeside(Path.of("/w/shop"), Path.of("/w/other-wt-2"))).isEmpty();
        assertThat(s.directory().numberBeside(Path.of("/w/shop"), Path.of("/x/shop-wt-2"))).isEmpty();
    }
}
