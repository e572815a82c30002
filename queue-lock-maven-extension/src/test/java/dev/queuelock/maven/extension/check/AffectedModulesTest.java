package dev.queuelock.maven.extension.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules of an affected-module check, on the reactor of a parent, a shared module and two leaves. */
class AffectedModulesTest {

    private static final Path ROOT = Path.of("/work/shop");
    private static final List<ReactorModule> REACTOR = List.of(
            new ReactorModule("g:parent", ROOT, true, List.of()),
            new ReactorModule("g:shared", ROOT.resolve("shared"), false, List.of("g:parent")),
            new ReactorModule("g:app", ROOT.resolve("app"), false, List.of("g:parent", "g:shared")),
            new ReactorModule("g:api", ROOT.resolve("api"), false, List.of("g:parent", "g:shared")),
            new ReactorModule("g:tools", ROOT.resolve("tools"), false, List.of("g:parent")));

    @Test
    void aLeafsChangeTestsThatLeafOnlyAndBuildsWhatItBuildsOn() {
        CheckPlan plan = plan("app/src/main/java/shop/App.java");
        assertThat(plan.isFull()).isFalse();
        assertThat(plan.describe()).containsExactly("affected modules: 1 tested, 2 built without tests",
                "tested: g:app (changed: app/src/main/java/shop/App.java)",
                "built without tests: g:parent (a tested module builds on it)",
                "built without tests: g:shared (a tested module builds on it)");
        assertThat(plan.keeps("g:api")).isFalse();
        assertThat(plan.keeps("g:tools")).isFalse();
        assertThat(plan.skipsTests("g:shared")).isTrue();
        assertThat(plan.skipsTests("g:app")).isFalse();
    }

    @Test
    void aLanesBuildSaysItsPlanInOneLine() {
        List<String> changed = List.of("shared/src/main/java/shop/Money.java", "shared/pom.xml", "shared/README", "shared/NOTES");
        assertThat(AffectedModules.plan(ROOT, changed, REACTOR).summary("origin/main", changed)).isEqualTo("affected: 3 modules tested"
                + " (shared, app, api), 1 module built without tests (parent); changed since origin/main:"
                + " shared/src/main/java/shop/Money.java, shared/pom.xml, shared/README and 1 more");
        assertThat(plan("pom.xml").summary("origin/main", List.of("pom.xml"))).isEqualTo("affected: full build: pom.xml belongs"
                + " to g:parent, a parent or aggregator POM's module; changed since origin/main: pom.xml");
    }

    @Test
    void aSharedModulesChangeTestsEveryModuleOnTopOfIt() {
        CheckPlan plan = plan("shared/src/main/java/shop/Money.java");
        assertThat(plan.describe()).contains("tested: g:shared (changed: shared/src/main/java/shop/Money.java)",
                "tested: g:app (builds on g:shared)", "tested: g:api (builds on g:shared)");
        assertThat(plan.keeps("g:tools")).isFalse();
    }

    @Test
    void aModulesOwnPomIsThatModulesChange() {
        assertThat(plan("tools/pom.xml").describe()).contains("tested: g:tools (changed: tools/pom.xml)");
    }

    @Test
    void whatMayChangeTheBuildItselfMakesItTheFullBuild() {
        assertThat(plan("pom.xml").describe()).containsExactly(
                "full build: pom.xml belongs to g:parent, a parent or aggregator POM's module");
        assertThat(plan(".mvn/maven.config").describe()).containsExactly(
                "full build: .mvn/maven.config changed (.mvn/ configures every build)");
        assertThat(plan("README.md").isFull()).as("a file outside every other module").isTrue();
        assertThat(plan("newmodule/pom.xml").isFull()).as("a module added: not yet in the reactor, under the parent").isTrue();
        assertThat(AffectedModules.plan(ROOT, List.of("app/A.java"), REACTOR.subList(1, 5)).isFull())
                .as("a file the reactor does not reach").isFalse();
        assertThat(AffectedModules.plan(ROOT, List.of("other/A.java"), REACTOR.subList(1, 5)).describe())
                .containsExactly("full build: other/A.java is outside every module of the reactor");
        assertThat(plan().isFull()).as("nothing named").isTrue();
    }

    @Test
    void severalChangesTestTheUnion() {
        CheckPlan plan = plan("app/src/A.java", "tools/src/T.java");
        assertThat(plan.describe()).contains("tested: g:app (changed: app/src/A.java)", "tested: g:tools (changed: tools/src/T.java)");
        assertThat(plan.keeps("g:api")).isFalse();
        assertThat(plan("app/src/A.java", "pom.xml").isFull()).isTrue();
    }

    private static CheckPlan plan(String... changed) {
        return AffectedModules.plan(ROOT, List.of(changed), REACTOR);
    }
}
