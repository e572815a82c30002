package dev.queuelock.maven.extension.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When a lane's check on main stands for its check on the lanes ahead, on {@link AffectedModulesTest}'s reactor. */
class IndependentLanesTest {

    private static final Path ROOT = Path.of("/work/shop");
    private static final List<ReactorModule> REACTOR = List.of(
            new ReactorModule("g:parent", ROOT, true, List.of()),
            new ReactorModule("g:shared", ROOT.resolve("shared"), false, List.of("g:parent")),
            new ReactorModule("g:app", ROOT.resolve("app"), false, List.of("g:parent", "g:shared")),
            new ReactorModule("g:api", ROOT.resolve("api"), false, List.of("g:parent", "g:shared")));

    static CheckPlan decide(String own, String ahead) {
        return IndependentLanes.ownPlanIfIndependent(ROOT, List.of(own), List.of(ahead), REACTOR);
    }

    @Test
    void twoLeavesAreIndependentAndTheLanesPlanSaysItsCheckOnMainStands() {
        CheckPlan plan = decide("api/src/main/java/Api.java", "app/src/main/java/App.java");
        assertThat(plan.describe()).startsWith(IndependentLanes.STANDS)
                .contains("tested: g:api (changed: api/src/main/java/Api.java)").noneMatch(l -> l.contains("g:app"));
    }

    @Test
    void aLaneAheadChangingWhatTheLaneBuildsOnIsNotIndependent() {
        assertThat(decide("api/src/main/java/Api.java", "shared/src/main/java/Money.java")).isNull();
        assertThat(decide("shared/src/main/java/Money.java", "app/src/main/java/App.java")).isNull();
    }

    @Test
    void theSameModuleOrAChangeToTheBuildCannotBeTold() {
        assertThat(decide("app/src/main/java/B.java", "app/src/main/java/A.java")).isNull();
        assertThat(decide("api/src/main/java/Api.java", "pom.xml")).isNull();
        assertThat(decide(".mvn/maven.config", "app/src/main/java/A.java")).isNull();
    }
}
